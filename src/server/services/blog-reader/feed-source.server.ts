/**
 * Where each feed's posts are listed (SPEC §2, §4): the posts table for the all-posts feed and the
 * monthly archive, a listing table for categories, tags and hashtags.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { monthRange } from '../../../domain/dates';
import type { SiteView } from '../../../domain/views';
import type { FeedQuery } from '../../../load-context';
import { postCategories, postHashtags, posts, postTags } from '../../db/schema.server';

/** The ordering keys of a feed row, aliased alike whichever table they come from. */
export function feedKeys(id: AnyPgColumn, isPinned: AnyPgColumn, date: AnyPgColumn) {
  return {
    postId: sql<string>`${id}`.as('page_post_id'),
    isPinned: sql<boolean>`${isPinned}`.as('page_is_pinned'),
    date: sql<Date | null>`${date}`.as('page_date'),
  };
}

/**
 * Where a feed's posts are listed: the posts table for the all-posts feed and the archive, a
 * listing table for categories, tags and hashtags; with the ordering keys and the filter.
 */
export function feedSource(site: SiteView, query: FeedQuery) {
  if (query.source === 'homepage' || query.source === 'archive') {
    const published = and(eq(posts.siteId, site.id), eq(posts.status, 'published'));
    let where = published;
    if (query.source === 'archive') {
      const range = monthRange(query.year, query.month, site.timeZone);
      where = and(
        published,
        gte(posts.firstPublishedDate, range.start),
        lt(posts.firstPublishedDate, range.end),
      );
    }
    return {
      from: posts as PgTable,
      keys: [posts.id, posts.isPinned, posts.firstPublishedDate] as const,
      where,
    };
  }
  const listing =
    query.source === 'category'
      ? { table: postCategories, match: eq(postCategories.categoryId, query.categoryId) }
      : query.source === 'tags'
        ? { table: postTags, match: eq(postTags.tagId, query.tagId) }
        : { table: postHashtags, match: eq(postHashtags.hashtag, query.hashtag.toLowerCase()) };
  const { table, match } = listing;
  return {
    from: table as PgTable,
    keys: [table.postId, table.isPinned, table.firstPublishedDate] as const,
    where: and(eq(table.siteId, site.id), eq(table.isPublished, true), match),
  };
}
