/**
 * The Reports screen (issue 17): tabs Open (with the count), Dismissed, Resolved; the reported
 * posts and comments, one row each with the reasons, how many members reported it, the latest
 * explanations and when; and per row Open, Dismiss, Delete (confirmed) and, for owners, Block
 * author (confirmed). A table at desktop widths, cards on phones. Toasts of SPEC §8 (member-block
 * among them); the navigation's badge follows each action.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ReportStatus } from '../../domain/comments';
import { dashboardUrl } from '../../domain/dashboard';
import type {
  DashboardReportsPageView,
  DashboardReportsScreenView,
  ReportActionView,
  ReportedTargetView,
} from '../../domain/dashboard-reports';
import { Avatar, PublishDate } from '../../widget/components/post-meta';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import '../comments/moderation.css';
import { type ApiResult, callApi } from '../components/api';
import { useConfirm } from '../components/confirm';
import { DashboardPage } from '../components/page';
import { useDashboardSummary } from '../components/summary';

const STATUSES: ReportStatus[] = ['open', 'dismissed', 'resolved'];

/** The screen's address for a status, keeping the post filter unless told. */
function reportsHref(status: ReportStatus, post: string | null) {
  const params = new URLSearchParams();
  if (status !== 'open') params.set('status', status);
  if (post) params.set('post', post);
  const search = params.toString();
  return `${dashboardUrl('reports')}${search ? `?${search}` : ''}`;
}

type Verb = 'dismiss' | 'delete' | 'block-author';

/** The Reports screen. */
export function ReportsScreen({
  screen,
  now,
  timeZone,
}: {
  screen: DashboardReportsScreenView;
  now: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const { show } = useToast();
  const confirm = useConfirm();
  const { refresh } = useDashboardSummary();
  const [targets, setTargets] = useState(screen.page.targets);
  const [cursor, setCursor] = useState(screen.page.nextCursor);
  const [openCount, setOpenCount] = useState(screen.page.openCount);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    setTargets(screen.page.targets);
    setCursor(screen.page.nextCursor);
    setOpenCount(screen.page.openCount);
  }, [screen]);

  const failed = (result: Exclude<ApiResult<unknown>, { ok: true }>) =>
    show({
      kind: 'error',
      message:
        result.status >= 500 || result.status === 0 || !result.message
          ? t('dashboardReports.toasts.technicalIssue')
          : result.message,
    });

  /** Asks first for what cannot be undone; true to go on. */
  const isConfirmed = async (target: ReportedTargetView, verb: Verb) => {
    if (verb === 'dismiss') return true;
    const words =
      verb === 'block-author'
        ? 'confirmBlock'
        : target.targetType === 'post'
          ? 'confirmDeletePost'
          : 'confirmDeleteComment';
    const author = 'author' in target.content ? target.content.author : null;
    const name = author?.name ?? t('dashboardReports.formerMember');
    return confirm({
      title: t(`dashboardReports.${words}.title`, { name }),
      body: t(`dashboardReports.${words}.body`),
      action: t(`dashboardReports.${words}.action`),
      isDestructive: true,
    });
  };

  const handleAction = async (target: ReportedTargetView, verb: Verb) => {
    if (!(await isConfirmed(target, verb))) return;
    const key = `${target.targetType}:${target.targetId}`;
    setBusy(key);
    const result = await callApi<ReportActionView>(
      'POST',
      `/api/dashboard/reports/${target.targetType}/${target.targetId}/${verb}`,
    );
    setBusy(null);
    if (!result.ok) return failed(result);
    setTargets((current) => current.filter((t) => `${t.targetType}:${t.targetId}` !== key));
    setOpenCount(result.value.openCount);
    const toast =
      verb === 'dismiss'
        ? 'dismissed'
        : verb === 'block-author'
          ? 'memberBlocked'
          : target.targetType === 'post'
            ? 'postDeleted'
            : 'commentDeleted';
    show({
      kind: verb === 'dismiss' ? 'info' : 'success',
      message: t(`dashboardReports.toasts.${toast}`),
    });
    await refresh();
  };

  const handleMore = async () => {
    if (!cursor) return;
    const params = new URLSearchParams({ status: screen.status, cursor });
    if (screen.post) params.set('post', screen.post.id);
    const result = await callApi<DashboardReportsPageView>(
      'GET',
      `/api/dashboard/reports?${params}`,
    );
    if (!result.ok) return failed(result);
    setTargets((current) => [...current, ...result.value.targets]);
    setCursor(result.value.nextCursor);
  };

  const postId = screen.post?.id ?? null;
  return (
    <DashboardPage
      title={t('dashboardReports.title')}
      description={t('dashboardReports.description')}
    >
      <nav aria-label={t('dashboardReports.tabsLabel')}>
        <ul className="dash-tabs">
          {STATUSES.map((status) => (
            <li key={status}>
              <Link
                className="dash-tabs__tab"
                to={reportsHref(status, postId)}
                aria-current={screen.status === status ? 'page' : undefined}
                data-testid={`reports-tab-${status}`}
              >
                {t(`dashboardReports.tabs.${status}`)}
                {status === 'open' ? (
                  <span className="dash-tabs__count" data-testid="open-count">
                    {openCount}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {screen.post ? (
        <div className="dash-toolbar">
          <span className="mod-chip">
            {t('dashboardReports.filters.post', { name: screen.post.title })}
            <Link
              to={reportsHref(screen.status, null)}
              className="mod-chip__remove"
              aria-label={t('dashboardReports.filters.remove')}
            >
              ×
            </Link>
          </span>
        </div>
      ) : null}
      {targets.length === 0 ? (
        <p className="dash-empty" data-testid="reports-empty">
          {t(`dashboardReports.empty.${screen.status}`)}
        </p>
      ) : (
        <table className="dash-table mod-table" data-testid="reports-table">
          <thead>
            <tr>
              <th scope="col">{t('dashboardReports.columns.reported')}</th>
              <th scope="col">{t('dashboardReports.columns.reasons')}</th>
              <th scope="col">{t('dashboardReports.columns.reports')}</th>
              <th scope="col">{t('dashboardReports.columns.last')}</th>
              <th scope="col">
                <span className="mod-visually-hidden">{t('dashboardReports.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {targets.map((target) => (
              <ReportRow
                key={`${target.targetType}:${target.targetId}`}
                target={target}
                now={now}
                timeZone={timeZone}
                canBlock={screen.canBlock}
                isBusy={busy === `${target.targetType}:${target.targetId}`}
                onAction={handleAction}
              />
            ))}
          </tbody>
        </table>
      )}
      {cursor ? (
        <div className="mod-more">
          <button type="button" className="dash-button" onClick={handleMore}>
            {t('dashboardReports.actions.more')}
          </button>
        </div>
      ) : null}
    </DashboardPage>
  );
}

/** What was reported, as it is now. */
function ReportedContent({ target }: { target: ReportedTargetView }) {
  const { t } = useTranslation();
  const content = target.content;
  const type = t(`dashboardReports.type.${target.targetType}`);
  if ('isDeleted' in content) {
    return (
      <div className="mod-report-target">
        <span>
          <span className="dash-pill">{type}</span>
        </span>
        <p className="mod-muted">{t(`dashboardReports.deleted.${target.targetType}`)}</p>
      </div>
    );
  }
  const author = content.author;
  return (
    <div className="mod-report-target">
      <span className="mod-tags">
        <span className="dash-pill">{type}</span>
        {content.type === 'post' && content.status === 'deleted' ? (
          <span className="dash-pill dash-pill--danger">{t('dashboardReports.trashed')}</span>
        ) : null}
        {content.isAuthorBlocked ? (
          <span className="dash-pill dash-pill--danger">{t('dashboardReports.blocked')}</span>
        ) : null}
      </span>
      <p className="mod-report-target__title">
        {content.type === 'post' ? content.title : content.excerpt}
      </p>
      <span className="mod-report-target__meta">
        {author ? <Avatar member={author} size={20} /> : null}
        <span className="mod-report-target__byline">
          {t('dashboardReports.by', { name: author?.name ?? t('dashboardReports.formerMember') })}
          {content.type === 'comment'
            ? ` · ${t('dashboardReports.onPost', { title: content.post.title })}`
            : ''}
        </span>
      </span>
    </div>
  );
}

/** One reported post or comment with its reasons and actions. */
function ReportRow({
  target,
  now,
  timeZone,
  canBlock,
  isBusy,
  onAction,
}: {
  target: ReportedTargetView;
  now: string;
  timeZone: string;
  canBlock: boolean;
  isBusy: boolean;
  onAction(target: ReportedTargetView, verb: Verb): void;
}) {
  const { t } = useTranslation();
  const content = target.content;
  const isGone = 'isDeleted' in content;
  const isOpen = target.status === 'open';
  const canBlockHere = canBlock && !isGone && !content.isAuthorBlocked && content.author !== null;
  return (
    <tr
      data-testid="report-row"
      data-target-type={target.targetType}
      data-target-id={target.targetId}
    >
      <td className="mod-table__main" data-label={t('dashboardReports.columns.reported')}>
        <ReportedContent target={target} />
      </td>
      <td data-label={t('dashboardReports.columns.reasons')}>
        <ul className="mod-reasons">
          {target.reasons.map(({ reason, count }) => (
            <li key={reason}>
              <span className="dash-pill dash-pill--warning">
                {t(`dashboardReports.reasons.${reason}`)}
                {count > 1 ? ` · ${count}` : ''}
              </span>
            </li>
          ))}
        </ul>
        {target.details.length > 0 ? (
          <ul className="mod-details">
            {target.details.map((text, i) => (
              // The same explanation may come twice; its place is its key.
              // biome-ignore lint/suspicious/noArrayIndexKey: explanations have no id.
              <li key={i}>“{text}”</li>
            ))}
          </ul>
        ) : null}
      </td>
      <td className="mod-nowrap" data-label={t('dashboardReports.columns.reports')}>
        <span className="mod-count" data-testid="report-count">
          {t('dashboardReports.reportCount', { count: target.reportCount })}
        </span>
      </td>
      <td className="mod-nowrap" data-label={t('dashboardReports.columns.last')}>
        <PublishDate date={target.lastReportedAt} now={now} timeZone={timeZone} />
      </td>
      <td className="mod-actions">
        <div className="mod-actions__row">
          {isGone ? null : (
            <a className="dash-button dash-button--quiet" href={content.link}>
              {t('dashboardReports.actions.open')}
            </a>
          )}
          {isOpen ? (
            <>
              <button
                type="button"
                className="dash-button"
                onClick={() => onAction(target, 'dismiss')}
                disabled={isBusy}
              >
                {t('dashboardReports.actions.dismiss')}
              </button>
              {isGone || (content.type === 'post' && content.status === 'deleted') ? null : (
                <button
                  type="button"
                  className="dash-button dash-button--danger"
                  onClick={() => onAction(target, 'delete')}
                  disabled={isBusy}
                >
                  {t('dashboardReports.actions.delete')}
                </button>
              )}
              {canBlockHere ? (
                <button
                  type="button"
                  className="dash-button dash-button--danger"
                  onClick={() => onAction(target, 'block-author')}
                  disabled={isBusy}
                >
                  {t('dashboardReports.actions.block')}
                </button>
              ) : null}
            </>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
