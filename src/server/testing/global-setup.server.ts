/**
 * Vitest global setup, once before the test files start in parallel:
 * - on PostgreSQL, applies the migrations, so that the files never race to create the same tables;
 * - on PGlite, makes the migrated template every file's in-memory database starts from (a dump of
 *   its data directory, in a temporary file whose path the files get through `inject`): loading
 *   it takes about 0.4 s, where a new PGlite and the migrations take 2–3 s per file (decision 043).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connection.server';
import { PGLITE_TEMPLATE_KEY, testDatabaseUrl } from './test-database.server';

/** Migrates the shared PostgreSQL test database, or makes PGlite's migrated template. */
export default async function setup(project: TestProject) {
  const url = testDatabaseUrl();
  if (url) {
    const handle = await openDatabase({ url, dataDir: '' });
    await handle.close();
    return;
  }
  const handle = await openDatabase({ url: 'memory://', dataDir: '' });
  const client = (handle.db as unknown as { $client: import('@electric-sql/pglite').PGlite })
    .$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-template-'));
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide(PGLITE_TEMPLATE_KEY, file);
  return () => rmSync(dir, { recursive: true, force: true });
}
