/**
 * The Health screen (issue 18 § Error monitoring; decision 042): tabs by status, the groups as
 * cards (what, where in the source, how often, when first and last, which release), a group's
 * details (its stack mapped to the source, the page and browser of its latest occurrence) opened
 * in place, and resolve / ignore / open again.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type {
  ErrorGroupDetailView,
  ErrorGroupStatus,
  ErrorGroupView,
  HealthPageView,
} from '../../domain/health';
import { ERROR_GROUP_STATUSES, frameLocation } from '../../domain/health';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { callApi } from '../components/api';
import { DashboardPage } from '../components/page';
import './health.css';

const k = 'dashboardHealth';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A moment in the site's language (UTC, so server and browser render alike). */
export function healthDate(iso: string, language: string): string {
  let format = dateFormats.get(language);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    };
    try {
      format = new Intl.DateTimeFormat(language, options);
    } catch {
      format = new Intl.DateTimeFormat('en', options);
    }
    dateFormats.set(language, format);
  }
  return `${format.format(new Date(iso))} UTC`;
}

/** A count in the site's language. */
export function healthNumber(value: number, language: string): string {
  let format = numberFormats.get(language);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language);
    } catch {
      format = new Intl.NumberFormat('en');
    }
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** The screen, from the loader's first page of `status`. */
export function HealthScreen({
  status,
  initial,
}: {
  status: ErrorGroupStatus;
  initial: HealthPageView;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [groups, setGroups] = useState(initial.groups);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [openCount, setOpenCount] = useState(initial.openCount);
  const [isLoading, setIsLoading] = useState(false);
  const language = i18n.language;

  async function loadMore() {
    if (!cursor) return;
    setIsLoading(true);
    const params = new URLSearchParams({ status, cursor });
    const result = await callApi<HealthPageView>('GET', `/api/dashboard/health?${params}`);
    setIsLoading(false);
    if (!result.ok) {
      toast.show({ kind: 'error', message: t(`${k}.toast.technicalIssue`) });
      return;
    }
    setGroups((current) => [...current, ...result.value.groups]);
    setCursor(result.value.nextCursor);
    setOpenCount(result.value.openCount);
  }

  async function handleStatus(group: ErrorGroupView, next: ErrorGroupStatus) {
    const result = await callApi<ErrorGroupView>('PATCH', `/api/dashboard/health/${group.id}`, {
      status: next,
    });
    if (!result.ok) {
      toast.show({
        kind: 'error',
        message:
          result.status === 403 || result.status === 401
            ? t(`${k}.toast.forbidden`)
            : t(`${k}.toast.technicalIssue`),
      });
      return;
    }
    // The group leaves this tab for the other one.
    setGroups((current) => current.filter((x) => x.id !== group.id));
    setOpenCount((n) => n + (next === 'open' ? 1 : 0) - (status === 'open' ? 1 : 0));
    toast.show({ kind: 'success', message: t(`${k}.toast.${next}`) });
  }

  return (
    <DashboardPage title={t(`${k}.title`)} description={t(`${k}.lead`)}>
      <nav aria-label={t(`${k}.tabsLabel`)}>
        <ul className="dash-tabs">
          {ERROR_GROUP_STATUSES.map((tab) => (
            <li key={tab}>
              <Link
                className="dash-tabs__tab"
                to={tab === 'open' ? '?' : `?status=${tab}`}
                aria-current={status === tab ? 'page' : undefined}
                data-testid={`health-tab-${tab}`}
              >
                {t(`${k}.tabs.${tab}`)}
                {tab === 'open' ? (
                  <span className="dash-tabs__count" data-testid="health-open-count">
                    {healthNumber(openCount, language)}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {initial.droppedCount > 0 ? (
        <p className="health-note" role="status">
          {t(`${k}.dropped`, {
            count: initial.droppedCount,
            formatted: healthNumber(initial.droppedCount, language),
          })}
        </p>
      ) : null}
      {groups.length === 0 ? (
        <div className="dash-empty" aria-live="polite">
          <h2>{t(`${k}.empty.${status}.title`)}</h2>
          <p>{t(`${k}.empty.${status}.text`)}</p>
        </div>
      ) : (
        <ol className="health-list" aria-busy={isLoading}>
          {groups.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              language={language}
              onStatus={(next) => handleStatus(group, next)}
            />
          ))}
        </ol>
      )}
      {cursor ? (
        <div className="health-more">
          <button type="button" className="dash-button" disabled={isLoading} onClick={loadMore}>
            {isLoading ? t(`${k}.loading`) : t(`${k}.more`)}
          </button>
        </div>
      ) : null}
    </DashboardPage>
  );
}

/** One group: its summary line, its actions, its details on demand. */
function GroupCard({
  group,
  language,
  onStatus,
}: {
  group: ErrorGroupView;
  language: string;
  onStatus(next: ErrorGroupStatus): Promise<void>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const detailsId = useId();
  const [detail, setDetail] = useState<ErrorGroupDetailView | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  async function handleToggle() {
    if (isOpen) {
      setIsOpen(false);
      return;
    }
    setIsOpen(true);
    if (detail) return;
    const result = await callApi<ErrorGroupDetailView>('GET', `/api/dashboard/health/${group.id}`);
    if (result.ok) setDetail(result.value);
    else {
      setIsOpen(false);
      toast.show({ kind: 'error', message: t(`${k}.toast.technicalIssue`) });
    }
  }

  async function handleStatus(next: ErrorGroupStatus) {
    setIsBusy(true);
    await onStatus(next);
    setIsBusy(false);
  }

  const kindLabel = t(`${k}.kind.${group.kind}`);
  const sourceLabel =
    group.kind === 'client' && group.source ? t(`${k}.source.${group.source}`) : group.source;
  return (
    <li className="health-card" data-error-group={group.id}>
      <div className="health-card__head">
        <span className={`dash-pill health-kind health-kind--${group.kind}`}>{kindLabel}</span>
        {sourceLabel ? <span className="health-card__source">{sourceLabel}</span> : null}
        <span className="health-card__count">
          {t(`${k}.count`, { count: group.count, formatted: healthNumber(group.count, language) })}
        </span>
      </div>
      <h2 className="health-card__message">{group.message}</h2>
      <p className="health-card__location">{group.location ?? t(`${k}.noLocation`)}</p>
      <ul className="health-card__facts">
        <li>{t(`${k}.lastSeen`, { date: healthDate(group.lastSeen, language) })}</li>
        <li>{t(`${k}.firstSeen`, { date: healthDate(group.firstSeen, language) })}</li>
        <li>{t(`${k}.release`, { release: group.release })}</li>
      </ul>
      <div className="health-card__actions">
        <button
          type="button"
          className="dash-button"
          aria-expanded={isOpen}
          aria-controls={detailsId}
          aria-label={t(`${k}.detailsNamed`, { message: group.message })}
          onClick={handleToggle}
        >
          {isOpen ? t(`${k}.hideDetails`) : t(`${k}.details`)}
        </button>
        {group.status === 'open' ? (
          <>
            <button
              type="button"
              className="dash-button dash-button--primary"
              disabled={isBusy}
              onClick={() => handleStatus('resolved')}
            >
              {t(`${k}.resolve`)}
            </button>
            <button
              type="button"
              className="dash-button dash-button--quiet"
              disabled={isBusy}
              onClick={() => handleStatus('ignored')}
            >
              {t(`${k}.ignore`)}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="dash-button"
            disabled={isBusy}
            onClick={() => handleStatus('open')}
          >
            {t(`${k}.reopen`)}
          </button>
        )}
      </div>
      {isOpen ? (
        <div id={detailsId} className="health-details">
          {detail ? <GroupDetails detail={detail} /> : <p>{t(`${k}.loadingDetails`)}</p>}
        </div>
      ) : null}
    </li>
  );
}

/** A group's latest occurrence: the mapped stack, where and in what browser, the raw stack. */
function GroupDetails({ detail }: { detail: ErrorGroupDetailView }) {
  const { t } = useTranslation();
  const isMapped = detail.frames.some((frame) => frame.isMapped);
  return (
    <>
      <h3 className="health-details__title">
        {t(`${k}.stackTitle`)}{' '}
        <span className="health-details__hint">
          ({isMapped ? t(`${k}.mapped`) : t(`${k}.notMapped`)})
        </span>
      </h3>
      {detail.frames.length > 0 ? (
        <ol className="health-stack" data-testid="health-stack">
          {detail.frames.map((frame, index) => (
            // Frames have no identity of their own; their order is the stack's.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={index} className={frame.isMapped ? 'health-stack__frame--mapped' : undefined}>
              <span className="health-stack__fn">{frame.functionName ?? '?'}</span>{' '}
              <span className="health-stack__file">{frameLocation(frame)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p>{t(`${k}.noLocation`)}</p>
      )}
      <dl className="health-details__facts">
        {detail.url ? (
          <>
            <dt>{t(`${k}.page`)}</dt>
            <dd>{detail.url}</dd>
          </>
        ) : null}
        {detail.userAgent ? (
          <>
            <dt>{t(`${k}.browser`)}</dt>
            <dd>{detail.userAgent}</dd>
          </>
        ) : null}
        <dt>{t(`${k}.firstRelease`)}</dt>
        <dd>{detail.firstRelease}</dd>
      </dl>
      {detail.rawStack ? (
        <details className="health-raw">
          <summary>{t(`${k}.rawStack`)}</summary>
          <pre>{detail.rawStack}</pre>
        </details>
      ) : null}
    </>
  );
}
