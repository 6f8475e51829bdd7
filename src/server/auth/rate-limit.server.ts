/**
 * Rate limits in one store that every server process shares (issue 15; decision 028): Redis when
 * REDIS_URL is set, this process's memory otherwise, both through rate-limiter-flexible. A window
 * is fixed (it starts at a key's first hit). When Redis cannot be reached, each limiter falls back
 * to its own in-memory twin (the insurance limiter), so logins keep working and keep being
 * limited, per process, until Redis is back; the client's errors are logged, never thrown.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/** Hits allowed per window (whole seconds: Redis keeps its expiries in seconds). */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** The counters of one kind of hit (failed logins per client, say), by key. */
export interface Limiter {
  readonly limit: RateLimit;
  /** Milliseconds until `key` may be hit again; 0 when it may now. */
  retryAfterMs(key: string): Promise<number>;
  /** Records a hit of `key`; returns the hits of its current window, this one included. */
  hit(key: string): Promise<number>;
  /** Makes `key` wait `seconds` whatever its count (the per-account slow-down). */
  block(key: string, seconds: number): Promise<void>;
  /** Forgets `key` (a successful login clears its failures). */
  reset(key: string): Promise<void>;
}

/** Where the counters live. */
export interface LimiterStore {
  readonly kind: 'redis' | 'memory';
  /** A limiter whose keys live under `name`. */
  limiter(name: string, limit: RateLimit): Limiter;
  /**
   * Settles once Redis is connected, or has failed to connect (then the limiters count in
   * memory until it is back), or after two seconds: the app waits for it before serving, so
   * that its first logins are counted where every process counts them.
   */
  ready(): Promise<void>;
  /** Lets go of Redis (the app's onClose). */
  close(): Promise<void>;
}

export interface LimiterStoreOptions {
  /** Redis to share the counters through; this process's memory without it. */
  redisUrl?: string;
  /** Prefix of every key (tests give each app its own). */
  keyPrefix?: string;
  log: {
    error(error: unknown, message: string): void;
    info(message: string): void;
  };
}

/**
 * The key a client is counted by: its address, and an IPv6 client by its /64, which one
 * subscriber usually holds whole (counting single addresses would give them 2^64 tries).
 */
export function clientKeyOf(ip: string): string {
  try {
    const address = ipaddr.process(ip);
    if (address.kind() === 'ipv4') return address.toString();
    return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
  } catch {
    return ip;
  }
}

/** Keys are hashed: no email address is kept in Redis, and every key has one length. */
function storedKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * A limiter over a rate-limiter-flexible limiter made on its first use: rate-limiter-flexible
 * (and ioredis) load then rather than at start-up, which they slowed by parsing about 0.6 MB of
 * code the first page never runs (decision 056).
 */
function limiterOf(makeLimiter: () => Promise<RateLimiterAbstract>, limit: RateLimit): Limiter {
  let made: Promise<RateLimiterAbstract> | undefined;
  const limiter = () => {
    made ??= makeLimiter();
    return made;
  };
  return {
    limit,
    async retryAfterMs(key) {
      const res: RateLimiterRes | null = await (await limiter()).get(storedKey(key));
      // The memory store hands back a lapsed record until its timer removes it: it is no count.
      if (!res || res.msBeforeNext <= 0 || res.consumedPoints < limit.limit) return 0;
      return res.msBeforeNext;
    },
    async hit(key) {
      return (await (await limiter()).penalty(storedKey(key), 1)).consumedPoints;
    },
    async block(key, seconds) {
      await (await limiter()).block(storedKey(key), Math.max(1, Math.ceil(seconds)));
    },
    async reset(key) {
      await (await limiter()).delete(storedKey(key));
    },
  };
}

/** Builds the store: Redis with in-memory insurance when `redisUrl` is given, memory otherwise. */
export function createLimiterStore(options: LimiterStoreOptions): LimiterStore {
  const { keyPrefix = 'inkwell:limits' } = options;
  const memory = async (name: string, limit: RateLimit) => {
    const { RateLimiterMemory } = await import('./rate-limit-libraries.server');
    return new RateLimiterMemory({
      keyPrefix: `${keyPrefix}:${name}`,
      points: limit.limit,
      duration: limit.windowSeconds,
    });
  };
  if (!options.redisUrl) {
    return {
      kind: 'memory',
      limiter: (name, limit) => limiterOf(() => memory(name, limit), limit),
      ready: async () => {},
      close: async () => {},
    };
  }
  return redisStore(options.redisUrl, keyPrefix, options.log, memory);
}

/** The Redis store; its limiters fall back to `memory` twins while Redis is away. */
function redisStore(
  redisUrl: string,
  keyPrefix: string,
  log: LimiterStoreOptions['log'],
  memory: (name: string, limit: RateLimit) => Promise<RateLimiterAbstract>,
): LimiterStore {
  // ioredis loads only when Redis is configured.
  const client = import('./redis-client.server').then(({ Redis }) =>
    watched(
      new Redis(redisUrl, {
        // A command while Redis is away fails at once (and the insurance limiter answers) rather
        // than waiting in a queue while a login waits for it.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
      }),
      log,
    ),
  );
  const connected = client.then(
    (redis) =>
      new Promise<void>((resolve) => {
        redis.once('ready', () => resolve());
        redis.once('error', () => resolve());
        setTimeout(resolve, 2_000).unref();
      }),
  );
  return {
    kind: 'redis',
    ready: () => connected,
    limiter(name, limit) {
      return limiterOf(async () => {
        const [{ RateLimiterRedis }, storeClient, insuranceLimiter] = await Promise.all([
          import('./rate-limit-libraries.server'),
          client,
          memory(name, limit),
        ]);
        return new RateLimiterRedis({
          storeClient,
          keyPrefix: `${keyPrefix}:${name}`,
          points: limit.limit,
          duration: limit.windowSeconds,
          rejectIfRedisNotReady: true,
          insuranceLimiter,
        });
      }, limit);
    },
    async close() {
      (await client).disconnect();
    },
  };
}

/** Logs a Redis client's outages, one line each way. */
function watched(client: Redis, log: LimiterStoreOptions['log']): Redis {
  // An unhandled 'error' event would end the process; one line per outage is enough.
  let isDown = false;
  client.on('error', (error: unknown) => {
    if (isDown) return;
    isDown = true;
    log.error(
      error,
      'Redis is unreachable: rate limits are counted in this process until it is back',
    );
  });
  client.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    log.info('Redis is back: rate limits are shared again');
  });
  return client;
}
