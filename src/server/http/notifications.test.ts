/**
 * A member's notifications through HTTP (issue 5, decision 018): `notify` stores and the API
 * lists newest first and paged, counts the unread, marks one or all read; members and sites never
 * see each other's; visitors are asked to log in, blocked members refused; nobody is notified of
 * their own action; publishing a post tells its subscribers once; and the live stream delivers a
 * notification stored after it connected, through a real listening socket (inject does not
 * stream). Members act through the test-only header.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationEvent,
  NotificationStreamMessage,
  NotificationsPageView,
} from '../../domain/notifications';
import { type Actor, ANONYMOUS_ACTOR } from '../../domain/permissions';
import type { EditorPostView } from '../../domain/post-editor';
import { documentOf, paragraph } from '../../rich-content/document';
import { createServices } from '../app.server';
import { notifications, subscriptions } from '../db/schema.server';
import { createNotificationHub } from '../services/notification-hub.server';
import { createNotifications, type StoredNotification } from '../services/notifications.server';
import {
  createCategory,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';
import { notificationRoutes } from './notification-routes.server';
import { requestContextPlugin } from './request-context.server';

const harness = setUpTestApp({ withTestRoutes: true, site: { name: 'Night Trains' } });
let otherSite: TestSite;
type Member = { id: string; name: string; slug: string };
let writer: Member;
let reader: Member;
let friend: Member;
let blocked: Member;
let otherSiteMember: Member;

beforeAll(async () => {
  const { db, site } = harness;
  otherSite = await createTestSite(db);
  writer = await createMember(db, site.id, { role: 'writer', name: 'Wren Writer' });
  reader = await createMember(db, site.id, { role: 'user', name: 'Rae Reader' });
  friend = await createMember(db, site.id, { role: 'user', name: 'Finn Friend' });
  blocked = await createMember(db, site.id, { role: 'user', isBlocked: true });
  otherSiteMember = await createMember(db, otherSite.id, { role: 'writer' });
});

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { as?: { id: string }; payload?: object; host?: string } = {},
) {
  const headers: Record<string, string> = { host: options.host ?? harness.site.host };
  if (options.as) headers[TEST_MEMBER_HEADER] = options.as.id;
  return harness.app.inject({ method, url, headers, payload: options.payload });
}

const ref = (m: Member) => ({ id: m.id, name: m.name, slug: m.slug });
const post = { id: crypto.randomUUID(), slug: 'night-trains', title: 'Night trains' };
const otherPost = { id: crypto.randomUUID(), slug: 'day-trains', title: 'Day trains' };

/** A like on the writer's post by `by` (null: an anonymous visitor). */
const postLike = (by: Member | null): NotificationEvent => ({
  kind: 'post-like',
  actor: by && ref(by),
  post,
});

/**
 * Stores notifications one after the other with time between them: rows stored within the same
 * tick of the database's clock would order by id.
 */
async function notifyInOrder(memberId: string, events: NotificationEvent[]) {
  for (const event of events) {
    await harness.app.services.notifications.notify(harness.site.id, memberId, event);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function clearNotifications(memberId: string) {
  await harness.db
    .delete(notifications)
    .where(and(eq(notifications.siteId, harness.site.id), eq(notifications.memberId, memberId)));
}

async function listOf(member: Member, query = ''): Promise<NotificationsPageView> {
  const response = await call('GET', `/api/notifications${query}`, { as: member });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('notify, list, count and mark read', () => {
  it('lists a member’s notifications newest first with links and the unread count', async () => {
    await clearNotifications(writer.id);
    await notifyInOrder(writer.id, [
      postLike(reader),
      {
        kind: 'comment-reply',
        actor: ref(reader),
        post,
        comment: { id: 'c2', excerpt: 'Agreed, the sleeper to Vienna is the best.' },
        parentCommentId: 'c1',
      },
      // Another post: a like on the same one would fold into the first line.
      { kind: 'post-like', actor: null, post: otherPost },
    ]);

    const page = await listOf(writer);
    expect(page.unread).toBe(3);
    expect(page.hasMore).toBe(false);
    expect(page.notifications.map((n) => n.event.kind)).toEqual([
      'post-like',
      'comment-reply',
      'post-like',
    ]);
    expect(page.notifications[0]).toMatchObject({
      isRead: false,
      readAt: null,
      link: '/blog/day-trains',
      others: 0,
      groupKey: `post-like:${otherPost.id}`,
    });
    expect(page.notifications[0]!.event.actor).toBeNull();
    expect(page.notifications[1]).toMatchObject({
      link: '/blog/night-trains#comment-c2',
      event: { actor: { id: reader.id, name: 'Rae Reader' } },
    });
    // Newest first by date.
    const dates = page.notifications.map((n) => Date.parse(n.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const count = await call('GET', '/api/notifications/unread-count', { as: writer });
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ unread: 3 });
    expect(count.headers['cache-control']).toBe('private, no-store');
  });

  it('marks one read, then all, and says the count after each', async () => {
    const before = await listOf(writer);
    const first = before.notifications[0]!;
    const one = await call('POST', `/api/notifications/${first.id}/read`, { as: writer });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ unread: 2 });
    // Again is fine.
    const again = await call('POST', `/api/notifications/${first.id}/read`, { as: writer });
    expect(again.json()).toEqual({ unread: 2 });
    const after = await listOf(writer);
    expect(after.notifications.find((n) => n.id === first.id)?.isRead).toBe(true);
    expect(after.notifications.filter((n) => !n.isRead)).toHaveLength(2);

    const all = await call('POST', '/api/notifications/read-all', { as: writer });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ unread: 0 });
    expect((await listOf(writer)).notifications.every((n) => n.isRead)).toBe(true);
  });

  it('pages newest first without overlap', async () => {
    await clearNotifications(friend.id);
    await notifyInOrder(
      friend.id,
      [0, 1, 2, 3, 4].map((i) => ({
        kind: 'post-like',
        actor: ref(reader),
        // Five posts: likes of one post would fold into one line.
        post: { ...post, id: crypto.randomUUID(), title: `Post ${i}` },
      })),
    );
    const first = await listOf(friend, '?page=1&pageSize=2');
    const second = await listOf(friend, '?page=2&pageSize=2');
    const third = await listOf(friend, '?page=3&pageSize=2');
    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, true, false]);
    const titles = [first, second, third].flatMap((p) =>
      p.notifications.map((n) => (n.event.kind === 'post-like' ? n.event.post.title : '')),
    );
    expect(titles).toEqual(['Post 4', 'Post 3', 'Post 2', 'Post 1', 'Post 0']);
    expect(first.unread).toBe(5);
  });

  it('folds likes of one post into one line, read as one, and lists the unread alone', async () => {
    await clearNotifications(writer.id);
    const anotherFan = await createMember(harness.db, harness.site.id, {
      role: 'user',
      name: 'Ivo',
    });
    await notifyInOrder(writer.id, [
      postLike(reader),
      postLike(null),
      { kind: 'post-like', actor: ref(reader), post: otherPost },
      postLike(friend),
      // Rae again while the line is unread: nothing new.
      postLike(reader),
      postLike(anotherFan),
    ]);
    const page = await listOf(writer);
    expect(page.unread).toBe(2);
    expect(page.notifications.map((n) => [n.event.actor?.name ?? null, n.others])).toEqual([
      ['Ivo', 3],
      ['Rae Reader', 0],
    ]);
    const [line, single] = page.notifications as [
      NotificationsPageView['notifications'][number],
      NotificationsPageView['notifications'][number],
    ];

    const read = await call('POST', `/api/notifications/${line.id}/read`, { as: writer });
    expect(read.json()).toEqual({ unread: 1 });
    const after = await listOf(writer);
    expect(after.notifications.map((n) => [n.id, n.others, n.isRead])).toEqual([
      [line.id, 3, true],
      [single.id, 0, false],
    ]);
    expect(Date.parse(after.notifications[0]!.readAt!)).toBeGreaterThan(Date.parse(line.createdAt));
    const stored = await harness.db
      .select({ readAt: notifications.readAt, groupKey: notifications.groupKey })
      .from(notifications)
      .where(and(eq(notifications.siteId, harness.site.id), eq(notifications.memberId, writer.id)));
    const foldReads = stored.filter((r) => r.groupKey === `post-like:${post.id}`);
    expect(foldReads).toHaveLength(4);
    expect(new Set(foldReads.map((r) => r.readAt?.getTime())).size).toBe(1);

    const unreadOnly = await listOf(writer, '?unread=true');
    expect(unreadOnly.notifications.map((n) => n.id)).toEqual([single.id]);
    expect(unreadOnly.hasMore).toBe(false);
    expect((await listOf(writer, '?unread=false')).notifications).toHaveLength(2);
  });

  it('never notifies a member of their own action', async () => {
    await clearNotifications(reader.id);
    const stored = await harness.app.services.notifications.notify(
      harness.site.id,
      reader.id,
      postLike(reader),
    );
    expect(stored).toBeNull();
    expect((await listOf(reader)).notifications).toEqual([]);
  });

  it('refuses an event of the wrong shape', async () => {
    await expect(
      harness.app.services.notifications.notify(harness.site.id, writer.id, {
        kind: 'post-like',
        actor: null,
      } as unknown as NotificationEvent),
    ).rejects.toThrow();
  });
});

describe('who may read and change them', () => {
  it('keeps members and sites apart', async () => {
    await clearNotifications(writer.id);
    const mine = await harness.app.services.notifications.notify(
      harness.site.id,
      writer.id,
      postLike(reader),
    );
    await harness.app.services.notifications.notify(otherSite.id, otherSiteMember.id, {
      kind: 'role-changed',
      actor: null,
      from: 'user',
      to: 'writer',
    });
    // Another member sees nothing of the writer's, and may not mark it read.
    expect((await listOf(friend)).notifications.map((n) => n.id)).not.toContain(mine!.id);
    const foreign = await call('POST', `/api/notifications/${mine!.id}/read`, { as: friend });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('notification_not_found');
    const stillUnread = await listOf(writer);
    expect(stillUnread.notifications[0]).toMatchObject({ id: mine!.id, isRead: false });
    // Read-all by another member leaves the writer's alone.
    await call('POST', '/api/notifications/read-all', { as: friend });
    expect((await listOf(writer)).unread).toBe(1);

    // The other site's member is nobody on this site, and this site's member nobody there.
    const elsewhere = await call('GET', '/api/notifications', { as: otherSiteMember });
    expect(elsewhere.statusCode).toBe(401);
    const there = await call('GET', '/api/notifications', {
      as: otherSiteMember,
      host: otherSite.host,
    });
    expect((there.json() as NotificationsPageView).notifications).toHaveLength(1);
    const crossSite = await call('POST', `/api/notifications/${mine!.id}/read`, {
      as: otherSiteMember,
      host: otherSite.host,
    });
    expect(crossSite.statusCode).toBe(404);
  });

  it('asks visitors to log in and refuses blocked members', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read-all'],
      ['POST', `/api/notifications/${crypto.randomUUID()}/read`],
      ['GET', '/api/notifications/stream'],
    ] as const) {
      const anonymous = await call(method, url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().error.code).toBe('login-required');
      const refused = await call(method, url, { as: blocked });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
    }
  });

  it('names the bad field', async () => {
    const badPage = await call('GET', '/api/notifications?page=0', { as: writer });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().error.fields).toHaveProperty('page');
    const tooMany = await call('GET', '/api/notifications?pageSize=51', { as: writer });
    expect(tooMany.json().error.fields).toHaveProperty('pageSize');
    const badFilter = await call('GET', '/api/notifications?unread=maybe', { as: writer });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().error.fields).toHaveProperty('unread');
    const badId = await call('POST', '/api/notifications/not-an-id/read', { as: writer });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('id');
  });
});

describe('role changes', () => {
  it('tells the member who changed their role, and nothing when it did not change', async () => {
    await clearNotifications(friend.id);
    const service = harness.app.services.notifications;
    const owner = await createMember(harness.db, harness.site.id, {
      role: 'owner',
      name: 'Olga Owner',
    });
    const stored = await service.notifyRoleChanged(harness.site.id, {
      memberId: friend.id,
      changedBy: owner.id,
      from: 'user',
      to: 'writer',
    });
    expect(stored?.event).toEqual({
      kind: 'role-changed',
      actor: { id: owner.id, name: 'Olga Owner', slug: owner.slug },
      from: 'user',
      to: 'writer',
    });
    const same = await service.notifyRoleChanged(harness.site.id, {
      memberId: friend.id,
      changedBy: owner.id,
      from: 'writer',
      to: 'writer',
    });
    expect(same).toBeNull();
    const page = await listOf(friend);
    expect(page.notifications).toHaveLength(1);
    expect(page.notifications[0]!.link).toBe('/blog');
    await expect(
      service.notifyRoleChanged(harness.site.id, {
        memberId: friend.id,
        changedBy: null,
        from: 'user',
        to: 'emperor',
      }),
    ).rejects.toThrow();
  });
});

describe('a published post tells its subscribers', () => {
  async function publishNew(as: Member, title: string, categoryIds: string[] = []) {
    const headers = { host: harness.site.host, [TEST_MEMBER_HEADER]: as.id };
    const created = (
      await harness.app.inject({
        method: 'POST',
        url: '/api/editor/posts',
        headers,
        payload: { title },
      })
    ).json() as EditorPostView;
    const saved = await harness.app.inject({
      method: 'PUT',
      url: `/api/editor/posts/${created.id}`,
      headers,
      payload: {
        revision: created.revision,
        content: documentOf([paragraph(`${title}: words.`)]),
        categoryIds,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await harness.app.inject({
      method: 'POST',
      url: `/api/editor/posts/${created.id}/publish`,
      headers,
      payload: { revision: (saved.json() as EditorPostView).revision },
    });
    expect(published.statusCode, published.body).toBe(200);
    return published.json() as EditorPostView;
  }

  it('once each, by the most specific subscription, never the author', async () => {
    const { db } = harness;
    const category = await createCategory(db, harness.site.id, { label: 'Railways' });
    const author = await createMember(db, harness.site.id, { role: 'writer', name: 'Ari Author' });
    const byBlog = await createMember(db, harness.site.id, { role: 'user' });
    const byCategory = await createMember(db, harness.site.id, { role: 'user' });
    const byAuthor = await createMember(db, harness.site.id, { role: 'user' });
    const unrelated = await createMember(db, harness.site.id, { role: 'user' });
    await db.insert(subscriptions).values([
      {
        siteId: harness.site.id,
        memberId: byBlog.id,
        targetType: 'blog',
        targetId: harness.site.id,
      },
      {
        siteId: harness.site.id,
        memberId: byCategory.id,
        targetType: 'blog',
        targetId: harness.site.id,
      },
      {
        siteId: harness.site.id,
        memberId: byCategory.id,
        targetType: 'category',
        targetId: category.id,
      },
      {
        siteId: harness.site.id,
        memberId: byAuthor.id,
        targetType: 'category',
        targetId: category.id,
      },
      { siteId: harness.site.id, memberId: byAuthor.id, targetType: 'member', targetId: author.id },
      // The author follows their own blog: not told of their own post.
      {
        siteId: harness.site.id,
        memberId: author.id,
        targetType: 'blog',
        targetId: harness.site.id,
      },
      // A subscription on another site to the same ids means nothing here.
      {
        siteId: otherSite.id,
        memberId: unrelated.id,
        targetType: 'blog',
        targetId: harness.site.id,
      },
    ]);

    const published = await publishNew(author, 'Sleeper to Vienna', [category.id]);
    const via = async (m: { id: string }) => {
      const page = await listOf({ ...m, name: '', slug: '' });
      return page.notifications.map((n) =>
        n.event.kind === 'new-post-in-subscription'
          ? {
              via: n.event.via,
              title: n.event.post.title,
              author: n.event.actor.name,
              link: n.link,
            }
          : n.event.kind,
      );
    };
    expect(await via(byBlog)).toEqual([
      {
        via: { type: 'blog', id: harness.site.id, label: 'Night Trains' },
        title: 'Sleeper to Vienna',
        author: 'Ari Author',
        link: `/blog/${published.slug}`,
      },
    ]);
    expect(await via(byCategory)).toEqual([
      expect.objectContaining({ via: { type: 'category', id: category.id, label: 'Railways' } }),
    ]);
    expect(await via(byAuthor)).toEqual([
      expect.objectContaining({ via: { type: 'member', id: author.id, label: 'Ari Author' } }),
    ]);
    expect(await via(author)).toEqual([]);
    expect(await via(unrelated)).toEqual([]);

    // Publishing again (an update of a live post) tells nobody a second time.
    const headers = { host: harness.site.host, [TEST_MEMBER_HEADER]: author.id };
    const again = await harness.app.inject({
      method: 'POST',
      url: `/api/editor/posts/${published.id}/publish`,
      headers,
      payload: { revision: published.revision },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await via(byBlog)).toHaveLength(1);
  });

  it('when a scheduled post goes live', async () => {
    const { db } = harness;
    const author = await createMember(db, harness.site.id, { role: 'writer' });
    const follower = await createMember(db, harness.site.id, { role: 'user' });
    await db.insert(subscriptions).values({
      siteId: harness.site.id,
      memberId: follower.id,
      targetType: 'member',
      targetId: author.id,
    });
    const headers = { host: harness.site.host, [TEST_MEMBER_HEADER]: author.id };
    const created = (
      await harness.app.inject({
        method: 'POST',
        url: '/api/editor/posts',
        headers,
        payload: { title: 'Scheduled sleeper' },
      })
    ).json() as EditorPostView;
    const saved = await harness.app.inject({
      method: 'PUT',
      url: `/api/editor/posts/${created.id}`,
      headers,
      payload: { revision: created.revision, content: documentOf([paragraph('Soon.')]) },
    });
    const at = new Date(Date.now() + 60_000);
    const scheduled = await harness.app.inject({
      method: 'POST',
      url: `/api/editor/posts/${created.id}/publish`,
      headers,
      payload: {
        revision: (saved.json() as EditorPostView).revision,
        scheduledFor: at.toISOString(),
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await listOf({ ...follower, name: '', slug: '' })).notifications).toEqual([]);

    await harness.app.services.postEditor.publishDuePosts(new Date(at.getTime() + 1000), {
      siteId: harness.site.id,
    });
    const page = await listOf({ ...follower, name: '', slug: '' });
    expect(page.notifications.map((n) => n.event.kind)).toEqual(['new-post-in-subscription']);
  });
});

/** A server-sent events client on a real socket: the events it has read, and a wait for more. */
function openStream(port: number, headers: Record<string, string>) {
  const events: NotificationStreamMessage[] = [];
  const comments: string[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let status = 0;
  let contentType = '';
  const request = http.get({ host: '127.0.0.1', port, path: '/api/notifications/stream', headers });
  const ready = new Promise<void>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      contentType = String(response.headers['content-type'] ?? '');
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
            else if (line.startsWith(':')) comments.push(line);
          }
          end = buffer.indexOf('\n\n');
        }
        for (const wake of waiters.splice(0)) wake();
      });
      resolve();
    });
  });
  async function until<T>(check: () => T | undefined, what: string): Promise<T> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`No ${what} on the stream`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  return {
    ready,
    events,
    comments,
    status: () => status,
    contentType: () => contentType,
    until,
    close: () => request.destroy(),
  };
}

async function waitFor(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the live stream, on a listening server', () => {
  let live: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    live = await buildTestApp(harness.database, { withTestRoutes: true });
    await live.listen({ port: 0, host: '127.0.0.1' });
    port = (live.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await live.close();
  });

  it('sends the count, then a notification stored after connecting, then the count after reading', async () => {
    await clearNotifications(writer.id);
    const stream = openStream(port, { host: harness.site.host, [TEST_MEMBER_HEADER]: writer.id });
    await stream.ready;
    expect(stream.status()).toBe(200);
    expect(stream.contentType()).toContain('text/event-stream');
    await stream.until(() => stream.events.find((e) => e.type === 'unread'), 'first count');
    expect(stream.events[0]).toEqual({ type: 'unread', unread: 0 });

    // Each app has its own hub: store through the listening app's service, as a like would.
    const hub = live.services.notifications.hub;
    expect(hub.size(harness.site.id, writer.id)).toBe(1);
    const stored = await live.services.notifications.notify(
      harness.site.id,
      writer.id,
      postLike(reader),
    );
    const arrived = await stream.until(
      () => stream.events.find((e) => e.type === 'notification'),
      'notification',
    );
    expect(arrived).toMatchObject({
      type: 'notification',
      unread: 1,
      notification: {
        id: stored!.id,
        isRead: false,
        link: '/blog/night-trains',
        event: { kind: 'post-like', actor: { name: 'Rae Reader' } },
      },
    });

    // Someone else's notification never reaches this stream.
    await live.services.notifications.notify(harness.site.id, friend.id, postLike(reader));

    // A like of the same post folds: it comes as the line's newest, with the other counted,
    // and the count stays one line.
    const folded = await live.services.notifications.notify(
      harness.site.id,
      writer.id,
      postLike(friend),
    );
    const second = await stream.until(
      () => (stream.events.length >= 3 ? stream.events[2] : undefined),
      'folded notification',
    );
    expect(second).toMatchObject({
      type: 'notification',
      unread: 1,
      notification: {
        id: folded!.id,
        groupKey: `post-like:${post.id}`,
        others: 1,
        event: { actor: { name: 'Finn Friend' } },
      },
    });

    // Reading the line in another tab reads the fold and tells this one the new count.
    const read = await live.inject({
      method: 'POST',
      url: `/api/notifications/${folded!.id}/read`,
      headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: writer.id },
    });
    expect(read.json()).toEqual({ unread: 0 });
    await stream.until(
      () => (stream.events.length >= 4 ? stream.events[3] : undefined),
      'count after reading',
    );
    expect(stream.events.slice(1).map((e) => e.type)).toEqual([
      'notification',
      'notification',
      'unread',
    ]);
    expect(stream.events[3]).toEqual({ type: 'unread', unread: 0 });
    expect(stored).not.toBeNull();

    // The client going away frees its place in the hub.
    stream.close();
    await waitFor(() => hub.size(harness.site.id, writer.id) === 0);
  });

  it('refuses visitors before streaming', async () => {
    const stream = openStream(port, { host: harness.site.host });
    await stream.ready;
    expect(stream.status()).toBe(401);
    stream.close();
  });
});

describe('the stream’s heartbeat, bounds and shutdown', () => {
  let server: FastifyInstance;
  let port: number;
  let hub: ReturnType<typeof createNotificationHub<StoredNotification>>;

  beforeAll(async () => {
    server = Fastify({ logger: false });
    const services = createServices(harness.database);
    hub = createNotificationHub<StoredNotification>({ perMember: 2 });
    const notificationsService = createNotifications({ db: harness.db, hub });
    await server.register(requestContextPlugin, {
      siteOf: async (request) => (await services.sites.resolve(request.headers.host))!,
      // Members named by the test header, as the app's resolver does with test routes on.
      identityOf: async (request) => {
        const memberId = request.headers[TEST_MEMBER_HEADER];
        const actor: Actor =
          typeof memberId === 'string'
            ? { memberId, role: 'user', isBlocked: false, privacy: 'PUBLIC' }
            : ANONYMOUS_ACTOR;
        return {
          actor,
          member: null,
          sessionToken: null,
          via: 'test-header',
          hasDeadSessionCookie: false,
        };
      },
    });
    await server.register(notificationRoutes, {
      prefix: '/api',
      notifications: notificationsService,
      heartbeatMs: 50,
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  });

  it('sends heartbeats, refuses a member’s third stream, and ends every stream on close', async () => {
    const headers = { host: harness.site.host, [TEST_MEMBER_HEADER]: friend.id };
    const first = openStream(port, headers);
    const second = openStream(port, headers);
    await Promise.all([first.ready, second.ready]);
    await first.until(() => first.comments.find((c) => c === ': heartbeat'), 'heartbeat');

    const third = openStream(port, headers);
    await third.ready;
    expect(third.status()).toBe(429);
    third.close();
    // Another member still gets a stream.
    const other = openStream(port, { host: harness.site.host, [TEST_MEMBER_HEADER]: writer.id });
    await other.ready;
    expect(other.status()).toBe(200);
    expect(hub.size()).toBe(3);

    // Closing the server ends the open streams instead of waiting for them.
    await server.close();
    expect(hub.size()).toBe(0);
  });
});
