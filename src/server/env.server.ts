/**
 * The environment, parsed once at boot (CONVENTIONS: nothing else reads `process.env`).
 */
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Which proxies' forwarded headers (X-Forwarded-For, -Proto, -Host) are believed: none, every
 * hop (`true`), or the proxies' addresses (IPs, CIDR ranges, or proxy-addr's `loopback`,
 * `linklocal`, `uniquelocal`), as Fastify's `trustProxy` takes them. A hop count is refused:
 * Fastify 5 trusts nobody for one (it cannot tell a proxy from a client that adds hops).
 */
export type TrustProxy = boolean | string[];

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Parses TRUST_PROXY (decision 028); unset or empty trusts no proxy. */
export const TrustProxySchema = z
  .string()
  .optional()
  .transform((value, context): TrustProxy => {
    const text = (value ?? '').trim();
    if (text === '' || text === 'false') return false;
    if (text === 'true') return true;
    if (/^\d+$/.test(text)) {
      context.addIssue({
        code: 'custom',
        message: 'a hop count is not supported: list the proxies (IPs or CIDR ranges), or true',
      });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter(
      (entry) =>
        !(PROXY_RANGE_NAMES.has(entry) || ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry)),
    );
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `not a proxy address or range: ${bad.join(', ')} (use true, or the proxies' IPs or CIDR ranges)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** PUBLIC_URL: an http(s) origin, nothing after it but an optional slash. */
const PublicUrlSchema = z
  .url({ protocol: /^https?$/ })
  .refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false; // The url check has said why.
    }
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  }, 'must be an origin such as https://blog.example.com (no path, query or credentials)')
  .transform((value) => new URL(value).origin)
  .optional();

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Where PGlite keeps its files and media are stored. */
  DATA_DIR: z.string().default('./data'),
  /** A postgres:// URL switches from the embedded PGlite to a real PostgreSQL. */
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo blog when the database has no site yet. */
  SEED_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * ms SIGTERM waits for requests in flight before it closes their connections (decision 026).
   * Set it below the process manager's own kill timeout (Kubernetes: 30 s).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Routes that let browser tests arrange data without logging in. Never set in production. */
  ENABLE_TEST_ROUTES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * The default site's origin (decision 028). Setting it is what makes a server production-like:
   * a host that belongs to no site is refused (421) instead of getting the default site.
   */
  PUBLIC_URL: PublicUrlSchema,
  /** Whose forwarded headers are believed (decision 028); unset: nobody's. */
  TRUST_PROXY: TrustProxySchema,
  /** Redis for what every server process must share (the login limits); unset: in-process. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /**
   * Sentry's DSN (decision 042): server and job errors also go to Sentry, and pages load its
   * browser SDK. Unset: nothing of Sentry loads.
   */
  SENTRY_DSN: z.url({ protocol: /^https?$/ }).optional(),
});

/** How hosts map to sites (decision 028). */
export interface HostPolicy {
  /** The default site's origin: PUBLIC_URL, or `http://localhost:<PORT>` in demo mode. */
  defaultOrigin: string;
  /** A host of no site is refused (421) rather than given the default site: PUBLIC_URL is set. */
  refuseUnknownHosts: boolean;
}

export type Env = z.infer<typeof EnvSchema> & { dataDir: string; hosts: HostPolicy };

/** Parses `source` (normally `process.env`); throws with every bad variable named. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const { PUBLIC_URL, PORT } = result.data;
  return {
    ...result.data,
    dataDir: path.resolve(result.data.DATA_DIR),
    hosts: {
      defaultOrigin: PUBLIC_URL ?? `http://localhost:${PORT}`,
      refuseUnknownHosts: PUBLIC_URL !== undefined,
    },
  };
}
