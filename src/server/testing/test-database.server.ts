/**
 * The database integration tests run on: an in-memory PGlite by default, or the PostgreSQL named
 * by TEST_DATABASE_URL (CI runs the suite once on each). Tests isolate themselves by creating
 * their own site, never by creating databases (TOOLCHAIN.md "PGlite"). The global setup makes
 * the databases the test files start from (decision 043): PGlite's migrated template, and on
 * PostgreSQL one migrated database per Vitest worker, so two files running at once never share
 * one (as when they ran one at a time).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { z } from 'zod';
import { type DatabaseHandle, openDatabase } from '../db/connection.server';

const TestEnvSchema = z.object({ TEST_DATABASE_URL: z.string().startsWith('postgres').optional() });

/** The PostgreSQL URL the run was given (TEST_DATABASE_URL), if any; the global setup's. */
export function givenTestDatabaseUrl(): string | undefined {
  return TestEnvSchema.parse(process.env).TEST_DATABASE_URL;
}

/** The key under which the global setup provides the path of PGlite's migrated template. */
export const PGLITE_TEMPLATE_KEY = 'inkwellPgliteTemplate';
/** The key under which the global setup provides each worker's PostgreSQL database (by pool id). */
export const PG_WORKER_URLS_KEY = 'inkwellPgWorkerUrls';

declare module 'vitest' {
  export interface ProvidedContext {
    [PGLITE_TEMPLATE_KEY]: string | undefined;
    [PG_WORKER_URLS_KEY]: string[] | undefined;
  }
}

/**
 * The PostgreSQL URL tests should use, if any: this worker's own database when the global setup
 * made them (VITEST_POOL_ID is 1 to maxWorkers), else TEST_DATABASE_URL's.
 */
export function testDatabaseUrl(): string | undefined {
  const given = givenTestDatabaseUrl();
  if (!given) return undefined;
  const pool = Number(process.env.VITEST_POOL_ID);
  return inject(PG_WORKER_URLS_KEY)?.[pool - 1] ?? given;
}

/** The migrated PGlite data directory the global setup dumped, if there is one. */
function pgliteTemplate(): Blob | undefined {
  const file = inject(PGLITE_TEMPLATE_KEY);
  return file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * How long a test's request may wait for one of the pool's connections. The server fails fast
 * (CONNECT_TIMEOUT_MS, 2 s: a database that is away answers 503 at once); a test of hundreds of
 * concurrent requests on a shared two-core machine may queue longer than that with the database
 * up, and it checks what the answers and counts are, not how long they queue. The outage tests
 * open their own pools with the server's timeout.
 */
const TEST_CONNECT_TIMEOUT_MS = 60_000;

/**
 * Opens (and migrates) the test database: on PGlite, a new in-memory database loaded from the
 * migrated template when the global setup made one (the migrations then have nothing to do).
 */
export function openTestDatabase(): Promise<DatabaseHandle> {
  const url = testDatabaseUrl();
  if (url)
    return openDatabase({
      url,
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'inkwell-test-')),
      connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
    });
  const loadDataDir = pgliteTemplate();
  return openDatabase({ url: 'memory://', dataDir: '', ...(loadDataDir ? { loadDataDir } : {}) });
}

const TestRedisSchema = z.object({ TEST_REDIS_URL: z.string().startsWith('redis').optional() });

/** The Redis the limiter tests also run on, if any (TEST_REDIS_URL; the PostgreSQL pass sets it). */
export function testRedisUrl(): string | undefined {
  return TestRedisSchema.parse(process.env).TEST_REDIS_URL;
}
