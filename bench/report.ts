/**
 * The bench's verdicts and its printed table: every figure next to its target, PASS or FAIL.
 */
import type { LoadResult } from './load';
import type { CpuShare } from './processes';
import type { PageScripts } from './scripts';

/** The targets of the issue ("visitor feed page ≥ 1,500 req/s and p99 < 50 ms", ...). */
export const TARGETS = {
  visitorFeedRps: 1500,
  visitorFeedP99Ms: 50,
  memberFeedRps: 300,
  coldStartMs: 1000,
  peakRssMiB: 250,
  feedScriptsGzipKB: 130,
} as const;

/** The scenario name of the feed page, which carries the page targets. */
export const FEED_SCENARIO = 'feed';

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
    sampledMaxRssMiB: number;
    samples: number;
  };
  /** Who used the CPUs while autocannon ran. */
  cpuDuringLoad: CpuShare;
  coldStart: {
    medianMs: number;
    runsMs: number[];
    /** ms from the spawn to the server's "is running at" line, per run. */
    readyLineMs: (number | null)[];
    /** What the server said its start-up took ("ready in N ms"), per run. */
    selfReportedMs: (number | null)[];
    stoppedWith: (string | null)[];
  };
  targets: typeof TARGETS;
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

/** The runs that had errors or non-2xx answers, described for the problems list. */
export function loadProblems(load: LoadResult[]): string[] {
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

/** The feed page's run for an audience. */
function feedRun(load: LoadResult[], audience: LoadResult['audience']): LoadResult | undefined {
  return load.find((run) => run.scenario === FEED_SCENARIO && run.audience === audience);
}

/** Compares the figures with the targets; a load run with failed requests fails its checks. */
export function evaluate(results: Omit<BenchResults, 'checks'>): Check[] {
  const visitor = feedRun(results.load, 'visitor');
  const member = feedRun(results.load, 'member');
  const feedScripts = results.scripts.find((s) => s.page === results.urls[FEED_SCENARIO]);
  const clean = (run: LoadResult | undefined) => run !== undefined && failures(run) === 0;
  const scriptsKB = feedScripts ? feedScripts.gzipBytes / 1000 : null;
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
      name: 'cache-bypassed feed page req/s',
      value: member?.requestsPerSecond ?? null,
      unit: 'req/s',
      target: `>= ${int(TARGETS.memberFeedRps)}`,
      pass: clean(member) && (member?.requestsPerSecond ?? 0) >= TARGETS.memberFeedRps,
    },
    {
      name: 'cold start',
      value: results.coldStart.medianMs,
      unit: 'ms',
      target: `< ${int(TARGETS.coldStartMs)}`,
      pass: results.coldStart.medianMs < TARGETS.coldStartMs,
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
      checks = [check('cache-bypassed feed page req/s')];
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

/** The cold-start cell: the median and each run. */
function coldStartValue(coldStart: BenchResults['coldStart']): string {
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
  const rows: Row[] = [...loadRows(results), { kind: 'rule' }, ...figureRows(results)];
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
  return out.join('\n');
}
