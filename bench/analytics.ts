/**
 * The `analytics` group (issue 18 § Analytics: "the analytics page answers in under 100 ms at
 * 10,000 posts and 5,000,000 recorded views on PostgreSQL"; decision 041).
 *
 * Data: the seed's posts (10,000 by default) and a year of daily aggregates written straight in
 * SQL with `generate_series` (never through the API): every day 1,500 of the posts are read,
 * with a long tail (the k-th most read of the day gets about 1/k of the first's views), adding up
 * to about 5,000,000 recorded views, plus likes, comments and ratings in proportion, the site's
 * days (readers, members, followers) split over the 8 shards the triggers write, and today's raw
 * `post_views` rows inserted through the triggers as the view counter writes them.
 *
 * Measured: the analytics API and page as the owner, each range, one request at a time (after
 * a warm-up) for median/p95/max, then autocannon for req/s; the post page's API too.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/connection.server';
import { findDefaultSite } from '../src/server/services/sites.server';
import {
  DASHBOARD_TARGET,
  type DashboardRun,
  type DashboardScenario,
  dashboardRunPasses,
  runScenario,
} from './dashboard';
import type { Check } from './report';

/** The `--only` name of this group. */
export const ANALYTICS_GROUP = 'analytics';

/** Posts read each day, and the views of the day's most read post. */
const POSTS_PER_DAY = 1500;
const TOP_VIEWS = 1760;
const DAYS = 365;
/** Today's raw view rows (the once-a-day-per-reader table before the sweep). */
const TODAY_VIEWS = 20_000;

/** What the seeding made, for the results. */
export interface AnalyticsData {
  siteId: string;
  ownerId: string;
  postId: string;
  posts: number;
  /** Views recorded in the aggregates (all days), and their per-post day rows. */
  views: number;
  postDayRows: number;
  siteDayRows: number;
  seconds: number;
}

async function scalar(
  db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> },
  query: ReturnType<typeof sql>,
) {
  const result = (await db.execute(query)) as { rows: Record<string, unknown>[] };
  return result.rows[0] ? Object.values(result.rows[0])[0] : null;
}

/** Fills a year of aggregates for the seeded site. */
export async function seedAnalyticsData(options: {
  dataDir: string;
  databaseUrl?: string;
  log: (message: string) => void;
}): Promise<AnalyticsData> {
  const started = performance.now();
  const handle = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir });
  try {
    const { db } = handle;
    const siteId = await findDefaultSite(db);
    if (!siteId) throw new Error('No seeded site: did the seed run?');
    const ownerId = String(
      await scalar(
        db,
        sql`select id from members where site_id = ${siteId} and role = 'owner' limit 1`,
      ),
    );
    const step = async (what: string, run: () => Promise<void>) => {
      const t = performance.now();
      await run();
      options.log(`  ${what} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    };
    await step('post days', async () => {
      await db.execute(sql`delete from analytics_post_days where site_id = ${siteId}`);
      await db.execute(sql`delete from analytics_site_days where site_id = ${siteId}`);
      await db.execute(sql`drop table if exists bench_analytics_posts`);
      await db.execute(sql`
        create temporary table bench_analytics_posts as
        select row_number() over (order by id) - 1 as i, id from posts
        where site_id = ${siteId} and status = 'published'`);
      const count = Number(await scalar(db, sql`select count(*) from bench_analytics_posts`));
      // One day at a time would be 365 statements; a month at a time keeps PGlite's memory low.
      for (let from = 0; from < DAYS; from += 30) {
        const to = Math.min(DAYS - 1, from + 29);
        await db.execute(sql`
          insert into analytics_post_days (site_id, post_id, day, views, likes, comments, ratings)
          select ${siteId}, p.id, current_date - d, v.views, v.views / 20, v.views / 60,
            v.views / 200
          from generate_series(${from}::int, ${to}::int) d
          cross join generate_series(1, ${POSTS_PER_DAY}) k
          cross join lateral (select greatest(1, ${TOP_VIEWS} / k) as views) v
          join bench_analytics_posts p on p.i = (k::bigint * 7919 + d * 613) % ${count}
          on conflict do nothing`);
      }
    });
    await step('post months', async () => {
      await db.execute(sql`delete from analytics_post_months where site_id = ${siteId}`);
      await db.execute(sql`
        insert into analytics_post_months (site_id, post_id, month, views, likes, comments,
          ratings)
        select site_id, post_id, date_trunc('month', day)::date, sum(views), sum(likes),
          sum(comments), sum(ratings)
        from analytics_post_days where site_id = ${siteId}
        group by 1, 2, 3`);
    });
    await step('site days (8 shards)', async () => {
      await db.execute(sql`
        insert into analytics_site_days (site_id, day, shard, views, readers, likes, comments,
          ratings, members, followers)
        select ${siteId}, day, hashtext(post_id::text) & 7, sum(views), sum(views) * 6 / 10,
          sum(likes), sum(comments), sum(ratings), count(*) / 100, count(*) / 150
        from analytics_post_days where site_id = ${siteId}
        group by day, hashtext(post_id::text) & 7
        on conflict do nothing`);
    });
    await step(
      `today's ${TODAY_VIEWS.toLocaleString('en-US')} raw views through the triggers`,
      async () => {
        await db.execute(sql`
        insert into post_views (site_id, post_id, day, viewer_key)
        select ${siteId}, p.id, (now() at time zone 'UTC')::date, 'v:bench-' || g
        from generate_series(1, ${TODAY_VIEWS}) g
        join bench_analytics_posts p on p.i = (g::bigint * 104729) % (select count(*) from bench_analytics_posts)
        on conflict do nothing`);
      },
    );
    await step('vacuum analyze', async () => {
      await db.execute(
        sql`vacuum (analyze) analytics_post_days, analytics_post_months, analytics_site_days, post_views`,
      );
    });
    const postId = String(
      await scalar(
        db,
        sql`select post_id from analytics_post_days where site_id = ${siteId}
            group by post_id order by sum(views) desc limit 1`,
      ),
    );
    return {
      siteId,
      ownerId,
      postId,
      posts: Number(await scalar(db, sql`select count(*) from posts where site_id = ${siteId}`)),
      views: Number(
        await scalar(db, sql`select sum(views) from analytics_site_days where site_id = ${siteId}`),
      ),
      postDayRows: Number(
        await scalar(db, sql`select count(*) from analytics_post_days where site_id = ${siteId}`),
      ),
      siteDayRows: Number(
        await scalar(db, sql`select count(*) from analytics_site_days where site_id = ${siteId}`),
      ),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await handle.close();
  }
}

/** The analytics scenarios, as the owner. */
function scenariosOf(data: AnalyticsData): DashboardScenario[] {
  const api = '/api/dashboard/analytics';
  const scenario = (name: string, path: string): DashboardScenario => ({
    name,
    candidates: [path],
    as: 'editor',
  });
  return [
    { ...scenario('floor: /healthz', '/healthz'), isFloor: true },
    scenario('analytics 7 days', `${api}?range=7d`),
    scenario('analytics 30 days', `${api}?range=30d`),
    scenario('analytics 90 days by week', `${api}?range=90d`),
    scenario('analytics 12 months', `${api}?range=12m`),
    scenario('analytics 2 years custom', `${api}?range=custom&from=${twoYearsAgo()}&to=${today()}`),
    scenario('analytics CSV 90 days', `/api/dashboard/analytics.csv?range=90d`),
    scenario('analytics of the top post 12 months', `${api}/posts/${data.postId}?range=12m`),
    scenario('page /dashboard/analytics 30 days', '/dashboard/analytics?range=30d'),
    scenario('page /dashboard/analytics 12 months', '/dashboard/analytics?range=12m'),
  ];
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

function twoYearsAgo(): string {
  return new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10);
}

export interface AnalyticsResults {
  data: AnalyticsData;
  runs: DashboardRun[];
  samples: number;
  durationS: number;
  connections: number;
}

/** Runs every analytics scenario against the server at `baseUrl`, as the owner. */
export async function runAnalyticsGroup(
  baseUrl: string,
  data: AnalyticsData,
  options: { samples: number; durationS: number; connections: number },
  onRun: (run: DashboardRun) => void,
): Promise<AnalyticsResults> {
  const runs: DashboardRun[] = [];
  for (const scenario of scenariosOf(data)) {
    const run = await runScenario(baseUrl, scenario, data.ownerId, options);
    onRun({ ...run, as: 'owner' });
    runs.push({ ...run, as: 'owner' });
  }
  return { data, runs, ...options };
}

/** One check per analytics scenario (the floor has none). */
export function analyticsChecks(results: AnalyticsResults | null): Check[] {
  if (!results) return [];
  return results.runs
    .filter((run) => !run.isFloor)
    .map((run) => ({
      name: `${run.name} p95`,
      value: run.latencyMs?.p95 ?? null,
      unit: 'ms',
      target: `< ${DASHBOARD_TARGET.p95Ms} ms`,
      pass: dashboardRunPasses(run),
    }));
}

/** The group's table. */
export function renderAnalyticsTable(results: AnalyticsResults): string {
  const { data } = results;
  const lines = [
    `Analytics: ${data.posts.toLocaleString('en-US')} posts, ${data.views.toLocaleString('en-US')} ` +
      `recorded views in ${data.postDayRows.toLocaleString('en-US')} post-day rows and ` +
      `${data.siteDayRows.toLocaleString('en-US')} site-day rows (seeded in ${data.seconds.toFixed(0)} s); ` +
      `${results.samples} single requests each for median/p95/max, req/s from ${results.durationS} s ` +
      `at ${results.connections} connections`,
    '',
  ];
  const header = ['Analytics', 'median', 'p95', 'max', 'req/s', 'Failed', 'Result'];
  const body = results.runs.map((run) => [
    run.name,
    run.latencyMs ? `${run.latencyMs.median} ms` : '-',
    run.latencyMs ? `${run.latencyMs.p95} ms` : '-',
    run.latencyMs ? `${run.latencyMs.max} ms` : '-',
    run.requestsPerSecond === null ? '-' : String(Math.round(run.requestsPerSecond)),
    String(run.failed),
    run.isFloor
      ? '(floor)'
      : run.latencyMs === null
        ? `MISSING ${run.missing}`
        : dashboardRunPasses(run)
          ? 'PASS'
          : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const format = (row: string[]) =>
    row
      .map((cell, i) => (i === 0 || i === 6 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  lines.push(format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(format));
  return lines.join('\n');
}
