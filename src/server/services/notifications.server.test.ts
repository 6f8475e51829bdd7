/**
 * The notifications service below HTTP (migration 0008, decision 018): the queries' plans (the
 * unread count and the unread list along notifications_unread_idx without a sort, the fold's
 * probes along notifications_group_idx), read_at from the service's clock, folds that stay one
 * line once read, and the retention of read notifications. On PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../../domain/notifications';
import type { Actor } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import type { DatabaseHandle } from '../db/connection.server';
import { notifications } from '../db/schema.server';
import { createMember, createTestSite } from '../testing/factories.server';
import { planOf } from '../testing/query-plan.server';
import { openTestDatabase } from '../testing/test-database.server';
import { createNotificationHub } from './notification-hub.server';
import {
  createNotifications,
  linesQuery,
  NOTIFICATION_RETENTION_MS,
  othersQuery,
  RETENTION_BATCH,
  type StoredNotification,
  unreadLinesQuery,
} from './notifications.server';

let database: DatabaseHandle;
let site: SiteView;
let otherSite: SiteView;
type Member = { id: string; name: string; slug: string };
let owner: Member;
let fans: Member[];
let clock = Date.parse('2031-03-01T09:00:00.000Z');
let service: ReturnType<typeof createNotifications>;

const actorOf = (m: Member): Actor => ({
  memberId: m.id,
  role: 'writer',
  isBlocked: false,
  privacy: 'PUBLIC',
});
const ref = (m: Member) => ({ id: m.id, name: m.name, slug: m.slug });
const post = { id: crypto.randomUUID(), slug: 'tidal-flats', title: 'Tidal flats' };
const like = (by: Member | null, on = post): NotificationEvent => ({
  kind: 'post-like',
  actor: by && ref(by),
  post: on,
});

/** Stores events in order, a millisecond of the database's clock apart. */
async function notifyInOrder(memberId: string, events: NotificationEvent[]) {
  const stored: (StoredNotification | null)[] = [];
  for (const event of events) {
    stored.push(await service.notify(site.id, memberId, event));
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  return stored;
}

async function rowsOf(memberId: string) {
  return database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.siteId, site.id), eq(notifications.memberId, memberId)));
}

beforeAll(async () => {
  database = await openTestDatabase();
  service = createNotifications({
    db: database.db,
    hub: createNotificationHub<StoredNotification>(),
    now: () => new Date(clock),
  });
  site = await createTestSite(database.db);
  otherSite = await createTestSite(database.db);
  owner = await createMember(database.db, site.id, { role: 'writer', name: 'Odile Owner' });
  fans = [];
  for (const name of ['Ana Alves', 'Ben Brook', 'Cleo Cruz']) {
    fans.push(await createMember(database.db, site.id, { role: 'user', name }));
  }
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.db
    .delete(notifications)
    .where(and(eq(notifications.siteId, site.id), eq(notifications.memberId, owner.id)));
});

/**
 * A subplan reading an index by the outer row's fold: notifications_group_idx, or (for unread
 * ones, which the planner may price lower on a small table) notifications_unread_idx, whose last
 * key is the group.
 */
const FOLD_PROBE =
  /SubPlan \d+\n(?:.*\n){0,4}?\s*->\s+Index (Only )?Scan using notifications_(group|unread)_idx.*\n\s*Index Cond: .*group_key = notifications\.group_key/;

describe('notification queries', () => {
  it('count the unread lines from notifications_unread_idx, newest first, without a sort', async () => {
    const { sql, params } = unreadLinesQuery(database.db, site.id, owner.id).toSQL();
    const plan = await planOf(database.db, sql, params, ['sort', 'seqscan']);
    // The newest UNREAD_SCAN_MAX come straight from the index in its order; only the folds among
    // those (a bounded set) are counted apart.
    expect(plan).toMatch(/Limit[^\n]*\n\s*->\s+Index Only Scan using notifications_unread_idx/);
    expect(plan).not.toMatch(/Sort Key: [^\n]*created_at/);
  });

  it('list the unread lines along notifications_unread_idx without a sort, deep pages too', async () => {
    const query = linesQuery(database.db, site.id, owner.id, {
      page: 40,
      pageSize: 20,
      unread: true,
    });
    const { sql, params } = query.toSQL();
    const plan = await planOf(database.db, sql, params, ['sort', 'seqscan']);
    expect(plan).toMatch(/Index (Only )?Scan using notifications_unread_idx on notifications\b/);
    expect(plan).not.toMatch(/\bSort\b/);
    // Each line asks an index, by its fold, whether a newer notification of the fold hides it.
    expect(plan).toMatch(FOLD_PROBE);
  });

  it('count a fold’s others along notifications_group_idx', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    const { sql, params } = othersQuery(database.db, site.id, owner.id, ids).toSQL();
    const plan = await planOf(database.db, sql, params, ['seqscan']);
    expect(plan).toMatch(FOLD_PROBE);
  });
});

describe('folding and reading', () => {
  it('folds unread likes of one post into one line naming its newest, the others counted', async () => {
    const [a, b, c] = fans as [Member, Member, Member];
    const otherPost = { id: crypto.randomUUID(), slug: 'salt-marsh', title: 'Salt marsh' };
    await notifyInOrder(owner.id, [
      like(a),
      like(null),
      like(b, otherPost),
      like(b),
      like(null),
      // Ana again (like, unlike, like) while the line is unread: no second row of her.
      like(a),
      like(c),
    ]);
    expect(await rowsOf(owner.id)).toHaveLength(6);
    const page = await service.list(actorOf(owner), site, { page: 1, pageSize: 20 });
    expect(page.unread).toBe(2);
    expect(
      page.notifications.map((n) => [n.event.kind, n.event.actor?.name ?? null, n.others]),
    ).toEqual([
      // Cleo, with Ana, Ben and two visitors.
      ['post-like', 'Cleo Cruz', 4],
      ['post-like', 'Ben Brook', 0],
    ]);
    expect(page.notifications[0]!.groupKey).toBe(`post-like:${post.id}`);
    expect(await service.unreadCount(actorOf(owner), site)).toBe(2);
  });

  it('reads a whole line at the service’s clock; it stays one line, and a new like starts another', async () => {
    const [a, b, c] = fans as [Member, Member, Member];
    await notifyInOrder(owner.id, [like(a), like(b)]);
    const [line] = (await service.list(actorOf(owner), site, { page: 1, pageSize: 20 }))
      .notifications;
    // Cleo likes it after the page showed the line: reading the line leaves hers unread.
    await notifyInOrder(owner.id, [like(c)]);
    clock += 60_000;
    expect(await service.markRead(actorOf(owner), site, line!.id)).toEqual({ unread: 1 });
    const rows = await rowsOf(owner.id);
    const readAt = rows.filter((r) => r.readAt !== null).map((r) => r.readAt!.getTime());
    expect(readAt).toEqual([clock, clock]);

    const after = await service.list(actorOf(owner), site, { page: 1, pageSize: 20 });
    expect(after.notifications.map((n) => [n.event.actor?.name, n.others, n.isRead])).toEqual([
      ['Cleo Cruz', 0, false],
      ['Ben Brook', 1, true],
    ]);
    expect(after.notifications[1]!.readAt).toBe(new Date(clock).toISOString());
    // Only the unread one when asked for those.
    const unreadOnly = await service.list(actorOf(owner), site, {
      page: 1,
      pageSize: 20,
      unread: true,
    });
    expect(unreadOnly.notifications.map((n) => n.event.actor?.name)).toEqual(['Cleo Cruz']);

    // Reading everything at once keeps each fold one line.
    await notifyInOrder(owner.id, [like(a)]);
    clock += 60_000;
    expect(await service.markAllRead(actorOf(owner), site)).toEqual({ unread: 0 });
    const all = await service.list(actorOf(owner), site, { page: 1, pageSize: 20 });
    expect(all.notifications.map((n) => [n.event.actor?.name, n.others, n.isRead])).toEqual([
      ['Ana Alves', 1, true],
      ['Ben Brook', 1, true],
    ]);
  });

  it('never folds kinds without a group, nor another member’s notifications', async () => {
    const [a] = fans as [Member];
    const publish: NotificationEvent = {
      kind: 'new-post-in-subscription',
      actor: ref(a),
      post,
      via: { type: 'member', id: a.id, label: a.name },
    };
    await notifyInOrder(owner.id, [publish, publish, like(a)]);
    await service.notify(site.id, fans[1]!.id, like(a));
    const page = await service.list(actorOf(owner), site, { page: 1, pageSize: 20 });
    expect(page.notifications.map((n) => [n.event.kind, n.others, n.groupKey])).toEqual([
      ['post-like', 0, `post-like:${post.id}`],
      ['new-post-in-subscription', 0, null],
      ['new-post-in-subscription', 0, null],
    ]);
    expect(page.unread).toBe(3);
  });
});

describe('retention', () => {
  it('deletes read notifications that came before the cutoff, in batches, on every site', async () => {
    const { db } = database;
    const day = 24 * 60 * 60 * 1000;
    // Long ago: the job works on every site, and other test files share a PostgreSQL database;
    // nothing else they make is this old.
    const today = Date.parse('1990-06-01T12:00:00.000Z');
    const at = (daysAgo: number) => new Date(today - daysAgo * day);
    const elsewhere = await createMember(db, otherSite.id, { role: 'user' });
    const row = (memberId: string, siteId: string, daysAgo: number, isRead: boolean) => ({
      siteId,
      id: crypto.randomUUID(),
      memberId,
      type: 'post-like',
      payload: { actor: null, post },
      createdAt: at(daysAgo),
      readAt: isRead ? at(daysAgo - 1) : null,
    });
    const old = Array.from({ length: RETENTION_BATCH + 5 }, () => row(owner.id, site.id, 91, true));
    await db.insert(notifications).values([
      ...old,
      row(elsewhere.id, otherSite.id, 120, true),
      // Unread ones stay, however old; recent read ones stay.
      row(owner.id, site.id, 200, false),
      row(owner.id, site.id, 89, true),
    ]);
    const cutoff = new Date(today - NOTIFICATION_RETENTION_MS);
    expect(await service.deleteReadBefore(cutoff)).toBe(RETENTION_BATCH + 6);
    const left = await rowsOf(owner.id);
    expect(
      left.map((r) => [r.readAt === null, Math.round((today - r.createdAt.getTime()) / day)]),
    ).toEqual(
      expect.arrayContaining([
        [true, 200],
        [false, 89],
      ]),
    );
    expect(left).toHaveLength(2);
    expect(await service.deleteReadBefore(cutoff)).toBe(0);
  });
});
