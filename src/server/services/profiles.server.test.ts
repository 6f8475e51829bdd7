/**
 * A profile's page of posts takes its order from the member's published-posts index, never sorts
 * their posts, and their latest comments come from the comments-by-author index: a prolific
 * member's profile costs what anyone's does (DESIGN.md "Performance"). Asked of the planner with
 * sorting and sequential scans priced out, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteGenerations } from '../cache/generations.server';
import { SessionCache } from '../cache/session-cache.server';
import type { DatabaseHandle } from '../db/connection.server';
import { createMember, createTestSite } from '../testing/factories.server';
import { planOf } from '../testing/query-plan.server';
import { openTestDatabase } from '../testing/test-database.server';
import { createProfiles } from './profiles.server';

let database: DatabaseHandle;
let service: ReturnType<typeof createProfiles>;
let site: Awaited<ReturnType<typeof createTestSite>>;
let memberId = '';

beforeAll(async () => {
  database = await openTestDatabase();
  service = createProfiles({
    db: database.db,
    reader: { presentSummaries: async () => [] },
    generations: new SiteGenerations(),
    sessions: new SessionCache(),
  });
  site = await createTestSite(database.db);
  memberId = (await createMember(database.db, site.id)).id;
});

afterAll(async () => {
  await database?.close();
});

describe('profile queries', () => {
  it('page the member’s posts along posts_owner_published_idx, deep pages too', async () => {
    const { sql, params } = service.postsPageQuery(site, memberId, 12, 1200).toSQL();
    const plan = await planOf(database.db, sql, params, ['sort', 'seqscan']);
    expect(plan).toContain('posts_owner_published_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('read the latest comments along comments_author_idx', async () => {
    const { sql, params } = service.recentCommentsQuery(site, memberId).toSQL();
    const plan = await planOf(database.db, sql, params, ['sort', 'seqscan']);
    expect(plan).toContain('comments_author_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
