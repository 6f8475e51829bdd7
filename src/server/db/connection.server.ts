/**
 * Opens the database: embedded PGlite under a data directory by default, or a real PostgreSQL
 * when a `postgres://` URL is given. Both get the same Drizzle schema and the same migrations.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema';

/** The Drizzle database both drivers give; services are written against this. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Finds the folder of migrations whether we run from `src/` or from the bundled `build/`. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'src/server/db/migrations');
    if (existsSync(path.join(candidate, 'meta/_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The migrations folder src/server/db/migrations was not found');
}

/**
 * Opens the database and applies pending migrations.
 * `url` is a postgres:// URL, or `memory://` for a throw-away PGlite, or empty for PGlite in
 * `dataDir`.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  const folder = migrationsFolder();
  if (options.url?.startsWith('postgres')) {
    // Loaded only when used: the embedded database should not pay for the pg driver at start.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
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
    client = new PGlite(settings);
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
