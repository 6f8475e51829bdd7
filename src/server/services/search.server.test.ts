/**
 * The search service beside HTTP: its query reads the GIN index (asked of the planner on a blog
 * big enough for the choice to matter), and its memoised pages follow the site's writes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../app.server';
import type { DatabaseHandle } from '../db/connection.server';
import { posts } from '../db/schema.server';
import { buildPost, createMember, createTestSite } from '../testing/factories.server';
import { planOf } from '../testing/query-plan.server';
import { openTestDatabase } from '../testing/test-database.server';
import { buildPostRecords } from './post-records.server';

/** Posts in the planner's site: enough that scanning them costs more than the index. */
const BIG_SITE_POSTS = 2000;

let database: DatabaseHandle;
let services: ReturnType<typeof createServices>;
let bigSite: Awaited<ReturnType<typeof createTestSite>>;
let site: Awaited<ReturnType<typeof createTestSite>>;
let authorId = '';

beforeAll(async () => {
  database = await openTestDatabase();
  services = createServices(database);
  const { db } = database;
  bigSite = await createTestSite(db);
  site = await createTestSite(db);
  const bigAuthor = await createMember(db, bigSite.id);
  authorId = (await createMember(db, site.id)).id;
  // Bulk rows, as the seed writes them: a rare word in a few, common words in all.
  const rows = Array.from(
    { length: BIG_SITE_POSTS },
    (_, i) =>
      buildPostRecords(
        buildPost(bigSite.id, bigAuthor.id, {
          title: i % 400 === 0 ? `The narwhal number ${i}` : `Harbour walk ${i}`,
          body: `Boats, gulls and nets on the quay, day ${i}.`,
        }),
      ).post,
  );
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(posts).values(rows.slice(i, i + 500));
  }
  // The test files before this one in the worker's database left their posts, and ours, in the
  // GIN indexes' pending lists (fast update; only VACUUM or a full list merges them). The planner
  // prices every pending page into each index scan, so a long list made the site's plain index
  // look cheaper: merge the lists, as autovacuum would on a live site. Then every row in the
  // statistics, not a sample, so whether the rare word's few rows were sampled is not up to chance.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select gin_clean_pending_list('posts_search_idx')`);
    await tx.execute(sql`select gin_clean_pending_list('posts_dashboard_search_idx')`);
    await tx.execute(sql`set local default_statistics_target = 10000`);
    await tx.execute(sql`analyze posts`);
  });
});

afterAll(async () => {
  await database?.close();
});

describe('the search query', () => {
  it('reads the GIN index, scoped to the site', async () => {
    const { sql: text, params } = services.search
      .resultsQuery(bigSite, ['english'], 'narwhal', 1)
      .toSQL();
    const plan = await planOf(database.db, text, params);
    // The readers' index of published posts, or the dashboard's of every status (issue 17): the
    // planner may take either; both are GIN indexes of the same search vector.
    expect(plan).toMatch(/posts_(dashboard_)?search_idx/);
    expect(plan).not.toMatch(/Seq Scan on posts/);
    expect(plan).toMatch(/site_id = /);
  });

  it('reads the GIN index for a Chinese word and a single character (issue 22)', async () => {
    for (const query of ['北京', '京', 'narwhal 北京旅游']) {
      const { sql: text, params } = services.search
        .resultsQuery(bigSite, ['english'], query, 1)
        .toSQL();
      const plan = await planOf(database.db, text, params);
      expect(plan, query).toMatch(/posts_(dashboard_)?search_idx/);
      expect(plan, query).not.toMatch(/Seq Scan on posts/);
    }
  });

  it('finds the rare word among the many', async () => {
    const results = await services.search.searchPosts(bigSite, 'narwhal', 1);
    expect(results.entityCount).toBe(BIG_SITE_POSTS / 400);
    const common = await services.search.searchPosts(bigSite, 'harbour walk', 1);
    expect(common.entityCount).toBe(BIG_SITE_POSTS - BIG_SITE_POSTS / 400);
    expect(common.posts).toHaveLength(20);
    expect(common.lastPage).toBe(Math.ceil(common.entityCount / 20));
  });
});

describe('memoised pages', () => {
  it("follow the site's writes", async () => {
    expect((await services.search.searchPosts(site, 'quokka', 1)).entityCount).toBe(0);
    await services.postWriter.insertPost(
      buildPost(site.id, authorId, { title: 'A quokka at noon' }),
    );
    expect((await services.search.searchPosts(site, 'quokka', 1)).entityCount).toBe(1);
  });

  it('learn a new language when a post in it arrives', async () => {
    expect((await services.search.searchPosts(site, 'chevaux', 1)).entityCount).toBe(0);
    await services.postWriter.insertPost(
      buildPost(site.id, authorId, { title: 'Le cheval blanc', language: 'fr' }),
    );
    const found = await services.search.searchPosts(site, 'chevaux', 1);
    expect(found.posts.map((p) => p.title)).toEqual(['Le cheval blanc']);
  });
});
