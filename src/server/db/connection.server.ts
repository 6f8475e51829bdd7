/**
 * Opens the database: embedded PGlite under a data directory by default, or a real PostgreSQL
 * when a `postgres://` URL is given. Both get the same Drizzle schema and the same migrations.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool, PoolClient } from 'pg';
import { projectFolder } from '../project-folder.server';
import * as schema from './schema.server';

/** The Drizzle database both drivers give; services are written against this. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * ms a request waits for a new PostgreSQL connection before it fails (and answers 503): while
 * the database is away, requests fail fast instead of queueing (issue 15 "Faults").
 */
export const CONNECT_TIMEOUT_MS = 2_000;

/** The `application_name` Inkwell's connections carry (`pg_stat_activity` shows it). */
export const DEFAULT_APPLICATION_NAME = 'inkwell';

/** Where the pool reports the connection errors it survives. */
export type ConnectionErrorLog = (error: unknown, message: string) => void;

/** The folder of migrations, whether we run from `src/` or from the bundled `build/`. */
function migrationsFolder(): string {
  return projectFolder('src/server/db/migrations', 'meta/_journal.json');
}

/**
 * When the newest migration of this build was made (its journal entry's `when`): drizzle stores
 * the same number as `created_at` in `drizzle.__drizzle_migrations` once it has applied it.
 */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Makes a pg pool survive its connections dying (a PostgreSQL restart, `pg_terminate_backend`, a
 * failover): without an `error` listener, a connection that dies makes Node throw the `error`
 * event and the process exits. pg's pool listens on idle clients only, and re-emits their errors
 * on the pool; a client that is checked out has no listener of the pool's. So:
 * - the pool's own `error` (an idle client died; the pool has already dropped it) is logged;
 * - every client has a listener of its own whatever its state (a last guard; its errors are
 *   logged by the pool, or reach the query that was running and the request's error handler);
 * - a client checked out through `connect()` (Drizzle's transactions) that dies goes back to the
 *   pool as broken at once, so the pool drops it: Drizzle never releases a client whose `begin`
 *   failed, which would otherwise keep a dead client counted against `max` for good. Its later
 *   `release()` is then a no-op rather than pg's double-release throw.
 */
function makeResilient(pool: Pool, log: ConnectionErrorLog): void {
  pool.on('error', (error) => log(error, 'an idle database connection failed; it was dropped'));
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  // Only the promise form is changed: `pool.query` uses the callback form and releases its
  // client itself (with the error, so a dead one is dropped).
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<PoolClient>).then((client) => {
      const release = client.release.bind(client);
      let isReleased = false;
      const dropIfDead = (error: Error) => client.release(error);
      client.release = (error?: Error | boolean) => {
        if (isReleased) return;
        isReleased = true;
        client.off('error', dropIfDead);
        release(error);
      };
      client.on('error', dropIfDead);
      return client;
    });
  }) as Pool['connect'];
}

/**
 * Opens the database and applies pending migrations.
 * `url` is a postgres:// URL, or `memory://` for a throw-away PGlite, or empty for PGlite in
 * `dataDir`.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  /** PostgreSQL only: the connections' `application_name` (tests pick their own backends). */
  applicationName?: string;
  /** PostgreSQL only: where survived connection errors go; standard error otherwise. */
  log?: ConnectionErrorLog;
  /**
   * `memory://` only: start from this dump of a PGlite data directory (`dumpDataDir`) instead of
   * an empty one; pending migrations still apply. The tests' migrated template (decision 043).
   */
  loadDataDir?: Blob;
  /** PostgreSQL only: ms to wait for a connection before failing; CONNECT_TIMEOUT_MS unless set. */
  connectTimeoutMs?: number;
}): Promise<DatabaseHandle> {
  const folder = migrationsFolder();
  if (options.url?.startsWith('postgres')) {
    // Loaded only when used: the embedded database should not pay for the pg driver at start.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      application_name: options.applicationName ?? DEFAULT_APPLICATION_NAME,
      // A peer that vanished without closing (a failover, a cut network) is noticed by TCP
      // keep-alive instead of a socket that waits forever.
      keepAlive: true,
    });
    makeResilient(
      pool,
      options.log ??
        ((error, message) =>
          console.error(`${message}: ${error instanceof Error ? error.message : String(error)}`)),
    );
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: folder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  // PGlite's default shared_buffers (128 MB) lives in the WebAssembly heap of this process and
  // never shrinks; the OS already caches the data files, so a small buffer pool costs little
  // speed and saves over 100 MB of memory.
  const settings = { postgresqlconf: ['shared_buffers=8MB'] };
  if (options.url === 'memory://') {
    client = new PGlite(
      options.loadDataDir ? { ...settings, loadDataDir: options.loadDataDir } : settings,
    );
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, settings);
  }
  // PGlite's pages are local files the OS keeps cached: random reads cost about what sequential
  // ones do, and the default (4) would steer the planner away from the feed indexes.
  await client.exec('set random_page_cost = 1.1');
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: folder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
