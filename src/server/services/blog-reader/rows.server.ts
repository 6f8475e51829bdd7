/**
 * What the blog reader's use cases share: their dependencies, the columns a post card reads and
 * the newest-first ordering of the feed indexes.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SiteMemo } from '../../cache/generations.server';
import type { Database } from '../../db/connection.server';
import { posts } from '../../db/schema.server';

export interface BlogReaderDeps {
  db: Database;
  /** Per-site lists and counts (small). */
  memo: SiteMemo;
  /** Presented feed pages (larger, so kept in their own, tighter bound). */
  feedMemo: SiteMemo;
}

/** Columns a post card needs: everything but the content document and its text. */
export const summaryColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  status: posts.status,
  isPinned: posts.isPinned,
  isFeatured: posts.isFeatured,
  firstPublishedDate: posts.firstPublishedDate,
  lastPublishedDate: posts.lastPublishedDate,
  timeToRead: posts.timeToRead,
  ownerId: posts.ownerId,
  categoryIds: posts.categoryIds,
  mainCategoryId: posts.mainCategoryId,
  tagIds: posts.tagIds,
  hashtags: posts.hashtags,
  coverImage: posts.coverImage,
  media: posts.media,
  viewCount: posts.viewCount,
  commentCount: posts.commentCount,
  likeCount: posts.likeCount,
  ratingCount: posts.ratingCount,
  ratingSum: posts.ratingSum,
  language: posts.language,
  isCommentsDisabled: posts.isCommentsDisabled,
};

/** A row of `summaryColumns`, as `presentSummaries` takes it. */
export type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null;
} & { id: string; slug: string; title: string };

/**
 * Newest-first ordering that matches the feed indexes, which Drizzle creates as
 * `DESC NULLS LAST`; a plain `desc()` (nulls first) would keep the planner off them.
 */
export function newestFirst(column: AnyPgColumn | SQL.Aliased) {
  return sql`${column} desc nulls last`;
}
