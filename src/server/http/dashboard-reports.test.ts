/**
 * The dashboard's reports queue through HTTP (issue 17; SPEC §6 view-report), on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL): reported posts and comments grouped by what is reported, with
 * reasons and how many members reported them, for editors and owners; `?post=`; dismiss, delete
 * the content (a post to the trash, a comment deleted), block the author (owners only); the open
 * count for the badge; reporters are never told. Each test builds a blog of its own.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CommentWriteView } from '../../domain/comments';
import type { DashboardReportsPageView, ReportActionView } from '../../domain/dashboard-reports';
import type { NotificationsPageView } from '../../domain/notifications';
import { documentOf, paragraph } from '../../rich-content/document';
import { auditEvents, members, posts, reports } from '../db/schema.server';
import { buildPost, createMember, createTestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });

type Who = string | null;

/** A blog of the test's own with its members, a post by the writer, and Ada's comment on it. */
async function blog() {
  const site = await createTestSite(harness.db);
  const member = async (role: string, name: string) =>
    (await createMember(harness.db, site.id, { role, name })).id;
  const who = {
    owner: await member('owner', 'Olga Owner'),
    editor: await member('editor', 'Eddie Editor'),
    writer: await member('writer', 'Wendy Writer'),
    ada: await member('user', 'Ada Lovelace'),
    ben: await member('user', 'Ben Okri'),
    cleo: await member('user', 'Cleo Park'),
  };
  const post = async (title: string) => {
    const row = buildPost(site.id, who.writer, { title });
    await harness.app.services.postWriter.insertPost(row);
    return row.id;
  };
  const request = (method: string, url: string, actor: Who, payload?: unknown) =>
    harness.app.inject({
      method: method as 'GET',
      url,
      headers:
        actor === null ? { host: site.host } : { host: site.host, [TEST_MEMBER_HEADER]: actor },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const comment = async (actor: string, postId: string, words: string) => {
    const response = await request('POST', `/api/posts/${postId}/comments`, actor, {
      content: documentOf([paragraph(words)]),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CommentWriteView>().comment.id;
  };
  const report = async (
    actor: string,
    targetType: 'post' | 'comment',
    targetId: string,
    reason: string,
    details?: string,
  ) => {
    const response = await request('POST', '/api/reports', actor, {
      targetType,
      targetId,
      reason,
      ...(details ? { details } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const queue = async (actor: Who, query = '') => {
    const response = await request('GET', `/api/dashboard/reports${query}`, actor);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DashboardReportsPageView>();
  };
  const action = (actor: Who, type: string, id: string, verb: string) =>
    request('POST', `/api/dashboard/reports/${type}/${id}/${verb}`, actor);
  const postId = await post('Reported post');
  const adasComment = await comment(who.ada, postId, 'Buy cheap watches here');
  return { site, who, post, postId, adasComment, request, comment, report, queue, action };
}

function errorOf(response: LightMyRequestResponse) {
  return response.json<{ error: { code: string; fields?: Record<string, string> } }>().error;
}

describe('the reports queue', () => {
  it('is for editors and owners: other roles 403, visitors 401', async () => {
    const b = await blog();
    expect((await b.request('GET', '/api/dashboard/reports', null)).statusCode).toBe(401);
    for (const actor of [b.who.ada, b.who.writer]) {
      expect((await b.request('GET', '/api/dashboard/reports', actor)).statusCode).toBe(403);
    }
    for (const actor of [b.who.editor, b.who.owner]) {
      expect((await b.queue(actor)).targets).toEqual([]);
    }
  });

  it('groups reports by what is reported, with reasons, counts and the latest explanations', async () => {
    const b = await blog();
    await b.report(b.who.ben, 'comment', b.adasComment, 'spam', 'Links to a shop');
    await b.report(b.who.cleo, 'comment', b.adasComment, 'spam');
    await b.report(b.who.writer, 'comment', b.adasComment, 'harassment', 'Rude to me');
    await b.report(b.who.ben, 'post', b.postId, 'misinformation');
    const page = await b.queue(b.who.editor);
    expect(page.openCount).toBe(2);
    expect(page.targets.map((t) => [t.targetType, t.targetId, t.reportCount])).toEqual([
      ['post', b.postId, 1],
      ['comment', b.adasComment, 3],
    ]);
    const comment = page.targets[1]!;
    expect(comment.reasons).toEqual([
      { reason: 'spam', count: 2 },
      { reason: 'harassment', count: 1 },
    ]);
    expect(comment.details).toEqual(['Rude to me', 'Links to a shop']);
    expect(comment.content).toMatchObject({
      type: 'comment',
      excerpt: 'Buy cheap watches here',
      post: { id: b.postId, title: 'Reported post' },
      author: { siteMemberId: b.who.ada, name: 'Ada Lovelace' },
      isAuthorBlocked: false,
    });
    expect((comment.content as { link: string }).link).toMatch(
      new RegExp(`#comment-${b.adasComment}$`),
    );
    // Who reported is not part of the queue.
    expect(JSON.stringify(page)).not.toContain(b.who.ben);
    expect(await harness.app.services.reports.countOpenReports(b.site)).toBe(2);
  });

  it('pages by cursor and keeps a post’s own and its comments’ reports with ?post=', async () => {
    const b = await blog();
    const otherPost = await b.post('Another post');
    const otherComment = await b.comment(b.who.ben, otherPost, 'Elsewhere');
    await b.report(b.who.ben, 'comment', b.adasComment, 'spam');
    await b.report(b.who.cleo, 'post', otherPost, 'spam');
    await b.report(b.who.ada, 'comment', otherComment, 'other');
    await b.report(b.who.cleo, 'post', b.postId, 'violence');
    const first = await b.queue(b.who.owner, '?limit=2');
    expect(first.targets.map((t) => t.targetId)).toEqual([b.postId, otherComment]);
    const second = await b.queue(
      b.who.owner,
      `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.targets.map((t) => t.targetId)).toEqual([otherPost, b.adasComment]);
    expect(second.nextCursor).toBeNull();
    const ofPost = await b.queue(b.who.editor, `?post=${b.postId}`);
    expect(ofPost.targets.map((t) => t.targetId)).toEqual([b.postId, b.adasComment]);
    for (const [query, field] of [
      ['?status=closed', 'status'],
      ['?post=1', 'post'],
      ['?cursor=x', 'cursor'],
      ['?limit=100', 'limit'],
    ] as const) {
      const response = await b.request('GET', `/api/dashboard/reports${query}`, b.who.editor);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).fields).toHaveProperty(field);
    }
  });
});

describe('acting on a report', () => {
  it('dismisses: editors and owners; the reports move to Dismissed and the count drops', async () => {
    const b = await blog();
    await b.report(b.who.ben, 'comment', b.adasComment, 'spam');
    await b.report(b.who.cleo, 'comment', b.adasComment, 'spam');
    expect((await b.action(null, 'comment', b.adasComment, 'dismiss')).statusCode).toBe(401);
    for (const actor of [b.who.ada, b.who.writer]) {
      expect((await b.action(actor, 'comment', b.adasComment, 'dismiss')).statusCode).toBe(403);
    }
    const dismissed = await b.action(b.who.editor, 'comment', b.adasComment, 'dismiss');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json<ReportActionView>()).toEqual({ closed: 2, openCount: 0 });
    expect((await b.queue(b.who.editor)).targets).toEqual([]);
    const closed = await b.queue(b.who.editor, '?status=dismissed');
    expect(closed.targets.map((t) => [t.targetId, t.status])).toEqual([
      [b.adasComment, 'dismissed'],
    ]);
    // The comment stays.
    expect((await b.request('GET', `/api/comments/${b.adasComment}`, null)).statusCode).toBe(200);
    const again = await b.action(b.who.editor, 'comment', b.adasComment, 'dismiss');
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('report_not_found');
    const bad = await b.action(b.who.editor, 'member', b.adasComment, 'dismiss');
    expect(errorOf(bad).fields).toHaveProperty('targetType');
  });

  it('deletes a reported comment and a reported post (to the trash), resolving their reports', async () => {
    const b = await blog();
    await b.report(b.who.ben, 'comment', b.adasComment, 'spam');
    await b.report(b.who.ben, 'post', b.postId, 'misinformation');
    for (const actor of [b.who.ada, b.who.writer]) {
      expect((await b.action(actor, 'comment', b.adasComment, 'delete')).statusCode).toBe(403);
    }
    const comment = await b.action(b.who.editor, 'comment', b.adasComment, 'delete');
    expect(comment.json<ReportActionView>()).toEqual({ closed: 1, openCount: 1 });
    expect((await b.request('GET', `/api/comments/${b.adasComment}`, null)).statusCode).toBe(404);
    const post = await b.action(b.who.editor, 'post', b.postId, 'delete');
    expect(post.json<ReportActionView>()).toEqual({ closed: 1, openCount: 0 });
    const [row] = await harness.db
      .select({ status: posts.status })
      .from(posts)
      .where(and(eq(posts.siteId, b.site.id), eq(posts.id, b.postId)));
    expect(row!.status).toBe('deleted');
    const resolved = await b.queue(b.who.editor, '?status=resolved');
    expect(resolved.targets.map((t) => [t.targetType, t.content.type])).toEqual([
      ['post', 'post'],
      ['comment', 'comment'],
    ]);
    expect(resolved.targets[1]!.content).toEqual({
      type: 'comment',
      id: b.adasComment,
      isDeleted: true,
    });
  });

  it('blocks the author: owners only, never an owner; the blocked member is a guest', async () => {
    const b = await blog();
    await b.report(b.who.ben, 'comment', b.adasComment, 'harassment');
    for (const actor of [b.who.editor, b.who.writer, b.who.ben]) {
      const refused = await b.action(actor, 'comment', b.adasComment, 'block-author');
      expect(refused.statusCode).toBe(403);
    }
    expect((await b.action(null, 'comment', b.adasComment, 'block-author')).statusCode).toBe(401);
    const blocked = await b.action(b.who.owner, 'comment', b.adasComment, 'block-author');
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toEqual({ closed: 1, openCount: 0, memberId: b.who.ada });
    const [ada] = await harness.db
      .select({ isBlocked: members.isBlocked })
      .from(members)
      .where(and(eq(members.siteId, b.site.id), eq(members.id, b.who.ada)));
    expect(ada!.isBlocked).toBe(true);
    // The block is in the audit log (issue 18), written with it.
    const [line] = await harness.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.siteId, b.site.id), eq(auditEvents.targetId, b.who.ada)));
    expect(line).toMatchObject({ action: 'member.blocked', actorId: b.who.owner });
    // Blocked members count as guests (SPEC §4, §6): no more comments.
    const refused = await b.request('POST', `/api/posts/${b.postId}/comments`, b.who.ada, {
      content: documentOf([paragraph('Let me back')]),
    });
    expect(refused.statusCode).toBe(403);
    const resolved = await b.queue(b.who.owner, '?status=resolved');
    expect(resolved.targets[0]!.content).toMatchObject({ isAuthorBlocked: true });

    // An owner's content cannot be reported, but its author can never be blocked either.
    const ownersComment = await b.comment(b.who.owner, b.postId, 'House rules');
    await harness.db.insert(reports).values({
      siteId: b.site.id,
      id: crypto.randomUUID(),
      reporterId: b.who.cleo,
      targetType: 'comment',
      targetId: ownersComment,
      reason: 'other',
    });
    const otherOwner = (await createMember(harness.db, b.site.id, { role: 'owner' })).id;
    for (const actor of [b.who.owner, otherOwner]) {
      const response = await b.action(actor, 'comment', ownersComment, 'block-author');
      expect(response.statusCode).toBe(403);
    }
  });

  it('never tells the reporters who acted, or that anyone did', async () => {
    const b = await blog();
    await b.report(b.who.ben, 'comment', b.adasComment, 'spam');
    const secondComment = await b.comment(b.who.ada, b.postId, 'More spam');
    await b.report(b.who.cleo, 'comment', secondComment, 'spam');
    await b.action(b.who.editor, 'comment', b.adasComment, 'dismiss');
    await b.action(b.who.owner, 'comment', secondComment, 'delete');
    for (const reporter of [b.who.ben, b.who.cleo]) {
      const told = (
        await b.request('GET', '/api/notifications', reporter)
      ).json<NotificationsPageView>();
      expect(told.notifications).toEqual([]);
    }
  });
});
