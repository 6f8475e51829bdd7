import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.server';
import { errorGroups } from '../db/schema.server';
import { createDashboardHealth } from '../services/dashboard-health.server';
import { createTestSite } from '../testing/factories.server';
import { openTestDatabase } from '../testing/test-database.server';
import { startErrorRetention } from './error-retention.server';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

describe('error retention', () => {
  it('deletes groups not seen for 90 days by its clock, whatever their status, keeps the rest', async () => {
    const { db } = database;
    const site = await createTestSite(db);
    // Long ago: other test files share a PostgreSQL database and make nothing this old.
    const now = Date.parse('1991-02-01T08:00:00.000Z');
    const group = (message: string, lastSeenDaysAgo: number, status: 'open' | 'ignored') => ({
      siteId: site.id,
      id: randomUUID(),
      fingerprint: randomUUID(),
      kind: 'client' as const,
      message,
      status,
      count: 3,
      firstSeen: new Date(now - 400 * DAY_MS),
      lastSeen: new Date(now - lastSeenDaysAgo * DAY_MS),
      firstRelease: 'r',
      lastRelease: 'r',
    });
    await db
      .insert(errorGroups)
      .values([
        group('seen 91 days ago', 91, 'open'),
        group('ignored, seen 200 days ago', 200, 'ignored'),
        group('seen 89 days ago', 89, 'open'),
      ]);
    const job = startErrorRetention({
      health: createDashboardHealth({ db }),
      log: { error: () => {} },
      now: () => new Date(now),
      intervalMs: 3_600_000,
    });
    await job.runOnce();
    await job.stop();
    const left = await db
      .select({ message: errorGroups.message })
      .from(errorGroups)
      .where(eq(errorGroups.siteId, site.id));
    expect(left.map((r) => r.message)).toEqual(['seen 89 days ago']);
  });

  it('logs a failed run and goes on', async () => {
    const errors: string[] = [];
    const job = startErrorRetention({
      health: { deleteSeenBefore: async () => Promise.reject(new Error('database away')) },
      log: { error: (_error, message) => errors.push(message) },
      intervalMs: 3_600_000,
    });
    expect(await job.runOnce()).toBe(0);
    await job.stop();
    expect(errors).toContain('Deleting old error groups failed');
  });
});
