/**
 * The error recorder (decision 042) on the test database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): occurrences counted in memory and written in one upsert per flush, the
 * buffer bounded (drops counted), resolved groups opened again, jobs under the default site,
 * Sentry told of server and job errors.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.server';
import { errorGroups } from '../../db/schema.server';
import { createTestSite, type TestSite } from '../../testing/factories.server';
import { openTestDatabase } from '../../testing/test-database.server';
import { createErrorRecorder, type ErrorForwarder } from './recorder.server';
import { createStackMapper } from './stack-mapper.server';

let database: DatabaseHandle;
let site: TestSite;
const recorders: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  site = await createTestSite(database.db);
});

afterAll(async () => {
  await Promise.all(recorders.map((r) => r.stop()));
  await database.close();
});

function recorder(options: { bufferMax?: number; forwarder?: ErrorForwarder } = {}) {
  const made = createErrorRecorder({
    db: database.db,
    mapper: createStackMapper(undefined),
    release: '1.0.0+abc',
    flushIntervalMs: 60_000,
    defaultSiteId: async () => site.id,
    ...options,
  });
  recorders.push(made);
  return made;
}

async function groupsWith(message: string) {
  return database.db
    .select()
    .from(errorGroups)
    .where(and(eq(errorGroups.siteId, site.id), eq(errorGroups.message, message)));
}

const report = (message: string, count = 1) => ({
  source: 'error' as const,
  message,
  stack: `Error: ${message}\n    at f (https://blog.test/assets/a-12345678.js:1:10)`,
  url: 'https://blog.test/blog',
  count,
});

describe('createErrorRecorder', () => {
  it('counts a storm of one error in memory and writes one row per flush', async () => {
    const errors = recorder();
    for (let i = 0; i < 1000; i += 1) errors.recordClient(site.id, report('Storm A'), 'UA');
    await errors.flush();
    expect(errors.bufferedCount()).toBe(0);
    let [row] = await groupsWith('Storm A');
    expect(row).toMatchObject({ count: 1000, kind: 'client', source: 'error', status: 'open' });
    expect(row?.firstRelease).toBe('1.0.0+abc');
    errors.recordClient(site.id, report('Storm A', 5), 'UA 2');
    await errors.flush();
    const rows = await groupsWith('Storm A');
    expect(rows).toHaveLength(1);
    [row] = rows;
    expect(row?.count).toBe(1005);
    expect(row?.userAgent).toBe('UA 2');
  });

  it('keeps at most bufferMax groups between flushes and counts what it drops', async () => {
    const errors = recorder({ bufferMax: 3 });
    // Numbers are normalised away: these differ by words.
    const names = ['Distinct a', 'Distinct b', 'Distinct c', 'Distinct d', 'Distinct e'];
    for (const name of names) errors.recordClient(site.id, report(name, 2), null);
    // Repeats of a held group are still counted.
    errors.recordClient(site.id, report('Distinct a'), null);
    await errors.flush();
    expect(errors.droppedCount()).toBe(4);
    expect((await groupsWith('Distinct a'))[0]?.count).toBe(3);
    expect(await groupsWith('Distinct e')).toHaveLength(0);
    // The flush made room again.
    errors.recordClient(site.id, report('Distinct e'), null);
    await errors.flush();
    expect(await groupsWith('Distinct e')).toHaveLength(1);
  });

  it('opens a resolved group again when it recurs, and leaves an ignored one ignored', async () => {
    const errors = recorder();
    errors.recordClient(site.id, report('Recurs'), null);
    errors.recordClient(site.id, report('Quiet'), null);
    await errors.flush();
    await database.db
      .update(errorGroups)
      .set({ status: 'resolved' })
      .where(eq(errorGroups.message, 'Recurs'));
    await database.db
      .update(errorGroups)
      .set({ status: 'ignored' })
      .where(eq(errorGroups.message, 'Quiet'));
    errors.recordClient(site.id, report('Recurs'), null);
    errors.recordClient(site.id, report('Quiet'), null);
    await errors.flush();
    expect((await groupsWith('Recurs'))[0]).toMatchObject({ status: 'open', count: 2 });
    expect((await groupsWith('Quiet'))[0]).toMatchObject({ status: 'ignored', count: 2 });
  });

  it('records server and job errors, the jobs under the default site, and tells Sentry', async () => {
    const forwarder = { captureException: vi.fn(), flush: vi.fn(async () => {}) };
    const errors = recorder({ forwarder });
    const failure = new TypeError('job exploded 42');
    errors.recordJob('scheduled-posts', failure);
    errors.recordServer(site.id, new Error('handler exploded'), 'GET /api/x');
    await errors.flush();
    expect((await groupsWith('TypeError: job exploded 42'))[0]).toMatchObject({
      kind: 'job',
      source: 'scheduled-posts',
    });
    expect((await groupsWith('Error: handler exploded'))[0]).toMatchObject({
      kind: 'server',
      url: 'GET /api/x',
    });
    expect(forwarder.captureException).toHaveBeenCalledWith(failure, {
      kind: 'job',
      source: 'scheduled-posts',
    });
    await errors.stop();
    expect(forwarder.flush).toHaveBeenCalled();
  });

  it('bounds what it stores and never throws, even when the database write fails', async () => {
    const log = { error: vi.fn() };
    const broken = createErrorRecorder({
      db: {
        insert: () => {
          throw new Error('db away');
        },
      } as never,
      mapper: createStackMapper(undefined),
      release: 'x',
      flushIntervalMs: 60_000,
      log,
    });
    recorders.push(broken);
    expect(() => broken.recordServer(site.id, new Error('x'.repeat(5000)), null)).not.toThrow();
    await expect(broken.flush()).resolves.toBeUndefined();
    expect(broken.droppedCount()).toBe(1);
    expect(log.error).toHaveBeenCalled();
  });
});
