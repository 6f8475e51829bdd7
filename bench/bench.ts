/**
 * `npm run bench`: seeds a big blog into a temporary data directory, starts the production build
 * and measures it: throughput and latency of the main pages and the feed API (as a visitor and
 * with the page cache bypassed), the server's peak RSS, its cold start and the scripts each page
 * loads. Prints one table with PASS/FAIL per target and writes `.bench/results.json`.
 *
 * The exit code is 0 even when a target fails (the bench reports, it is not a test); it is
 * non-zero only when the bench itself breaks. See bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ANALYTICS_GROUP,
  type AnalyticsData,
  type AnalyticsResults,
  renderAnalyticsTable,
  runAnalyticsGroup,
  seedAnalyticsData,
} from './analytics';
import {
  DASHBOARD_GROUP,
  type DashboardResults,
  type DashboardRun,
  renderDashboardTable,
  runDashboardGroup,
} from './dashboard';
import { type DashboardData, emptyBenchDatabase, growDashboardData } from './dashboard-seed';
import { type LayoutResults, runLayoutGroup } from './layouts';
import {
  LIKE_STORM_GROUP,
  LIKE_STORM_TARGET,
  type LikeStormResult,
  runLikeStorm,
} from './like-storm';
import { type LoadResult, measure, memberHeaders, type Scenario, visitorHeaders } from './load';
import { measureMachineSpeed } from './machine';
import {
  growMembersData,
  MEMBERS_GROUP,
  MEMBERS_SCALE,
  type MembersData,
  type MembersResults,
  renderMembersTable,
  runMembersGroup,
} from './members';
import { type BenchOptions, LAYOUTS_GROUP, parseOptions, USAGE } from './options';
import {
  type CpuShare,
  CpuShareMeter,
  findFreePort,
  killAllNow,
  ROOT,
  RssSampler,
  readStatusKiB,
  runCommand,
  stopAll,
  stopProcess,
} from './processes';
import {
  type BenchResults,
  evaluate,
  FEED_SCENARIO,
  LAYOUT_TARGET,
  layoutProblems,
  likeStormProblems,
  loadProblems,
  renderTable,
  SEARCH_SCENARIO,
  TARGETS,
} from './report';
import { measurePageScripts, type PageScripts } from './scripts';
import {
  prepareSearchCjk,
  renderSearchCjkTable,
  SEARCH_CJK_GROUP,
  SEARCH_CJK_QUERY,
  type SearchCjkData,
} from './search-cjk';
import { measureColdStart, spawnServer, waitFor200, waitForReadyLine } from './server';
import {
  giveLikesAndNotifications,
  type LikedPost,
  logInMembers,
  type MemberSession,
} from './sessions';
import {
  renderSitemapTable,
  runSitemapGroup,
  SITEMAP_GROUP,
  SITEMAP_SCALE_POSTS,
  type SitemapResults,
} from './sitemap';

const SEED_CLI = 'src/server/seed/cli.server.ts';
const RESULTS_FILE = path.join(ROOT, '.bench/results.json');

/** Prints a progress line (stderr, so that stdout carries only the table). */
function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** One measured list's progress line (the dashboard and members groups). */
function progressOfRun(run: DashboardRun): void {
  progress(
    run.latencyMs
      ? `  ${run.name}: median ${run.latencyMs.median} ms, p95 ${run.latencyMs.p95} ms, ` +
          `${Math.round(run.requestsPerSecond ?? 0)} req/s, ${run.rows ?? '-'} rows, ` +
          `${run.failed} failed`
      : `  ${run.name}: not measured (${run.missing})`,
  );
}

/** Reads JSON from the server, failing with the URL and status when it is not a 200. */
async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The status of `GET url` with these headers (body read), redirects not followed: autocannon does
 * not follow them, so a URL that redirects would be measured as its 3xx, not as its page.
 */
async function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  await response.arrayBuffer();
  return response.status;
}

/** The path (and query) of a link the API gave, absolute or not. */
function pathOf(link: string, baseUrl: string): string {
  const url = new URL(link, baseUrl);
  return `${url.pathname}${url.search}`;
}

/**
 * The first candidate path that answers 200 to a visitor and to `member`; throws naming them all.
 */
async function firstWorking(
  baseUrl: string,
  member: MemberSession,
  what: string,
  candidates: string[],
): Promise<string> {
  const tried: string[] = [];
  for (const candidate of [...new Set(candidates)]) {
    const visitor = await statusOf(`${baseUrl}${candidate}`, visitorHeaders());
    const asMember = await statusOf(`${baseUrl}${candidate}`, memberHeaders(member));
    if (visitor === 200 && asMember === 200) return candidate;
    tried.push(`${candidate} (visitor ${visitor}, member ${asMember})`);
  }
  throw new Error(`No working URL for the ${what}: tried ${tried.join('; ') || 'nothing'}`);
}

/**
 * Words the seed's texts use often (its paragraphs are hand-written per category); the search
 * scenario takes the first that fills at least two pages of results, a realistic heavy query.
 */
const COMMON_SEARCH_WORDS = ['coffee', 'city', 'light', 'travel', 'bread', 'walk', 'time'];

/** `/api/search?q=<a common word of the seed>`: the first word with two pages of results. */
async function searchScenarioPath(baseUrl: string): Promise<string> {
  const tried: string[] = [];
  for (const word of COMMON_SEARCH_WORDS) {
    const path = `/api/search?q=${encodeURIComponent(word)}`;
    const results = await getJson<{ entityCount: number; lastPage: number }>(`${baseUrl}${path}`);
    if (results.lastPage >= 2) return path;
    tried.push(`${word} (${results.entityCount})`);
  }
  throw new Error(`No common word fills two pages of search results: tried ${tried.join(', ')}`);
}

/** Whether a scenario is one of those `--only` names (all are when it names none). */
function isSelected(name: string, only: string[]): boolean {
  // 'page' selects the deep feed page, whose name carries its number ('page 50').
  return (
    only.length === 0 || only.some((wanted) => name === wanted || name.startsWith(`${wanted} `))
  );
}

/** Finds real URLs of each page kind on the seeded blog (`member` checks each answers them). */
async function discoverScenarios(baseUrl: string, member: MemberSession): Promise<Scenario[]> {
  const feed = await getJson<{
    posts: { slug: string; link?: string }[];
    lastPage?: number;
  }>(`${baseUrl}/api/posts?page=1`);
  const post = feed.posts[0];
  if (!post) throw new Error('GET /api/posts?page=1 returned no posts: did the seed work?');
  const postPath = await firstWorking(baseUrl, member, 'post page', [
    ...(post.link ? [pathOf(post.link, baseUrl)] : []),
    `/blog/${post.slug}`,
  ]);

  const { categories } = await getJson<{ categories: { link: string; postCount?: number }[] }>(
    `${baseUrl}/api/categories`,
  );
  // The biggest category: its page is the one that has a full page of posts.
  const byPosts = [...categories].sort((a, b) => (b.postCount ?? 0) - (a.postCount ?? 0));
  const categoryPath = await firstWorking(
    baseUrl,
    member,
    'category page',
    byPosts.map((category) => pathOf(category.link, baseUrl)),
  );

  const pageNumber = Math.min(50, feed.lastPage ?? 50);
  if (pageNumber !== 50) progress(`only ${feed.lastPage} feed pages: using page ${pageNumber}`);
  const scenarios: Scenario[] = [
    { name: FEED_SCENARIO, path: await firstWorking(baseUrl, member, 'feed page', ['/blog']) },
    {
      name: `page ${pageNumber}`,
      path: await firstWorking(baseUrl, member, 'feed page 50', [`/blog/page/${pageNumber}`]),
    },
    { name: 'post', path: postPath },
    { name: 'category', path: categoryPath },
    {
      name: 'api feed',
      path: await firstWorking(baseUrl, member, 'feed JSON', ['/api/posts?page=2']),
    },
    { name: SEARCH_SCENARIO, path: await searchScenarioPath(baseUrl) },
    // Issue 19: the blog's RSS feed, answered from its cache (decision 048).
    { name: 'feeds', path: await firstWorking(baseUrl, member, 'RSS feed', ['/blog/rss.xml']) },
  ];
  return scenarios;
}

/** How many of the feed's first posts each bench member likes (the post scenario's among them). */
const POSTS_LIKED = 3;

/**
 * Logs the bench's seeded members in through the API and gives each likes on the feed's first
 * posts (the post scenario's page is the first) and unread notifications.
 */
async function benchMembers(baseUrl: string): Promise<MemberSession[]> {
  const members = await logInMembers(baseUrl);
  const feed = await getJson<{ posts: LikedPost[] }>(`${baseUrl}/api/posts?page=1`);
  const posts = feed.posts
    .slice(0, POSTS_LIKED)
    .map(({ id, slug, title }) => ({ id, slug, title }));
  await giveLikesAndNotifications(baseUrl, members, posts);
  progress(
    `members (real sessions, logged in through the API, ${posts.length} likes and unread ` +
      `notifications each): ${members.map((member) => member.name).join(', ')}`,
  );
  return members;
}

/** The git commit the bench ran on (with "-dirty" when the work tree has changes), if any. */
function gitDescription(): string | null {
  try {
    const run = (args: string[]) =>
      execFileSync('git', args, {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    const commit = run(['rev-parse', '--short', 'HEAD']).trim();
    return run(['status', '--porcelain']).trim() ? `${commit}-dirty` : commit;
  } catch {
    return null;
  }
}

/** The median of some numbers. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Builds the app unless told not to, and checks that the build is there. */
async function ensureBuild(options: BenchOptions): Promise<void> {
  if (options.build) {
    progress('npm run build');
    await runCommand('npm', ['run', 'build', '--silent']);
  }
  for (const file of ['build/main.js', 'build/server/index.js', 'build/client/assets']) {
    if (!existsSync(path.join(ROOT, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` (or drop --no-build)`);
    }
  }
}

/** Seeds the blog into `dataDir` with the seed CLI; returns the seconds it took. */
async function seed(dataDir: string, posts: number, databaseUrl: string | null): Promise<number> {
  if (!existsSync(path.join(ROOT, SEED_CLI))) throw new Error(`${SEED_CLI} is missing`);
  progress(`seeding ${posts.toLocaleString('en-US')} posts into ${dataDir}`);
  const started = performance.now();
  // `node --import tsx` rather than scripts/run-ts.mjs: one process, so one pid to stop.
  await runCommand(process.execPath, ['--import', 'tsx', SEED_CLI, '--posts', String(posts)], {
    ...process.env,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'warn',
  });
  return (performance.now() - started) / 1000;
}

/** What the loaded server gave: URLs, load runs, script sizes and memory. */
interface ServerPhase {
  urls: Record<string, string>;
  load: LoadResult[];
  /** The feed page in every layout, when the `layouts` group ran. */
  layouts: LayoutResults | null;
  /** Pages and overlays under 50 likes/s, when the `likes` group ran. */
  likeStorm: LikeStormResult | null;
  /** The dashboard's lists, when the `dashboard` group ran. */
  dashboard: DashboardResults | null;
  /** The members list, when the `members` group ran. */
  members: MembersResults | null;
  /** The analytics API and pages, when the `analytics` group ran. */
  analytics: AnalyticsResults | null;
  /** The sitemap index of a 100,000-post blog, when the `sitemap` group ran. */
  sitemap: SitemapResults | null;
  scripts: PageScripts[];
  memory: BenchResults['memory'];
  cpu: CpuShare;
  loggedLines: number;
  logTail: string[];
}

/** The `layouts` group: `/blog` as a member in every feed layout, with progress lines. */
async function layoutGroup(
  baseUrl: string,
  options: BenchOptions,
  members: MemberSession[],
): Promise<LayoutResults> {
  return await runLayoutGroup(baseUrl, options, members, {
    onStart: (layout, device) =>
      progress(
        `layout ${layout} on ${device}: /blog as member, ${options.layoutWarmup} s warm-up + ` +
          `${options.layoutDuration} s, ${options.connections} connections`,
      ),
    onRun: (run, index, total) =>
      progress(
        `  ${index}/${total} ${run.layout}: ${Math.round(run.requestsPerSecond)} req/s, ` +
          `p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, ` +
          `${run.errors} errors, ${run.non2xx} non-2xx` +
          (run.layoutShown ? '' : `, NO post-list--${run.layout} in the page`),
      ),
  });
}

/** The `sitemap` group, with progress lines. */
async function sitemapGroup(
  baseUrl: string,
  posts: number,
  samples: number,
): Promise<SitemapResults> {
  progress(`sitemap: the index cold, then ${samples} single requests from cache`);
  const results = await runSitemapGroup(baseUrl, { samples, posts });
  progress(
    `  cold ${results.coldIndexMs} ms; cached median ${results.cachedIndex.medianMs} ms, ` +
      `p95 ${results.cachedIndex.p95Ms} ms; posts-1 cold ${results.postsChunk.coldMs} ms`,
  );
  return results;
}

/** Starts the server on the seeded data, measures scripts and load, then stops it. */
async function loadPhase(
  dataDir: string,
  port: number,
  options: BenchOptions,
  dashboardData: DashboardData | null,
  membersData: MembersData | null = null,
  analyticsData: AnalyticsData | null = null,
  sitemapPosts: number | null = null,
  searchCjk: SearchCjkData | null = null,
): Promise<ServerPhase> {
  const server = spawnServer(dataDir, port, options.databaseUrl ?? undefined);
  const sampler = new RssSampler(server.pid, 200);
  sampler.start();
  try {
    await waitForReadyLine(server);
    await waitFor200(server, '/blog');
    // First, while nothing has asked for a sitemap: its first answer is the cold build.
    const sitemap =
      sitemapPosts === null
        ? null
        : await sitemapGroup(server.baseUrl, sitemapPosts, options.dashboardSamples);
    const rssAtReady = readStatusKiB(server.pid, 'VmRSS');
    const linesAtReady = server.lineCount;
    const sessions = await benchMembers(server.baseUrl);
    const discovered = await discoverScenarios(server.baseUrl, sessions[0]!);
    // Issue 22: the search of two Chinese characters, on the blog the group rewrote in part.
    if (searchCjk) {
      discovered.push({
        name: SEARCH_CJK_GROUP,
        path: `/api/search?q=${encodeURIComponent(SEARCH_CJK_QUERY)}`,
      });
    }
    const scenarios = discovered.filter((scenario) => isSelected(scenario.name, options.only));
    const urls = Object.fromEntries(scenarios.map((s) => [s.name, s.path]));
    progress(`URLs: ${scenarios.map((s) => s.path).join('  ')}`);

    const scripts: PageScripts[] = [];
    // Pages only: the API and the feeds carry no scripts.
    const pages = scenarios.filter((s) => !s.path.startsWith('/api/') && !s.path.endsWith('.xml'));
    for (const scenario of pages) {
      scripts.push(await measurePageScripts(server.baseUrl, scenario.path));
    }

    const load: LoadResult[] = [];
    const meter = new CpuShareMeter(server.pid);
    meter.start();
    for (const scenario of scenarios) {
      for (const audience of ['visitor', 'member'] as const) {
        progress(
          `load ${scenario.path} as ${audience}: ${options.warmup} s warm-up + ` +
            `${options.duration} s, ${options.connections} connections`,
        );
        const run = await measure(server.baseUrl, scenario, audience, options, sessions);
        progress(
          `  ${Math.round(run.requestsPerSecond)} req/s, p50 ${run.latencyMs.p50} ms, ` +
            `p99 ${run.latencyMs.p99} ms, ${run.errors} errors, ${run.non2xx} non-2xx`,
        );
        load.push(run);
      }
    }
    // The like storm, before the layouts (each layout change empties the site's cached pages).
    let likeStorm: LikeStormResult | null = null;
    if (isSelected(LIKE_STORM_GROUP, options.only)) {
      const pathOfScenario = (name: string) => discovered.find((s) => s.name === name)!.path;
      const paths = { feed: pathOfScenario(FEED_SCENARIO), post: pathOfScenario('post') };
      progress(
        `like storm: ${paths.feed} and ${paths.post} with their overlays as visitors while ` +
          `${LIKE_STORM_TARGET.likesPerSecond} likes/s arrive: ${options.warmup} s warm-up + ` +
          `${options.duration} s, ${options.connections} connections`,
      );
      likeStorm = await runLikeStorm(server.baseUrl, paths, options);
      progress(
        `  page cache hit rate ${(likeStorm.pages.hitRate * 100).toFixed(1)}%, ` +
          `${Math.round(likeStorm.pages.requestsPerSecond)} pages/s + ` +
          `${Math.round(likeStorm.overlays.requestsPerSecond)} overlays/s, ` +
          `${likeStorm.likes.perSecond.toFixed(1)} likes/s (${likeStorm.likes.failed} failed), ` +
          `counts caught up in ${likeStorm.catchUpMs === null ? 'never' : `${Math.round(likeStorm.catchUpMs)} ms`}`,
      );
    }
    // The dashboard's lists (members only: the page cache plays no part).
    let dashboard: DashboardResults | null = null;
    if (dashboardData) {
      progress(
        `dashboard lists: ${options.dashboardSamples} single requests each, then ` +
          `${options.dashboardDuration} s at ${options.connections} connections`,
      );
      dashboard = await runDashboardGroup(
        server.baseUrl,
        dashboardData,
        {
          samples: options.dashboardSamples,
          durationS: options.dashboardDuration,
          connections: options.connections,
        },
        progressOfRun,
      );
    }
    // The members list at scale (issue 18), as the owner.
    let members: MembersResults | null = null;
    if (membersData) {
      progress(`members list: ${options.dashboardSamples} single requests each`);
      members = await runMembersGroup(
        server.baseUrl,
        membersData,
        {
          samples: options.dashboardSamples,
          durationS: options.dashboardDuration,
          connections: options.connections,
        },
        progressOfRun,
      );
    }
    // The analytics API and pages as the owner (issue 18), on their year of aggregates.
    const analytics = analyticsData
      ? await runAnalyticsGroup(
          server.baseUrl,
          analyticsData,
          {
            samples: options.dashboardSamples,
            durationS: options.dashboardDuration,
            connections: options.connections,
          },
          (run) =>
            progress(
              run.latencyMs
                ? `  ${run.name}: median ${run.latencyMs.median} ms, p95 ${run.latencyMs.p95} ms`
                : `  ${run.name}: not measured (${run.missing})`,
            ),
        )
      : null;
    // After the other runs: each layout change invalidates the site's cached pages.
    const runLayouts = isSelected(LAYOUTS_GROUP, options.only);
    // The peak so far: the layouts group adds a minute of cache-bypassed renders, which lifts it.
    const hwmBeforeLayouts = runLayouts ? readStatusKiB(server.pid, 'VmHWM') : null;
    const layouts = runLayouts ? await layoutGroup(server.baseUrl, options, sessions) : null;

    const cpu = meter.stop();
    sampler.stop();
    // After the last sample, so that no sample can be newer than the peak it is compared with.
    const hwm = readStatusKiB(server.pid, 'VmHWM');
    return {
      urls,
      load,
      layouts,
      likeStorm,
      dashboard,
      members,
      analytics,
      sitemap,
      scripts,
      memory: {
        vmHwmMiB: hwm === null ? null : hwm / 1024,
        rssAtReadyMiB: rssAtReady === null ? null : rssAtReady / 1024,
        vmHwmBeforeLayoutsMiB: hwmBeforeLayouts === null ? null : hwmBeforeLayouts / 1024,
        sampledMaxRssMiB: sampler.maxKiB / 1024,
        samples: sampler.samples,
      },
      cpu,
      loggedLines: server.lineCount - linesAtReady,
      logTail: server.log.slice(-10),
    };
  } finally {
    sampler.stop();
    await stopProcess(server.child);
  }
}

/** Restarts the server on the seeded data `runs` times and times each start. */
async function coldStartPhase(
  dataDir: string,
  firstPort: number,
  runs: number,
  databaseUrl?: string,
) {
  const runsMs: number[] = [];
  const readyLineMs: (number | null)[] = [];
  const selfReportedMs: (number | null)[] = [];
  const stoppedWith: (string | null)[] = [];
  const used = new Set<number>();
  for (let i = 0; i < runs; i++) {
    // A fresh port each time: no stale keep-alive sockets, no TIME_WAIT surprises.
    const port = await findFreePort(firstPort, used);
    used.add(port);
    const start = await measureColdStart(dataDir, port, databaseUrl);
    const listening = start.readyLineMs === null ? '?' : Math.round(start.readyLineMs);
    progress(
      `cold start ${i + 1}/${runs}: ${Math.round(start.ms)} ms (listening at ${listening} ms)`,
    );
    runsMs.push(start.ms);
    readyLineMs.push(start.readyLineMs);
    selfReportedMs.push(start.selfReportedMs);
    stoppedWith.push(start.stoppedWith);
  }
  const medianMs = runsMs.length === 0 ? null : median(runsMs);
  return { medianMs, runsMs, readyLineMs, selfReportedMs, stoppedWith };
}

/** Runs the whole bench and returns its results. */
async function runBench(options: BenchOptions, dataDir: string): Promise<BenchResults> {
  const startedAt = new Date().toISOString();
  await ensureBuild(options);
  if (options.databaseUrl && !options.keepDatabase) {
    progress('emptying the PostgreSQL database of --database-url');
    await emptyBenchDatabase(options.databaseUrl);
  }
  const seedSeconds = await seed(dataDir, options.posts, options.databaseUrl);
  // Opt-in (named in --only): its bigger blog would change the other scenarios' figures.
  let dashboardData: DashboardData | null = null;
  if (options.only.includes(DASHBOARD_GROUP)) {
    const scale = options.dashboardScale;
    progress(
      `growing the blog for the dashboard: ${scale.posts.toLocaleString('en-US')} posts, ` +
        `${scale.comments.toLocaleString('en-US')} comments, ${scale.reports} open reports`,
    );
    dashboardData = await growDashboardData({
      dataDir,
      databaseUrl: options.databaseUrl ?? undefined,
      scale,
      log: progress,
    });
  }

  let membersData: MembersData | null = null;
  if (options.only.includes(MEMBERS_GROUP)) {
    progress(`growing the blog to ${MEMBERS_SCALE.toLocaleString('en-US')} members`);
    membersData = await growMembersData({
      dataDir,
      databaseUrl: options.databaseUrl ?? undefined,
      target: MEMBERS_SCALE,
      log: progress,
    });
  }

  let analyticsData: AnalyticsData | null = null;
  if (options.only.includes(ANALYTICS_GROUP)) {
    progress('seeding a year of analytics aggregates (about 5,000,000 views)');
    analyticsData = await seedAnalyticsData({
      dataDir,
      databaseUrl: options.databaseUrl ?? undefined,
      log: progress,
    });
  }

  // The sitemap group's blog: the dashboard's when that group grew one, else its own.
  let sitemapPosts: number | null = null;
  if (options.only.includes(SITEMAP_GROUP)) {
    if (dashboardData === null) {
      progress(`growing the blog to ${SITEMAP_SCALE_POSTS.toLocaleString('en-US')} posts`);
      const grown = await growDashboardData({
        dataDir,
        databaseUrl: options.databaseUrl ?? undefined,
        scale: { posts: SITEMAP_SCALE_POSTS, comments: 0, reports: 0, members: 0 },
        log: progress,
      });
      sitemapPosts = grown.posts;
    } else {
      sitemapPosts = dashboardData.posts;
    }
  }

  // Issue 22 (opt-in, named in --only): one published post in ten rewritten in Chinese,
  // Japanese or Thai, and the uncached search of two Chinese characters timed in process.
  let searchCjk: SearchCjkData | null = null;
  if (options.only.includes(SEARCH_CJK_GROUP)) {
    searchCjk = await prepareSearchCjk({
      dataDir,
      databaseUrl: options.databaseUrl ?? undefined,
      log: progress,
    });
    progress(renderSearchCjkTable(searchCjk));
  }

  const port = await findFreePort(options.port);
  const machineSpeed = measureMachineSpeed();
  const loadAverageBefore = os.loadavg()[0] ?? null;
  const phase = await loadPhase(
    dataDir,
    port,
    options,
    dashboardData,
    membersData,
    analyticsData,
    sitemapPosts,
    searchCjk,
  );
  const loadAverageAfter = os.loadavg()[0] ?? null;
  const coldStart = await coldStartPhase(
    dataDir,
    port + 1,
    options.coldStarts,
    options.databaseUrl ?? undefined,
  );

  const problems = [
    ...loadProblems(phase.load),
    ...layoutProblems(phase.layouts),
    ...likeStormProblems(phase.likeStorm),
  ];
  const stoppedHard = coldStart.stoppedWith.filter((s) => s === 'SIGKILL').length;
  if (stoppedHard > 0) problems.push(`${stoppedHard} server(s) ignored SIGTERM and were killed`);
  if (phase.cpu.others > 0.1) {
    problems.push(
      `other processes (or the hypervisor) used ${percent(phase.cpu.others)} of the CPUs during ` +
        'the load runs: the figures are skewed; run again on a quiet machine',
    );
  }
  if (phase.loggedLines > 0) {
    problems.push(
      `the server logged ${phase.loggedLines} lines at warn level or above under load; last:\n` +
        phase.logTail.map((line) => `    ${line}`).join('\n'),
    );
  }
  const partial = {
    startedAt,
    options: { ...options },
    environment: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      totalMemMiB: Math.round(os.totalmem() / 1024 / 1024),
      /** ms of bench/machine.ts's reference workload (median): compare runs beside it. */
      machineSpeed,
      git: gitDescription(),
      /** 1-minute load average before and right after the load runs (other work skews them). */
      loadAverage: { before: loadAverageBefore, after: loadAverageAfter },
      acceptEncoding: visitorHeaders()['accept-encoding'],
      note: 'autocannon runs in the bench process on the same machine as the server',
    },
    seed: { posts: options.posts, seconds: seedSeconds },
    database: options.databaseUrl ? 'postgres' : 'pglite',
    urls: phase.urls,
    load: phase.load,
    layouts: phase.layouts,
    likeStorm: phase.likeStorm,
    dashboard: phase.dashboard,
    members: phase.members,
    analytics: phase.analytics,
    sitemap: phase.sitemap,
    searchCjk,
    scripts: phase.scripts,
    memory: phase.memory,
    cpuDuringLoad: phase.cpu,
    coldStart,
    problems,
    targets: TARGETS,
    layoutTarget: LAYOUT_TARGET,
  };
  return { ...partial, checks: evaluate(partial) };
}

/** A fraction as a whole percentage. */
function percent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** "0.52/1.87" from the load averages the results carry. */
function loadAverageText(value: unknown): string {
  const { before, after } = (value ?? {}) as { before?: number | null; after?: number | null };
  const show = (n: number | null | undefined) => (typeof n === 'number' ? n.toFixed(2) : '?');
  return `${show(before)}/${show(after)}`;
}

/** Prints the table and the problems, and writes the JSON results. */
async function report(results: BenchResults, options: BenchOptions): Promise<void> {
  const env = results.environment;
  console.log(
    `\nInkwell bench: ${options.posts.toLocaleString('en-US')} posts (seeded in ` +
      `${results.seed.seconds.toFixed(0)} s), ${options.connections} connections, ` +
      `${options.duration} s per run after ${options.warmup} s warm-up, ` +
      (results.layouts
        ? `layouts ${results.layouts.durationS} s after ${results.layouts.warmupS} s, `
        : '') +
      `Node ${env.node}, ${env.cpus} CPUs shared by client and server, git ${env.git ?? '?'}, ` +
      `machine speed ${(env.machineSpeed as { medianMs: number }).medianMs} ms (bench/machine.ts, lower is faster), ` +
      `load average ${loadAverageText(env.loadAverage)} before/after`,
  );
  const { cpuDuringLoad: cpu } = results;
  console.log(
    `CPU time during the load runs: server ${percent(cpu.server)}, bench (autocannon) ` +
      `${percent(cpu.bench)}, other processes ${percent(cpu.others)} of ${env.cpus} CPUs\n`,
  );
  console.log(renderTable(results));
  if (results.dashboard) console.log(`\n${renderDashboardTable(results.dashboard)}`);
  if (results.members) console.log(`\n${renderMembersTable(results.members)}`);
  if (results.analytics) console.log(`\n${renderAnalyticsTable(results.analytics)}`);
  if (results.sitemap) console.log(`\n${renderSitemapTable(results.sitemap)}`);
  if (results.searchCjk) console.log(`\n${renderSearchCjkTable(results.searchCjk)}`);
  const failed = results.checks.filter((check) => !check.pass);
  console.log(
    `\n${results.checks.length - failed.length}/${results.checks.length} targets met` +
      (failed.length ? `; missed: ${failed.map((check) => check.name).join(', ')}` : ''),
  );
  if (results.problems.length > 0) {
    console.log(`\nProblems:\n${results.problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(ROOT, RESULTS_FILE)}`);
}

/** Entry point: parses options, runs, always cleans up children and the data directory. */
async function main(): Promise<number> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-bench-'));
  const cleanUpNow = () => {
    killAllNow();
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      progress(`${signal}: stopping`);
      cleanUpNow();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
  try {
    const results = await runBench(options, dataDir);
    await report(results, options);
    return 0;
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    killAllNow();
    console.error(
      `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    );
    process.exit(1);
  },
);
