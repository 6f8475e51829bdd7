/**
 * Load runs: autocannon in this process against the server child, one warm-up and one measured
 * run per scenario, as a visitor and as members (real sessions of seeded members, rotating from
 * one request to the next; see sessions.ts).
 */
import autocannon, { type Result } from 'autocannon';
import { checkMembersPages, type MemberSession } from './sessions';

/**
 * What Chrome sends (its Accept-Encoding on HTTPS and localhost); the server compresses pages with
 * Brotli for it, gzip for clients that accept only that.
 */
const BROWSER_HEADERS = {
  accept: 'text/html,application/json;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
} as const;

export type Audience = 'visitor' | 'member';

/** One URL under load. */
export interface Scenario {
  /** Short name in the table, e.g. "feed". */
  name: string;
  path: string;
  /**
   * Extra request headers of this scenario (e.g. a phone's `user-agent`), sent by the warm-up,
   * the probe and the measured run on top of the audience's headers.
   */
  headers?: Record<string, string>;
}

/** The figures of one measured run. */
export interface LoadResult {
  scenario: string;
  path: string;
  audience: Audience;
  /** What `x-page-cache` said to a probe request just before the measured run. */
  pageCache: string | null;
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  durationS: number;
  /** The members whose sessions the run rotated through (null for a visitor's run). */
  members: string[] | null;
}

/** A visitor's request headers (a browser's). */
export function visitorHeaders(): Record<string, string> {
  return { ...BROWSER_HEADERS };
}

/** A member's request headers: a browser's with their session cookie. */
export function memberHeaders(member: MemberSession): Record<string, string> {
  return { ...BROWSER_HEADERS, cookie: member.cookie };
}

/**
 * The request headers of each reader of a run: one set for a visitor, one per member (whose
 * requests the run takes in turn).
 */
function readerHeaders(audience: Audience, members: MemberSession[]): Record<string, string>[] {
  if (audience === 'visitor') return [visitorHeaders()];
  if (members.length === 0) throw new Error('A member run needs signed-in members');
  return members.map(memberHeaders);
}

/** Runs autocannon once, each connection sending the readers' requests in turn. */
async function cannon(
  url: string,
  readers: Record<string, string>[],
  connections: number,
  duration: number,
): Promise<Result> {
  const path = new URL(url).pathname + new URL(url).search;
  const requests = readers.map((headers) => ({ method: 'GET', path, headers }));
  return await autocannon({ url, requests, connections, duration, timeout: 10 });
}

/** What the page cache says to one request with these headers (null for the API). */
async function probePageCache(
  url: string,
  headers: Record<string, string>,
): Promise<string | null> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return response.headers.get('x-page-cache');
}

/**
 * Warms up, then measures one scenario for one audience. A member run first checks that the page
 * is each member's own (sessions.ts `checkMembersPages`) and throws when it is not.
 */
export async function measure(
  baseUrl: string,
  scenario: Scenario,
  audience: Audience,
  options: { connections: number; duration: number; warmup: number },
  members: MemberSession[] = [],
): Promise<LoadResult> {
  if (audience === 'member') {
    await checkMembersPages(baseUrl, scenario.path, members, {
      ...BROWSER_HEADERS,
      ...scenario.headers,
    });
  }
  const readers = readerHeaders(audience, members);
  const names = audience === 'member' ? members.map((member) => member.name) : null;
  return await measureReaders(baseUrl, scenario, audience, readers, options, names);
}

/**
 * Warms up, then measures one scenario with these readers' headers (each connection sends their
 * requests in turn); the caller has checked what their pages show. `members` names them in the
 * result (null for a visitor's run). `npm run bench:peers` loads Ghost and WordPress with it.
 */
export async function measureReaders(
  baseUrl: string,
  scenario: Scenario,
  audience: Audience,
  readerHeaderSets: Record<string, string>[],
  options: { connections: number; duration: number; warmup: number },
  members: string[] | null,
): Promise<LoadResult> {
  const url = `${baseUrl}${scenario.path}`;
  const readers = readerHeaderSets.map((headers) => ({ ...headers, ...scenario.headers }));
  await cannon(url, readers, options.connections, options.warmup);
  const pageCache = await probePageCache(url, readers[0]!);
  const result = await cannon(url, readers, options.connections, options.duration);
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  return {
    scenario: scenario.name,
    path: scenario.path,
    audience,
    pageCache,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      average: result.latency.average,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    durationS: result.duration,
    members,
  };
}
