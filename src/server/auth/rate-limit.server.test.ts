import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { testRedisUrl } from '../testing/test-database.server';
import { clientKeyOf, createLimiterStore, type LimiterStore } from './rate-limit.server';

const quiet = { error: () => {}, info: () => {} };
const REDIS_URL = testRedisUrl();
const STORES = [
  { name: 'memory', redisUrl: undefined },
  ...(REDIS_URL ? [{ name: 'redis', redisUrl: REDIS_URL }] : []),
];

const stores: LimiterStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
});
afterEach(() => {
  vi.useRealTimers();
});

/** A store of its own: every test's keys under a prefix nobody else uses. */
async function storeOn(redisUrl: string | undefined, keyPrefix = `inkwell-test:${randomUUID()}`) {
  const store = createLimiterStore({ redisUrl, keyPrefix, log: quiet });
  stores.push(store);
  await store.ready();
  return store;
}

describe.each(STORES)('limiters on the $name store', ({ name, redisUrl }) => {
  it('allow `limit` hits in a window, then say how long to wait', async () => {
    const limiter = (await storeOn(redisUrl)).limiter('a', { limit: 3, windowSeconds: 60 });
    for (let i = 1; i <= 3; i += 1) {
      expect(await limiter.retryAfterMs('k')).toBe(0);
      expect(await limiter.hit('k')).toBe(i);
    }
    const wait = await limiter.retryAfterMs('k');
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await limiter.retryAfterMs('other')).toBe(0);
  });

  it('forget a key on reset, and block one for a given time', async () => {
    const limiter = (await storeOn(redisUrl)).limiter('b', { limit: 1, windowSeconds: 60 });
    await limiter.hit('k');
    expect(await limiter.retryAfterMs('k')).toBeGreaterThan(0);
    await limiter.reset('k');
    expect(await limiter.retryAfterMs('k')).toBe(0);
    await limiter.block('k', 5);
    const wait = await limiter.retryAfterMs('k');
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(5_000);
  });

  it('keep limiters and stores apart by name and prefix', async () => {
    const store = await storeOn(redisUrl);
    const one = store.limiter('one', { limit: 1, windowSeconds: 60 });
    const two = store.limiter('two', { limit: 1, windowSeconds: 60 });
    await one.hit('k');
    expect(await two.retryAfterMs('k')).toBe(0);
    const elsewhere = (await storeOn(redisUrl)).limiter('one', { limit: 1, windowSeconds: 60 });
    expect(await elsewhere.retryAfterMs('k')).toBe(0);
  });

  it.runIf(name === 'redis')(
    'share counts between stores on one Redis (two server processes), keeping no email in a key',
    async () => {
      const prefix = `inkwell-test:${randomUUID()}`;
      const first = (await storeOn(redisUrl, prefix)).limiter('login', {
        limit: 2,
        windowSeconds: 60,
      });
      const second = (await storeOn(redisUrl, prefix)).limiter('login', {
        limit: 2,
        windowSeconds: 60,
      });
      await first.hit('site|ada@example.test');
      await second.hit('site|ada@example.test');
      expect(await first.retryAfterMs('site|ada@example.test')).toBeGreaterThan(0);
      const redis = new Redis(redisUrl!);
      try {
        const keys = await redis.keys(`${prefix}:*`);
        expect(keys).toHaveLength(1);
        expect(keys[0]).not.toContain('ada');
      } finally {
        redis.disconnect();
      }
    },
  );
});

describe('the memory store over time (fake clock)', () => {
  it('forgets a window once it ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1) });
    const limiter = (await storeOn(undefined)).limiter('t', { limit: 1, windowSeconds: 60 });
    await limiter.hit('k');
    vi.setSystemTime(Date.now() + 59_000);
    expect(await limiter.retryAfterMs('k')).toBe(1_000);
    vi.setSystemTime(Date.now() + 1_000);
    expect(await limiter.retryAfterMs('k')).toBe(0);
    expect(await limiter.hit('k')).toBe(1);
  });
});

describe('a Redis store whose Redis is unreachable', () => {
  it('counts in this process instead, logs the outage once and throws nothing', async () => {
    const errors: unknown[] = [];
    const store = createLimiterStore({
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix: `inkwell-test:${randomUUID()}`,
      log: { error: (error) => errors.push(error), info: () => {} },
    });
    stores.push(store);
    const limiter = store.limiter('down', { limit: 2, windowSeconds: 60 });
    expect(await limiter.hit('k')).toBe(1);
    expect(await limiter.hit('k')).toBe(2);
    expect(await limiter.retryAfterMs('k')).toBeGreaterThan(0);
    await limiter.reset('k');
    expect(await limiter.retryAfterMs('k')).toBe(0);
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0));
    expect(errors).toHaveLength(1);
  });
});

describe('client keys', () => {
  it('count an IPv4 client by its address and an IPv6 one by its /64', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8:1:2:bbbb::9')).toBe(clientKeyOf('2001:db8:1:2:aaaa::1'));
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(clientKeyOf('2001:db8:1:2::1'));
    expect(clientKeyOf('not an address')).toBe('not an address');
  });
});
