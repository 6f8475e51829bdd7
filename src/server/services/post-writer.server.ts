/**
 * Writing posts: a post and its listing rows in one transaction, with the category and tag post
 * counts kept exact, and the site's cached pages invalidated afterwards. The editor (rich-content
 * issue) adds validation, slugs and permissions on top of this.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SiteGenerations } from '../cache/generations.server';
import type { Database } from '../db/connection.server';
import { categories, postCategories, postHashtags, posts, postTags, tags } from '../db/schema';
import { buildPostRecords, type PostWrite } from './post-records.server';

export interface PostWriterDeps {
  db: Database;
  generations: SiteGenerations;
}

/** Builds the post write service. */
export function createPostWriter({ db, generations }: PostWriterDeps) {
  /** Stores a new post; published posts count towards their categories and tags. */
  async function insertPost(write: PostWrite): Promise<void> {
    const records = buildPostRecords(write);
    await db.transaction(async (tx) => {
      await tx.insert(posts).values(records.post);
      if (records.categories.length > 0) await tx.insert(postCategories).values(records.categories);
      if (records.tags.length > 0) await tx.insert(postTags).values(records.tags);
      if (records.hashtags.length > 0) await tx.insert(postHashtags).values(records.hashtags);
      if (write.status === 'published') {
        const categoryIds = records.categories.map((r) => r.categoryId);
        const tagIds = records.tags.map((r) => r.tagId);
        if (categoryIds.length > 0) {
          await tx
            .update(categories)
            .set({ postCount: sql`${categories.postCount} + 1` })
            .where(and(eq(categories.siteId, write.siteId), inArray(categories.id, categoryIds)));
        }
        if (tagIds.length > 0) {
          await tx
            .update(tags)
            .set({ postCount: sql`${tags.postCount} + 1` })
            .where(and(eq(tags.siteId, write.siteId), inArray(tags.id, tagIds)));
        }
      }
    });
    generations.bump(write.siteId);
  }

  /** Pins or unpins a post, in the post row and in every listing row that orders by it. */
  async function setPinned(siteId: string, postId: string, isPinned: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      await tx
        .update(posts)
        .set({ isPinned, updatedAt: new Date() })
        .where(and(eq(posts.siteId, siteId), eq(posts.id, postId)));
      for (const table of [postCategories, postTags, postHashtags]) {
        await tx
          .update(table)
          .set({ isPinned })
          .where(and(eq(table.siteId, siteId), eq(table.postId, postId)));
      }
    });
    generations.bump(siteId);
  }

  return { insertPost, setPinned };
}

export type PostWriterService = ReturnType<typeof createPostWriter>;
