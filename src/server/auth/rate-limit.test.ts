import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './rate-limit';

function clocked(limit: number, windowMs: number, maxKeys?: number) {
  const clock = { now: 1_000_000 };
  const limiter = new SlidingWindowLimiter({ limit, windowMs, now: () => clock.now, maxKeys });
  return { clock, limiter };
}

describe('sliding window limiter', () => {
  it('allows `limit` hits in a window, then says how long to wait', () => {
    const { clock, limiter } = clocked(3, 60_000);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfterMs('a')).toBe(0);
      limiter.hit('a');
      clock.now += 10_000;
    }
    // Hits at 0 s, 10 s, 20 s; now 30 s: the first leaves the window at 60 s.
    expect(limiter.retryAfterMs('a')).toBe(30_000);
    expect(limiter.retryAfterMs('b')).toBe(0);
  });

  it('slides: an old hit leaving the window frees one place', () => {
    const { clock, limiter } = clocked(2, 60_000);
    limiter.hit('a');
    clock.now += 30_000;
    limiter.hit('a');
    expect(limiter.retryAfterMs('a')).toBeGreaterThan(0);
    clock.now += 30_001;
    expect(limiter.retryAfterMs('a')).toBe(0);
    limiter.hit('a');
    expect(limiter.retryAfterMs('a')).toBe(30_000 - 1);
  });

  it('forgets a key on reset', () => {
    const { limiter } = clocked(1, 60_000);
    limiter.hit('a');
    expect(limiter.retryAfterMs('a')).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfterMs('a')).toBe(0);
  });

  it('keeps memory bounded: expired keys go, and the least recently hit beyond maxKeys', () => {
    const { clock, limiter } = clocked(1, 1_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) limiter.hit(key);
    expect(limiter.size).toBe(3);
    expect(limiter.retryAfterMs('a')).toBe(0);
    expect(limiter.retryAfterMs('d')).toBeGreaterThan(0);
    clock.now += 2_000;
    for (const key of ['b', 'c', 'd']) expect(limiter.retryAfterMs(key)).toBe(0);
    expect(limiter.size).toBe(0);
  });

  it('refuses nonsense limits', () => {
    expect(() => new SlidingWindowLimiter({ limit: 0, windowMs: 1 })).toThrow(RangeError);
    expect(() => new SlidingWindowLimiter({ limit: 1, windowMs: 0 })).toThrow(RangeError);
  });
});
