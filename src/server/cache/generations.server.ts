/**
 * A per-site generation number, bumped by every write that can change what a page shows. Caches
 * key their entries by it, so one bump invalidates every cached page and memo of that site at
 * once, without tracking which pages a write touched. (One process; a multi-process deployment
 * would publish bumps over Redis.)
 */
import { LRUCache } from 'lru-cache';
import { growingUpTo } from './growing-lru.server';

export class SiteGenerations {
  readonly #generations = new Map<string, number>();

  /** The site's current generation. */
  get(siteId: string): number {
    return this.#generations.get(siteId) ?? 0;
  }

  /** Marks everything cached for the site as stale. */
  bump(siteId: string): void {
    this.#generations.set(siteId, this.get(siteId) + 1);
  }
}

export interface SiteMemoOptions {
  /** How long an entry may live even without writes (time-dependent data ages). */
  ttlMs?: number;
  /** At most this many entries; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Memoises per-site reads until the site's next write: the results are exactly as fresh as the
 * database. Bounded in entries and in time.
 */
export class SiteMemo {
  readonly #entries: LRUCache<string, { generation: number; at: number; value: Promise<unknown> }>;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(
    private readonly generations: SiteGenerations,
    { ttlMs = 60_000, maxEntries = 10_000, now = Date.now }: SiteMemoOptions = {},
  ) {
    this.#entries = new LRUCache(growingUpTo(maxEntries));
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** Returns the memoised value of `key` for the site, loading it when missing or stale. */
  get<T>(siteId: string, key: string, load: () => Promise<T>): Promise<T> {
    const fullKey = `${siteId}\u0000${key}`;
    const generation = this.generations.get(siteId);
    const hit = this.#entries.get(fullKey);
    if (hit && hit.generation === generation && this.#now() - hit.at < this.#ttlMs) {
      return hit.value as Promise<T>;
    }
    const value = load();
    this.#entries.set(fullKey, { generation, at: this.#now(), value });
    // A failed load must not be remembered.
    value.catch(() => {
      if (this.#entries.get(fullKey)?.value === value) this.#entries.delete(fullKey);
    });
    return value;
  }
}
