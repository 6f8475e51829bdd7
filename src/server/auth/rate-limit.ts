/**
 * An in-memory sliding-window rate limiter (issue 5: "a login rate limit per address and per IP";
 * decision 017). Each key keeps the times of its recent hits; a key with `limit` hits inside the
 * last `windowMs` is limited until the oldest of them leaves the window. In one process only:
 * several processes would each count their own share (a shared store, Redis, is the next step).
 */

export interface RateLimit {
  /** Hits allowed inside one window. */
  limit: number;
  windowMs: number;
}

export interface SlidingWindowOptions extends RateLimit {
  /** The clock (tests pass a fake one). */
  now?: () => number;
  /** Keys remembered at most; the least recently hit are forgotten first (memory stays bounded). */
  maxKeys?: number;
}

/** Counts hits per key over a sliding window. */
export class SlidingWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private readonly maxKeys: number;
  /** Hit times per key, oldest first; Map order is least recently hit first. */
  private readonly hits = new Map<string, number[]>();

  constructor({ limit, windowMs, now = Date.now, maxKeys = 50_000 }: SlidingWindowOptions) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be at least 1');
    if (!(windowMs > 0)) throw new RangeError('windowMs must be positive');
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
    this.maxKeys = maxKeys;
  }

  private recent(key: string, at: number): number[] {
    const times = this.hits.get(key);
    if (!times) return [];
    const from = at - this.windowMs;
    let drop = 0;
    while (drop < times.length && times[drop]! <= from) drop += 1;
    if (drop > 0) times.splice(0, drop);
    if (times.length === 0) this.hits.delete(key);
    return times;
  }

  /** Milliseconds until `key` may be hit again; 0 when it may now. */
  retryAfterMs(key: string): number {
    const at = this.now();
    const times = this.recent(key, at);
    if (times.length < this.limit) return 0;
    // The oldest hit that keeps the key at its limit must leave the window first.
    const oldest = times[times.length - this.limit]!;
    return Math.max(1, oldest + this.windowMs - at);
  }

  /** Records a hit of `key`. */
  hit(key: string): void {
    const at = this.now();
    const times = this.recent(key, at);
    times.push(at);
    // Keep only what can still matter, and move the key to the most recently hit end.
    if (times.length > this.limit) times.splice(0, times.length - this.limit);
    this.hits.delete(key);
    this.hits.set(key, times);
    if (this.hits.size > this.maxKeys) {
      const oldestKey = this.hits.keys().next().value;
      if (oldestKey !== undefined) this.hits.delete(oldestKey);
    }
  }

  /** Forgets `key` (a successful login clears its address's failures). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  /** How many keys are remembered (tests). */
  get size(): number {
    return this.hits.size;
  }
}
