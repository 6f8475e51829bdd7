/**
 * The like storm (issue 15; decision 030): visitors read the feed and a post, each page followed
 * by its reader-state overlay request as the page's script makes it, while new visitors like
 * posts at 50 per second (each like by a visitor of its own, minting their id, as a storm of
 * readers would). Measures how much of the page load the visitors' page cache still serves (the
 * `x-page-cache` header of every page answer), the req/s of pages and overlays, and, once the
 * storm stops, how long a new visitor's overlay takes to show the last like's count.
 */
import autocannon from 'autocannon';
import { READER_STATE_PATH } from '../src/domain/reader-state';

/** The `--only` name of the group. */
export const LIKE_STORM_GROUP = 'likes';

/** Issue 15's figures: likes arriving, share of pages the cache serves, counts' catch-up. */
export const LIKE_STORM_TARGET = {
  likesPerSecond: 50,
  minPageCacheHitRate: 0.9,
  maxCatchUpMs: 10_000,
} as const;

/** What one like storm measured. */
export interface LikeStormResult {
  feedPath: string;
  postPath: string;
  durationS: number;
  /** Likes answered during the measured run (`ok` with a count), and their rate. */
  likes: { sent: number; ok: number; failed: number; perSecond: number };
  pages: {
    requests: number;
    hits: number;
    misses: number;
    /** Answers with another `x-page-cache` (bypass) or none. */
    others: number;
    hitRate: number;
    requestsPerSecond: number;
  };
  overlays: { requests: number; requestsPerSecond: number };
  /** All requests of the run (pages and overlays): autocannon's figures. */
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  /** ms from the storm's end until a new visitor's overlay showed the last like's count. */
  catchUpMs: number | null;
}

const BROWSER_HEADERS = {
  accept: 'text/html,application/json;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

/** The post ids of a page's like buttons, as the page's script asks for them. */
async function likedPostIdsOf(baseUrl: string, path: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  const ids = [...html.matchAll(/data-action-key="like:post:([0-9a-f-]{36})"/g)].map((m) => m[1]!);
  return [...new Set(ids)];
}

/** The overlay request a page makes for these posts. */
function overlayPath(postIds: string[]): string {
  return `${READER_STATE_PATH}?${new URLSearchParams({ posts: postIds.join(','), comments: '' })}`;
}

/**
 * Sends likes at `perSecond` from new visitors (no cookie: each mints an id), round-robin over
 * `postIds`, until stopped: autocannon at an overall rate, on connections of its own. A server
 * that cannot keep up gets fewer (the run reports the rate it really took).
 */
function startLikes(baseUrl: string, postIds: string[], perSecond: number) {
  // `sent` counts answered likes: autocannon tells of answers, not of requests sent.
  const state = { sent: 0, ok: 0, failed: 0, lastCount: new Map<string, number>() };
  const onLike = (postId: string) => (status: number, body: string) => {
    state.sent += 1;
    const count = status === 200 ? (JSON.parse(body) as { likeCount?: number }).likeCount : null;
    if (typeof count !== 'number') {
      state.failed += 1;
      return;
    }
    state.ok += 1;
    state.lastCount.set(postId, Math.max(state.lastCount.get(postId) ?? 0, count));
  };
  const instance = autocannon({
    url: baseUrl,
    connections: 10,
    overallRate: perSecond,
    // Longer than any run: stopped by `stop()`.
    duration: 3600,
    timeout: 10,
    requests: postIds.map((postId) => ({
      method: 'PUT',
      path: `/api/posts/${postId}/like`,
      onResponse: onLike(postId),
    })),
  });
  const done = new Promise<void>((resolve) => instance.on('done', () => resolve()));
  return {
    state,
    async stop() {
      instance.stop();
      await done;
    },
  };
}

/** Polls a new visitor's overlay (every 50 ms, up to 15 s) until it shows `count`; the ms it took. */
async function catchUp(baseUrl: string, postId: string, count: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < 15_000) {
    const response = await fetch(`${baseUrl}${overlayPath([postId])}`);
    const body = (await response.json()) as { posts: Record<string, { likeCount: number }> };
    if ((body.posts[postId]?.likeCount ?? -1) >= count) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/**
 * One like storm: a warm-up, then `duration` seconds of pages and overlays under 50 likes/s, then
 * the counts' catch-up.
 */
export async function runLikeStorm(
  baseUrl: string,
  paths: { feed: string; post: string },
  options: { connections: number; duration: number; warmup: number; likesPerSecond?: number },
): Promise<LikeStormResult> {
  const likesPerSecond = options.likesPerSecond ?? LIKE_STORM_TARGET.likesPerSecond;
  const feedIds = await likedPostIdsOf(baseUrl, paths.feed);
  const postIds = await likedPostIdsOf(baseUrl, paths.post);
  const likedIds = [...new Set([...postIds, ...feedIds])];
  if (likedIds.length === 0) throw new Error('The feed and the post page show no like button');
  const counts = { hit: 0, miss: 0, other: 0, overlays: 0 };
  const countPage = (
    _status: number,
    _body: string,
    _context: unknown,
    headers: Record<string, string>,
  ) => {
    const cache = headers['x-page-cache'];
    if (cache === 'hit') counts.hit += 1;
    else if (cache === 'miss') counts.miss += 1;
    else counts.other += 1;
  };
  const countOverlay = () => {
    counts.overlays += 1;
  };
  // Each connection reads like a browser: a page, then its overlay.
  const requests = [
    { method: 'GET', path: paths.feed, onResponse: countPage },
    { method: 'GET', path: overlayPath(feedIds), onResponse: countOverlay },
    { method: 'GET', path: paths.post, onResponse: countPage },
    { method: 'GET', path: overlayPath(postIds), onResponse: countOverlay },
  ];
  const run = (duration: number) =>
    autocannon({
      url: baseUrl,
      headers: BROWSER_HEADERS,
      connections: options.connections,
      duration,
      timeout: 10,
      requests,
    });
  const likes = startLikes(baseUrl, likedIds, likesPerSecond);
  await run(options.warmup);
  const likesBefore = { ...likes.state };
  Object.assign(counts, { hit: 0, miss: 0, other: 0, overlays: 0 });
  const result = await run(options.duration);
  const likesDuring = {
    sent: likes.state.sent - likesBefore.sent,
    ok: likes.state.ok - likesBefore.ok,
    failed: likes.state.failed - likesBefore.failed,
  };
  await likes.stop();
  const watched = postIds[0] ?? likedIds[0]!;
  const finalCount = likes.state.lastCount.get(watched);
  const catchUpMs = finalCount === undefined ? null : await catchUp(baseUrl, watched, finalCount);
  const pageRequests = counts.hit + counts.miss + counts.other;
  return {
    feedPath: paths.feed,
    postPath: paths.post,
    durationS: result.duration,
    likes: { ...likesDuring, perSecond: likesDuring.sent / result.duration },
    pages: {
      requests: pageRequests,
      hits: counts.hit,
      misses: counts.miss,
      others: counts.other,
      hitRate: pageRequests === 0 ? 0 : counts.hit / pageRequests,
      requestsPerSecond: pageRequests / result.duration,
    },
    overlays: { requests: counts.overlays, requestsPerSecond: counts.overlays / result.duration },
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    catchUpMs,
  };
}
