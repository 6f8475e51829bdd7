/**
 * The load runs' problems: failed requests by status, and a visitor's page run the page cache did
 * not answer (its req/s would be renders, not the cached page's).
 */
import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load';
import { loadProblems } from './report';

function run(overrides: Partial<LoadResult>): LoadResult {
  return {
    scenario: 'category',
    path: '/blog/category/travel',
    audience: 'visitor',
    pageCache: 'hit',
    requestsPerSecond: 3000,
    totalRequests: 30_000,
    latencyMs: { p50: 2, p90: 4, p99: 9, max: 30, average: 2.5 },
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: { '200': 30_000 },
    durationS: 10,
    members: null,
    ...overrides,
  };
}

describe('loadProblems', () => {
  it('finds nothing wrong with a cached visitor page, a member overlay or the API', () => {
    expect(
      loadProblems([
        run({}),
        run({ audience: 'member', pageCache: 'overlay', members: ['Ann'] }),
        run({ path: '/api/posts?page=2', pageCache: null }),
      ]),
    ).toEqual([]);
  });

  it('names a visitor page the page cache did not answer', () => {
    expect(loadProblems([run({ pageCache: 'miss', requestsPerSecond: 12 })])).toEqual([
      '/blog/category/travel as visitor: not from the page cache (x-page-cache: miss), every request rendered',
    ]);
    // A member's page is never a cache hit: not a problem.
    expect(loadProblems([run({ audience: 'member', pageCache: 'bypass' })])).toEqual([]);
  });

  it('lists failed requests by status, a 404 with its hint', () => {
    expect(loadProblems([run({ non2xx: 5, statusCodes: { '200': 10, '404': 5 } })])).toEqual([
      '/blog/category/travel as visitor: 5× HTTP 404 (a 404 means the URL is wrong)',
    ]);
  });
});
