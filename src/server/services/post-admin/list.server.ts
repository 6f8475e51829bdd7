/**
 * The dashboard's Posts list (issue 17): one tab's page in one sort, keyset paged by (key, id),
 * with every tab's count and how many posts the filters match. Editors and owners see everyone's
 * posts (`post:list-all`), writers their own. Each tab × sort is one range of its own index
 * (schema.server.ts `posts_dashboard_*_idx`); counts come from an index-only scan of one of them.
 */
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  DASHBOARD_MATCHING_COUNT_MAX,
  DASHBOARD_POST_TABS,
  type DashboardPostCounts,
  type DashboardPostRow,
  type DashboardPostSort,
  type DashboardPostsFilter,
  type DashboardPostsOptions,
  type DashboardPostsPage,
  type DashboardPostsQuery,
  type DashboardPostTab,
  dashboardPostLinks,
  dashboardTabOf,
  decodeDashboardCursor,
  encodeDashboardCursor,
  searchPrefixes,
} from '../../../domain/dashboard-posts';
import { type Actor, can, ROLES, whyNot } from '../../../domain/permissions';
import type { PostStatus } from '../../../domain/post-status';
import { searchConfigFor } from '../../../domain/search';
import { spacedText, unspacedTsquery } from '../../../domain/unspaced-text';
import type { SiteView } from '../../../domain/views';
import type { SiteMemo } from '../../cache/generations.server';
import type { Database } from '../../db/connection.server';
import { categories, members, posts, reports, tags } from '../../db/schema.server';
import { PermissionError, ValidationError } from '../../errors.server';

/** The list needs the database; with a memo, the counts are read once per site write. */
export interface PostListDeps {
  db: Database;
  /**
   * Remembers the counts per tab until the site's next write (every status change goes through
   * `writeSiteContent`, which moves the generation), so paging and filtering do not count again.
   */
  memo?: SiteMemo;
}

/** Who the actor's list covers: everyone's posts, or the posts of one owner. */
export type ListScope = { kind: 'all' } | { kind: 'own'; ownerId: string };

/** The actor's scope; 401/403 unless they may open the Posts screen. */
export function scopeOf(actor: Actor): ListScope {
  const refusal = whyNot(actor, 'dashboard:open', {});
  if (refusal !== null || actor.memberId === null) {
    throw new PermissionError(refusal ?? 'login-required');
  }
  return can(actor, 'post:list-all', {})
    ? { kind: 'all' }
    : { kind: 'own', ownerId: actor.memberId };
}

const SORT_COLUMNS = {
  date: posts.dashboardDate,
  views: posts.viewCount,
  likes: posts.likeCount,
  comments: posts.commentCount,
} as const;

/**
 * The search condition: every word as a prefix, in each language the site writes in; runs of
 * unspaced scripts (Chinese, Japanese, Thai…) as phrases of bigrams (issue 22,
 * `domain/unspaced-text.ts`), which match inside longer runs as a prefix would.
 */
function searchCondition(site: SiteView, q: string | undefined): SQL | undefined {
  const words = searchPrefixes(q);
  if (words.length === 0) return undefined;
  const text = words.join(' ');
  const query = searchPrefixes(spacedText(text))
    .map((word) => `${word}:*`)
    .join(' & ');
  const unspaced = unspacedTsquery(text);
  const configs = [...new Set([site.language, ...site.languages].map(searchConfigFor))];
  const branches = configs.map((config) => {
    const parts = [
      query === '' ? null : sql`to_tsquery(${config}::regconfig, ${query})`,
      unspaced === '' ? null : sql`${unspaced}::tsquery`,
    ].filter((part) => part !== null);
    return sql`(${posts.searchConfig} = ${config}::regconfig and ${posts.searchVector} @@ (${sql.join(parts, sql` && `)}))`;
  });
  return sql`(${sql.join(branches, sql` or `)})`;
}

/** The rows a filter selects in the actor's scope. */
export function filterCondition(
  site: SiteView,
  scope: ListScope,
  filter: DashboardPostsFilter,
): SQL {
  return and(
    eq(posts.siteId, site.id),
    eq(posts.dashboardTab, filter.status),
    scope.kind === 'own' ? eq(posts.ownerId, scope.ownerId) : undefined,
    filter.author ? eq(posts.ownerId, filter.author) : undefined,
    filter.category ? sql`${posts.categoryIds} @> array[${filter.category}]::uuid[]` : undefined,
    filter.tag ? sql`${posts.tagIds} @> array[${filter.tag}]::uuid[]` : undefined,
    searchCondition(site, filter.q),
  )!;
}

/** Whether a filter narrows the tab beyond the scope. */
function isNarrowed(filter: DashboardPostsFilter): boolean {
  return Boolean(filter.author || filter.category || filter.tag || searchPrefixes(filter.q).length);
}

const rowColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  status: posts.status,
  ownerId: posts.ownerId,
  categoryIds: posts.categoryIds,
  tagIds: posts.tagIds,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  firstPublishedDate: posts.firstPublishedDate,
  scheduledPublishDate: posts.scheduledPublishDate,
  trashedAt: posts.trashedAt,
  trashedFromStatus: posts.trashedFromStatus,
  viewCount: posts.viewCount,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  isPinned: posts.isPinned,
  isFeatured: posts.isFeatured,
  revision: posts.revision,
  dashboardDate: posts.dashboardDate,
};

/** One page of a tab in a sort, after `cursor` (exposed for the query-plan test). */
export function pageQuery(
  deps: PostListDeps,
  site: SiteView,
  scope: ListScope,
  query: DashboardPostsQuery,
) {
  const column = SORT_COLUMNS[query.sort];
  let after: SQL | undefined;
  if (query.cursor !== undefined) {
    const cursor = decodeDashboardCursor(query.cursor, query.sort);
    if (cursor === null) throw new ValidationError({ cursor: 'is not a cursor of this list' });
    const value =
      query.sort === 'date' ? sql`${cursor.value}::timestamptz` : sql`${cursor.value}::int`;
    after = sql`(${column}, ${posts.id}) < (${value}, ${cursor.id}::uuid)`;
  }
  return deps.db
    .select(rowColumns)
    .from(posts)
    .where(and(filterCondition(site, scope, query), after))
    .orderBy(sql`${column} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(query.limit + 1);
}

type Row = Awaited<ReturnType<typeof pageQuery>>[number];

/** Posts per tab in the scope. */
export async function countsByTab(
  deps: PostListDeps,
  site: SiteView,
  scope: ListScope,
): Promise<DashboardPostCounts> {
  if (!deps.memo) return countScope(deps, site, scope);
  const key = `dashboard-post-counts:${scope.kind === 'all' ? '*' : scope.ownerId}`;
  return deps.memo.get(site.id, key, () => countScope(deps, site, scope));
}

/** Counts per tab from the database. */
async function countScope(
  deps: PostListDeps,
  site: SiteView,
  scope: ListScope,
): Promise<DashboardPostCounts> {
  const rows = await deps.db
    .select({ tab: posts.dashboardTab, n: count() })
    .from(posts)
    .where(
      and(
        eq(posts.siteId, site.id),
        scope.kind === 'own' ? eq(posts.ownerId, scope.ownerId) : undefined,
      ),
    )
    .groupBy(posts.dashboardTab);
  const counts = Object.fromEntries(
    DASHBOARD_POST_TABS.map((tab) => [tab, 0]),
  ) as DashboardPostCounts;
  for (const row of rows) {
    if ((DASHBOARD_POST_TABS as readonly string[]).includes(row.tab)) {
      counts[row.tab as DashboardPostTab] = Number(row.n);
    }
  }
  return counts;
}

/** How many posts a narrowed filter matches, counted up to one past the bound. */
async function countMatching(
  deps: PostListDeps,
  site: SiteView,
  scope: ListScope,
  filter: DashboardPostsFilter,
): Promise<number> {
  const limited = deps.db
    .select({ one: sql`1` })
    .from(posts)
    .where(filterCondition(site, scope, filter))
    .limit(DASHBOARD_MATCHING_COUNT_MAX + 1)
    .as('matching');
  const [row] = await deps.db.select({ n: count() }).from(limited);
  return Number(row?.n ?? 0);
}

/** The ids (and titles) a "select all matching" bulk call acts on, at most `max + 1`. */
export async function matchingPosts(
  deps: PostListDeps,
  site: SiteView,
  scope: ListScope,
  filter: DashboardPostsFilter,
  max: number,
): Promise<{ id: string; title: string; status: string }[]> {
  return deps.db
    .select({ id: posts.id, title: posts.title, status: posts.status })
    .from(posts)
    .where(filterCondition(site, scope, filter))
    .orderBy(sql`${posts.dashboardDate} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(max + 1);
}

/** The labels and names a page's rows show, and which of its posts have open reports. */
async function rowDetails(deps: PostListDeps, site: SiteView, rows: Row[]) {
  const ids = (pick: (row: Row) => readonly string[]) => [...new Set(rows.flatMap(pick))];
  const ownerIds = ids((row) => [row.ownerId]);
  const categoryIds = ids((row) => row.categoryIds);
  const tagIds = ids((row) => row.tagIds);
  const postIds = rows.map((row) => row.id);
  const none = Promise.resolve([] as { id: string; label: string }[]);
  const [owners, categoryRows, tagRows, reported] = await Promise.all([
    ownerIds.length
      ? deps.db
          .select({ id: members.id, name: members.name })
          .from(members)
          .where(and(eq(members.siteId, site.id), inArray(members.id, ownerIds)))
      : Promise.resolve([] as { id: string; name: string }[]),
    categoryIds.length
      ? deps.db
          .select({ id: categories.id, label: categories.label })
          .from(categories)
          .where(and(eq(categories.siteId, site.id), inArray(categories.id, categoryIds)))
      : none,
    tagIds.length
      ? deps.db
          .select({ id: tags.id, label: tags.label })
          .from(tags)
          .where(and(eq(tags.siteId, site.id), inArray(tags.id, tagIds)))
      : none,
    postIds.length
      ? deps.db
          .selectDistinct({ id: reports.targetId })
          .from(reports)
          .where(
            and(
              eq(reports.siteId, site.id),
              eq(reports.status, 'open'),
              eq(reports.targetType, 'post'),
              inArray(reports.targetId, postIds),
            ),
          )
      : Promise.resolve([] as { id: string }[]),
  ]);
  return {
    names: new Map(owners.map((m) => [m.id, m.name])),
    categoryLabels: new Map(categoryRows.map((c) => [c.id, c.label])),
    tagLabels: new Map(tagRows.map((t) => [t.id, t.label])),
    reported: new Set(reported.map((r) => r.id)),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A row as the screen shows it: an allowlist. */
function present(
  site: SiteView,
  row: Row,
  details: Awaited<ReturnType<typeof rowDetails>>,
): DashboardPostRow {
  const labelled = (ids: readonly string[], labels: Map<string, string>) =>
    ids.flatMap((id) => (labels.has(id) ? [{ id, label: labels.get(id)! }] : []));
  const hasOpenReports = details.reported.has(row.id);
  const status = row.status as PostStatus;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status,
    tab: dashboardTabOf(status),
    author: { id: row.ownerId, name: details.names.get(row.ownerId) ?? '' },
    categories: labelled(row.categoryIds, details.categoryLabels),
    tags: labelled(row.tagIds, details.tagLabels),
    dates: {
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      firstPublishedAt: iso(row.firstPublishedDate),
      scheduledFor: iso(row.scheduledPublishDate),
      trashedAt: iso(row.trashedAt),
    },
    counts: { views: row.viewCount, likes: row.likeCount, comments: row.commentCount },
    isPinned: row.isPinned,
    isFeatured: row.isFeatured,
    hasOpenReports,
    restoresTo:
      status === 'deleted' ? ((row.trashedFromStatus ?? 'unpublished') as PostStatus) : null,
    links: dashboardPostLinks(site, { ...row, hasOpenReports }),
  };
}

/** The keyset position after a row in a sort. */
function cursorAfter(row: Row, sort: DashboardPostSort): string {
  const value =
    sort === 'date'
      ? row.dashboardDate.toISOString()
      : sort === 'views'
        ? row.viewCount
        : sort === 'likes'
          ? row.likeCount
          : row.commentCount;
  return encodeDashboardCursor({ sort, value, id: row.id });
}

/** `GET /api/dashboard/posts`: one page, the counts, how many match, the next cursor. */
export async function listPosts(
  deps: PostListDeps,
  actor: Actor,
  site: SiteView,
  query: DashboardPostsQuery,
): Promise<DashboardPostsPage> {
  const scope = scopeOf(actor);
  const [rows, counts] = await Promise.all([
    pageQuery(deps, site, scope, query),
    countsByTab(deps, site, scope),
  ]);
  const page = rows.slice(0, query.limit);
  const [details, matching] = await Promise.all([
    rowDetails(deps, site, page),
    isNarrowed(query) ? countMatching(deps, site, scope, query) : counts[query.status],
  ]);
  const last = page.at(-1);
  return {
    posts: page.map((row) => present(site, row, details)),
    counts,
    matching,
    nextCursor: rows.length > query.limit && last ? cursorAfter(last, query.sort) : null,
    scope: scope.kind,
  };
}

/** The most authors, categories and tags the filters offer. */
const OPTIONS_MAX = 500;

/** The roles that may own posts, for the author filter and the change-owner picker. */
const WRITING_ROLES = ROLES.filter((role) =>
  can({ memberId: 'probe', role, isBlocked: false, privacy: 'PUBLIC' }, 'post:create', {}),
);

/** The choices of the Posts screen's filters and pickers, in the actor's scope. */
export async function listOptions(
  deps: PostListDeps,
  actor: Actor,
  site: SiteView,
): Promise<DashboardPostsOptions> {
  const scope = scopeOf(actor);
  const [authors, categoryRows, tagRows] = await Promise.all([
    deps.db
      .select({ id: members.id, name: members.name, role: members.role })
      .from(members)
      .where(
        and(
          eq(members.siteId, site.id),
          eq(members.isBlocked, false),
          inArray(members.role, [...WRITING_ROLES]),
          scope.kind === 'own' ? eq(members.id, scope.ownerId) : undefined,
        ),
      )
      .orderBy(asc(members.name), asc(members.id))
      .limit(OPTIONS_MAX),
    deps.db
      .select({ id: categories.id, label: categories.label })
      .from(categories)
      .where(eq(categories.siteId, site.id))
      .orderBy(asc(categories.displayPosition), asc(categories.label))
      .limit(OPTIONS_MAX),
    deps.db
      .select({ id: tags.id, label: tags.label })
      .from(tags)
      .where(eq(tags.siteId, site.id))
      .orderBy(asc(tags.label))
      .limit(OPTIONS_MAX),
  ]);
  return { authors, categories: categoryRows, tags: tagRows };
}
