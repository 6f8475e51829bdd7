/**
 * The `dashboard` group (issue 17 "Speed"): the dashboard's lists, each asked as the member who
 * would ask (an editor; a writer for their own posts), on the grown blog of dashboard-seed.ts.
 *
 * Per scenario: one request at a time (keep-alive, 127.0.0.1) for the single-request latencies
 * the target is checked on (median, p95, max), then autocannon for req/s. Server time is taken
 * from a `Server-Timing: total;dur=` header when the server sends one, else it is the client's
 * time on loopback (an upper bound: it includes the HTTP round trip, which the `/healthz`
 * floor row shows).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import type { DashboardData } from './dashboard-seed';
import type { Check } from './report';

/** The `--only` name of this group. */
export const DASHBOARD_GROUP = 'dashboard';

/** Issue 17: "Dashboard list pages answer in under 100 ms of server time". */
export const DASHBOARD_TARGET = { p95Ms: 100 } as const;

/** The test-only header naming the member a request acts as (the server runs with test routes). */
const TEST_MEMBER_HEADER = 'x-inkwell-test-member';

/** One dashboard list under measurement (the analytics group measures its own the same way). */
export interface DashboardScenario {
  name: string;
  /** Paths to try, first that answers 200 is measured (the APIs' names may still move). */
  candidates: string[];
  /** Who asks: the editor, or the writer for "writers see their own". */
  as: 'editor' | 'writer';
  /** Follow `nextCursor` this many pages before measuring (a deep keyset page). */
  followCursor?: number;
  /** The floor row: not a dashboard list, no target. */
  isFloor?: boolean;
}

/** What one scenario gave. */
export interface DashboardRun {
  name: string;
  as: string;
  /** The path measured, or null when no candidate answered 200. */
  path: string | null;
  /** Why nothing was measured (each candidate's status), when path is null. */
  missing: string | null;
  /** Single requests, one at a time. */
  samples: number;
  latencyMs: { median: number; p95: number; max: number } | null;
  /** Whether the figures come from the server's `Server-Timing` header or the client's clock. */
  timing: 'server-timing' | 'client';
  /** Rows the answer carried (its first array), to show the list was not empty. */
  rows: number | null;
  requestsPerSecond: number | null;
  failed: number;
  isFloor: boolean;
}

export interface DashboardResults {
  data: DashboardData;
  runs: DashboardRun[];
  /** Single requests per scenario and seconds of the req/s run. */
  samples: number;
  durationS: number;
  connections: number;
}

function headersFor(actorId: string | null): Record<string, string> {
  return {
    accept: 'application/json,text/html;q=0.9',
    'accept-encoding': 'gzip, deflate, br, zstd',
    ...(actorId ? { [TEST_MEMBER_HEADER]: actorId } : {}),
  };
}

/** The list scenarios, with the grown blog's real ids. */
function scenariosOf(data: DashboardData): DashboardScenario[] {
  const { categoryId, smallCategoryId, postId, commenterId } = data.picks;
  const api = '/api/dashboard';
  return [
    { name: 'floor: /healthz', candidates: ['/healthz'], as: 'editor', isFloor: true },
    { name: 'posts published', candidates: [`${api}/posts?status=published`], as: 'editor' },
    {
      name: 'posts published in category',
      candidates: [`${api}/posts?status=published&category=${categoryId}`],
      as: 'editor',
    },
    {
      name: 'posts published in smallest category',
      candidates: [`${api}/posts?status=published&category=${smallCategoryId}`],
      as: 'editor',
    },
    {
      name: 'posts in category, page 6',
      candidates: [`${api}/posts?status=published&category=${categoryId}`],
      as: 'editor',
      followCursor: 5,
    },
    { name: 'posts drafts', candidates: [`${api}/posts?status=drafts`], as: 'editor' },
    { name: 'posts in review', candidates: [`${api}/posts?status=in_review`], as: 'editor' },
    { name: 'posts trash', candidates: [`${api}/posts?status=trash`], as: 'editor' },
    {
      name: 'posts by views',
      candidates: [`${api}/posts?status=published&sort=views`],
      as: 'editor',
    },
    {
      name: 'posts search "coffee"',
      candidates: [`${api}/posts?status=published&q=coffee`],
      as: 'editor',
    },
    { name: "posts, writer's own", candidates: [`${api}/posts?status=published`], as: 'writer' },
    { name: 'comments', candidates: [`${api}/comments`], as: 'editor' },
    { name: 'comments, page 6', candidates: [`${api}/comments`], as: 'editor', followCursor: 5 },
    { name: 'comments pending', candidates: [`${api}/comments?status=pending`], as: 'editor' },
    { name: 'comments of a post', candidates: [`${api}/comments?post=${postId}`], as: 'editor' },
    {
      name: 'comments of a member',
      candidates: [`${api}/comments?member=${commenterId}`],
      as: 'editor',
    },
    {
      name: 'reports queue',
      candidates: [`${api}/reports`, '/api/moderation/reports?status=open'],
      as: 'editor',
    },
    {
      name: 'page /dashboard/posts',
      candidates: ['/dashboard/posts?status=published'],
      as: 'editor',
    },
    { name: 'page /dashboard/comments', candidates: ['/dashboard/comments'], as: 'editor' },
    { name: 'page /dashboard/reports', candidates: ['/dashboard/reports'], as: 'editor' },
  ];
}

/** `Server-Timing: total;dur=12.3` (or the first metric with a dur) in ms, if sent. */
function serverTimingMs(header: string | null): number | null {
  if (!header) return null;
  const metrics = header.split(',').map((m) => m.trim());
  const total = metrics.find((m) => m.startsWith('total')) ?? metrics[0];
  const match = /dur=([\d.]+)/.exec(total ?? '');
  return match ? Number(match[1]) : null;
}

/** The length of the first array in a JSON answer (posts, comments, reports, ...). */
function rowCount(body: unknown): number | null {
  if (Array.isArray(body)) return body.length;
  if (body && typeof body === 'object') {
    for (const value of Object.values(body)) if (Array.isArray(value)) return value.length;
  }
  return null;
}

/** One timed request: status, ms (server's when it says, client's otherwise), the body. */
async function timed(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const text = await response.text();
  const clientMs = performance.now() - started;
  const serverMs = serverTimingMs(response.headers.get('server-timing'));
  let body: unknown = null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  return { status: response.status, ms: serverMs ?? clientMs, serverMs, body };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The path of the page `pages` cursors after `path`'s first, or null when the list ends. */
async function followCursor(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  pages: number,
): Promise<string | null> {
  let current = path;
  for (let i = 0; i < pages; i++) {
    const answer = await timed(`${baseUrl}${current}`, headers);
    const cursor = (answer.body as { nextCursor?: unknown } | null)?.nextCursor;
    if (typeof cursor !== 'string' || cursor === '') return null;
    const url = new URL(current, baseUrl);
    url.searchParams.set('cursor', cursor);
    current = `${url.pathname}${url.search}`;
  }
  return current;
}

/** Measures one scenario (the members and analytics groups' too). */
export async function runScenario(
  baseUrl: string,
  scenario: DashboardScenario,
  actorId: string | null,
  options: { samples: number; durationS: number; connections: number },
): Promise<DashboardRun> {
  const headers = headersFor(actorId);
  const base: DashboardRun = {
    name: scenario.name,
    as: scenario.as,
    path: null,
    missing: null,
    samples: 0,
    latencyMs: null,
    timing: 'client',
    rows: null,
    requestsPerSecond: null,
    failed: 0,
    isFloor: scenario.isFloor === true,
  };
  const tried: string[] = [];
  let path: string | null = null;
  for (const candidate of scenario.candidates) {
    // A 503 right after the previous scenario's load is its backlog (requests that waited past
    // the pool's connect timeout), not this path's answer: let the server settle first.
    let answer = await timed(`${baseUrl}${candidate}`, headers);
    for (let retry = 0; answer.status === 503 && retry < 20; retry++) {
      await sleep(500);
      answer = await timed(`${baseUrl}${candidate}`, headers);
    }
    if (answer.status === 200) {
      path = candidate;
      break;
    }
    tried.push(`${candidate} → ${answer.status}`);
  }
  if (path === null) return { ...base, missing: tried.join('; ') };
  if (scenario.followCursor) {
    const deep = await followCursor(baseUrl, path, headers, scenario.followCursor);
    if (deep === null) {
      return { ...base, missing: `${path}: no nextCursor within ${scenario.followCursor} pages` };
    }
    path = deep;
  }
  const url = `${baseUrl}${path}`;
  // Warm-up: the first requests pay for connections, JIT and cold caches.
  for (let i = 0; i < 10; i++) await timed(url, headers);
  const times: number[] = [];
  let failed = 0;
  let rows: number | null = null;
  let fromServer = true;
  for (let i = 0; i < options.samples; i++) {
    const answer = await timed(url, headers);
    if (answer.status !== 200) failed++;
    if (answer.serverMs === null) fromServer = false;
    times.push(answer.ms);
    if (i === 0) rows = rowCount(answer.body);
  }
  times.sort((a, b) => a - b);
  const load = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.durationS,
    timeout: 10,
  });
  return {
    ...base,
    path,
    samples: times.length,
    latencyMs: {
      median: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      max: round(times.at(-1)!),
    },
    timing: fromServer ? 'server-timing' : 'client',
    rows,
    requestsPerSecond: load.requests.average,
    failed: failed + load.errors + load.non2xx,
  };
}

/** Runs every dashboard scenario against the server at `baseUrl`. */
export async function runDashboardGroup(
  baseUrl: string,
  data: DashboardData,
  options: { samples: number; durationS: number; connections: number },
  onRun: (run: DashboardRun) => void,
): Promise<DashboardResults> {
  if (!data.picks.editorId) throw new Error('The grown blog has no editor to ask as');
  const runs: DashboardRun[] = [];
  for (const scenario of scenariosOf(data)) {
    const actorId = scenario.as === 'writer' ? data.picks.writerId : data.picks.editorId;
    const run = await runScenario(baseUrl, scenario, actorId, options);
    onRun(run);
    runs.push(run);
  }
  return {
    data,
    runs,
    samples: options.samples,
    durationS: options.durationS,
    connections: options.connections,
  };
}

/** A dashboard run's verdict: measured, no failures, p95 under the target. */
export function dashboardRunPasses(run: DashboardRun): boolean {
  return run.latencyMs !== null && run.failed === 0 && run.latencyMs.p95 < DASHBOARD_TARGET.p95Ms;
}

/** The checks the summary line counts: one per dashboard list (the floor has none). */
export function dashboardChecks(results: DashboardResults | null): Check[] {
  if (!results) return [];
  return results.runs
    .filter((run) => !run.isFloor)
    .map((run) => ({
      name: `dashboard ${run.name} p95`,
      value: run.latencyMs?.p95 ?? null,
      unit: 'ms',
      target: `< ${DASHBOARD_TARGET.p95Ms} ms`,
      pass: dashboardRunPasses(run),
    }));
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** The group's own table, printed under the main one. */
export function renderDashboardTable(results: DashboardResults): string {
  const { data } = results;
  const statuses = (o: Record<string, number>) =>
    Object.entries(o)
      .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
      .join(', ');
  const lines = [
    `Dashboard lists: ${data.posts.toLocaleString('en-US')} posts (${statuses(data.postsByStatus)}), ` +
      `${data.comments.toLocaleString('en-US')} comments (${statuses(data.commentsByStatus)}), ` +
      `${data.openReports.toLocaleString('en-US')} open reports, ${data.members.toLocaleString('en-US')} members, ` +
      `${data.categories} categories, ${data.tags} tags (grown in ${data.seconds.toFixed(0)} s)`,
    `${results.samples} single requests each (one at a time, after 10 warm-up) for median/p95/max; ` +
      `req/s from ${results.durationS} s at ${results.connections} connections`,
    '',
  ];
  const header = [
    'Dashboard list',
    'As',
    'Rows',
    'median',
    'p95',
    'max',
    'req/s',
    'Failed',
    'Result',
  ];
  const body = results.runs.map((run) => [
    run.name,
    run.as,
    run.rows === null ? '-' : String(run.rows),
    run.latencyMs ? `${run.latencyMs.median} ms` : '-',
    run.latencyMs ? `${run.latencyMs.p95} ms` : '-',
    run.latencyMs ? `${run.latencyMs.max} ms` : '-',
    run.requestsPerSecond === null ? '-' : String(Math.round(run.requestsPerSecond)),
    String(run.failed),
    run.isFloor
      ? '(floor)'
      : run.latencyMs === null
        ? 'MISSING'
        : dashboardRunPasses(run)
          ? 'PASS'
          : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const right = new Set([2, 3, 4, 5, 6, 7]);
  const format = (row: string[]) =>
    row.map((cell, i) => pad(cell, widths[i]!, right.has(i))).join('  ');
  lines.push(format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(format));
  const timing = results.runs.some((r) => r.timing === 'server-timing')
    ? 'times from the Server-Timing header where sent (else client time on 127.0.0.1)'
    : 'times are client time on 127.0.0.1 (no Server-Timing header): server time plus the round trip the floor row shows';
  lines.push('', `Target: p95 < ${DASHBOARD_TARGET.p95Ms} ms; ${timing}.`);
  for (const run of results.runs.filter((r) => r.missing)) {
    lines.push(`  MISSING ${run.name}: ${run.missing}`);
  }
  for (const run of results.runs.filter((r) => r.path)) {
    lines.push(`  ${run.name}: ${run.path}`);
  }
  return lines.join('\n');
}
