import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { growingUpTo } from './growing-lru.server';

describe('growingUpTo', () => {
  it('keeps at most the bound, evicting the least recently used', () => {
    const cache = new LRUCache<string, number>(growingUpTo(3));
    for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(key, i);
    cache.get('a');
    cache.set('d', 3);
    expect(cache.size).toBe(3);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
  });

  it('takes no memory for the entries it does not hold yet', () => {
    const before = process.memoryUsage().arrayBuffers;
    const caches = Array.from({ length: 10 }, () => new LRUCache(growingUpTo(1_000_000)));
    // lru-cache with `max: 1_000_000` allocates two Uint32Arrays of a million entries (8 MB) each.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1_000_000);
    expect(caches.every((cache) => cache.size === 0)).toBe(true);
  });
});
