import { describe, expect, it } from 'vitest';
import { SiteGenerations, SiteMemo } from './generations.server';

describe('SiteMemo', () => {
  it('loads once per site generation and reloads after a bump', async () => {
    const generations = new SiteGenerations();
    const memo = new SiteMemo(generations);
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo.get('a', 'k', load)).toBe(1);
    expect(await memo.get('a', 'k', load)).toBe(1);
    expect(await memo.get('b', 'k', load)).toBe(2);
    generations.bump('a');
    expect(await memo.get('a', 'k', load)).toBe(3);
    expect(await memo.get('b', 'k', load)).toBe(2);
  });

  it('expires entries after the TTL', async () => {
    let now = 0;
    const memo = new SiteMemo(new SiteGenerations(), { ttlMs: 1000, now: () => now });
    let loads = 0;
    await memo.get('a', 'k', async () => ++loads);
    now = 999;
    await memo.get('a', 'k', async () => ++loads);
    now = 1000;
    expect(await memo.get('a', 'k', async () => ++loads)).toBe(2);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const memo = new SiteMemo(new SiteGenerations(), { maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await memo.get('a', 'one', load);
    await memo.get('a', 'two', load);
    await memo.get('a', 'one', load);
    await memo.get('a', 'three', load);
    expect(await memo.get('a', 'one', load)).toBe(1);
    expect(await memo.get('a', 'two', load)).toBe(4);
  });

  it('does not remember a failed load', async () => {
    const memo = new SiteMemo(new SiteGenerations());
    await expect(
      memo.get('a', 'k', async () => Promise.reject(new Error('down'))),
    ).rejects.toThrow();
    expect(await memo.get('a', 'k', async () => 'ok')).toBe('ok');
  });
});
