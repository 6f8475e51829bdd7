/**
 * The Posts screen's dialogs (SPEC §4 modals): a confirmation before what readers would notice or
 * what cannot be undone, the owner and category pickers, and the list of posts a bulk action left
 * unchanged with the reason for each.
 */
import { useId, useState } from 'react';
import type { DashboardBulkFailure, DashboardMemberRef } from '../../domain/dashboard-posts';
import { ModalHeader } from '../../widget/components/modal-stack';
import { useTranslation } from '../../widget/i18n';

/**
 * A dialog's text: one post by its title (`textSingle`), or `count` posts (the `text` plural
 * group, which never names a post: in Russian, Ukrainian or Croatian the `one` form also answers
 * 21, 31…, so a title there would name one post of 21).
 */
function confirmText(
  t: (key: string, options?: Record<string, unknown>) => string,
  key: string,
  count: number,
  title: string,
): string {
  return count === 1 ? t(`${key}.textSingle`, { title }) : t(`${key}.text`, { count });
}

/** The destructive actions a confirmation is asked for. */
export type ConfirmKind = 'trash' | 'delete-forever' | 'revert-to-draft';

/** "Move to the trash?" and the like, for one post (`title`) or `count` of them. */
export function ConfirmDialog({
  kind,
  count,
  title,
  close,
}: {
  kind: ConfirmKind;
  count: number;
  title: string;
  close(value?: boolean): void;
}) {
  const { t } = useTranslation();
  const key = `dashboardPosts.confirm.${kind}`;
  return (
    <div className="dash-confirm dp-dialog">
      <ModalHeader title={t(`${key}.title`)} />
      <p className="dash-confirm__text">{confirmText(t, key, count, title)}</p>
      <div className="dash-confirm__actions">
        <button type="button" className="dash-button" onClick={() => close(false)}>
          {t('dashboardPosts.confirm.cancel')}
        </button>
        <button
          type="button"
          className={
            kind === 'revert-to-draft'
              ? 'dash-button dash-button--primary'
              : 'dash-button dash-button--danger'
          }
          onClick={() => close(true)}
        >
          {t(`${key}.confirm`)}
        </button>
      </div>
    </div>
  );
}

/** Picks the member a post (or `count` posts) is handed to. */
export function OwnerDialog({
  authors,
  count,
  title,
  currentId,
  close,
}: {
  authors: DashboardMemberRef[];
  count: number;
  title: string;
  currentId?: string;
  close(value?: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [ownerId, setOwnerId] = useState(
    authors.find((a) => a.id !== currentId)?.id ?? authors[0]?.id ?? '',
  );
  return (
    <form
      className="dash-confirm dp-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        if (ownerId) close(ownerId);
      }}
    >
      <ModalHeader title={t('dashboardPosts.owner.title')} />
      <p className="dash-confirm__text">{confirmText(t, 'dashboardPosts.owner', count, title)}</p>
      <label className="dash-field" htmlFor={id}>
        <span className="dash-field__label">{t('dashboardPosts.owner.label')}</span>
        <select
          id={id}
          className="dash-select"
          value={ownerId}
          onChange={(event) => setOwnerId(event.target.value)}
        >
          {authors.map((author) => (
            <option key={author.id} value={author.id}>
              {author.name}
            </option>
          ))}
        </select>
      </label>
      <div className="dash-confirm__actions">
        <button type="button" className="dash-button" onClick={() => close(undefined)}>
          {t('dashboardPosts.confirm.cancel')}
        </button>
        <button type="submit" className="dash-button dash-button--primary" disabled={!ownerId}>
          {t('dashboardPosts.owner.confirm')}
        </button>
      </div>
    </form>
  );
}

/**
 * Picks a category: to move a post to (`move`, where "no category" is a choice), or to add to or
 * remove from a selection.
 */
export function CategoryDialog({
  mode,
  categories,
  initial,
  close,
}: {
  mode: 'move' | 'add' | 'remove';
  categories: { id: string; label: string }[];
  initial?: string;
  close(value?: { categoryId: string | null }): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState(initial ?? categories[0]?.id ?? '');
  const title = t(`dashboardPosts.category.${mode}Title`);
  return (
    <form
      className="dash-confirm dp-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        if (choice === '' && mode !== 'move') return;
        close({ categoryId: choice === '' ? null : choice });
      }}
    >
      <ModalHeader title={title} />
      {categories.length === 0 ? (
        <p className="dash-confirm__text">{t('dashboardPosts.category.empty')}</p>
      ) : (
        <label className="dash-field" htmlFor={id}>
          <span className="dash-field__label">{t('dashboardPosts.category.label')}</span>
          <select
            id={id}
            className="dash-select"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            {mode === 'move' ? <option value="">{t('dashboardPosts.category.none')}</option> : null}
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="dash-confirm__actions">
        <button type="button" className="dash-button" onClick={() => close(undefined)}>
          {t('dashboardPosts.confirm.cancel')}
        </button>
        <button
          type="submit"
          className="dash-button dash-button--primary"
          disabled={categories.length === 0 || (choice === '' && mode !== 'move')}
        >
          {t('dashboardPosts.category.confirm')}
        </button>
      </div>
    </form>
  );
}

/** The posts a bulk action could not change, each with why (SPEC: a partial failure says so). */
export function FailuresDialog({
  failed,
  close,
}: {
  failed: DashboardBulkFailure[];
  close(value?: boolean): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="dash-confirm dp-dialog">
      <ModalHeader title={t('dashboardPosts.bulk.failedTitle')} />
      <p className="dash-confirm__text">{t('dashboardPosts.bulk.failedText')}</p>
      <ul className="dp-failures">
        {failed.map((failure) => (
          <li key={failure.id}>
            <strong>{failure.title || t('dashboardPosts.untitled')}</strong>
            <span>{reasonText(t, failure.code)}</span>
          </li>
        ))}
      </ul>
      <div className="dash-confirm__actions">
        <button
          type="button"
          className="dash-button dash-button--primary"
          onClick={() => close(true)}
        >
          {t('dashboardPosts.bulk.close')}
        </button>
      </div>
    </div>
  );
}

/** Why a post was refused, in words; unknown codes read as "something went wrong". */
export function reasonText(t: (key: string) => string, code: string): string {
  const key = `dashboardPosts.reasons.${code}`;
  const text = t(key);
  return text === key ? t('dashboardPosts.reasons.unknown') : text;
}
