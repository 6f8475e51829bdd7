/**
 * Vitest global setup, once before the test files start in parallel (decision 043):
 * - on PostgreSQL, applies the migrations to TEST_DATABASE_URL's database, and makes one migrated
 *   database per worker beside it (`<name>_w<run>_<n>`, dropped at the end): files running at
 *   once never share a database, nor race to create the same tables;
 * - on PGlite, makes the migrated template every file's in-memory database starts from (a dump of
 *   its data directory, in a temporary file whose path the files get through `inject`): loading
 *   it takes about 0.4 s, where a new PGlite and the migrations take 2–3 s per file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connection.server';
import {
  givenTestDatabaseUrl,
  PG_WORKER_URLS_KEY,
  PGLITE_TEMPLATE_KEY,
} from './test-database.server';

/** Makes the workers' PostgreSQL databases; returns their URLs and how to drop them. */
async function makeWorkerDatabases(url: string, workers: number) {
  const handle = await openDatabase({ url, dataDir: '' });
  const base = new URL(url);
  const run = `${process.pid}`;
  const names = Array.from(
    { length: workers },
    (_, i) => `${base.pathname.slice(1)}_w${run}_${i + 1}`,
  );
  const urls: string[] = [];
  for (const name of names) {
    await handle.db.execute(sql.raw(`drop database if exists "${name}"`));
    await handle.db.execute(sql.raw(`create database "${name}"`));
    const workerUrl = new URL(url);
    workerUrl.pathname = `/${name}`;
    const worker = await openDatabase({ url: workerUrl.href, dataDir: '' });
    await worker.close();
    urls.push(workerUrl.href);
  }
  return {
    urls,
    drop: async () => {
      for (const name of names) {
        await handle.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      }
      await handle.close();
    },
  };
}

/** Migrates PostgreSQL's test databases, or makes PGlite's migrated template. */
export default async function setup(project: TestProject) {
  const url = givenTestDatabaseUrl();
  if (url) {
    const workers = Number(project.config.maxWorkers) || 1;
    const { urls, drop } = await makeWorkerDatabases(url, workers);
    project.provide(PG_WORKER_URLS_KEY, urls);
    return drop;
  }
  const handle = await openDatabase({ url: 'memory://', dataDir: '' });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-template-'));
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide(PGLITE_TEMPLATE_KEY, file);
  return () => rmSync(dir, { recursive: true, force: true });
}
