/**
 * A member's page of a tab takes its order from the tab's own index, never sorts the member's
 * posts: page 1 and page 300 of a prolific writer cost alike (DESIGN.md "Performance"). Asked of
 * the planner with sorting and sequential scans priced out, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyPostsTab } from '../../domain/my-posts';
import type { DatabaseHandle } from '../db/connection.server';
import { createMember, createTestSite } from '../testing/factories.server';
import { planOf } from '../testing/query-plan.server';
import { openTestDatabase } from '../testing/test-database.server';
import { createMyPosts } from './my-posts.server';

let database: DatabaseHandle;
let service: ReturnType<typeof createMyPosts>;
let site: Awaited<ReturnType<typeof createTestSite>>;
let memberId = '';

beforeAll(async () => {
  database = await openTestDatabase();
  service = createMyPosts({ db: database.db });
  site = await createTestSite(database.db);
  memberId = (await createMember(database.db, site.id)).id;
});

afterAll(async () => {
  await database?.close();
});

describe('my posts page queries', () => {
  const cases: [MyPostsTab, string][] = [
    ['published', 'posts_owner_published_idx'],
    ['drafts', 'posts_owner_drafts_idx'],
    ['scheduled', 'posts_owner_scheduled_idx'],
  ];

  it.each(cases)('take the order of %s from %s', async (tab, index) => {
    const { sql, params } = service.pageQuery(site, memberId, tab, 10, 2990).toSQL();
    const plan = await planOf(database.db, sql, params, ['sort', 'seqscan']);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
