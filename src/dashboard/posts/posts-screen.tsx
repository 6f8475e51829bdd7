/**
 * The dashboard's Posts screen (issue 17 "Posts"): status tabs with counts, search, filters by
 * author, category and tag, a sort, the list (a table at 1280, cards at 375), "Load more" by
 * cursor, a sticky bulk bar when posts are selected (with "Select all N matching"), and an empty
 * state per tab. The URL keeps the tab, the search, the filters and the sort, so reload and Back
 * work; the loader reads them. After an action the loader runs again: rows and counts follow.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import {
  DASHBOARD_MATCHING_COUNT_MAX,
  type DashboardBulkAction,
  type DashboardPostRow,
  type DashboardPostsOptions,
  type DashboardPostsPage,
  type DashboardPostsQuery,
  type DashboardPostTab,
  dashboardPostsSearch,
} from '../../domain/dashboard-posts';
import { type Actor, can } from '../../domain/permissions';
import { useTranslation } from '../../widget/i18n';
import { DashboardPage } from '../components/page';
import { useDashboardSummary } from '../components/summary';
import { BulkBar } from './bulk-bar';
import { fetchPostsPage } from './posts-api';
import { PostsList } from './posts-list';
import { PostsToolbar } from './posts-toolbar';
import { type BulkTarget, usePostActions } from './use-post-actions';

/** The bulk actions each tab offers, before permissions filter them. */
const BULK_BY_TAB: Record<DashboardPostTab, DashboardBulkAction[]> = {
  published: ['revert-to-draft', 'add-category', 'remove-category', 'change-owner', 'trash'],
  scheduled: [
    'publish',
    'revert-to-draft',
    'add-category',
    'remove-category',
    'change-owner',
    'trash',
  ],
  drafts: ['publish', 'add-category', 'remove-category', 'change-owner', 'trash'],
  in_review: ['publish', 'add-category', 'remove-category', 'change-owner', 'trash'],
  trash: ['restore', 'delete-forever'],
};

/** Whether the actor may take a bulk action at all (each post is checked by the server). */
function mayBulk(actor: Actor, action: DashboardBulkAction): boolean {
  const own = { post: { ownerId: actor.memberId ?? '', status: 'unpublished' as const } };
  switch (action) {
    case 'publish':
      return can(actor, 'post:publish', own);
    case 'add-category':
    case 'remove-category':
      return can(actor, 'post:change-category', own);
    case 'change-owner':
      return can(actor, 'post:change-owner', own);
    case 'revert-to-draft':
      return can(actor, 'post:revert-to-draft', { post: { ...own.post, status: 'published' } });
    default:
      return can(actor, 'post:delete', own);
  }
}

/** The screen. `page` and `query` come from the loader; `newPostHref` opens the editor. */
export function PostsScreen({
  page,
  options,
  query,
  actor,
  newPostHref,
}: {
  page: DashboardPostsPage;
  options: DashboardPostsOptions;
  query: DashboardPostsQuery;
  actor: Actor;
  newPostHref: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const summary = useDashboardSummary();
  const [rows, setRows] = useState<DashboardPostRow[]>(page.posts);
  const [nextCursor, setNextCursor] = useState(page.nextCursor);
  const [isLoadingMore, setLoadingMore] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isAllMatching, setAllMatching] = useState(false);
  const listKey = dashboardPostsSearch({ ...query, cursor: undefined });

  // A new answer from the loader (a new filter, or a reload after an action) starts the list anew.
  useEffect(() => {
    setRows(page.posts);
    setNextCursor(page.nextCursor);
    setLoadError(false);
  }, [page]);
  // A new tab or filter drops the selection; so does a reload after an action.
  // biome-ignore lint/correctness/useExhaustiveDependencies: listKey names the list the selection belongs to.
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [listKey]);

  const go = (changes: Partial<DashboardPostsQuery>) =>
    navigate(
      `/dashboard/posts${dashboardPostsSearch({ ...query, cursor: undefined, ...changes })}`,
      {
        preventScrollReset: true,
      },
    );

  const reload = async () => {
    setSelected(new Set());
    setAllMatching(false);
    // The list and its counts, and the navigation's badges (in review) with them.
    await Promise.all([revalidator.revalidate(), summary.refresh()]);
  };
  const actions = usePostActions(options, reload);

  async function handleLoadMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    setLoadError(false);
    const result = await fetchPostsPage({ ...query, cursor: nextCursor });
    setLoadingMore(false);
    if (!result.ok) {
      setLoadError(true);
      return;
    }
    setRows((current) => {
      const seen = new Set(current.map((row) => row.id));
      return [...current, ...result.value.posts.filter((row) => !seen.has(row.id))];
    });
    setNextCursor(result.value.nextCursor);
  }

  const toggle = (id: string) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const toggleAll = (select: boolean) => {
    setAllMatching(false);
    setSelected(select ? new Set(rows.map((row) => row.id)) : new Set());
  };

  const bulkActions = useMemo(
    () => BULK_BY_TAB[query.status].filter((action) => mayBulk(actor, action)),
    [query.status, actor],
  );
  const matching = page.matching;
  const selectedCount = isAllMatching ? matching : selected.size;
  const target: BulkTarget = isAllMatching
    ? {
        kind: 'filter',
        filter: {
          status: query.status,
          q: query.q,
          author: query.author,
          category: query.category,
          tag: query.tag,
        },
        count: matching,
      }
    : {
        kind: 'ids',
        ids: [...selected],
        title: rows.find((row) => selected.has(row.id))?.title ?? '',
      };
  const isFiltered = Boolean(query.q || query.author || query.category || query.tag);
  const canSelectAllMatching =
    !isAllMatching && selected.size === rows.length && matching > rows.length;

  return (
    <DashboardPage
      title={t('dashboardPosts.title')}
      description={t(page.scope === 'all' ? 'dashboardPosts.scopeAll' : 'dashboardPosts.scopeOwn')}
      actions={
        newPostHref ? (
          <a className="dash-button dash-button--primary" href={newPostHref}>
            {t('dashboardPosts.newPost')}
          </a>
        ) : null
      }
    >
      <PostsToolbar page={page} options={options} query={query} go={go} />

      {selectedCount > 0 && bulkActions.length > 0 ? (
        <BulkBar
          count={selectedCount}
          matching={matching}
          isAllMatching={isAllMatching}
          canSelectAllMatching={canSelectAllMatching}
          actions={bulkActions}
          onSelectAllMatching={() => setAllMatching(true)}
          onClear={() => {
            setSelected(new Set());
            setAllMatching(false);
          }}
          onAction={(action) => void actions.bulk(action, target)}
        />
      ) : null}

      {rows.length === 0 ? (
        <div className="dash-empty">
          <h2 className="dp-empty__title">
            {t(`dashboardPosts.empty.${isFiltered ? 'filtered' : query.status}.title`)}
          </h2>
          <p className="dp-empty__text">
            {t(`dashboardPosts.empty.${isFiltered ? 'filtered' : query.status}.text`)}
          </p>
          {!isFiltered && query.status === 'drafts' && newPostHref ? (
            <a className="dash-button dash-button--primary" href={newPostHref}>
              {t('dashboardPosts.newPost')}
            </a>
          ) : null}
        </div>
      ) : (
        <PostsList
          posts={rows}
          actor={actor}
          actions={actions.row}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
        />
      )}

      {rows.length > 0 ? (
        <div className="dp-more">
          <span className="dp-muted">
            {t('dashboardPosts.showing', {
              shown: rows.length,
              total:
                matching > DASHBOARD_MATCHING_COUNT_MAX
                  ? `${DASHBOARD_MATCHING_COUNT_MAX}+`
                  : matching,
            })}
          </span>
          {nextCursor ? (
            <button
              type="button"
              className="dash-button"
              onClick={handleLoadMore}
              disabled={isLoadingMore}
            >
              {isLoadingMore ? t('dashboardPosts.loading') : t('dashboardPosts.loadMore')}
            </button>
          ) : null}
          {loadError ? (
            <p className="dp-error" role="alert">
              {t('dashboardPosts.loadFailed')}
            </p>
          ) : null}
        </div>
      ) : null}
    </DashboardPage>
  );
}
