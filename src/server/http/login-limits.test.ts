/**
 * The login limits through HTTP (issue 15; decision 028): per client and per (account, client),
 * a bounded slow-down per account that a known browser (device cookie) never meets, so nobody
 * can lock an owner out; forwarded addresses believed only from the proxies TRUST_PROXY names.
 * On the in-process store always, and on Redis too when TEST_REDIS_URL is set.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_COOKIE } from '../auth/device.server';
import type { TrustProxy } from '../env.server';
import type { AuthLimits } from '../services/accounts.server';
import { createMemberWithPassword, TestBrowser } from '../testing/auth.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';
import { testRedisUrl } from '../testing/test-database.server';

const harness = setUpTestApp();
const STORES = [
  { name: 'memory', redisUrl: undefined },
  ...(testRedisUrl() ? [{ name: 'redis', redisUrl: testRedisUrl() }] : []),
];

/**
 * These tests hash (scrypt, 32 MiB, on purpose slow) a few dozen times each: on a machine busy
 * with other work that takes longer than Vitest's default 30 s.
 */
const MANY_HASHES = { timeout: 180_000 };

const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

afterEach(() => {
  vi.useRealTimers();
});

/** An app of its own (its own key prefix: no counts shared with another test). */
async function appWith(
  options: { redisUrl?: string; trustProxy?: TrustProxy; limits?: Partial<AuthLimits> } = {},
) {
  const app = await buildTestApp(harness.database, {
    app: {
      redisUrl: options.redisUrl,
      rateLimitKeyPrefix: `inkwell-test:${randomUUID()}`,
      trustProxy: options.trustProxy,
      auth: { limits: options.limits },
    },
  });
  apps.push(app);
  return app;
}

/** A client at its own address. */
const clientAt = (app: FastifyInstance, address: string) =>
  new TestBrowser(app, harness.site.host, address);

let addressNumber = 0;
/** A fresh address in TEST-NET-2 (each call a different client). */
const freshAddress = () => {
  addressNumber += 1;
  return `198.51.${Math.floor(addressNumber / 250) % 250}.${(addressNumber % 250) + 1}`;
};

function expectThrottled(response: LightMyRequestResponse, maxSeconds = 15 * 60) {
  expect(response.statusCode).toBe(429);
  expect(response.json().error.code).toBe('too_many_attempts');
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(response.json().error.retryAfterSeconds).toBe(seconds);
  return seconds;
}

/** The owner, signed in once from their own browser (which keeps its device cookie), signed out. */
async function ownerWithKnownBrowser(app: FastifyInstance) {
  const owner = await createMemberWithPassword(harness.db, harness.site.id, { role: 'owner' });
  const browser = clientAt(app, '203.0.113.10');
  expect((await browser.logIn(owner.email, owner.password)).statusCode).toBe(200);
  expect(browser.cookies.has(DEVICE_COOKIE)).toBe(true);
  expect((await browser.request('POST', '/api/auth/logout')).statusCode).toBe(204);
  expect(browser.cookies.has(DEVICE_COOKIE)).toBe(true);
  return { owner, browser };
}

describe.each(STORES)('login limits on the $name store', ({ redisUrl }) => {
  it(
    'never let a stranger’s failures stop the owner: their own client and their own browser sign in',
    MANY_HASHES,
    async () => {
      const app = await appWith({ redisUrl });
      const { owner, browser } = await ownerWithKnownBrowser(app);
      const stranger = clientAt(app, freshAddress());
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        statuses.push((await stranger.logIn(owner.email, `guess number ${i}`)).statusCode);
      }
      // The stranger's client is stopped for this account after 10 failures ...
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(10).fill(429));
      expectThrottled(await stranger.logIn(owner.email, owner.password));
      // ... and the owner is not: from another client, and from their known browser.
      expect(
        (await clientAt(app, '203.0.113.20').logIn(owner.email, owner.password)).statusCode,
      ).toBe(200);
      expect((await browser.logIn(owner.email, owner.password)).statusCode).toBe(200);
    },
  );

  it(
    'throttle one client per account (even the right password), not its other accounts',
    MANY_HASHES,
    async () => {
      const app = await appWith({ redisUrl });
      const first = await createMemberWithPassword(harness.db, harness.site.id);
      const second = await createMemberWithPassword(harness.db, harness.site.id);
      const client = clientAt(app, freshAddress());
      for (let i = 0; i < 10; i += 1) {
        expect((await client.logIn(first.email, `guess ${i}`)).statusCode).toBe(401);
      }
      expectThrottled(await client.logIn(first.email, first.password));
      expect((await client.logIn(second.email, second.password)).statusCode).toBe(200);
    },
  );

  it(
    'slow down many clients guessing one account, within a bound; the owner’s browser never waits',
    MANY_HASHES,
    async () => {
      // A first wait long enough that no slow machine sees it end between two requests.
      const app = await appWith({
        redisUrl,
        limits: { loginAccountDelay: { firstSeconds: 50, maxSeconds: 60 } },
      });
      const { owner, browser } = await ownerWithKnownBrowser(app);
      // Eleven clients, one guess each: the eleventh failure beyond the ten free ones asks for a wait.
      for (let i = 0; i < 11; i += 1) {
        expect(
          (await clientAt(app, freshAddress()).logIn(owner.email, `guess ${i}`)).statusCode,
        ).toBe(401);
      }
      expectThrottled(await clientAt(app, freshAddress()).logIn(owner.email, 'guess 12'), 60);
      // A browser that signed in before is exempt from the account's slow-down.
      expect((await browser.logIn(owner.email, owner.password)).statusCode).toBe(200);
    },
  );

  it(
    'count a client guessing many accounts by its address, whatever X-Forwarded-For says',
    MANY_HASHES,
    async () => {
      const app = await appWith({ redisUrl });
      const member = await createMemberWithPassword(harness.db, harness.site.id);
      const attacker = clientAt(app, freshAddress());
      for (let i = 0; i < 30; i += 1) {
        const response = await attacker.request('POST', '/api/auth/login', {
          payload: { email: `nobody-${i}-${randomUUID()}@example.test`, password: 'whatever1' },
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        });
        expect(response.statusCode, `failure ${i + 1}`).toBe(401);
      }
      const limited = await attacker.request('POST', '/api/auth/login', {
        payload: { email: member.email, password: member.password },
        headers: { 'x-forwarded-for': '192.0.2.200' },
      });
      expectThrottled(limited);
    },
  );

  it('believe X-Forwarded-For from a proxy TRUST_PROXY names', MANY_HASHES, async () => {
    const app = await appWith({
      redisUrl,
      trustProxy: ['127.0.0.1'],
      limits: { loginPerClient: { limit: 3, windowSeconds: 900 } },
    });
    const member = await createMemberWithPassword(harness.db, harness.site.id);
    // Behind the proxy (light-my-request's 127.0.0.1), each forwarded address is a client.
    const proxy = new TestBrowser(app, harness.site.host);
    const via = (address: string, password: string, email = `x-${randomUUID()}@example.test`) =>
      proxy.request('POST', '/api/auth/login', {
        payload: { email, password },
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 3; i += 1) {
      expect((await via('192.0.2.77', 'whatever1')).statusCode).toBe(401);
    }
    expectThrottled(await via('192.0.2.77', member.password, member.email));
    expect((await via('192.0.2.78', member.password, member.email)).statusCode).toBe(200);
  });
});

describe('login limits over time (memory store, fake clock)', () => {
  it(
    'end with their window: the throttled pair may try again after 15 minutes',
    MANY_HASHES,
    async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1) });
      const app = await appWith();
      const member = await createMemberWithPassword(harness.db, harness.site.id);
      const client = clientAt(app, freshAddress());
      for (let i = 0; i < 10; i += 1) await client.logIn(member.email, `guess ${i}`);
      const seconds = expectThrottled(await client.logIn(member.email, member.password));
      vi.setSystemTime(Date.now() + seconds * 1000);
      expect((await client.logIn(member.email, member.password)).statusCode).toBe(200);
    },
  );

  it(
    'make each wait of the per-account slow-down longer, up to a minute, never a lock',
    MANY_HASHES,
    async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1) });
      const app = await appWith();
      const owner = await createMemberWithPassword(harness.db, harness.site.id, { role: 'owner' });
      const waits: number[] = [];
      // A botnet: every guess from a new client, each as soon as the account lets it.
      while (waits.length < 9) {
        const response = await clientAt(app, freshAddress()).logIn(owner.email, 'a guess');
        if (response.statusCode === 429) {
          const seconds = expectThrottled(response, 60);
          waits.push(seconds);
          vi.setSystemTime(Date.now() + seconds * 1000);
        } else {
          expect(response.statusCode).toBe(401);
        }
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
      expect((await clientAt(app, freshAddress()).logIn(owner.email, 'a guess')).statusCode).toBe(
        401,
      );
      // The owner on a new browser meets at most that wait, then signs in.
      const owners = clientAt(app, '203.0.113.30');
      const wait = expectThrottled(await owners.logIn(owner.email, owner.password), 60);
      vi.setSystemTime(Date.now() + wait * 1000);
      expect((await owners.logIn(owner.email, owner.password)).statusCode).toBe(200);
    },
  );
});

describe('login limits with Redis unreachable', () => {
  it(
    'still sign in and still limit, counted in this process, and the server stays up',
    MANY_HASHES,
    async () => {
      const app = await appWith({
        redisUrl: 'redis://127.0.0.1:1',
        limits: { loginPerAccountClient: { limit: 2, windowSeconds: 900 } },
      });
      const member = await createMemberWithPassword(harness.db, harness.site.id);
      const client = clientAt(app, freshAddress());
      for (let i = 0; i < 2; i += 1) {
        expect((await client.logIn(member.email, `guess ${i}`)).statusCode).toBe(401);
      }
      expectThrottled(await client.logIn(member.email, member.password));
      expect(
        (await clientAt(app, freshAddress()).logIn(member.email, member.password)).statusCode,
      ).toBe(200);
    },
  );
});
