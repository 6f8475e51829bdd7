/**
 * The feed queries must take their order from an index, never sort the site's posts: a feed page
 * then costs the same on page 1 and page 500. Asked of the planner with sorting and sequential
 * scans priced out; if a query's ORDER BY stops matching its index (as DESC vs the index's
 * DESC NULLS LAST once did), a Sort node appears and this fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedQuery } from '../../domain/reader';
import { SiteGenerations, SiteMemo } from '../cache/generations.server';
import type { DatabaseHandle } from '../db/connection.server';
import { createCategory, createMember, createTag, createTestSite } from '../testing/factories';
import { planOf } from '../testing/query-plan';
import { openTestDatabase } from '../testing/test-database';
import { createBlogReader } from './blog-reader.server';

let database: DatabaseHandle;
let reader: ReturnType<typeof createBlogReader>;
let site: Awaited<ReturnType<typeof createTestSite>>;
const ids = { category: '', tag: '' };

beforeAll(async () => {
  database = await openTestDatabase();
  const generations = new SiteGenerations();
  reader = createBlogReader({
    db: database.db,
    memo: new SiteMemo(generations),
    feedMemo: new SiteMemo(generations),
  });
  site = await createTestSite(database.db);
  await createMember(database.db, site.id);
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
