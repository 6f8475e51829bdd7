/**
 * Whether the database can serve this build (`GET /readyz`, issue 15): it answers, and the
 * newest migration this build ships with has been applied.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './connection.server';
import { isDatabaseUnavailableError } from './database-errors.server';

/** ms a readiness check may take before it counts as "not answering". */
export const READINESS_TIMEOUT_MS = 2_000;

/** Why the database is not ready, if it is not. */
export type Readiness =
  | { isReady: true }
  | { isReady: false; reason: 'database_unavailable' | 'migrations_pending' };

/**
 * Checks readiness with one query, which is the `select 1` too: the newest `created_at` in
 * drizzle's `__drizzle_migrations` must be the journal's newest `when` (`latestMigrationMillis`).
 * A database that does not answer within `timeoutMs` is unavailable.
 */
export async function checkReadiness(
  db: Database,
  latestMigrationMillis: number,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const query = db
    .execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`)
    .then((result) => (result as unknown as { rows: { latest: unknown }[] }).rows[0]?.latest);
  try {
    const latest = await Promise.race([query, timedOut]);
    if (latest === 'timeout') return { isReady: false, reason: 'database_unavailable' };
    // pg gives a bigint as a string, PGlite as a number.
    return Number(latest) >= latestMigrationMillis
      ? { isReady: true }
      : { isReady: false, reason: 'migrations_pending' };
  } catch (error) {
    // Anything but a connection failure means the table is missing or unreadable: the
    // migrations have not run on this database.
    return {
      isReady: false,
      reason: isDatabaseUnavailableError(error) ? 'database_unavailable' : 'migrations_pending',
    };
  } finally {
    clearTimeout(timer);
    // A query that lost the race still settles later; its failure is not news.
    query.catch(() => {});
  }
}
