/**
 * The feed queries must take their order from an index, never sort the site's posts: a feed page
 * then costs the same on page 1 and page 500. Asked of the planner with sorting and sequential
 * scans priced out; if a query's ORDER BY stops matching its index (as DESC vs the index's
 * DESC NULLS LAST once did), a Sort node appears and this fails.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedQuery } from '../../load-context';
import { SiteGenerations, SiteMemo } from '../cache/generations.server';
import type { DatabaseHandle } from '../db/connection.server';
import { posts } from '../db/schema.server';
import {
  buildPost,
  createCategory,
  createMember,
  createTag,
  createTestSite,
} from '../testing/factories.server';
import { planOf } from '../testing/query-plan.server';
import { openTestDatabase } from '../testing/test-database.server';
import { createBlogReader } from './blog-reader.server';
import { createPostWriter } from './post-writer.server';

let database: DatabaseHandle;
let reader: ReturnType<typeof createBlogReader>;
let site: Awaited<ReturnType<typeof createTestSite>>;
const ids = { category: '', tag: '', member: '' };

beforeAll(async () => {
  database = await openTestDatabase();
  const generations = new SiteGenerations();
  reader = createBlogReader({
    db: database.db,
    memo: new SiteMemo(generations),
    feedMemo: new SiteMemo(generations),
  });
  site = await createTestSite(database.db);
  ids.member = (await createMember(database.db, site.id)).id;
  ids.category = (await createCategory(database.db, site.id)).id;
  ids.tag = (await createTag(database.db, site.id)).id;
});

afterAll(async () => {
  await database?.close();
});

describe('feed page queries', () => {
  const cases: [string, () => FeedQuery, string][] = [
    ['all posts', () => ({ source: 'homepage' }), 'posts_feed_idx'],
    [
      'a category',
      () => ({ source: 'category', categoryId: ids.category }),
      'post_categories_feed_idx',
    ],
    ['a tag', () => ({ source: 'tags', tagId: ids.tag }), 'post_tags_feed_idx'],
    ['a hashtag', () => ({ source: 'hashtag', hashtag: 'travel' }), 'post_hashtags_feed_idx'],
  ];

  it.each(cases)('take the order of %s from its index', async (_label, query, index) => {
    const { sql, params } = reader.feedPageKeysQuery(site, query(), 20, 980).toSQL();
    const plan = await planOf(database.db, sql, params, ['sort', 'seqscan']);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('post ratings', () => {
  it('carry the exact average: ratings 3, 4, 4, 4 give 3.75, not 3.8 (SPEC §5 stars)', async () => {
    const post = buildPost(site.id, ids.member, { title: 'Rated three, four, four, four' });
    await createPostWriter({ db: database.db, generations: new SiteGenerations() }).insertPost(
      post,
    );
    await database.db
      .update(posts)
      .set({ ratingSum: 3 + 4 + 4 + 4, ratingCount: 4 })
      .where(eq(posts.id, post.id));
    const detail = await reader.getPostBySlug(site, post.slug);
    expect(detail?.ratings).toEqual({ averageRating: 3.75, totalRatings: 4 });
  });
});
