/**
 * View counts (issue 6; decision 020). A post's page records a view after its response has gone
 * (the page never waits for it); views wait in memory and are written in batches: one statement
 * inserts the day's new (post, viewer) pairs into `post_views` (`on conflict do nothing`, so a
 * viewer counts once a day) and adds what was really inserted to each post's `view_count`. The
 * post's own author is never counted, and neither are known bots (`isViewCounted`).
 *
 * Counting does not bump the site's generation (decision 002): feeds show counts up to a minute
 * old. Rows of past days dedupe nothing and are swept.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { growingUpTo } from '../cache/growing-lru.server';
import type { Database } from '../db/connection.server';
import { analyticsSiteReaders, postViews } from '../db/schema.server';

/** One view of a post's page. */
export interface PostView {
  siteId: string;
  postId: string;
  /** Who viewed it (see `viewerKeyOf`). */
  viewerKey: string;
  /** The viewer's member id, so that the post's author is not counted; null for a visitor. */
  memberId: string | null;
}

/** Views in one statement at most (each is four parameters). */
const BATCH_MAX = 2000;
/** Views waiting before a write starts early. */
const PENDING_MAX = 5000;
/** How long views wait for company before they are written. */
const FLUSH_DELAY_MS = 2000;
/** Viewers of today remembered in memory, so that a reload is not even queued again. */
const SEEN_MAX = 100_000;
/** Past days' rows go hourly. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Whether a request's view counts: a GET of a browser, not a known bot (isbot's user-agent
 * list; no user agent at all is no browser either), not a prefetch.
 */
export function isViewCounted(headers: Record<string, string | string[] | undefined>): boolean {
  const agent = headers['user-agent'];
  if (typeof agent !== 'string' || agent === '' || isbot(agent)) return false;
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-purpose'];
  return !(typeof purpose === 'string' && /prefetch|prerender/i.test(purpose));
}

// Cookie-less visitors are told apart by address and browser, kept only as a keyed hash: the key
// lives in this process, so the table never holds anything that leads back to an address. A
// restart may count such a visitor once more on the same day.
const ANONYMOUS_KEY = randomBytes(32);

/**
 * Who a view is counted for: a member as themselves, a visitor by their visitor id, and a
 * visitor without one by a keyed hash of their address and user agent.
 */
export function viewerKeyOf(viewer: {
  memberId: string | null;
  visitorId: string | null;
  address: string;
  userAgent: string;
}): string {
  if (viewer.memberId) return `m:${viewer.memberId}`;
  if (viewer.visitorId) return `v:${viewer.visitorId}`;
  const hash = createHmac('sha256', ANONYMOUS_KEY)
    .update(`${viewer.address}\u0000${viewer.userAgent}`)
    .digest('base64url')
    .slice(0, 22);
  return `a:${hash}`;
}

export interface ViewCounterDeps {
  db: Database;
  now?: () => Date;
  /** How long views wait before they are written (tests write at once with `flush`). */
  flushDelayMs?: number;
  log?: { error(error: unknown, message: string): void };
}

/** The UTC date of a moment, as `post_views.day` stores it. */
function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** Builds the view counter. `record` never waits and never throws. */
export function createViewCounter({
  db,
  now = () => new Date(),
  flushDelayMs = FLUSH_DELAY_MS,
  log,
}: ViewCounterDeps) {
  let pending = new Map<string, PostView & { day: string }>();
  const seen = new LRUCache<string, true>(growingUpTo(SEEN_MAX));
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<number> = Promise.resolve(0);

  /** Queues a view; it is written within `flushDelayMs`. */
  function record(view: PostView): void {
    const day = dayOf(now());
    const key = `${view.siteId}|${view.postId}|${day}|${view.viewerKey}`;
    if (seen.has(key) || pending.has(key)) return;
    pending.set(key, { ...view, day });
    if (pending.size >= PENDING_MAX) void flush();
    else timer ??= setTimeout(() => void flush(), flushDelayMs).unref();
  }

  /** Writes one batch; returns how many views it counted. */
  async function write(batch: (PostView & { day: string })[]): Promise<number> {
    const values = sql.join(
      batch.map(
        (v) => sql`(${v.siteId}::uuid, ${v.postId}::uuid, ${v.day}::date, ${v.viewerKey},
          ${v.memberId}::uuid)`,
      ),
      sql`, `,
    );
    const result = await db.execute<{ n: number }>(sql`
      with v (site_id, post_id, day, viewer_key, member_id) as (values ${values}),
      counted as (
        insert into post_views (site_id, post_id, day, viewer_key)
        select v.site_id, v.post_id, v.day, v.viewer_key
        from v join posts p on p.site_id = v.site_id and p.id = v.post_id
        where p.status = 'published' and p.owner_id is distinct from v.member_id
        on conflict do nothing
        returning site_id, post_id
      ),
      per_post as (
        select site_id, post_id, count(*)::int as n from counted group by site_id, post_id
      )
      update posts p set view_count = p.view_count + per_post.n
      from per_post
      where p.site_id = per_post.site_id and p.id = per_post.post_id
      returning per_post.n`);
    return (result as unknown as { rows: { n: number }[] }).rows.reduce((sum, r) => sum + r.n, 0);
  }

  /** Writes every waiting view now; returns how many were counted. */
  function flush(): Promise<number> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const views = [...pending.entries()];
    pending = new Map();
    if (views.length === 0) return writing;
    // One write at a time: batches in order, and a burst never holds many connections.
    writing = writing.then(async () => {
      let counted = 0;
      for (let i = 0; i < views.length; i += BATCH_MAX) {
        const batch = views.slice(i, i + BATCH_MAX);
        try {
          counted += await write(batch.map(([, view]) => view));
          for (const [key] of batch) seen.set(key, true);
        } catch (error) {
          // Views are not worth retrying: the page was served, the count is a little low.
          log?.error(error, 'view counts could not be written');
        }
      }
      return counted;
    });
    return writing;
  }

  /** Deletes the rows of days before yesterday (yesterday's late views still dedupe). */
  async function sweep(): Promise<number> {
    const yesterday = dayOf(new Date(now().getTime() - 24 * 60 * 60 * 1000));
    const twoDaysAgo = dayOf(new Date(now().getTime() - 2 * 24 * 60 * 60 * 1000));
    const result = await db.execute<{ n: number }>(sql`
      with gone as (delete from ${postViews} where ${lt(postViews.day, yesterday)} returning 1),
      -- Analytics' readers of a day (decision 041) are kept as long: a day in the site's time zone
      -- is over by then too.
      readers as (delete from ${analyticsSiteReaders}
        where ${lt(analyticsSiteReaders.day, twoDaysAgo)})
      select count(*)::int as n from gone`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  }

  let sweeper: NodeJS.Timeout | null = null;

  /** Sweeps past days hourly until `stop`. */
  function start(): void {
    sweeper ??= setInterval(() => {
      sweep().catch((error: unknown) => log?.error(error, 'post views sweep failed'));
    }, SWEEP_INTERVAL_MS).unref();
  }

  /** Stops sweeping and writes what waits. */
  async function stop(): Promise<void> {
    if (sweeper) clearInterval(sweeper);
    sweeper = null;
    await flush();
  }

  return { record, flush, sweep, start, stop };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
