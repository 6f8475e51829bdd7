/**
 * Vitest global setup: on PostgreSQL, apply the migrations once before the test files start in
 * parallel, so that they never race to create the same tables.
 */
import { openDatabase } from '../db/connection.server';
import { testDatabaseUrl } from './test-database.server';

/** Migrates the shared PostgreSQL test database, if one is used. */
export default async function setup() {
  const url = testDatabaseUrl();
  if (!url) return;
  const handle = await openDatabase({ url, dataDir: '' });
  await handle.close();
}
