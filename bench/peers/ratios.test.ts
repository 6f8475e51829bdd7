import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../load';
import { blockHtml, busiestTag, peerPosts, searchWord } from './content';
import { parsePeersOptions } from './options';
import {
  PAGES,
  type PageName,
  type Product,
  type ProductRuns,
  ratioRows,
  renderFigures,
  renderRatios,
} from './ratios';

/** A measured run with these figures. */
function run(
  page: PageName,
  audience: 'visitor' | 'member',
  rps: number,
  p99 = 20,
  failed = 0,
): LoadResult {
  return {
    scenario: page,
    path: `/${page}`,
    audience,
    pageCache: null,
    requestsPerSecond: rps,
    totalRequests: rps * 20,
    latencyMs: { p50: p99 / 2, p90: p99, p99, max: p99 * 2, average: p99 / 2 },
    errors: 0,
    timeouts: 0,
    non2xx: failed,
    statusCodes: { '200': rps * 20 },
    durationS: 20,
    members: audience === 'member' ? ['A'] : null,
  };
}

/** A product that made `rps` req/s on every page for both readers. */
function product(name: Product, rps: number, p99 = 20): ProductRuns {
  return {
    product: name,
    version: '1',
    missing: null,
    runs: PAGES.flatMap((page) => [run(page, 'visitor', rps, p99), run(page, 'member', rps, p99)]),
  };
}

describe('ratioRows', () => {
  it('passes a page when Inkwell makes at least 20× both peers with p99 under 100 ms', () => {
    const rows = ratioRows([
      product('Inkwell', 2000),
      product('Ghost', 100),
      product('WordPress', 50),
    ]);
    expect(rows).toHaveLength(PAGES.length * 2);
    for (const row of rows) {
      expect(row.ratios).toEqual({ Ghost: 20, WordPress: 40 });
      expect(row.pass).toBe(true);
    }
  });

  it('fails a page under 20× one peer, naming the peer and the multiple', () => {
    const ghost = product('Ghost', 100);
    ghost.runs = ghost.runs.map((r) =>
      r.scenario === 'post' && r.audience === 'member' ? { ...r, requestsPerSecond: 200 } : r,
    );
    const rows = ratioRows([product('Inkwell', 2000), ghost, product('WordPress', 10)]);
    const post = rows.find((row) => row.page === 'post' && row.audience === 'member')!;
    expect(post.pass).toBe(false);
    expect(post.why).toBe('10.0× Ghost');
    expect(rows.filter((row) => !row.pass)).toHaveLength(1);
  });

  it('fails on a p99 of 100 ms or more, and on failed requests', () => {
    const slow = ratioRows([
      product('Inkwell', 5000, 100),
      product('Ghost', 10),
      product('WordPress', 10),
    ]);
    expect(slow.every((row) => !row.pass && row.why === 'p99 100 ms')).toBe(true);
    const inkwell = product('Inkwell', 5000);
    inkwell.runs[0] = run('home', 'visitor', 5000, 20, 3);
    const rows = ratioRows([inkwell, product('Ghost', 10), product('WordPress', 10)]);
    expect(rows.find((r) => r.page === 'home' && r.audience === 'visitor')!.why).toBe(
      'Inkwell had failed requests',
    );
  });

  it('gives no ratio for a peer that was not measured, and fails the row', () => {
    const wordpress: ProductRuns = {
      product: 'WordPress',
      version: null,
      missing: 'apt failed',
      runs: [],
    };
    const rows = ratioRows([product('Inkwell', 5000), product('Ghost', 10), wordpress]);
    for (const row of rows) {
      expect(row.ratios).toEqual({ Ghost: 500, WordPress: null });
      expect(row.pass).toBe(false);
      expect(row.why).toBe('no WordPress figure');
    }
  });

  it("keeps a peer's ratio when its run failed requests (they are not in its req/s)", () => {
    const ghost = product('Ghost', 10);
    ghost.runs = ghost.runs.map((r) => ({ ...r, errors: 4, timeouts: 4 }));
    const rows = ratioRows([product('Inkwell', 5000), ghost, product('WordPress', 10)]);
    expect(rows.every((row) => row.pass && row.ratios.Ghost === 500)).toBe(true);
  });

  it('bounds the ratio from below for a peer that answered nothing (every request timed out)', () => {
    const ghost = product('Ghost', 10);
    ghost.runs = ghost.runs.map((r) => ({
      ...r,
      requestsPerSecond: 0,
      totalRequests: 0,
      errors: 64,
      timeouts: 64,
      durationS: 20,
    }));
    const rows = ratioRows([product('Inkwell', 12), ghost, product('WordPress', 0.5)]);
    for (const row of rows) {
      expect(row.ratios.Ghost).toBe(240);
      expect(row.lowerBounds).toEqual(['Ghost']);
      expect(row.pass).toBe(true);
    }
    expect(renderRatios(rows)).toMatch(/>240×\s+24×/);
  });
});

describe('the tables', () => {
  it('print every product and page with the ratios and verdicts', () => {
    const products = [product('Inkwell', 2500, 40), product('Ghost', 25), product('WordPress', 50)];
    const figures = renderFigures(products);
    expect(figures).toContain('2,500');
    expect(figures).toContain('25.0');
    const ratios = renderRatios(ratioRows(products));
    expect(ratios).toMatch(/home\s+member\s+2,500\s+100×\s+50×\s+40 ms\s+PASS/);
    const missing: ProductRuns = { product: 'Ghost', version: null, missing: 'x', runs: [] };
    expect(renderFigures([product('Inkwell', 1), missing])).toContain('not measured');
    expect(renderRatios(ratioRows([product('Inkwell', 1), missing]))).toContain('n/a');
  });
});

describe('the peers content', () => {
  it('is deterministic, with unique slugs and at least one tag per post', () => {
    const posts = peerPosts(300);
    expect(peerPosts(300)).toEqual(posts);
    expect(new Set(posts.map((post) => post.slug)).size).toBe(300);
    expect(posts.every((post) => post.tags.length > 0 && post.html.startsWith('<p>'))).toBe(true);
    const tag = busiestTag(posts);
    const count = (slug: string) => posts.filter((p) => p.tags.some((t) => t.slug === slug)).length;
    for (const post of posts)
      for (const t of post.tags) expect(count(t.slug)).toBeLessThanOrEqual(count(tag.slug));
    expect(searchWord(posts, 5)).toMatch(/^[a-z]+$/);
  });

  it('escapes text in HTML', () => {
    expect(blockHtml({ type: 'paragraph', text: 'a < b & "c"' })).toBe(
      '<p>a &lt; b &amp; &quot;c&quot;</p>',
    );
    expect(blockHtml({ type: 'ordered', items: ['x', 'y'] })).toBe('<ol><li>x</li><li>y</li></ol>');
  });
});

describe('parsePeersOptions', () => {
  it('has the issue defaults and --quick, with explicit options winning', () => {
    expect(parsePeersOptions([])).toMatchObject({
      duration: 20,
      warmup: 5,
      connections: 32,
      posts: 1000,
    });
    expect(parsePeersOptions(['--quick', '--warmup', '2'])).toMatchObject({
      duration: 3,
      warmup: 2,
    });
    expect(parsePeersOptions(['--only', 'WordPress,inkwell'])).toMatchObject({
      products: ['Inkwell', 'WordPress'],
    });
  });

  it('names the option it refuses', () => {
    expect(() => parsePeersOptions(['--duration', '0'])).toThrow(/--duration/);
    expect(() => parsePeersOptions(['--only', 'drupal'])).toThrow(/--only/);
  });
});
