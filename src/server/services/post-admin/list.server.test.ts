/**
 * The dashboard list's queries are served by their indexes (issue 17: fast at 100,000 posts):
 * each tab × sort page is one range of its `posts_dashboard_*_idx` in the index's order (no sort
 * step, no scan of the table), a writer's own page reads the owner's index, and the counts come
 * from an index, not the table. Checked on the plan with scans and sorts priced out (a test site is
 * small enough that the planner would rightly pick anything); the bench measures the time.
 */

import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_POST_SORTS,
  DashboardPostsQuerySchema,
  encodeDashboardCursor,
} from '../../../domain/dashboard-posts';
import type { DatabaseHandle } from '../../db/connection.server';
import { posts } from '../../db/schema.server';
import { createTestSite, type TestSite } from '../../testing/factories.server';
import { planOf } from '../../testing/query-plan.server';
import { openTestDatabase } from '../../testing/test-database.server';
import { pageQuery } from './list.server';

let database: DatabaseHandle;
let site: TestSite;

beforeAll(async () => {
  database = await openTestDatabase();
  site = await createTestSite(database.db);
});

afterAll(async () => {
  await database.close();
});

const INDEX_OF_SORT = {
  date: 'posts_dashboard_date_idx',
  views: 'posts_dashboard_views_idx',
  likes: 'posts_dashboard_likes_idx',
  comments: 'posts_dashboard_comments_idx',
} as const;

describe('the dashboard posts page query', () => {
  it.each(DASHBOARD_POST_SORTS)('reads its index in order when sorted by %s', async (sort) => {
    const value = sort === 'date' ? new Date().toISOString() : 5;
    const query = DashboardPostsQuerySchema.parse({
      status: 'drafts',
      sort,
      cursor: encodeDashboardCursor({ sort, value, id: '00000000-0000-4000-8000-000000000000' }),
    });
    const { sql: text, params } = pageQuery(
      { db: database.db },
      site,
      { kind: 'all' },
      query,
    ).toSQL();
    const plan = await planOf(database.db, text, params, ['seqscan', 'sort']);
    expect(plan).toContain(INDEX_OF_SORT[sort]);
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });

  it('reads the owner’s index for a writer’s own posts', async () => {
    const query = DashboardPostsQuerySchema.parse({ status: 'published' });
    const scope = { kind: 'own', ownerId: '00000000-0000-4000-8000-000000000001' } as const;
    const { sql: text, params } = pageQuery({ db: database.db }, site, scope, query).toSQL();
    const plan = await planOf(database.db, text, params, ['seqscan', 'sort']);
    // On a table this small PostgreSQL may prefer the tab's date index with the owner as a
    // filter (CI chose it once): either reads the page in order, never a sort or a scan.
    expect(plan).toMatch(/posts_dashboard_(owner|date)_idx/);
    expect(plan).not.toMatch(/Sort|Seq Scan/);
  });

  it('counts per tab from an index, never a scan of the table', async () => {
    const { sql: text, params } = database.db
      .select({ tab: posts.dashboardTab, n: count() })
      .from(posts)
      .where(and(eq(posts.siteId, site.id)))
      .groupBy(posts.dashboardTab)
      .toSQL();
    const plan = await planOf(database.db, text, params, ['seqscan']);
    // An index-only scan once the table is vacuumed (PGlite picks it at once); PostgreSQL may
    // take the same index as a bitmap on a table this small. Never a scan of the table.
    expect(plan).toMatch(
      /(Index Only Scan|Bitmap Index Scan) on posts_dashboard_\w+_idx|Index Only Scan using posts_dashboard_\w+_idx/,
    );
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
