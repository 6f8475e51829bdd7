/**
 * A member's own posts (SPEC §2 feed source `my-posts`): one tab's page and every tab's count,
 * scoped by site and owner. The page and `GET /api/my-posts` both call it. Never memoised: it is
 * one member's view and cheap (each tab's page is one range of its own index, see schema.ts).
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  MY_POSTS_PAGE_SIZE,
  MY_POSTS_TAB_STATUSES,
  MY_POSTS_TABS,
  type MyPostsPageView,
  type MyPostsQuery,
  type MyPostsTab,
  type MyPostView,
  myPostDate,
  myPostLinks,
  tabOfStatus,
} from '../../domain/my-posts';
import { lastPage as lastPageOf } from '../../domain/pagination';
import { type Actor, whyNot } from '../../domain/permissions';
import type { PostStatus } from '../../domain/post-status';
import type { SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { posts } from '../db/schema.server';
import { PermissionError } from '../errors.server';
import { presentCover } from './blog-reader.server';

/** Columns a row of the page needs: no content, no text. */
const rowColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  status: posts.status,
  coverImage: posts.coverImage,
  media: posts.media,
  firstPublishedDate: posts.firstPublishedDate,
  updatedAt: posts.updatedAt,
  scheduledPublishDate: posts.scheduledPublishDate,
  viewCount: posts.viewCount,
  commentCount: posts.commentCount,
  likeCount: posts.likeCount,
};

/**
 * Each tab's order, matching its index: published and drafts newest first (by publish date, by
 * last edit), scheduled by the time they go out, the next one first; the id breaks ties so that
 * pages never overlap. `desc nulls last` is how Drizzle creates a DESC index column.
 */
const TAB_ORDER: Record<MyPostsTab, SQL[]> = {
  published: [sql`${posts.firstPublishedDate} desc nulls last`, sql`${posts.id} desc nulls last`],
  drafts: [sql`${posts.updatedAt} desc nulls last`, sql`${posts.id} desc nulls last`],
  scheduled: [asc(posts.scheduledPublishDate), asc(posts.id)],
};

/** The status filter of a tab, written so the planner matches its partial index. */
function statusFilter(tab: MyPostsTab): SQL {
  const statuses = MY_POSTS_TAB_STATUSES[tab];
  return statuses.length === 1
    ? eq(posts.status, statuses[0]!)
    : inArray(posts.status, [...statuses]);
}

export interface MyPostsDeps {
  db: Database;
}

/** Builds the service. */
export function createMyPosts({ db }: MyPostsDeps) {
  /** One page of a member's posts in a tab, in the tab's order (exposed for the plan test). */
  function pageQuery(
    site: SiteView,
    ownerId: string,
    tab: MyPostsTab,
    limit: number,
    offset: number,
  ) {
    return db
      .select(rowColumns)
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.ownerId, ownerId), statusFilter(tab)))
      .orderBy(...TAB_ORDER[tab])
      .limit(limit)
      .offset(offset);
  }

  /** How many posts the member has in each tab (deleted posts are in none). */
  async function countByTab(site: SiteView, ownerId: string): Promise<Record<MyPostsTab, number>> {
    const rows = await db
      .select({ status: posts.status, n: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.ownerId, ownerId)))
      .groupBy(posts.status);
    const counts = Object.fromEntries(MY_POSTS_TABS.map((tab) => [tab, 0])) as Record<
      MyPostsTab,
      number
    >;
    for (const row of rows) {
      const tab = tabOfStatus(row.status);
      if (tab) counts[tab] += Number(row.n);
    }
    return counts;
  }

  type Row = Awaited<ReturnType<typeof pageQuery>>[number];

  /** A row as the page shows it: an allowlist, counters only for a published post. */
  function present(site: SiteView, tab: MyPostsTab, row: Row): MyPostView {
    const { link, editLink } = myPostLinks(site, row);
    return {
      id: row.id,
      title: row.title,
      status: row.status as PostStatus,
      tab,
      link,
      editLink,
      cover: presentCover(row),
      date: myPostDate(tab, row),
      counters:
        tab === 'published'
          ? {
              viewCount: row.viewCount,
              totalComments: row.commentCount,
              likeCount: row.likeCount,
            }
          : null,
    };
  }

  /**
   * Page `page` of the actor's posts in tab `status`, with every tab's count. A visitor is asked
   * to log in (401), a blocked member refused (403); a page past the last one has no posts.
   */
  async function listMyPosts(
    actor: Actor,
    site: SiteView,
    { status: tab, page }: MyPostsQuery,
    pageSize = MY_POSTS_PAGE_SIZE,
  ): Promise<MyPostsPageView> {
    const refusal = whyNot(actor, 'post:list-own', {});
    if (refusal !== null || actor.memberId === null) {
      throw new PermissionError(refusal ?? 'login-required');
    }
    const ownerId = actor.memberId;
    const [counts, rows] = await Promise.all([
      countByTab(site, ownerId),
      pageQuery(site, ownerId, tab, pageSize, (page - 1) * pageSize),
    ]);
    const entityCount = counts[tab];
    return {
      tab,
      posts: rows.map((row) => present(site, tab, row)),
      counts,
      currentPage: page,
      pageSize,
      entityCount,
      lastPage: lastPageOf(entityCount, pageSize),
    };
  }

  return { listMyPosts, pageQuery };
}

export type MyPostsService = ReturnType<typeof createMyPosts>;
