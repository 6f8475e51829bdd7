/**
 * The `sitemap` group (issue 19 "a 100,000-post blog's index answers in under 50 ms from
 * cache"; decision 049): on a blog grown to 100,000 posts (dashboard-seed.ts, statuses mixed), the
 * first `/sitemap.xml` (the cold build: chunk boundaries, each chunk's count and newest change,
 * and the small lists), then single requests of the cached index one at a time (median, p95,
 * max), and the first posts chunk cold and then from its cache. Client times on loopback (an
 * upper bound of the server's: they include the HTTP round trip).
 */
import type { Check } from './report';

/** The `--only` name of this group. */
export const SITEMAP_GROUP = 'sitemap';

/** Posts the group's blog is grown to. */
export const SITEMAP_SCALE_POSTS = 100_000;

/** Issue 19: the index from cache under 50 ms. */
export const SITEMAP_TARGET = { cachedIndexP95Ms: 50 } as const;

/** What the group measured. */
export interface SitemapResults {
  posts: number;
  /** The index's first answer after start (built from the database). */
  coldIndexMs: number;
  /** The index from cache, one request at a time. */
  cachedIndex: { samples: number; medianMs: number; p95Ms: number; maxMs: number };
  /** `<sitemap>` entries of the index and the URLs and bytes of the first posts chunk. */
  children: number;
  postsChunk: { urls: number; bytes: number; coldMs: number; cachedMedianMs: number };
  /** An unchanged index answered 304 (If-None-Match), median ms. */
  notModifiedMedianMs: number;
}

async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 && response.status !== 304) {
    throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
  }
  return { ms, body, etag: response.headers.get('etag') ?? '' };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const round = (n: number) => Math.round(n * 10) / 10;

async function samplesOf(url: string, count: number, headers: Record<string, string> = {}) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push((await timed(url, headers)).ms);
  return times.sort((a, b) => a - b);
}

/** Runs the group against a server whose cache has not seen the sitemaps yet. */
export async function runSitemapGroup(
  baseUrl: string,
  options: { samples: number; posts: number },
): Promise<SitemapResults> {
  const index = `${baseUrl}/sitemap.xml`;
  const cold = await timed(index);
  const cached = await samplesOf(index, options.samples);
  const notModified = await samplesOf(index, Math.min(options.samples, 50), {
    'if-none-match': cold.etag,
  });
  const chunkUrl = `${baseUrl}/sitemaps/posts-1.xml`;
  const chunkCold = await timed(chunkUrl);
  const chunkCached = await samplesOf(chunkUrl, 5);
  return {
    posts: options.posts,
    coldIndexMs: round(cold.ms),
    cachedIndex: {
      samples: cached.length,
      medianMs: round(percentile(cached, 50)),
      p95Ms: round(percentile(cached, 95)),
      maxMs: round(cached.at(-1) ?? Number.NaN),
    },
    children: cold.body.match(/<sitemap>/g)?.length ?? 0,
    postsChunk: {
      urls: chunkCold.body.match(/<url>/g)?.length ?? 0,
      bytes: Buffer.byteLength(chunkCold.body),
      coldMs: round(chunkCold.ms),
      cachedMedianMs: round(percentile(chunkCached, 50)),
    },
    notModifiedMedianMs: round(percentile(notModified, 50)),
  };
}

/** The group's lines for the report. */
export function renderSitemapTable(results: SitemapResults): string {
  const { cachedIndex: index, postsChunk: chunk } = results;
  const pass = index.p95Ms < SITEMAP_TARGET.cachedIndexP95Ms;
  return [
    `Sitemaps on a ${results.posts.toLocaleString('en-US')}-post blog (client ms on loopback):`,
    `  /sitemap.xml cold build        ${results.coldIndexMs} ms (${results.children} children)`,
    `  /sitemap.xml from cache        median ${index.medianMs} ms, p95 ${index.p95Ms} ms, ` +
      `max ${index.maxMs} ms over ${index.samples} requests ` +
      `(target p95 < ${SITEMAP_TARGET.cachedIndexP95Ms} ms: ${pass ? 'met' : 'MISSED'})`,
    `  /sitemap.xml 304               median ${results.notModifiedMedianMs} ms`,
    `  /sitemaps/posts-1.xml cold     ${chunk.coldMs} ms (${chunk.urls.toLocaleString('en-US')} URLs, ` +
      `${(chunk.bytes / 1024 / 1024).toFixed(1)} MiB)`,
    `  /sitemaps/posts-1.xml cached   median ${chunk.cachedMedianMs} ms`,
  ].join('\n');
}

/** The group's target as a check of the run's results. */
export function sitemapChecks(results: SitemapResults | null): Check[] {
  if (!results) return [];
  const value = results.cachedIndex.p95Ms;
  return [
    {
      name: 'sitemap index from cache p95',
      value,
      unit: 'ms',
      target: `< ${SITEMAP_TARGET.cachedIndexP95Ms} ms`,
      pass: value < SITEMAP_TARGET.cachedIndexP95Ms,
    },
  ];
}
