import { describe, expect, it } from 'vitest';
import { type DashboardRun, dashboardChecks, dashboardRunPasses } from './dashboard';
import type { DashboardData } from './dashboard-seed';
import { parseOptions } from './options';

function run(overrides: Partial<DashboardRun>): DashboardRun {
  return {
    name: 'comments',
    as: 'editor',
    path: '/api/dashboard/comments',
    missing: null,
    samples: 100,
    latencyMs: { median: 10, p95: 20, max: 30 },
    timing: 'client',
    rows: 20,
    requestsPerSecond: 100,
    failed: 0,
    isFloor: false,
    ...overrides,
  };
}

const data = {} as DashboardData;

describe('dashboard verdicts', () => {
  it('passes a list whose p95 is under 100 ms with no failure', () => {
    expect(dashboardRunPasses(run({}))).toBe(true);
  });

  it('fails a slow p95, a failed request, or a list that was not measured', () => {
    expect(dashboardRunPasses(run({ latencyMs: { median: 50, p95: 100, max: 120 } }))).toBe(false);
    expect(dashboardRunPasses(run({ failed: 1 }))).toBe(false);
    expect(dashboardRunPasses(run({ path: null, latencyMs: null, missing: '→ 404' }))).toBe(false);
  });

  it('checks every list but not the floor row', () => {
    const checks = dashboardChecks({
      data,
      runs: [run({ name: 'floor', isFloor: true }), run({}), run({ name: 'reports', failed: 2 })],
      samples: 100,
      durationS: 3,
      connections: 32,
    });
    expect(checks.map((check) => [check.name, check.pass, check.value])).toEqual([
      ['dashboard comments p95', true, 20],
      ['dashboard reports p95', false, 20],
    ]);
    expect(dashboardChecks(null)).toEqual([]);
  });
});

describe('dashboard options', () => {
  it('grows 10,000 posts on PGlite and 100,000 posts with 1,000,000 comments on PostgreSQL', () => {
    const pglite = parseOptions(['--only', 'dashboard']);
    const postgres = parseOptions([
      '--only',
      'dashboard',
      '--database-url',
      'postgres://postgres@127.0.0.1:5432/inkwell_bench_big',
    ]);
    if (pglite === 'help' || postgres === 'help') throw new Error('no help asked');
    expect(pglite.databaseUrl).toBeNull();
    expect(pglite.dashboardScale).toMatchObject({ posts: 10_000, comments: 100_000 });
    // Only the dashboard: a small seed that the group grows with a spread of statuses.
    expect(pglite.posts).toBe(2000);
    expect(postgres.dashboardScale).toMatchObject({ posts: 100_000, comments: 1_000_000 });
    expect(postgres.keepDatabase).toBe(false);
  });

  it('keeps the seed of the other scenarios when they run too', () => {
    const options = parseOptions(['--only', 'feed,dashboard']);
    if (options === 'help') throw new Error('no help asked');
    expect(options.posts).toBe(10_000);
  });

  it('refuses a database URL that is not PostgreSQL', () => {
    expect(() => parseOptions(['--database-url', 'mysql://x/y'])).toThrow(/postgres:\/\//);
  });
});
