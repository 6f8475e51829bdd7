/**
 * Related and recent posts below a post (SPEC §2; §3 related-post types), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: the ranking, the fill, publication, scoping by site, the
 * memo's freshness, and that the ranking reads the listing tables' indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteView } from '../../domain/views';
import { SiteGenerations, SiteMemo } from '../cache/generations.server';
import type { DatabaseHandle } from '../db/connection.server';
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
import type { PostWrite } from './post-records.server';
import { createPostWriter } from './post-writer.server';
import { createRelatedPosts } from './related-posts.server';

let database: DatabaseHandle;
let generations: SiteGenerations;
let writer: ReturnType<typeof createPostWriter>;
let related: ReturnType<typeof createRelatedPosts>;

beforeAll(async () => {
  database = await openTestDatabase();
  generations = new SiteGenerations();
  const memo = new SiteMemo(generations);
  const reader = createBlogReader({ db: database.db, memo, feedMemo: new SiteMemo(generations) });
  writer = createPostWriter({ db: database.db, generations });
  related = createRelatedPosts({ db: database.db, memo, reader });
});

afterAll(async () => {
  await database?.close();
});

/** A site with two categories, three tags and a writer; posts are dated by `day`. */
async function setUp() {
  const db = database.db;
  const site = await createTestSite(db);
  const owner = await createMember(db, site.id, { name: 'Ada Writer' });
  const [a, b] = [await createCategory(db, site.id), await createCategory(db, site.id)];
  const [x, y, z] = [
    await createTag(db, site.id),
    await createTag(db, site.id),
    await createTag(db, site.id),
  ];
  async function post(title: string, day: number, overrides: Partial<PostWrite> = {}) {
    const write = buildPost(site.id, owner.id, {
      title,
      firstPublishedDate: new Date(Date.UTC(2025, 0, day)),
      ...overrides,
    });
    await writer.insertPost(write);
    return write.id;
  }
  return { site, owner, ids: { a: a.id, b: b.id, x: x.id, y: y.id, z: z.id }, post };
}

function titles(list: { title: string }[]): string[] {
  return list.map((p) => p.title);
}

describe('listRelatedPosts', () => {
  it('ranks by shared categories and tags, then newest; never the post or an unpublished one', async () => {
    const { site, ids, post } = await setUp();
    const self = await post('Self', 10, { categoryIds: [ids.a], tagIds: [ids.x, ids.y] });
    await post('Shares three', 2, { categoryIds: [ids.a], tagIds: [ids.x, ids.y] });
    await post('Shares two', 3, { categoryIds: [ids.a], tagIds: [ids.x] });
    await post('Shares one, older', 4, { categoryIds: [ids.b], tagIds: [ids.x] });
    await post('Shares one, newer', 5, { categoryIds: [ids.a] });
    await post('Draft sharing all', 9, {
      categoryIds: [ids.a],
      tagIds: [ids.x, ids.y],
      status: 'unpublished',
    });
    await post('Unrelated, newest', 20, { categoryIds: [ids.b], tagIds: [ids.z] });

    const list = await related.listRelatedPosts(site, self, 'related', 3);
    expect(titles(list)).toEqual(['Shares three', 'Shares two', 'Shares one, newer']);
    // Presented like the feeds: links, owners and main categories are there.
    expect(list[0]).toMatchObject({ link: expect.stringContaining('/blog/'), status: 'published' });
    expect(list[0]?.owner?.name).toBe('Ada Writer');
    expect(list[0]?.mainCategory?.id).toBe(ids.a);
  });

  it('fills with recent posts when too few are related, without repeating any', async () => {
    const { site, ids, post } = await setUp();
    const self = await post('Self', 10, { categoryIds: [ids.a] });
    await post('Related, old', 1, { categoryIds: [ids.a] });
    await post('Unrelated, newest', 20, { categoryIds: [ids.b] });
    await post('Unrelated, newer', 15, { tagIds: [ids.z] });
    await post('Unrelated, oldest', 0);

    const list = await related.listRelatedPosts(site, self, 'related', 3);
    expect(titles(list)).toEqual(['Related, old', 'Unrelated, newest', 'Unrelated, newer']);
  });

  it('lists recent posts, newest first, for the recent type (SPEC §3 recent=1)', async () => {
    const { site, ids, post } = await setUp();
    await post('Old', 1, { categoryIds: [ids.a] });
    const self = await post('Self', 30, { categoryIds: [ids.a] });
    await post('Newest', 20);
    await post('Newer', 10);
    await post('Scheduled', 40, { status: 'scheduled' });

    expect(titles(await related.listRelatedPosts(site, self, 'recent', 3))).toEqual([
      'Newest',
      'Newer',
      'Old',
    ]);
    expect(titles(await related.listRelatedPosts(site, self, 'recent', 1))).toEqual(['Newest']);
  });

  it('reads only its own site', async () => {
    const first = await setUp();
    const second = await setUp();
    const self = await first.post('Self', 1, { categoryIds: [first.ids.a] });
    await second.post('Another site, newest', 50, { categoryIds: [second.ids.a] });
    expect(await related.listRelatedPosts(first.site, self, 'related', 3)).toEqual([]);
    expect(await related.listRelatedPosts(second.site, self, 'recent', 3)).toHaveLength(1);
  });

  it('keeps the count within the setting bounds (1–3)', async () => {
    const { site, post } = await setUp();
    const self = await post('Self', 1);
    for (let day = 2; day < 8; day++) await post(`Post ${day}`, day);
    expect(await related.listRelatedPosts(site, self, 'recent', 50)).toHaveLength(3);
    expect(await related.listRelatedPosts(site, self, 'recent', 0)).toHaveLength(1);
  });

  it('is memoised until the site’s next write, then as fresh as the database', async () => {
    const { site, ids, post } = await setUp();
    const self = await post('Self', 1, { categoryIds: [ids.a] });
    const first = await related.listRelatedPosts(site, self, 'related', 3);
    expect(await related.listRelatedPosts(site, self, 'related', 3)).toBe(first);
    await post('Just published', 2, { categoryIds: [ids.a] });
    expect(titles(await related.listRelatedPosts(site, self, 'related', 3))).toEqual([
      'Just published',
    ]);
  });

  it('returns recent posts for a post that does not exist', async () => {
    const { site, post } = await setUp();
    await post('Only post', 1);
    const list = await related.listRelatedPosts(
      site as SiteView,
      '00000000-0000-4000-8000-000000000000',
      'related',
      3,
    );
    expect(titles(list)).toEqual(['Only post']);
  });
});

describe('the ranking query', () => {
  it('reads the listing tables through their feed indexes', async () => {
    const { site, ids, post } = await setUp();
    const self = await post('Self', 1, { categoryIds: [ids.a], tagIds: [ids.x] });
    const dialect = (
      database.db as unknown as {
        dialect: { sqlToQuery(s: unknown): { sql: string; params: unknown[] } };
      }
    ).dialect;
    const { sql, params } = dialect.sqlToQuery(related.rankedQuery(site, self, 3));
    const plan = await planOf(database.db, sql, params, ['sort', 'seqscan']);
    expect(plan).toContain('post_categories_feed_idx');
    expect(plan).toContain('post_tags_feed_idx');
    expect(plan).not.toMatch(/Seq Scan on post_(categories|tags)/);
  });
});
