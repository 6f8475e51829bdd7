/**
 * The feeds (SPEC §2, §4): all posts, a category, a tag, a hashtag, a month of the archive, a page
 * at a time in feed order; and the featured-post banner. Feed pages are on every visitor's path:
 * a page is cut from an index alone and presented once until the site's next write.
 */
import { and, eq, sql } from 'drizzle-orm';
import { lastPage as lastPageOf } from '../../../domain/pagination';
import type { FeedPageView, PostSummary, SiteView } from '../../../domain/views';
import type { FeedQuery } from '../../../load-context';
import { posts } from '../../db/schema.server';
import { feedKeys, feedSource } from './feed-source.server';
import { presentSummaries } from './present.server';
import { type BlogReaderDeps, newestFirst, type SummaryRow, summaryColumns } from './rows.server';

/** Number of published posts in a feed, memoised until the site's next write. */
function countFeed(
  { db, memo }: BlogReaderDeps,
  site: SiteView,
  query: FeedQuery,
): Promise<number> {
  return memo.get(site.id, `count:${JSON.stringify(query)}`, async () => {
    const { from, where } = feedSource(site, query);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(from).where(where);
    return row?.n ?? 0;
  });
}

/**
 * The ids and ordering keys of one page of a feed, in feed order. It reads only an index (an
 * index-only scan); the plan test in blog-reader.server.test.ts keeps it that way.
 */
export function feedPageKeysQuery(
  { db }: BlogReaderDeps,
  site: SiteView,
  query: FeedQuery,
  limit: number,
  offset: number,
) {
  const { from, keys, where } = feedSource(site, query);
  const [id, isPinned, date] = keys;
  // SPEC §4 ordering: pinned first, then newest first (id breaks ties so pages never overlap).
  return db
    .select(feedKeys(id, isPinned, date))
    .from(from)
    .where(where)
    .orderBy(newestFirst(isPinned), newestFirst(date), newestFirst(id))
    .limit(limit)
    .offset(offset);
}

/**
 * One page of rows in feed order: the page is cut from an index alone, and only its posts are
 * fetched, so deep pages never read the rows they skip.
 */
async function selectFeedRows(
  deps: BlogReaderDeps,
  site: SiteView,
  query: FeedQuery,
  limit: number,
  offset: number,
): Promise<SummaryRow[]> {
  const page = feedPageKeysQuery(deps, site, query, limit, offset).as('page');
  return deps.db
    .select(summaryColumns)
    .from(page)
    .innerJoin(posts, and(eq(posts.siteId, site.id), eq(posts.id, page.postId)))
    .orderBy(
      newestFirst(page.isPinned),
      newestFirst(page.date),
      newestFirst(page.postId),
    ) as Promise<SummaryRow[]>;
}

/** One page of a feed. A page past the last one returns no posts; callers decide on 404. */
export async function listFeed(
  deps: BlogReaderDeps,
  site: SiteView,
  query: FeedQuery,
  page: number,
  pageSize: number,
): Promise<FeedPageView> {
  // Feed pages are read far more often than written: kept until the site's next write.
  const [entityCount, posts] = await Promise.all([
    countFeed(deps, site, query),
    deps.feedMemo.get(site.id, `feed:${JSON.stringify(query)}:${page}:${pageSize}`, async () =>
      presentSummaries(
        deps,
        site,
        await selectFeedRows(deps, site, query, pageSize, (page - 1) * pageSize),
      ),
    ),
  ]);
  return {
    posts,
    currentPage: page,
    pageSize,
    entityCount,
    lastPage: lastPageOf(entityCount, pageSize),
  };
}

/**
 * The newest published featured post, for the feed's featured-post banner (SPEC §2). Few posts
 * are featured; the answer is memoised until the site's next write.
 */
export function getFeaturedPost(deps: BlogReaderDeps, site: SiteView): Promise<PostSummary | null> {
  return deps.memo.get(site.id, 'featured', async () => {
    const rows = (await deps.db
      .select(summaryColumns)
      .from(posts)
      .where(
        and(eq(posts.siteId, site.id), eq(posts.status, 'published'), eq(posts.isFeatured, true)),
      )
      .orderBy(newestFirst(posts.firstPublishedDate))
      .limit(1)) as SummaryRow[];
    const [summary] = await presentSummaries(deps, site, rows);
    return summary ?? null;
  });
}
