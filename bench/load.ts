/**
 * Load runs: autocannon in this process against the server child, one warm-up and one measured
 * run per scenario, as a visitor and as a member (session cookie, page cache bypassed).
 */
import autocannon, { type Result } from 'autocannon';

/** The session cookie that makes the server skip its visitor page cache. */
export const MEMBER_COOKIE = 'inkwell_session=bench';

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
}

/** The request headers of an audience. */
export function headersFor(audience: Audience): Record<string, string> {
  return audience === 'member'
    ? { ...BROWSER_HEADERS, cookie: MEMBER_COOKIE }
    : { ...BROWSER_HEADERS };
}

/** Runs autocannon once and returns its aggregated result. */
async function cannon(
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
): Promise<Result> {
  return await autocannon({ url, headers, connections, duration, timeout: 10 });
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

/** Warms up, then measures one scenario for one audience. */
export async function measure(
  baseUrl: string,
  scenario: Scenario,
  audience: Audience,
  options: { connections: number; duration: number; warmup: number },
): Promise<LoadResult> {
  const url = `${baseUrl}${scenario.path}`;
  const headers = { ...headersFor(audience), ...scenario.headers };
  await cannon(url, headers, options.connections, options.warmup);
  const pageCache = await probePageCache(url, headers);
  const result = await cannon(url, headers, options.connections, options.duration);
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
  };
}
