/**
 * The bench's verdicts and its printed table: every figure next to its target, PASS or FAIL.
 */
import { type AnalyticsResults, analyticsChecks } from './analytics';
import { type DashboardResults, dashboardChecks } from './dashboard';
import type { LayoutResults, LayoutRun } from './layouts';
import { LIKE_STORM_TARGET, type LikeStormResult } from './like-storm';
import type { LoadResult } from './load';
import { type MembersResults, membersChecks } from './members';
import type { CpuShare } from './processes';
import type { PageScripts } from './scripts';
import {
  SEARCH_CJK_GROUP,
  SEARCH_CJK_TARGET_P50_MS,
  type SearchCjkData,
  searchCjkChecks,
} from './search-cjk';
import { type SitemapResults, sitemapChecks } from './sitemap';

/** The targets of the issue ("visitor feed page ≥ 1,500 req/s and p99 < 50 ms", ...). */
export const TARGETS = {
  visitorFeedRps: 1500,
  visitorFeedP99Ms: 50,
  memberFeedRps: 300,
  coldStartMs: 1000,
  peakRssMiB: 250,
  feedScriptsGzipKB: 130,
  /** Issue 3: "search p50 < 10 ms", `/api/search?q=<a common word>` as a visitor. */
  searchP50Ms: 10,
} as const;

/**
 * The `layouts` group's target (issue 3: "the feed page keeps the walking skeleton's throughput
 * with every layout"): each layout's cache-bypassed `/blog` makes at least this share of the
 * req/s of the default layout (grid) measured in the same phase, with no failed request. Not
 * 100 %: run-to-run noise on the 2-core machines (client and server on the same cores, other
 * work beside them) is about ±15 %, so two runs of the very same page differ that much; a layout
 * under 85 % is slower than noise explains.
 */
export const LAYOUT_TARGET = { minShareOfBaseline: 0.85 } as const;

/** The layouts' baseline drifting more than this between its first and last run is reported. */
const LAYOUT_DRIFT_WARNING = 0.15;

/** The scenario name of the feed page, which carries the page targets. */
export const FEED_SCENARIO = 'feed';

/** The scenario name of the search API, which carries the search target. */
export const SEARCH_SCENARIO = 'search';

/** Everything one bench run measured. */
export interface BenchResults {
  startedAt: string;
  options: Record<string, unknown>;
  environment: Record<string, unknown>;
  seed: { posts: number; seconds: number };
  urls: Record<string, string>;
  load: LoadResult[];
  scripts: PageScripts[];
  memory: {
    vmHwmMiB: number | null;
    /** VmRSS once the server first answered 200, before any load. */
    rssAtReadyMiB: number | null;
    /** VmHWM just before the layouts group (null when it did not run): the peak without it. */
    vmHwmBeforeLayoutsMiB: number | null;
    sampledMaxRssMiB: number;
    samples: number;
  };
  /** Who used the CPUs while autocannon ran. */
  cpuDuringLoad: CpuShare;
  coldStart: {
    /** Null when no cold start was measured (`--cold-starts 0`). */
    medianMs: number | null;
    runsMs: number[];
    /** ms from the spawn to the server's "is running at" line, per run. */
    readyLineMs: (number | null)[];
    /** What the server said its start-up took ("ready in N ms"), per run. */
    selfReportedMs: (number | null)[];
    stoppedWith: (string | null)[];
  };
  targets: typeof TARGETS;
  /** The feed page in every layout (the `layouts` group); null when it did not run. */
  layouts: LayoutResults | null;
  layoutTarget: typeof LAYOUT_TARGET;
  /** Pages and overlays under 50 likes/s (the `likes` group); null when it did not run. */
  likeStorm: LikeStormResult | null;
  /** The dashboard's lists at scale (the `dashboard` group); null when it did not run. */
  dashboard: DashboardResults | null;
  /** The members list at 100,000 members (the `members` group); absent when it did not run. */
  members?: MembersResults | null;
  /** The analytics API and pages (the `analytics` group); null when it did not run. */
  analytics?: AnalyticsResults | null;
  /** The sitemap index of a 100,000-post blog (the `sitemap` group); absent when it did not run. */
  sitemap?: SitemapResults | null;
  /** Search in Chinese, Japanese and Thai (the `search-cjk` group); absent when it did not run. */
  searchCjk?: SearchCjkData | null;
  checks: Check[];
  problems: string[];
}

/** One figure compared with its target. */
export interface Check {
  name: string;
  value: number | null;
  unit: string;
  target: string;
  pass: boolean;
}

/** Formats an integer with thousands separators. */
function int(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Formats a latency in ms. */
function ms(value: number): string {
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : int(value)} ms`;
}

/** Shortens a long path for the table (results.json has it whole). */
function shorten(path: string, max = 36): string {
  return path.length <= max ? path : `${path.slice(0, max - 3)}...`;
}

/** A load run's failed requests (transport errors plus non-2xx answers). */
function failures(run: LoadResult): number {
  return run.errors + run.non2xx;
}

/**
 * A visitor's page run that the page cache did not answer (`x-page-cache` other than `hit` just
 * before it): every request was a render, so its req/s says nothing of the cached page.
 */
function isUncachedVisitorPage(run: LoadResult): boolean {
  return run.audience === 'visitor' && run.pageCache !== null && run.pageCache !== 'hit';
}

/**
 * The runs that had errors or non-2xx answers, and visitors' page runs the page cache did not
 * answer, described for the problems list.
 */
export function loadProblems(load: LoadResult[]): string[] {
  const uncached = load
    .filter(isUncachedVisitorPage)
    .map(
      (run) =>
        `${run.path} as visitor: not from the page cache (x-page-cache: ${run.pageCache}), ` +
        'every request rendered',
    );
  return [...uncached, ...failedRuns(load)];
}

function failedRuns(load: LoadResult[]): string[] {
  return load
    .filter((run) => failures(run) > 0)
    .map((run) => {
      const codes = Object.entries(run.statusCodes)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, count]) => `${count}× HTTP ${code}`);
      const parts = [
        ...(run.errors > 0 ? [`${run.errors} errors (${run.timeouts} timeouts)`] : []),
        ...codes,
      ];
      const hint = run.statusCodes['404'] ? ' (a 404 means the URL is wrong)' : '';
      return `${run.path} as ${run.audience}: ${parts.join(', ')}${hint}`;
    });
}

/** The like storm's failed requests and likes, for the problems list. */
export function likeStormProblems(storm: LikeStormResult | null): string[] {
  if (storm === null) return [];
  const problems: string[] = [];
  if (storm.errors + storm.non2xx > 0) {
    problems.push(
      `like storm: ${storm.errors} errors (${storm.timeouts} timeouts), ${storm.non2xx} non-2xx ` +
        'answers to pages and overlays',
    );
  }
  if (storm.likes.failed > 0) problems.push(`like storm: ${storm.likes.failed} likes failed`);
  return problems;
}

const LIKE_STORM_HIT_CHECK = 'like storm: page cache hit rate';
const LIKE_STORM_CATCH_UP_CHECK = 'like storm: counts caught up';

/**
 * Issue 15: while likes arrive at 50/s the page cache serves at least 90% of the feed and post
 * requests, with no failed request, and a new visitor sees the last like's count within 10 s.
 */
function likeStormChecks(storm: LikeStormResult | null): Check[] {
  if (storm === null) return [];
  const clean = storm.errors + storm.non2xx === 0 && storm.likes.failed === 0;
  const enoughLikes = storm.likes.perSecond >= LIKE_STORM_TARGET.likesPerSecond * 0.95;
  return [
    {
      name: LIKE_STORM_HIT_CHECK,
      value: storm.pages.hitRate * 100,
      unit: '%',
      target: `>= ${LIKE_STORM_TARGET.minPageCacheHitRate * 100}`,
      pass: clean && enoughLikes && storm.pages.hitRate >= LIKE_STORM_TARGET.minPageCacheHitRate,
    },
    {
      name: LIKE_STORM_CATCH_UP_CHECK,
      value: storm.catchUpMs,
      unit: 'ms',
      target: `<= ${int(LIKE_STORM_TARGET.maxCatchUpMs)}`,
      pass: storm.catchUpMs !== null && storm.catchUpMs <= LIKE_STORM_TARGET.maxCatchUpMs,
    },
  ];
}

/** The printed rows of the like storm: pages, overlays, and the figures checked. */
function likeStormRows(results: BenchResults): Row[] {
  const storm = results.likeStorm;
  if (storm === null) return [];
  const check = (name: string) => results.checks.find((c) => c.name === name);
  const failed = int(storm.errors + storm.non2xx);
  return [
    {
      kind: 'load',
      cells: [
        `like storm ${shorten(`${storm.feedPath} + ${storm.postPath}`, 26)}`,
        'visitor',
        `${(storm.pages.hitRate * 100).toFixed(1)}% hit`,
        int(storm.requestsPerSecond),
        ms(storm.latencyMs.p50),
        ms(storm.latencyMs.p99),
        failed,
        `>= ${LIKE_STORM_TARGET.minPageCacheHitRate * 100}% hits`,
        verdict([check(LIKE_STORM_HIT_CHECK)]),
      ],
    },
    {
      kind: 'figure',
      measure: 'like storm: pages, overlays, likes',
      as: 'per s',
      value:
        `${int(storm.pages.requestsPerSecond)} pages + ${int(storm.overlays.requestsPerSecond)} ` +
        `overlays, ${storm.likes.perSecond.toFixed(1)} likes (${int(storm.likes.failed)} failed)`,
      target: `${LIKE_STORM_TARGET.likesPerSecond} likes/s`,
      result: '-',
    },
    {
      kind: 'figure',
      measure: 'like storm: last count shown to all',
      as: 'after',
      value: storm.catchUpMs === null ? 'never (15 s)' : ms(storm.catchUpMs),
      target: `<= ${int(LIKE_STORM_TARGET.maxCatchUpMs)} ms`,
      result: verdict([check(LIKE_STORM_CATCH_UP_CHECK)]),
    },
  ];
}

/** The problems of the layouts group: failed requests, a layout not shown, a drifting baseline. */
export function layoutProblems(layouts: LayoutResults | null): string[] {
  if (layouts === null) return [];
  const runs = [...layouts.runs, ...(layouts.baselineAgain ? [layouts.baselineAgain] : [])];
  const problems = loadProblems(runs).map((problem) => `layouts: ${problem}`);
  for (const run of runs.filter((r) => r.totalRequests === 0)) {
    problems.push(
      `layouts: no request of /blog in ${run.layout} (${run.device}) was answered within the ` +
        `${layouts.durationS} s run`,
    );
  }
  for (const run of runs.filter((r) => !r.layoutShown)) {
    problems.push(
      `layouts: /blog (${run.device}) had no post-list--${run.layout} class after the setting ` +
        'changed: the run did not measure that layout',
    );
  }
  const drift = baselineDrift(layouts);
  if (drift !== null && Math.abs(drift) > LAYOUT_DRIFT_WARNING) {
    problems.push(
      `layouts: the ${layouts.baselineLayout} baseline changed by ${signedPercent(drift)} from ` +
        'the first to the last layout run: the machine got busier or quieter meanwhile, the ' +
        'layout shares are skewed; run again on a quiet machine',
    );
  }
  return problems;
}

/** The baseline run of the layouts group (the default layout, measured first). */
function layoutBaseline(layouts: LayoutResults): LayoutRun | undefined {
  return layouts.runs.find((run) => run.layout === layouts.baselineLayout);
}

/** How much the baseline's req/s changed from its first to its last run (a fraction), if known. */
function baselineDrift(layouts: LayoutResults): number | null {
  const first = layoutBaseline(layouts);
  const again = layouts.baselineAgain;
  if (!first || !again || first.requestsPerSecond === 0) return null;
  return again.requestsPerSecond / first.requestsPerSecond - 1;
}

/** A fraction as a signed whole percentage ("+4%", "-12%"). */
function signedPercent(fraction: number): string {
  const rounded = Math.round(fraction * 100);
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/** A layout run's req/s as a share of the baseline's, or null without a baseline. */
function shareOfBaseline(layouts: LayoutResults, run: LayoutRun): number | null {
  const baseline = layoutBaseline(layouts);
  if (!baseline || baseline.requestsPerSecond === 0) return null;
  return run.requestsPerSecond / baseline.requestsPerSecond;
}

/** The name of a layout's check. */
function layoutCheckName(layout: string): string {
  return `layout ${layout} req/s`;
}

/** The least req/s a layout must make: the target share of the baseline's. */
function layoutMinRps(layouts: LayoutResults): number | null {
  // A baseline that answered nothing gives no target (and every layout check fails).
  const baseline = layoutBaseline(layouts);
  if (!baseline || baseline.totalRequests === 0) return null;
  return baseline.requestsPerSecond * LAYOUT_TARGET.minShareOfBaseline;
}

/** One check per layout: its member req/s against the target share of the baseline's. */
function layoutChecks(layouts: LayoutResults | null): Check[] {
  if (layouts === null) return [];
  const minRps = layoutMinRps(layouts);
  const share = `${Math.round(LAYOUT_TARGET.minShareOfBaseline * 100)}% of ${layouts.baselineLayout}`;
  return layouts.runs.map((run) => ({
    name: layoutCheckName(run.layout),
    value: run.requestsPerSecond,
    unit: 'req/s',
    target: minRps === null ? `>= ${share}` : `>= ${int(minRps)} req/s (${share})`,
    pass:
      minRps !== null && failures(run) === 0 && run.layoutShown && run.requestsPerSecond >= minRps,
  }));
}

/** A scenario's run for an audience. */
function runOf(
  load: LoadResult[],
  scenario: string,
  audience: LoadResult['audience'],
): LoadResult | undefined {
  return load.find((run) => run.scenario === scenario && run.audience === audience);
}

/** The feed page's run for an audience. */
function feedRun(load: LoadResult[], audience: LoadResult['audience']): LoadResult | undefined {
  return runOf(load, FEED_SCENARIO, audience);
}

/** Whether `--only` left a scenario out of this run (its targets are then not checked). */
function isSkipped(results: Omit<BenchResults, 'checks'>, scenario: string): boolean {
  const only = (results.options as { only?: string[] }).only ?? [];
  return only.length > 0 && !only.includes(scenario);
}

/**
 * Compares the figures with the targets; a load run with failed requests fails its checks.
 * Figures a run did not measure (`--only`, `--cold-starts 0`) have no check.
 */
export function evaluate(results: Omit<BenchResults, 'checks'>): Check[] {
  const checks = allChecks(results);
  const skipped = new Set<string>();
  if (isSkipped(results, FEED_SCENARIO)) {
    for (const name of FEED_CHECKS) skipped.add(name);
  }
  if (isSkipped(results, SEARCH_SCENARIO)) skipped.add(SEARCH_CHECK);
  if (results.coldStart.medianMs === null) skipped.add(COLD_START_CHECK);
  return [
    ...checks.filter((check) => !skipped.has(check.name)),
    ...layoutChecks(results.layouts),
    ...likeStormChecks(results.likeStorm),
    ...dashboardChecks(results.dashboard),
    ...membersChecks(results.members),
    ...analyticsChecks(results.analytics ?? null),
    ...sitemapChecks(results.sitemap ?? null),
    ...searchCjkChecks(
      results.searchCjk ?? null,
      runOf(results.load, SEARCH_CJK_GROUP, 'visitor')?.latencyMs.p50 ?? null,
      (() => {
        const run = runOf(results.load, SEARCH_CJK_GROUP, 'visitor');
        return run !== undefined && failures(run) === 0;
      })(),
    ),
  ];
}

/** The checks of the feed scenario (its load runs and its scripts). */
const FEED_CHECKS = [
  'visitor feed page req/s',
  'visitor feed page p99',
  'member feed page req/s',
  'feed page scripts (gzip -9)',
];
const SEARCH_CHECK = 'visitor search p50';
const COLD_START_CHECK = 'cold start';

function allChecks(results: Omit<BenchResults, 'checks'>): Check[] {
  const visitor = feedRun(results.load, 'visitor');
  const member = feedRun(results.load, 'member');
  const search = runOf(results.load, SEARCH_SCENARIO, 'visitor');
  const feedScripts = results.scripts.find((s) => s.page === results.urls[FEED_SCENARIO]);
  const clean = (run: LoadResult | undefined) => run !== undefined && failures(run) === 0;
  const scriptsKB = feedScripts ? feedScripts.gzipBytes / 1000 : null;
  const coldStartMs = results.coldStart.medianMs;
  return [
    {
      name: 'visitor feed page req/s',
      value: visitor?.requestsPerSecond ?? null,
      unit: 'req/s',
      target: `>= ${int(TARGETS.visitorFeedRps)}`,
      pass: clean(visitor) && (visitor?.requestsPerSecond ?? 0) >= TARGETS.visitorFeedRps,
    },
    {
      name: 'visitor feed page p99',
      value: visitor?.latencyMs.p99 ?? null,
      unit: 'ms',
      target: `< ${TARGETS.visitorFeedP99Ms}`,
      pass: clean(visitor) && (visitor?.latencyMs.p99 ?? Infinity) < TARGETS.visitorFeedP99Ms,
    },
    {
      name: 'member feed page req/s',
      value: member?.requestsPerSecond ?? null,
      unit: 'req/s',
      target: `>= ${int(TARGETS.memberFeedRps)}`,
      pass: clean(member) && (member?.requestsPerSecond ?? 0) >= TARGETS.memberFeedRps,
    },
    {
      name: COLD_START_CHECK,
      value: coldStartMs,
      unit: 'ms',
      target: `< ${int(TARGETS.coldStartMs)}`,
      pass: coldStartMs !== null && coldStartMs < TARGETS.coldStartMs,
    },
    {
      name: 'peak RSS (VmHWM)',
      value: results.memory.vmHwmMiB,
      unit: 'MiB',
      target: `< ${TARGETS.peakRssMiB}`,
      pass: results.memory.vmHwmMiB !== null && results.memory.vmHwmMiB < TARGETS.peakRssMiB,
    },
    {
      name: 'feed page scripts (gzip -9)',
      value: scriptsKB,
      unit: 'kB',
      target: `< ${TARGETS.feedScriptsGzipKB}`,
      pass: scriptsKB !== null && scriptsKB < TARGETS.feedScriptsGzipKB,
    },
    {
      name: SEARCH_CHECK,
      value: search?.latencyMs.p50 ?? null,
      unit: 'ms',
      target: `< ${TARGETS.searchP50Ms}`,
      pass: clean(search) && (search?.latencyMs.p50 ?? Infinity) < TARGETS.searchP50Ms,
    },
  ];
}

/** A table row: either a load run's figures or a single figure spanning the figure columns. */
type Row =
  | {
      kind: 'load';
      cells: [string, string, string, string, string, string, string, string, string];
    }
  | { kind: 'figure'; measure: string; as: string; value: string; target: string; result: string }
  | { kind: 'rule' };

const HEADER = ['Measure', 'As', 'Cache', 'req/s', 'p50', 'p99', 'Failed', 'Target', 'Result'];
/** Columns whose cells are right-aligned. */
const RIGHT = new Set([3, 4, 5, 6]);
/** The columns a figure row's value spans (Cache .. Failed). */
const SPAN = [2, 6] as const;

/** PASS, FAIL or a dash for a check (or a group of checks) of a row. */
function verdict(checks: (Check | undefined)[]): string {
  const relevant = checks.filter((check): check is Check => check !== undefined);
  if (relevant.length === 0) return '-';
  return relevant.every((check) => check.pass) ? 'PASS' : 'FAIL';
}

/** The printed rows of the load runs. */
function loadRows(results: BenchResults): Row[] {
  const check = (name: string) => results.checks.find((c) => c.name === name);
  return results.load.map((run) => {
    const isFeed = run.scenario === FEED_SCENARIO;
    let target = '';
    let checks: (Check | undefined)[] = [];
    if (isFeed && run.audience === 'visitor') {
      target = `>= ${int(TARGETS.visitorFeedRps)} req/s, p99 < ${TARGETS.visitorFeedP99Ms} ms`;
      checks = [check('visitor feed page req/s'), check('visitor feed page p99')];
    } else if (isFeed) {
      target = `>= ${int(TARGETS.memberFeedRps)} req/s`;
      checks = [check('member feed page req/s')];
    } else if (run.scenario === SEARCH_SCENARIO && run.audience === 'visitor') {
      target = `p50 < ${TARGETS.searchP50Ms} ms`;
      checks = [check(SEARCH_CHECK)];
    } else if (run.scenario === SEARCH_CJK_GROUP && run.audience === 'visitor') {
      target = `p50 < ${SEARCH_CJK_TARGET_P50_MS} ms`;
      checks = [check('visitor search-cjk p50')];
    }
    const failed = failures(run);
    const result = checks.length > 0 ? verdict(checks) : failed > 0 ? 'ERRORS' : '-';
    return {
      kind: 'load',
      cells: [
        `${run.scenario} ${shorten(run.path)}`,
        run.audience,
        run.pageCache ?? '-',
        int(run.requestsPerSecond),
        ms(run.latencyMs.p50),
        ms(run.latencyMs.p99),
        int(failed),
        target,
        result,
      ],
    };
  });
}

/** The printed rows of the layouts group: one per layout, then the baseline's second run. */
function layoutRows(results: BenchResults): Row[] {
  const { layouts } = results;
  if (layouts === null) return [];
  const row = (run: LayoutRun, name: string, target: string, result: string): Row => ({
    kind: 'load',
    cells: [
      name,
      run.audience,
      run.pageCache ?? '-',
      int(run.requestsPerSecond),
      ms(run.latencyMs.p50),
      ms(run.latencyMs.p99),
      int(failures(run)),
      target,
      result,
    ],
  });
  const rows = layouts.runs.map((run) => {
    const check = results.checks.find((c) => c.name === layoutCheckName(run.layout));
    const share = shareOfBaseline(layouts, run);
    const shareText = share === null ? '' : ` (${Math.round(share * 100)}%)`;
    return row(run, `layout ${run.layout}`, check?.target ?? '', `${verdict([check])}${shareText}`);
  });
  const again = layouts.baselineAgain;
  const drift = baselineDrift(layouts);
  if (again) {
    rows.push(
      row(
        again,
        `layout ${again.layout} again (drift)`,
        '',
        drift === null ? '-' : `${signedPercent(drift)} vs first`,
      ),
    );
  }
  return rows;
}

/** The cold-start cell: the median and each run. */
function coldStartValue(coldStart: BenchResults['coldStart']): string {
  if (coldStart.medianMs === null) return 'not measured';
  return `${int(coldStart.medianMs)} ms (${coldStart.runsMs.map(int).join(', ')})`;
}

/** The median of the known values, or null when there is none. */
function medianOf(values: (number | null)[]): number | null {
  const known = values.filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
  return known.length === 0 ? null : known[Math.floor(known.length / 2)]!;
}

/** The "running at" cell: when the line came, and the start-up time the server reported in it. */
function readyLineValue(coldStart: BenchResults['coldStart']): string {
  const ready = medianOf(coldStart.readyLineMs);
  if (coldStart.runsMs.length === 0) return 'not measured';
  if (ready === null) return 'never printed';
  const reported = medianOf(coldStart.selfReportedMs);
  return reported === null
    ? `${int(ready)} ms`
    : `${int(ready)} ms (server says ${int(reported)} ms)`;
}

/** The printed rows of the single figures (scripts, memory, cold start). */
function figureRows(results: BenchResults): Row[] {
  const check = (name: string) => results.checks.find((c) => c.name === name);
  const rows: Row[] = results.scripts.map((page) => {
    const isFeed = page.page === results.urls[FEED_SCENARIO];
    return {
      kind: 'figure',
      measure: `scripts ${shorten(page.page)}`,
      as: 'gzip -9',
      value: `${(page.gzipBytes / 1000).toFixed(1)} kB in ${page.files.length} file${page.files.length === 1 ? '' : 's'}`,
      target: isFeed ? `< ${TARGETS.feedScriptsGzipKB} kB` : '',
      result: isFeed ? verdict([check('feed page scripts (gzip -9)')]) : '-',
    };
  });
  const { memory, coldStart } = results;
  rows.push(
    { kind: 'rule' },
    {
      kind: 'figure',
      measure: 'peak RSS of the server',
      as: 'VmHWM',
      value: memory.vmHwmMiB === null ? 'unreadable' : `${memory.vmHwmMiB.toFixed(1)} MiB`,
      target: `< ${TARGETS.peakRssMiB} MiB`,
      result: verdict([check('peak RSS (VmHWM)')]),
    },
    ...(memory.vmHwmBeforeLayoutsMiB === null
      ? []
      : [
          {
            kind: 'figure',
            measure: 'peak RSS before the layouts group',
            as: 'VmHWM',
            value: `${memory.vmHwmBeforeLayoutsMiB.toFixed(1)} MiB`,
            target: '',
            result: '-',
          } as const,
        ]),
    {
      kind: 'figure',
      measure: 'peak RSS of the server',
      as: 'VmRSS',
      value: `${memory.sampledMaxRssMiB.toFixed(1)} MiB (max of ${memory.samples} samples)`,
      target: '',
      result: '-',
    },
    {
      kind: 'figure',
      measure: 'RSS of the server before load',
      as: 'VmRSS',
      value:
        memory.rssAtReadyMiB === null ? 'unreadable' : `${memory.rssAtReadyMiB.toFixed(1)} MiB`,
      target: '',
      result: '-',
    },
    {
      kind: 'figure',
      measure: 'cold start: spawn -> 200 /blog',
      as: 'median',
      value: coldStartValue(coldStart),
      target: `< ${int(TARGETS.coldStartMs)} ms`,
      result: verdict([check('cold start')]),
    },
    {
      kind: 'figure',
      measure: 'cold start: spawn -> "running at"',
      as: 'median',
      value: readyLineValue(coldStart),
      target: '',
      result: '-',
    },
  );
  return rows;
}

/** Renders the whole table, aligned, in plain text. */
export function renderTable(results: BenchResults): string {
  // One group of rows after another, a rule between two groups.
  const groups = [
    loadRows(results),
    likeStormRows(results),
    layoutRows(results),
    figureRows(results),
  ];
  const rows: Row[] = groups
    .filter((group) => group.length > 0)
    .flatMap((group, i) => (i === 0 ? group : [{ kind: 'rule' } as const, ...group]))
    // No rule first or after another (a group may start with its own, e.g. without scripts).
    .filter((row, i, all) => row.kind !== 'rule' || (i > 0 && all[i - 1]?.kind !== 'rule'));
  const widths = HEADER.map((title) => title.length);
  for (const row of rows) {
    if (row.kind === 'load') {
      for (const [i, cell] of row.cells.entries()) widths[i] = Math.max(widths[i]!, cell.length);
    }
    if (row.kind === 'figure') {
      widths[0] = Math.max(widths[0]!, row.measure.length);
      widths[1] = Math.max(widths[1]!, row.as.length);
      widths[7] = Math.max(widths[7]!, row.target.length);
      widths[8] = Math.max(widths[8]!, row.result.length);
    }
  }
  // A figure's value may be wider than the columns it spans: widen the last of them.
  const spanWidth = () => widths.slice(SPAN[0], SPAN[1] + 1).reduce((a, b) => a + b + 2, -2);
  for (const row of rows) {
    if (row.kind === 'figure' && row.value.length > spanWidth()) {
      widths[SPAN[1]]! += row.value.length - spanWidth();
    }
  }
  const pad = (cell: string, i: number) =>
    RIGHT.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!);
  const line = (cells: string[]) => cells.map(pad).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const out = [line(HEADER), rule];
  for (const row of rows) {
    if (row.kind === 'rule') out.push(rule);
    else if (row.kind === 'load') out.push(line(row.cells));
    else {
      const value = row.value.padEnd(spanWidth());
      const cells = [pad(row.measure, 0), pad(row.as, 1), value, pad(row.target, 7), row.result];
      out.push(cells.join('  ').trimEnd());
    }
  }
  const members = membersNote(results);
  return members ? `${out.join('\n')}\n\n${members}` : out.join('\n');
}

/**
 * Which members the member runs were (issue 20): the rows marked "member" rotate through their
 * real sessions, each page checked to be theirs before the load.
 */
export function membersNote(results: Pick<BenchResults, 'load' | 'layouts'>): string | null {
  const runs = [...results.load, ...(results.layouts?.runs ?? [])];
  const names = [...new Set(runs.flatMap((run) => run.members ?? []))];
  if (names.length === 0) return null;
  return (
    `Rows "member": real sessions of ${names.length} seeded members, logged in through the API ` +
    `and taken in turn request by request, each page checked to be theirs: ${names.join(', ')}`
  );
}
