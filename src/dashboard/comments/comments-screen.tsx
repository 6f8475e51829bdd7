/**
 * The Comments screen (issue 17): tabs by status with the held count, search, post and member
 * filters (from a row's author or post), the list newest first with Load more (keyset cursor),
 * delete with a confirmation, approve and reject held comments, open in context, and the owner's
 * switch that holds first comments. A table at desktop widths, cards on phones (`dash-table`).
 * Every action goes to the API (which enforces it) and says what happened in a toast (SPEC §8).
 */
import { useEffect, useState } from 'react';
import { Form, Link } from 'react-router';
import { dashboardUrl } from '../../domain/dashboard';
import type {
  CommentApprovalView,
  CommentModerationSettings,
  CommentStatus,
  DashboardCommentsPageView,
  DashboardCommentsScreenView,
  DashboardCommentView,
} from '../../domain/dashboard-comments';
import { Avatar, PublishDate } from '../../widget/components/post-meta';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { type ApiResult, callApi } from '../components/api';
import { useConfirm } from '../components/confirm';
import { DashboardPage } from '../components/page';
import { useDashboardSummary } from '../components/summary';
import { TableScroll } from '../components/table-scroll';
import './moderation.css';

/** The filters the address holds. */
export interface CommentsFilter {
  post?: string;
  member?: string;
  status?: CommentStatus;
  q: string;
}

/** The screen's address with `changes` applied (an undefined or empty value drops the key). */
export function commentsHref(filter: CommentsFilter, changes: Partial<CommentsFilter> = {}) {
  const next = { ...filter, ...changes };
  const params = new URLSearchParams();
  for (const key of ['status', 'post', 'member', 'q'] as const) {
    const value = next[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return `${dashboardUrl('comments')}${search ? `?${search}` : ''}`;
}

const TABS: { key: 'all' | CommentStatus; status?: CommentStatus }[] = [
  { key: 'all' },
  { key: 'published', status: 'published' },
  { key: 'pending', status: 'pending' },
];

/** The Comments screen. */
export function CommentsScreen({
  screen,
  query,
  now,
  timeZone,
}: {
  screen: DashboardCommentsScreenView;
  query: CommentsFilter;
  now: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const { show } = useToast();
  const confirm = useConfirm();
  const { refresh } = useDashboardSummary();
  const [rows, setRows] = useState(screen.page.comments);
  const [cursor, setCursor] = useState(screen.page.nextCursor);
  const [pendingCount, setPendingCount] = useState(screen.page.pendingCount);
  const [busy, setBusy] = useState<string | null>(null);
  const [isLoadingMore, setLoadingMore] = useState(false);

  // A new address (tab, filter, search) brings a new first page.
  useEffect(() => {
    setRows(screen.page.comments);
    setCursor(screen.page.nextCursor);
    setPendingCount(screen.page.pendingCount);
  }, [screen]);

  const failed = (result: Exclude<ApiResult<unknown>, { ok: true }>) => {
    show({
      kind: 'error',
      message:
        result.status >= 500 || result.status === 0 || !result.message
          ? t('dashboardComments.toasts.technicalIssue')
          : result.message,
    });
  };

  const removeRow = (row: DashboardCommentView) => {
    setRows((current) => current.filter((r) => r.id !== row.id));
    if (row.status === 'pending') setPendingCount((n) => Math.max(0, n - 1));
  };

  const handleDelete = async (row: DashboardCommentView) => {
    const isReject = row.status === 'pending';
    const words = isReject ? 'confirmReject' : 'confirmDelete';
    const isSure = await confirm({
      title: t(`dashboardComments.${words}.title`),
      body: t(`dashboardComments.${words}.body`),
      action: t(`dashboardComments.${words}.action`),
      isDestructive: true,
    });
    if (!isSure) return;
    setBusy(row.id);
    const result = await callApi('DELETE', `/api/dashboard/comments/${row.id}`);
    setBusy(null);
    if (!result.ok && result.status !== 404) return failed(result);
    removeRow(row);
    show({
      kind: 'info',
      message: t(
        isReject ? 'dashboardComments.toasts.rejected' : 'dashboardComments.toasts.deleted',
      ),
    });
    if (isReject) await refresh();
  };

  const handleApprove = async (row: DashboardCommentView) => {
    setBusy(row.id);
    const result = await callApi<CommentApprovalView>(
      'POST',
      `/api/dashboard/comments/${row.id}/approve`,
    );
    setBusy(null);
    if (!result.ok) return failed(result);
    setPendingCount((n) => Math.max(0, n - 1));
    setRows((current) =>
      query.status === 'pending'
        ? current.filter((r) => r.id !== row.id)
        : current.map((r) => (r.id === row.id ? result.value.comment : r)),
    );
    show({ kind: 'success', message: t('dashboardComments.toasts.approved') });
    await refresh();
  };

  const handleMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    const params = new URLSearchParams(commentsHref(query).split('?')[1] ?? '');
    params.set('cursor', cursor);
    const result = await callApi<DashboardCommentsPageView>(
      'GET',
      `/api/dashboard/comments?${params}`,
    );
    setLoadingMore(false);
    if (!result.ok) return failed(result);
    setRows((current) => [...current, ...result.value.comments]);
    setCursor(result.value.nextCursor);
  };

  const activeTab = query.status ?? 'all';
  const isFiltered = Boolean(query.post || query.member || query.q);
  return (
    <DashboardPage
      title={t('dashboardComments.title')}
      description={t('dashboardComments.description')}
    >
      <HoldSwitch
        initial={screen.settings}
        canEdit={screen.canEditSettings}
        onSaved={() =>
          show({ kind: 'success', message: t('dashboardComments.toasts.settingsSaved') })
        }
        onFailed={failed}
      />
      <CommentsTabs query={query} pendingCount={pendingCount} />
      <CommentsToolbar query={query} labels={screen.filterLabels} />
      {rows.length === 0 ? (
        <p className="dash-empty" data-testid="comments-empty">
          {t(
            isFiltered
              ? 'dashboardComments.empty.filtered'
              : activeTab === 'pending'
                ? 'dashboardComments.empty.pending'
                : 'dashboardComments.empty.all',
          )}
        </p>
      ) : (
        <TableScroll label={t('dashboardComments.title')}>
          <table className="dash-table mod-table" data-testid="comments-table">
            <thead>
              <tr>
                <th scope="col">{t('dashboardComments.columns.comment')}</th>
                <th scope="col">{t('dashboardComments.columns.author')}</th>
                <th scope="col">{t('dashboardComments.columns.post')}</th>
                <th scope="col" className="dash-col--from-lg">
                  {t('dashboardComments.columns.date')}
                </th>
                <th scope="col">
                  <span className="mod-visually-hidden">
                    {t('dashboardComments.columns.actions')}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <CommentRow
                  key={row.id}
                  row={row}
                  query={query}
                  now={now}
                  timeZone={timeZone}
                  isBusy={busy === row.id}
                  onDelete={handleDelete}
                  onApprove={handleApprove}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {cursor ? (
        <div className="mod-more">
          <button
            type="button"
            className="dash-button"
            onClick={handleMore}
            disabled={isLoadingMore}
          >
            {t('dashboardComments.actions.more')}
          </button>
        </div>
      ) : null}
    </DashboardPage>
  );
}

/** The status tabs, the held count on Pending. */
function CommentsTabs({ query, pendingCount }: { query: CommentsFilter; pendingCount: number }) {
  const { t } = useTranslation();
  const activeTab = query.status ?? 'all';
  return (
    <nav aria-label={t('dashboardComments.tabsLabel')}>
      <ul className="dash-tabs">
        {TABS.map((tab) => (
          <li key={tab.key}>
            <Link
              className="dash-tabs__tab"
              to={commentsHref(query, { status: tab.status })}
              aria-current={activeTab === tab.key ? 'page' : undefined}
              data-testid={`comments-tab-${tab.key}`}
            >
              {t(`dashboardComments.tabs.${tab.key}`)}
              {tab.key === 'pending' ? (
                <span className="dash-tabs__count" data-testid="pending-count">
                  {pendingCount}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Search and the filters in force. */
function CommentsToolbar({
  query,
  labels,
}: {
  query: CommentsFilter;
  labels: DashboardCommentsScreenView['filterLabels'];
}) {
  const { t } = useTranslation();
  return (
    <div className="dash-toolbar">
      <Form method="get" action={dashboardUrl('comments')} className="mod-search" role="search">
        {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
        {query.post ? <input type="hidden" name="post" value={query.post} /> : null}
        {query.member ? <input type="hidden" name="member" value={query.member} /> : null}
        <label className="mod-visually-hidden" htmlFor="comments-search">
          {t('dashboardComments.search.label')}
        </label>
        <input
          id="comments-search"
          className="dash-input mod-search__input"
          type="search"
          name="q"
          maxLength={100}
          defaultValue={query.q}
          key={query.q}
          placeholder={t('dashboardComments.search.placeholder')}
        />
        <button type="submit" className="dash-button">
          {t('dashboardComments.search.submit')}
        </button>
      </Form>
      {query.post ? (
        <FilterChip
          label={t('dashboardComments.filters.post', {
            name: labels.post ?? t('dashboardComments.untitled'),
          })}
          to={commentsHref(query, { post: undefined })}
        />
      ) : null}
      {query.member ? (
        <FilterChip
          label={t('dashboardComments.filters.member', {
            name: labels.member ?? t('dashboardComments.formerMember'),
          })}
          to={commentsHref(query, { member: undefined })}
        />
      ) : null}
      {query.q ? <FilterChip label={`“${query.q}”`} to={commentsHref(query, { q: '' })} /> : null}
    </div>
  );
}

/** A filter in force, with the link that removes it. */
function FilterChip({ label, to }: { label: string; to: string }) {
  const { t } = useTranslation();
  return (
    <span className="mod-chip">
      {label}
      <Link
        to={to}
        className="mod-chip__remove"
        aria-label={t('dashboardComments.filters.remove', { name: label })}
      >
        ×
      </Link>
    </span>
  );
}

/** One comment: its text, author, post, date, activity and actions. */
function CommentRow({
  row,
  query,
  now,
  timeZone,
  isBusy,
  onDelete,
  onApprove,
}: {
  row: DashboardCommentView;
  query: CommentsFilter;
  now: string;
  timeZone: string;
  isBusy: boolean;
  onDelete(row: DashboardCommentView): void;
  onApprove(row: DashboardCommentView): void;
}) {
  const { t } = useTranslation();
  const isPending = row.status === 'pending';
  const authorName = row.author?.name ?? t('dashboardComments.formerMember');
  const postTitle = row.post.title || t('dashboardComments.untitled');
  return (
    <tr data-testid="comment-row" data-comment-id={row.id} data-status={row.status}>
      <td className="mod-table__main" data-label={t('dashboardComments.columns.comment')}>
        <p className="mod-excerpt">{row.excerpt}</p>
        <span className="mod-tags">
          {isPending ? (
            <span className="dash-pill dash-pill--warning">
              {t('dashboardComments.status.pending')}
            </span>
          ) : null}
          {row.isReply ? <span className="dash-pill">{t('dashboardComments.reply')}</span> : null}
          <span className="mod-muted mod-activity">
            {t('dashboardComments.likes', { count: row.likeCount })} ·{' '}
            {t('dashboardComments.replies', { count: row.replyCount })}
          </span>
        </span>
      </td>
      <td data-label={t('dashboardComments.columns.author')}>
        {row.author ? (
          <Link
            className="mod-person"
            to={commentsHref(query, { member: row.author.siteMemberId })}
            title={t('dashboardComments.filters.byMember', { name: authorName })}
          >
            <Avatar member={row.author} size={28} />
            <span>{authorName}</span>
          </Link>
        ) : (
          <span className="mod-muted">{authorName}</span>
        )}
      </td>
      <td className="mod-post-cell" data-label={t('dashboardComments.columns.post')}>
        <Link
          className="mod-post-link"
          to={commentsHref(query, { post: row.post.id })}
          title={t('dashboardComments.filters.onPost', { name: postTitle })}
        >
          {postTitle}
        </Link>
      </td>
      <td className="mod-nowrap dash-col--from-lg" data-label={t('dashboardComments.columns.date')}>
        <PublishDate date={row.createdAt} now={now} timeZone={timeZone} />
      </td>
      <td className="mod-actions">
        <div className="mod-actions__row">
          <a className="dash-button dash-button--quiet" href={row.contextLink}>
            {t('dashboardComments.actions.open')}
          </a>
          {isPending ? (
            <button
              type="button"
              className="dash-button dash-button--primary"
              onClick={() => onApprove(row)}
              disabled={isBusy}
            >
              {t('dashboardComments.actions.approve')}
            </button>
          ) : null}
          <button
            type="button"
            className="dash-button dash-button--danger"
            onClick={() => onDelete(row)}
            disabled={isBusy}
          >
            {t(isPending ? 'dashboardComments.actions.reject' : 'dashboardComments.actions.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}

/** The owner's switch "hold first comments" (read-only words for editors). */
function HoldSwitch({
  initial,
  canEdit,
  onSaved,
  onFailed,
}: {
  initial: CommentModerationSettings;
  canEdit: boolean;
  onSaved(): void;
  onFailed(result: Exclude<ApiResult<unknown>, { ok: true }>): void;
}) {
  const { t } = useTranslation();
  const [isOn, setOn] = useState(initial.holdFirstComments);
  const [isSaving, setSaving] = useState(false);
  useEffect(() => setOn(initial.holdFirstComments), [initial]);
  if (!canEdit) {
    return (
      <p className="mod-hold mod-hold--readonly" data-testid="hold-readonly">
        {t(isOn ? 'dashboardComments.hold.readOnlyOn' : 'dashboardComments.hold.readOnlyOff')}
      </p>
    );
  }
  const handleToggle = async () => {
    const next = !isOn;
    setOn(next);
    setSaving(true);
    const result = await callApi<CommentModerationSettings>(
      'PUT',
      '/api/dashboard/comments/settings',
      { holdFirstComments: next },
    );
    setSaving(false);
    if (!result.ok) {
      setOn(!next);
      return onFailed(result);
    }
    setOn(result.value.holdFirstComments);
    onSaved();
  };
  return (
    <div className="mod-hold dash-panel">
      <div className="mod-hold__text">
        <span className="mod-hold__label" id="hold-label">
          {t('dashboardComments.hold.label')}
        </span>
        <span className="mod-hold__hint" id="hold-hint">
          {t('dashboardComments.hold.hint')}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        className="mod-switch"
        aria-checked={isOn}
        aria-labelledby="hold-label"
        aria-describedby="hold-hint"
        onClick={handleToggle}
        disabled={isSaving}
        data-testid="hold-switch"
      >
        <span className="mod-switch__track" aria-hidden="true">
          <span className="mod-switch__thumb" />
        </span>
        <span className="mod-switch__state">
          {t(isOn ? 'dashboardComments.hold.on' : 'dashboardComments.hold.off')}
        </span>
      </button>
    </div>
  );
}
