/**
 * Writing posts: a post and its listing rows in one transaction, with the category and tag post
 * counts kept exact, and the site's cached pages invalidated afterwards. The editor (rich-content
 * issue) adds validation, slugs and permissions on top of this.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SiteGenerations } from '../cache/generations.server';
import { writeSiteContent } from '../cache/site-write.server';
import type { Database } from '../db/connection.server';
import {
  categories,
  postCategories,
  postHashtags,
  posts,
  postTags,
  tags,
} from '../db/schema.server';
import { buildPostRecords, type PostWrite } from './post-records.server';

/** A transaction of the database (what `db.transaction` hands its callback). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a stored post counts towards: its status, categories and tags before a change. */
export interface ListedState {
  status: string;
  categoryIds: readonly string[];
  tagIds: readonly string[];
}

/** The ids of `after` that are not in `before`. */
function idsAdded(before: readonly string[], after: readonly string[]): string[] {
  const seen = new Set(before);
  return [...new Set(after)].filter((id) => !seen.has(id));
}

/**
 * Moves the category and tag post counts from `before` to `after`: only published posts count,
 * so publishing adds, reverting subtracts, and a category change on a published post moves one.
 */
export async function movePostCounts(
  tx: Transaction,
  siteId: string,
  before: ListedState | null,
  after: ListedState,
): Promise<void> {
  const counted = (state: ListedState | null) =>
    state?.status === 'published' ? state : { categoryIds: [], tagIds: [] };
  const was = counted(before);
  const now = counted(after);
  const moves: [typeof categories | typeof tags, string[], number][] = [
    [categories, idsAdded(now.categoryIds, was.categoryIds), -1],
    [categories, idsAdded(was.categoryIds, now.categoryIds), 1],
    [tags, idsAdded(now.tagIds, was.tagIds), -1],
    [tags, idsAdded(was.tagIds, now.tagIds), 1],
  ];
  for (const [table, ids, delta] of moves) {
    if (ids.length === 0) continue;
    await tx
      .update(table)
      .set({ postCount: sql`greatest(${table.postCount} + ${delta}, 0)` })
      .where(and(eq(table.siteId, siteId), inArray(table.id, ids)));
  }
}

/** The per-post SEO columns (issue 19) a write may set; left out, they keep their value. */
export type PostSeoChanges = Partial<
  Pick<
    typeof posts.$inferInsert,
    'seoTitle' | 'seoDescription' | 'canonicalUrl' | 'noindex' | 'socialImage'
  >
>;

/**
 * Inside `tx`, rewrites a stored post from `write`: the columns derived from its content, its
 * status and dates, and its listing rows (replaced whole, so they always match the post), with
 * the post counts moved from `before`. Counters, the creation date and the slug history stay;
 * `revision` is the post's new revision. The caller bumps the site's generation after commit.
 */
export async function updatePostIn(
  tx: Transaction,
  write: PostWrite,
  before: ListedState,
  changes: { revision: number; slugs: string[]; updatedAt: Date } & PostSeoChanges,
): Promise<typeof posts.$inferSelect> {
  const records = buildPostRecords(write);
  const {
    siteId,
    id,
    viewCount: _views,
    commentCount: _comments,
    likeCount: _likes,
    ratingCount: _ratings,
    ratingSum: _ratingSum,
    createdAt: _createdAt,
    ...editable
  } = records.post;
  const [row] = await tx
    .update(posts)
    .set({ ...editable, ...changes })
    .where(and(eq(posts.siteId, siteId), eq(posts.id, id)))
    .returning();
  for (const table of [postCategories, postTags, postHashtags]) {
    await tx.delete(table).where(and(eq(table.siteId, siteId), eq(table.postId, id)));
  }
  if (records.categories.length > 0) await tx.insert(postCategories).values(records.categories);
  if (records.tags.length > 0) await tx.insert(postTags).values(records.tags);
  if (records.hashtags.length > 0) await tx.insert(postHashtags).values(records.hashtags);
  await movePostCounts(tx, siteId, before, {
    status: write.status,
    categoryIds: records.categories.map((r) => r.categoryId),
    tagIds: records.tags.map((r) => r.tagId),
  });
  return row!;
}

/** Inside `tx`, stores a new post and its listing rows; published posts count in their lists. */
export async function insertPostIn(
  tx: Transaction,
  write: PostWrite,
): Promise<typeof posts.$inferSelect> {
  const records = buildPostRecords(write);
  const [row] = await tx.insert(posts).values(records.post).returning();
  await insertListingRowsIn(tx, write, records);
  return row!;
}

/**
 * `insertPostIn` without reading the stored row back: the import stores thousands of posts and
 * needs none of them, and parsing each row's document and search vector back cost about 2 ms a
 * post (decision 057 "Import speed").
 */
export async function insertNewPostIn(tx: Transaction, write: PostWrite): Promise<void> {
  const records = buildPostRecords(write);
  await tx.insert(posts).values(records.post);
  await insertListingRowsIn(tx, write, records);
}

async function insertListingRowsIn(
  tx: Transaction,
  write: PostWrite,
  records: ReturnType<typeof buildPostRecords>,
): Promise<void> {
  if (records.categories.length > 0) await tx.insert(postCategories).values(records.categories);
  if (records.tags.length > 0) await tx.insert(postTags).values(records.tags);
  if (records.hashtags.length > 0) await tx.insert(postHashtags).values(records.hashtags);
  await movePostCounts(tx, write.siteId, null, {
    status: write.status,
    categoryIds: records.categories.map((r) => r.categoryId),
    tagIds: records.tags.map((r) => r.tagId),
  });
}

export interface PostWriterDeps {
  db: Database;
  generations: SiteGenerations;
}

/** Builds the post write service. */
export function createPostWriter({ db, generations }: PostWriterDeps) {
  /** Stores a new post; published posts count towards their categories and tags. */
  async function insertPost(write: PostWrite): Promise<void> {
    await writeSiteContent({ db, generations }, write.siteId, (tx) => insertPostIn(tx, write));
  }

  return { insertPost };
}

export type PostWriterService = ReturnType<typeof createPostWriter>;
