/**
 * The database integration tests run on: an in-memory PGlite by default, or the PostgreSQL named
 * by TEST_DATABASE_URL (CI runs the suite once on each). Tests isolate themselves by creating
 * their own site, never by creating databases (TOOLCHAIN.md "PGlite").
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { type DatabaseHandle, openDatabase } from '../db/connection.server';

const TestEnvSchema = z.object({ TEST_DATABASE_URL: z.string().startsWith('postgres').optional() });

/** The PostgreSQL URL tests should use, if any. */
export function testDatabaseUrl(): string | undefined {
  return TestEnvSchema.parse(process.env).TEST_DATABASE_URL;
}

/** Opens (and migrates) the test database. */
export function openTestDatabase(): Promise<DatabaseHandle> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-test-'));
  return openDatabase({ url: testDatabaseUrl() ?? 'memory://', dataDir });
}

const TestRedisSchema = z.object({ TEST_REDIS_URL: z.string().startsWith('redis').optional() });

/** The Redis the limiter tests also run on, if any (TEST_REDIS_URL; the PostgreSQL pass sets it). */
export function testRedisUrl(): string | undefined {
  return TestRedisSchema.parse(process.env).TEST_REDIS_URL;
}
