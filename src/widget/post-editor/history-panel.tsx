/**
 * The editor's History panel (issue 17 "Revision history", decision 034), a chunk of its own that
 * loads when the writer presses History: the post's revisions newest first (who, when, what
 * changed), a side-by-side comparison of one with the current text (a word diff per block,
 * revision-diff.ts) and Restore, confirmed. A wide dialog on desktop; at phone widths it fills
 * the screen and shows the list or one revision at a time. Keyboard: every entry is a button,
 * Escape closes (the modal stack), focus moves to the comparison when the list gives way to it.
 */
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type {
  PostRevisionDetailView,
  PostRevisionView,
  RevisionSummary,
} from '../../domain/post-revisions';
import { ModalHeader } from '../components/modal-stack';
import { useTranslation } from '../i18n';
import type { PostDraft } from './autosave';
import type { EditorApi } from './page-api';
import {
  blocksOf,
  type DiffPart,
  type DiffRow,
  diffBlocks,
  hasChanges,
  wordDiff,
} from './revision-diff';
import './history-panel.css';

/** What the panel needs from the page. */
export interface HistoryPanelProps {
  api: EditorApi;
  postId: string;
  /** The text the writer sees now (unsaved edits included). */
  current(): PostDraft;
  /** Restores revision `number` (confirming first); true once it is the post's text. */
  onRestore(number: number): Promise<boolean>;
  /** Closes the panel. */
  close(): void;
  /** The actor may restore (post:edit). */
  canRestore: boolean;
}

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

const PHONE_QUERY = '(max-width: 660px)';

function isPhone(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches === true;
}

/** The panel. */
export default function HistoryPanel(props: HistoryPanelProps) {
  const { api, postId } = props;
  const { t } = useTranslation();
  const [revisions, setRevisions] = useState<PostRevisionView[]>([]);
  const [list, setList] = useState<Loaded<null>>({ state: 'loading' });
  const [nextCursor, setNextCursor] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [detail, setDetail] = useState<Loaded<PostRevisionDetailView> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const loadPage = useCallback(
    async (cursor: number | null) => {
      setList({ state: 'loading' });
      const outcome = await api.listRevisions(postId, cursor);
      if (outcome.kind !== 'ok') {
        setList({ state: 'failed' });
        return;
      }
      setRevisions((was) =>
        cursor ? [...was, ...outcome.value.revisions] : outcome.value.revisions,
      );
      setNextCursor(outcome.value.nextCursor);
      setList({ state: 'ready', value: null });
      // Desktop shows the newest at once; a phone starts from the list.
      if (!cursor && !isPhone() && outcome.value.revisions[0]) {
        setSelected(outcome.value.revisions[0].number);
      }
    },
    [api, postId],
  );

  useEffect(() => {
    void loadPage(null);
  }, [loadPage]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the same revision again.
  useEffect(() => {
    if (selected === null) {
      setDetail(null);
      return;
    }
    let isCurrent = true;
    setDetail({ state: 'loading' });
    void api.getRevision(postId, selected).then((outcome) => {
      if (!isCurrent) return;
      setDetail(
        outcome.kind === 'ok' ? { state: 'ready', value: outcome.value } : { state: 'failed' },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [api, postId, selected, attempt]);

  function handleSelect(number: number) {
    setSelected(number);
    // On a phone the list gives way to the comparison: focus follows.
    if (isPhone()) requestAnimationFrame(() => detailHeading.current?.focus());
  }

  function handleBack() {
    const number = selected;
    setSelected(null);
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLButtonElement>(`[data-number="${number}"]`)?.focus(),
    );
  }

  async function handleRestore(number: number) {
    if (await props.onRestore(number)) props.close();
  }

  return (
    <div className="pe-history" data-view={selected === null ? 'list' : 'detail'}>
      <ModalHeader title={t('postEditorPage.history.title')} />
      <div className="pe-history__body">
        <nav className="pe-history__list" aria-label={t('postEditorPage.history.listLabel')}>
          {list.state === 'failed' && revisions.length === 0 ? (
            <Failed onRetry={() => void loadPage(null)} />
          ) : list.state === 'ready' && revisions.length === 0 ? (
            <p className="pe-history__empty">{t('postEditorPage.history.empty')}</p>
          ) : (
            <ol ref={listRef} className="pe-history__entries">
              {revisions.map((revision) => (
                <li key={revision.number}>
                  <RevisionEntry
                    revision={revision}
                    isSelected={revision.number === selected}
                    onSelect={handleSelect}
                  />
                </li>
              ))}
            </ol>
          )}
          {list.state === 'loading' ? (
            <p className="pe-history__loading" aria-busy="true">
              {t('postEditorPage.history.loading')}
            </p>
          ) : null}
          {nextCursor !== null && list.state !== 'loading' ? (
            <button
              type="button"
              className="button pe-history__more"
              onClick={() => void loadPage(nextCursor)}
            >
              {t('postEditorPage.history.more')}
            </button>
          ) : null}
        </nav>
        <section className="pe-history__detail" aria-labelledby="pe-history-detail-title">
          {selected === null ? (
            <p className="pe-history__pick">{t('postEditorPage.history.pickOne')}</p>
          ) : (
            <>
              <div className="pe-history__detail-head">
                <button type="button" className="button pe-history__back" onClick={handleBack}>
                  <span className="icon--directional" aria-hidden="true">
                    ←
                  </span>
                  <span className="pe-history__back-text">{t('postEditorPage.history.back')}</span>
                </button>
                <h3
                  className="pe-history__detail-title"
                  id="pe-history-detail-title"
                  ref={detailHeading}
                  tabIndex={-1}
                >
                  {t('postEditorPage.history.compareTitle', { number: selected })}
                </h3>
                {props.canRestore && detail?.state === 'ready' ? (
                  <button
                    type="button"
                    className="button button--primary pe-history__restore"
                    onClick={() => void handleRestore(selected)}
                  >
                    {t('postEditorPage.history.restore')}
                  </button>
                ) : null}
              </div>
              {detail?.state === 'ready' ? (
                <Comparison revision={detail.value} current={props.current()} />
              ) : detail?.state === 'failed' ? (
                <Failed onRetry={() => setAttempt((n) => n + 1)} />
              ) : (
                <p className="pe-history__loading" aria-busy="true">
                  {t('postEditorPage.history.loading')}
                </p>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function Failed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="pe-history__failed" role="alert">
      <p>{t('postEditorPage.history.loadFailed')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('postEditorPage.history.retry')}
      </button>
    </div>
  );
}

const dateFormat = () =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One entry of the list: what happened, who, when, and what changed. */
function RevisionEntry({
  revision,
  isSelected,
  onSelect,
}: {
  revision: PostRevisionView;
  isSelected: boolean;
  onSelect(number: number): void;
}) {
  const { t } = useTranslation();
  const format = useMemo(dateFormat, []);
  const who = revision.author
    ? revision.author.name || t('postEditorPage.history.unknownAuthor')
    : t('postEditorPage.history.byNobody');
  return (
    <button
      type="button"
      className="pe-history__entry"
      data-number={revision.number}
      data-kind={revision.kind}
      aria-current={isSelected ? 'true' : undefined}
      onClick={() => onSelect(revision.number)}
    >
      <span className="pe-history__entry-top">
        <span className="pe-history__kind">
          {t(`postEditorPage.history.kind.${revision.kind}`, {
            from: revision.summary.restoredFrom ?? '',
          })}
        </span>
        <span className="pe-history__number">#{revision.number}</span>
      </span>
      <span className="pe-history__meta">
        {who} ·{' '}
        <time dateTime={revision.updatedAt}>{format.format(new Date(revision.updatedAt))}</time>
      </span>
      <SummaryChips summary={revision.summary} />
      {revision.note ? (
        <span className="pe-history__note">
          {t('postEditorPage.history.note', { note: revision.note })}
        </span>
      ) : null}
    </button>
  );
}

function SummaryChips({ summary }: { summary: RevisionSummary }) {
  const { t } = useTranslation();
  const chips: ReactNode[] = [];
  if (summary.wordsAdded > 0 || summary.wordsRemoved > 0) {
    chips.push(
      <span key="words" className="pe-history__chip">
        {t('postEditorPage.history.summary.words', {
          added: summary.wordsAdded,
          removed: summary.wordsRemoved,
        })}
      </span>,
    );
  }
  if (summary.isTitleChanged) {
    chips.push(
      <span key="title" className="pe-history__chip">
        {t('postEditorPage.history.summary.title')}
      </span>,
    );
  }
  if (summary.statusFrom && summary.statusTo) {
    chips.push(
      <span key="status" className="pe-history__chip is-status">
        {t('postEditorPage.history.summary.status', {
          from: t(`postEditorPage.history.status.${summary.statusFrom}`),
          to: t(`postEditorPage.history.status.${summary.statusTo}`),
        })}
      </span>,
    );
  }
  return chips.length > 0 ? <span className="pe-history__chips">{chips}</span> : null;
}

function Parts({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'added' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never move
          <ins key={i}>{part.text}</ins>
        ) : part.kind === 'removed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never move
          <del key={i}>{part.text}</del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** The revision (left) against the current text (right), the title first. */
function Comparison({
  revision,
  current,
}: {
  revision: PostRevisionDetailView;
  current: PostDraft;
}) {
  const { t } = useTranslation();
  const rows = useMemo(
    () => diffBlocks(blocksOf(revision.content), blocksOf(current.content)),
    [revision.content, current.content],
  );
  const isTitleSame = revision.title === current.title;
  const title = useMemo(
    () => wordDiff(revision.title, current.title),
    [revision.title, current.title],
  );
  const isSame = isTitleSame && !hasChanges(rows);
  return (
    <div className="pe-diff">
      {isSame ? (
        <p className="pe-diff__same" role="status">
          {t('postEditorPage.history.noChanges')}
        </p>
      ) : null}
      <div className="pe-diff__columns" aria-hidden="true">
        <span>{t('postEditorPage.history.columnBefore', { number: revision.number })}</span>
        <span>{t('postEditorPage.history.columnAfter')}</span>
      </div>
      <div className={`pe-diff__row is-title ${isTitleSame ? 'is-same' : 'is-changed'}`}>
        <Side label={t('postEditorPage.history.columnBefore', { number: revision.number })}>
          {isTitleSame ? revision.title : <Parts parts={title.before} />}
        </Side>
        <Side label={t('postEditorPage.history.columnAfter')}>
          {isTitleSame ? current.title : <Parts parts={title.after} />}
        </Side>
      </div>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are recomputed whole
        <DiffRowView key={i} row={row} number={revision.number} />
      ))}
    </div>
  );
}

/** One side of a row; on phones it is labelled, the two sides stacked. */
function Side({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div className="pe-diff__side">
      <span className="pe-diff__side-label">{label}</span>
      <div className="pe-diff__text">{children}</div>
    </div>
  );
}

function DiffRowView({ row, number }: { row: DiffRow; number: number }) {
  const { t } = useTranslation();
  const before = t('postEditorPage.history.columnBefore', { number });
  const after = t('postEditorPage.history.columnAfter');
  switch (row.kind) {
    case 'folded':
      return (
        <div className="pe-diff__folded">
          {t('postEditorPage.history.folded', { count: row.count })}
        </div>
      );
    case 'same':
      return (
        <div className="pe-diff__row is-same">
          <Side label={before}>{row.text}</Side>
          <Side label={after}>{row.text}</Side>
        </div>
      );
    case 'changed':
      return (
        <div className="pe-diff__row is-changed">
          <Side label={before}>
            <Parts parts={row.before} />
          </Side>
          <Side label={after}>
            <Parts parts={row.after} />
          </Side>
        </div>
      );
    case 'removed':
      return (
        <div className="pe-diff__row is-removed">
          <Side label={before}>
            <del>{row.text}</del>
          </Side>
          <Side label={after} />
        </div>
      );
    case 'added':
      return (
        <div className="pe-diff__row is-added">
          <Side label={before} />
          <Side label={after}>
            <ins>{row.text}</ins>
          </Side>
        </div>
      );
  }
}
