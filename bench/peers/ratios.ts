/**
 * The verdicts and tables of `npm run bench:peers`: every product's figures per page and reader,
 * then Inkwell's req/s as a multiple of each peer's, checked against issue 20's targets ("member
 * pages ≥ 20× both peers on home, page N, post, tag and search, p99 under 100 ms"). Pure.
 */
import type { Audience, LoadResult } from '../load';

export const PRODUCTS = ['Inkwell', 'Ghost', 'WordPress'] as const;
export type Product = (typeof PRODUCTS)[number];
export const PEERS = ['Ghost', 'WordPress'] as const;
export type PeerName = (typeof PEERS)[number];

/** The pages loaded on every product, in order (page N is page 10). */
export const PAGES = ['home', 'page 10', 'post', 'tag', 'search'] as const;
export type PageName = (typeof PAGES)[number];

/** Issue 20's targets. */
export const PEER_TARGETS = { minRatio: 20, maxP99Ms: 100 } as const;

/** One product's measured runs, or why it was not measured. */
export interface ProductRuns {
  product: Product;
  version: string | null;
  /** Null when it was measured; else why not (the install's error, say). */
  missing: string | null;
  runs: LoadResult[];
}

/** Inkwell against the peers on one page for one reader. */
export interface RatioRow {
  page: PageName;
  audience: Audience;
  inkwellRps: number | null;
  inkwellP99Ms: number | null;
  /** Inkwell's req/s divided by the peer's (null when either was not measured). */
  ratios: Record<PeerName, number | null>;
  /**
   * The peers that answered no request in the measured run (all timed out): their ratio is a
   * lower bound, Inkwell's req/s over the one request per run the peer did not even make.
   */
  lowerBounds: PeerName[];
  pass: boolean;
  /** What failed, for the table ('' when it passed). */
  why: string;
}

/** A run's failed requests (transport errors plus non-2xx answers). */
export function failedRequests(run: LoadResult): number {
  return run.errors + run.non2xx;
}

/** The run of one page for one reader of a product. */
export function runOf(
  products: ProductRuns[],
  product: Product,
  page: PageName,
  audience: Audience,
): LoadResult | undefined {
  return products
    .find((p) => p.product === product)
    ?.runs.find((run) => run.scenario === page && run.audience === audience);
}

/** `a / b`, or null when either is missing or `b` is not positive. */
function ratio(a: LoadResult | undefined, b: LoadResult | undefined): number | null {
  if (!a || !b || b.requestsPerSecond <= 0) return null;
  return a.requestsPerSecond / b.requestsPerSecond;
}

/** Whether a peer's run answered nothing because every request failed (timed out). */
function answeredNothing(run: LoadResult | undefined): run is LoadResult {
  return run !== undefined && run.totalRequests === 0 && failedRequests(run) > 0;
}

/**
 * The ratio rows: a row passes when Inkwell answered every request, its p99 is under the target
 * and it makes at least the target multiple of each peer's req/s. A peer that was not measured
 * (or answered nothing) gives no ratio, and the row fails (the target names both peers).
 */
export function ratioRows(products: ProductRuns[]): RatioRow[] {
  const rows: RatioRow[] = [];
  for (const audience of ['member', 'visitor'] as const) {
    for (const page of PAGES) {
      const inkwell = runOf(products, 'Inkwell', page, audience);
      const problems: string[] = [];
      const ratios = {} as Record<PeerName, number | null>;
      const lowerBounds: PeerName[] = [];
      for (const peer of PEERS) {
        // A peer's failed requests (timeouts after 10 s, errors) are not counted in its req/s:
        // they only make the peer look faster, so the ratio stays (the figures table shows them).
        const peerRun = runOf(products, peer, page, audience);
        ratios[peer] = ratio(inkwell, peerRun);
        if (inkwell && answeredNothing(peerRun)) {
          ratios[peer] = inkwell.requestsPerSecond * peerRun.durationS;
          lowerBounds.push(peer);
        }
        const value = ratios[peer];
        if (value === null) problems.push(`no ${peer} figure`);
        else if (value < PEER_TARGETS.minRatio) problems.push(`${value.toFixed(1)}× ${peer}`);
      }
      if (!inkwell) problems.unshift('no Inkwell figure');
      else {
        if (failedRequests(inkwell) > 0) problems.unshift('Inkwell had failed requests');
        if (inkwell.latencyMs.p99 >= PEER_TARGETS.maxP99Ms) {
          problems.unshift(`p99 ${inkwell.latencyMs.p99} ms`);
        }
      }
      rows.push({
        page,
        audience,
        inkwellRps: inkwell?.requestsPerSecond ?? null,
        inkwellP99Ms: inkwell?.latencyMs.p99 ?? null,
        ratios,
        lowerBounds,
        pass: problems.length === 0,
        why: problems.join(', '),
      });
    }
  }
  return rows;
}

/** Formats a number with thousands separators. */
function int(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** req/s: whole above 100, one decimal below (the peers' member pages make tens). */
function rps(value: number): string {
  return value >= 100 ? int(value) : value.toFixed(1);
}

/** A latency in ms. */
function ms(value: number): string {
  return value < 10 ? `${value.toFixed(1).replace(/\.0$/, '')} ms` : `${int(value)} ms`;
}

/** A ratio as "123×" (">123×" for a lower bound), or "n/a". */
function times(value: number | null, lowerBound = false): string {
  if (value === null) return 'n/a';
  return `${lowerBound ? '>' : ''}${value >= 10 ? int(value) : value.toFixed(1)}×`;
}

/** Lays out rows of cells in aligned columns under a header and a rule. */
export function columns(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The figures table: req/s, p50, p99 and failed requests per product, page and reader. */
export function renderFigures(products: ProductRuns[]): string {
  const rows: string[][] = [];
  for (const audience of ['member', 'visitor'] as const) {
    for (const page of PAGES) {
      for (const product of products) {
        const run = runOf(products, product.product, page, audience);
        if (!run) {
          rows.push([page, audience, product.product, 'not measured', '', '', '', '']);
          continue;
        }
        rows.push([
          page,
          audience,
          product.product,
          rps(run.requestsPerSecond),
          ms(run.latencyMs.p50),
          ms(run.latencyMs.p99),
          int(failedRequests(run)),
          run.path.length <= 48 ? run.path : `${run.path.slice(0, 45)}...`,
        ]);
      }
    }
  }
  return columns(['Page', 'Reader', 'Product', 'req/s', 'p50', 'p99', 'Failed', 'Path'], rows);
}

/** The ratio table with its verdicts. */
export function renderRatios(rows: RatioRow[]): string {
  return columns(
    ['Page', 'Reader', 'Inkwell req/s', '÷ Ghost', '÷ WordPress', 'Inkwell p99', 'Result'],
    rows.map((row) => [
      row.page,
      row.audience,
      row.inkwellRps === null ? 'n/a' : rps(row.inkwellRps),
      times(row.ratios.Ghost, row.lowerBounds.includes('Ghost')),
      times(row.ratios.WordPress, row.lowerBounds.includes('WordPress')),
      row.inkwellP99Ms === null ? 'n/a' : ms(row.inkwellP99Ms),
      row.pass ? 'PASS' : `FAIL (${row.why})`,
    ]),
  );
}
