import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.server';
import { notifications } from '../db/schema.server';
import { createNotificationHub } from '../services/notification-hub.server';
import { createNotifications, type StoredNotification } from '../services/notifications.server';
import { createMember, createTestSite } from '../testing/factories.server';
import { openTestDatabase } from '../testing/test-database.server';
import { startNotificationRetention } from './notification-retention.server';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

describe('notification retention', () => {
  it('deletes read notifications older than 90 days by its clock, keeps the rest', async () => {
    const { db } = database;
    const site = await createTestSite(db);
    const member = await createMember(db, site.id, { role: 'user' });
    // Long ago: other test files share a PostgreSQL database and make nothing this old.
    const now = Date.parse('1991-02-01T08:00:00.000Z');
    const row = (label: string, ageDays: number, readAfterDays: number | null) => ({
      siteId: site.id,
      id: crypto.randomUUID(),
      memberId: member.id,
      type: 'role-changed',
      payload: { actor: null, from: 'user', to: 'writer', label },
      createdAt: new Date(now - ageDays * DAY_MS),
      readAt: readAfterDays === null ? null : new Date(now - (ageDays - readAfterDays) * DAY_MS),
    });
    await db
      .insert(notifications)
      .values([
        row('read, 91 days old', 91, 1),
        row('read yesterday, 120 days old', 120, 119),
        row('read, 89 days old', 89, 1),
        row('unread, 400 days old', 400, null),
      ]);
    const service = createNotifications({ db, hub: createNotificationHub<StoredNotification>() });
    const job = startNotificationRetention({
      notifications: service,
      log: { error: () => {} },
      now: () => new Date(now),
      intervalMs: 60_000,
    });
    try {
      await job.runOnce();
    } finally {
      job.stop();
    }
    const left = await db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(and(eq(notifications.siteId, site.id), eq(notifications.memberId, member.id)));
    expect(left.map((r) => (r.payload as { label: string }).label).sort()).toEqual([
      'read, 89 days old',
      'unread, 400 days old',
    ]);
  });

  it('logs a failure and carries on', async () => {
    const errors: string[] = [];
    const job = startNotificationRetention({
      notifications: { deleteReadBefore: () => Promise.reject(new Error('database gone')) },
      log: { error: (_error, message) => errors.push(message) },
      intervalMs: 60_000,
    });
    try {
      expect(await job.runOnce()).toBe(0);
    } finally {
      job.stop();
    }
    expect(errors).toContain('Deleting old read notifications failed');
  });
});
