/**
 * The environment, parsed once at boot (CONVENTIONS: nothing else reads `process.env`).
 */
import path from 'node:path';
import { z } from 'zod';

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
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string };

/** Parses `source` (normally `process.env`); throws with every bad variable named. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}
