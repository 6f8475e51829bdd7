/**
 * The posts below a post (SPEC §2 "Post page with related or recent posts"; §3 related-post types
 * related=0, recent=1). Related posts share categories and tags with the post: most shared first,
 * then newest; published only, never the post itself; recent posts fill what is left. Recent
 * posts are the newest published ones.
 *
 * Every query reads an index: the candidates come from the listing tables' feed indexes (one
 * range per category or tag of the post, each cut to its newest `RELATED_CANDIDATES_PER_KEY`
 * posts, so a post in a category of 50,000 posts still reads a few hundred index entries), the
 * fill from the published-date index, and the chosen posts by primary key. Results are presented
 * like the feeds' and memoised until the site's next write. See
 * docs/decisions/005-related-posts.md.
 */
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clampRelatedCount, type RelatedPostType } from '../../domain/post-extras';
import type { PostSummary, SiteView } from '../../domain/views';
import type { SiteMemo } from '../cache/generations.server';
import type { Database } from '../db/connection.server';
import { postCategories, posts, postTags } from '../db/schema.server';
import { type BlogReaderService, type SummaryRow, summaryColumns } from './blog-reader.server';

/** How many of each category's or tag's newest posts are candidates. */
export const RELATED_CANDIDATES_PER_KEY = 200;
/** A post with more categories or tags than this is matched on its first ones only. */
export const RELATED_KEYS_MAX = 20;

export interface RelatedPostsDeps {
  db: Database;
  /** Per-site reads kept until the site's next write (a related list is a few small objects). */
  memo: SiteMemo;
  /** Presents rows as the feeds present theirs (owners, categories, covers). */
  reader: Pick<BlogReaderService, 'presentSummaries'>;
}

/** Newest first in the order the indexes keep (`DESC NULLS LAST`), so the planner uses them. */
function newestFirst(column: AnyPgColumn): SQL {
  return sql`${column} desc nulls last`;
}

/** The rows of `db.execute`, which PGlite and pg both answer as `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/** Builds the related-posts service. Every call takes the site it reads; every query is scoped. */
export function createRelatedPosts({ db, memo, reader }: RelatedPostsDeps) {
  /**
   * One listing table's candidates for the post's keys: for each key, its newest published posts,
   * read from the table's feed index in its own order.
   */
  function candidates(
    site: SiteView,
    table: typeof postCategories | typeof postTags,
    keyColumn: AnyPgColumn,
    keys: SQL,
  ): SQL {
    return sql`
      select c.post_id, c.published_at
      from unnest(${keys}) as k(id)
      cross join lateral (
        select ${table.postId} as post_id, ${table.firstPublishedDate} as published_at
        from ${table}
        where ${table.siteId} = ${site.id} and ${keyColumn} = k.id and ${table.isPublished}
        order by ${newestFirst(table.isPinned)}, ${newestFirst(table.firstPublishedDate)},
          ${newestFirst(table.postId)}
        limit ${RELATED_CANDIDATES_PER_KEY}
      ) as c`;
  }

  /**
   * The ids of the posts sharing the most categories and tags with the post, then the newest;
   * one statement (the post's own keys come from its row by primary key).
   */
  function rankedQuery(site: SiteView, postId: string, limit: number): SQL {
    const ownKeys = (column: AnyPgColumn) =>
      sql`(select ${column}[1:${RELATED_KEYS_MAX}] from ${posts}
           where ${posts.siteId} = ${site.id} and ${posts.id} = ${postId})`;
    return sql`
      select m.post_id::text as id, count(*)::int as shared
      from (
        ${candidates(site, postCategories, postCategories.categoryId, ownKeys(posts.categoryIds))}
        union all
        ${candidates(site, postTags, postTags.tagId, ownKeys(posts.tagIds))}
      ) as m
      where m.post_id <> ${postId}
      group by m.post_id
      order by shared desc, max(m.published_at) desc nulls last, m.post_id desc
      limit ${limit}`;
  }

  async function rankedIds(site: SiteView, postId: string, limit: number): Promise<string[]> {
    const result = await db.execute(rankedQuery(site, postId, limit));
    return rowsOf<{ id: string }>(result).map((row) => row.id);
  }

  /** Published posts by id, in the order of `ids`. */
  async function rowsByIds(site: SiteView, ids: string[]): Promise<SummaryRow[]> {
    if (ids.length === 0) return [];
    const rows = (await db
      .select(summaryColumns)
      .from(posts)
      .where(
        and(eq(posts.siteId, site.id), eq(posts.status, 'published'), inArray(posts.id, ids)),
      )) as SummaryRow[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The newest published posts but those in `excluded`, from the published-date index. */
  function recentRows(site: SiteView, excluded: string[], limit: number): Promise<SummaryRow[]> {
    return db
      .select(summaryColumns)
      .from(posts)
      .where(
        and(
          eq(posts.siteId, site.id),
          eq(posts.status, 'published'),
          notInArray(posts.id, excluded),
        ),
      )
      .orderBy(newestFirst(posts.firstPublishedDate), newestFirst(posts.id))
      .limit(limit) as Promise<SummaryRow[]>;
  }

  /**
   * `count` posts to show below the post `postId` (SPEC §2): related ones, filled up with recent
   * ones, or recent ones only. Never the post itself; published posts only.
   */
  function listRelatedPosts(
    site: SiteView,
    postId: string,
    type: RelatedPostType,
    count: number,
  ): Promise<PostSummary[]> {
    const limit = clampRelatedCount(count);
    return memo.get(site.id, `related:${type}:${limit}:${postId}`, async () => {
      const related =
        type === 'related' ? await rowsByIds(site, await rankedIds(site, postId, limit)) : [];
      const fill =
        related.length < limit
          ? await recentRows(site, [postId, ...related.map((r) => r.id)], limit - related.length)
          : [];
      return reader.presentSummaries(site, [...related, ...fill]);
    });
  }

  return { listRelatedPosts, rankedQuery };
}

export type RelatedPostsService = ReturnType<typeof createRelatedPosts>;
