import { describe, expect, it } from 'vitest';
import {
  parseSitemapChild,
  postChunkBoundaries,
  postChunkCount,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapChildPath,
} from './sitemaps';

describe('post chunks', () => {
  it('splits at 50,000 addresses a file', () => {
    expect(postChunkCount(0)).toBe(0);
    expect(postChunkCount(1)).toBe(1);
    expect(postChunkCount(SITEMAP_MAX_URLS)).toBe(1);
    expect(postChunkCount(SITEMAP_MAX_URLS + 1)).toBe(2);
    expect(postChunkCount(100_000)).toBe(2);
  });

  it('ends every full chunk at a boundary and runs the last to the end', () => {
    expect(postChunkBoundaries(0, 2)).toEqual([]);
    expect(postChunkBoundaries(2, 2)).toEqual([]);
    expect(postChunkBoundaries(5, 2)).toEqual([2, 4]);
    expect(postChunkBoundaries(6, 2)).toEqual([2, 4]);
    expect(postChunkBoundaries(100_001)).toEqual([50_000, 100_000]);
    for (let total = 0; total < 30; total++) {
      expect(postChunkBoundaries(total, 4).length + (total > 0 ? 1 : 0)).toBe(
        postChunkCount(total, 4),
      );
    }
    expect(() => postChunkBoundaries(5, 0)).toThrow(RangeError);
  });
});

describe('child addresses', () => {
  it('round-trips every child and refuses other names', () => {
    for (const child of [
      { kind: 'list', list: 'pages' },
      { kind: 'list', list: 'archive' },
      { kind: 'posts', chunk: 1 },
      { kind: 'posts', chunk: 12 },
    ] as const) {
      const name = sitemapChildPath(child).replace(/^\/sitemaps\/|\.xml$/g, '');
      expect(parseSitemapChild(name)).toEqual(child);
    }
    for (const name of ['posts-0', 'posts-01', 'posts', 'posts-1x', 'secret', '']) {
      expect(parseSitemapChild(name)).toBeNull();
    }
  });
});

describe('robots.txt', () => {
  it('names the sitemap index on the origin and rules under the blog base', () => {
    const text = robotsTxt({ origin: 'https://blog.example', blogBase: '/journal/' });
    expect(text).toContain('Sitemap: https://blog.example/sitemap.xml\n');
    expect(text).toContain('Disallow: /journal/*/edit$\n');
    expect(text).toContain('Disallow: /journal/search$\n');
    expect(text).toContain('Allow: /journal/tags/edit$\n');
    expect(text.startsWith('User-agent: *\n')).toBe(true);
  });
});
