/**
 * The dashboard's comments through HTTP (issue 17 "Comments and reports"), on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL): the list for editors and owners (every other role refused,
 * visitors 401), its filters and keyset pages, delete, and held comments: the owner's switch, a
 * first comment held (its author reads it, nobody else, no count moves, nobody is told), approved
 * (it counts and notifies) or rejected. Each test builds a blog of its own (its own site).
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CommentsPageView, CommentWriteView } from '../../domain/comments';
import type {
  CommentApprovalView,
  DashboardCommentsPageView,
} from '../../domain/dashboard-comments';
import type { NotificationsPageView } from '../../domain/notifications';
import { documentOf, paragraph } from '../../rich-content/document';
import { members, posts } from '../db/schema.server';
import { buildPost, createMember, createTestSite } from '../testing/factories.server';
import { planOf } from '../testing/query-plan.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });

type Who = string | null;

/** A blog of the test's own: its members by role and two published posts by the writer. */
async function blog() {
  const site = await createTestSite(harness.db);
  const member = async (role: string, name: string) =>
    (await createMember(harness.db, site.id, { role, name })).id;
  const who = {
    owner: await member('owner', 'Olga Owner'),
    editor: await member('editor', 'Eddie Editor'),
    writer: await member('writer', 'Wendy Writer'),
    guestWriter: await member('guest-writer', 'Gus Guest'),
    ada: await member('user', 'Ada Lovelace'),
    ben: await member('user', 'Ben Okri'),
  };
  const post = async (title: string) => {
    const row = buildPost(site.id, who.writer, { title });
    await harness.app.services.postWriter.insertPost(row);
    return row.id;
  };
  const postIds = { first: await post('First post'), second: await post('Second post') };

  const request = (method: string, url: string, actor: Who, payload?: unknown) =>
    harness.app.inject({
      method: method as 'GET',
      url,
      headers:
        actor === null ? { host: site.host } : { host: site.host, [TEST_MEMBER_HEADER]: actor },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const comment = async (actor: string, postId: string, words: string, replyTo?: string) => {
    const response = await request('POST', `/api/posts/${postId}/comments`, actor, {
      content: documentOf([paragraph(words)]),
      ...(replyTo ? { replyTo } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CommentWriteView>();
  };
  const list = async (actor: Who, query = '') => {
    const response = await request('GET', `/api/dashboard/comments${query}`, actor);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DashboardCommentsPageView>();
  };
  const thread = async (actor: Who, postId: string) =>
    (await request('GET', `/api/posts/${postId}/comments`, actor)).json<CommentsPageView>();
  const storedCounts = async (postId: string, memberId: string) => {
    const [post] = await harness.db
      .select({ n: posts.commentCount })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)));
    const [author] = await harness.db
      .select({ n: members.commentCount })
      .from(members)
      .where(and(eq(members.siteId, site.id), eq(members.id, memberId)));
    return { post: post!.n, author: author!.n };
  };
  const hold = async (on: boolean) => {
    const response = await request('PUT', '/api/dashboard/comments/settings', who.owner, {
      holdFirstComments: on,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  return { site, who, postIds, request, comment, list, thread, storedCounts, hold };
}

function errorOf(response: LightMyRequestResponse) {
  return response.json<{ error: { code: string; fields?: Record<string, string> } }>().error;
}

describe('the dashboard comment list', () => {
  it('is for editors and owners: other roles 403, visitors 401, blocked editors 403', async () => {
    const b = await blog();
    const blocked = (await createMember(harness.db, b.site.id, { role: 'editor', isBlocked: true }))
      .id;
    expect((await b.request('GET', '/api/dashboard/comments', null)).statusCode).toBe(401);
    for (const actor of [b.who.ada, b.who.writer, b.who.guestWriter, blocked]) {
      const response = await b.request('GET', '/api/dashboard/comments', actor);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('forbidden');
    }
    for (const actor of [b.who.editor, b.who.owner]) {
      expect((await b.request('GET', '/api/dashboard/comments', actor)).statusCode).toBe(200);
    }
  });

  it('lists every comment newest first with author, post and context link, a page at a time', async () => {
    const b = await blog();
    const one = await b.comment(b.who.ada, b.postIds.first, 'Lovely bread recipe');
    const two = await b.comment(b.who.ben, b.postIds.second, 'Try rye flour');
    const three = await b.comment(b.who.ada, b.postIds.first, 'Answering you', one.comment.id);
    const page1 = await b.list(b.who.editor, '?limit=2');
    expect(page1.comments.map((c) => c.id)).toEqual([three.comment.id, two.comment.id]);
    expect(page1.nextCursor).not.toBeNull();
    expect(page1.pendingCount).toBe(0);
    expect(page1.comments[0]).toMatchObject({
      excerpt: 'Answering you',
      author: { siteMemberId: b.who.ada, name: 'Ada Lovelace' },
      post: { id: b.postIds.first, title: 'First post' },
      status: 'published',
      likeCount: 0,
      replyCount: 0,
      isReply: true,
    });
    expect(page1.comments[0]!.contextLink).toBe(
      `${page1.comments[0]!.post.link}#comment-${three.comment.id}`,
    );
    const page2 = await b.list(
      b.who.editor,
      `?limit=2&cursor=${encodeURIComponent(page1.nextCursor!)}`,
    );
    expect(page2.comments.map((c) => c.id)).toEqual([one.comment.id]);
    expect(page2.comments[0]!.replyCount).toBe(1);
    expect(page2.nextCursor).toBeNull();
  });

  it('filters by post, member, status and words', async () => {
    const b = await blog();
    const bread = await b.comment(b.who.ada, b.postIds.first, 'Sourdough starters are alive');
    const rye = await b.comment(b.who.ben, b.postIds.first, 'Rye makes it sour');
    const other = await b.comment(b.who.ada, b.postIds.second, 'Nothing about bread');
    const ids = async (query: string) =>
      (await b.list(b.who.owner, query)).comments.map((c) => c.id);
    expect(await ids(`?post=${b.postIds.first}`)).toEqual([rye.comment.id, bread.comment.id]);
    expect(await ids(`?member=${b.who.ada}`)).toEqual([other.comment.id, bread.comment.id]);
    expect(await ids(`?member=${b.who.ada}&post=${b.postIds.second}`)).toEqual([other.comment.id]);
    expect(await ids('?status=pending')).toEqual([]);
    expect(await ids('?q=sourdo')).toEqual([bread.comment.id]);
    expect(await ids('?q=SOUR')).toEqual([rye.comment.id, bread.comment.id]);
    expect(await ids('?q=rye%20sour')).toEqual([rye.comment.id]);
    expect(await ids('?q=bread%20nothing')).toEqual([other.comment.id]);
    expect(await ids('?q=%25%25')).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const b = await blog();
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=51', 'limit'],
      ['?status=spam', 'status'],
      ['?post=nope', 'post'],
      ['?member=1', 'member'],
      ['?cursor=abc', 'cursor'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const response = await b.request('GET', `/api/dashboard/comments${query}`, b.who.editor);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).fields, query).toHaveProperty(field);
    }
  });

  it('deletes any comment for editors and owners only, and the counts follow', async () => {
    const b = await blog();
    const first = await b.comment(b.who.ada, b.postIds.first, 'First');
    const second = await b.comment(b.who.ben, b.postIds.first, 'Second');
    const url = (id: string) => `/api/dashboard/comments/${id}`;
    expect((await b.request('DELETE', url(first.comment.id), null)).statusCode).toBe(401);
    expect((await b.request('DELETE', url(first.comment.id), b.who.writer)).statusCode).toBe(403);
    expect((await b.request('DELETE', url(first.comment.id), b.who.ben)).statusCode).toBe(403);
    const deleted = await b.request('DELETE', url(first.comment.id), b.who.editor);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 1, totalComments: 1 });
    expect((await b.request('DELETE', url(second.comment.id), b.who.owner)).statusCode).toBe(200);
    expect((await b.request('DELETE', url(second.comment.id), b.who.owner)).statusCode).toBe(404);
    expect(await b.storedCounts(b.postIds.first, b.who.ada)).toEqual({ post: 0, author: 0 });
  });
});

describe('holding first comments', () => {
  it('is the owner’s switch: editors read it, only owners change it', async () => {
    const b = await blog();
    const url = '/api/dashboard/comments/settings';
    const read = await b.request('GET', url, b.who.editor);
    expect(read.json()).toEqual({ holdFirstComments: false });
    expect((await b.request('GET', url, null)).statusCode).toBe(401);
    expect((await b.request('GET', url, b.who.writer)).statusCode).toBe(403);
    const body = { holdFirstComments: true };
    expect((await b.request('PUT', url, null, body)).statusCode).toBe(401);
    for (const actor of [b.who.editor, b.who.writer, b.who.ada]) {
      expect((await b.request('PUT', url, actor, body)).statusCode).toBe(403);
    }
    const bad = await b.request('PUT', url, b.who.owner, { holdFirstComments: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('holdFirstComments');
    const set = await b.request('PUT', url, b.who.owner, body);
    expect(set.json()).toEqual({ holdFirstComments: true });
    expect((await b.request('GET', url, b.who.owner)).json()).toEqual(body);
  });

  it('holds a first comment: its author reads it, nobody else, and no count moves', async () => {
    const b = await blog();
    await b.hold(true);
    const held = await b.comment(b.who.ada, b.postIds.first, 'My very first comment');
    expect(held.comment.isPending).toBe(true);
    expect(held.totalComments).toBe(0);
    expect(await b.storedCounts(b.postIds.first, b.who.ada)).toEqual({ post: 0, author: 0 });

    const mine = await b.thread(b.who.ada, b.postIds.first);
    expect(mine.comments.map((c) => [c.id, c.isPending])).toEqual([[held.comment.id, true]]);
    expect(mine.totalComments).toBe(0);
    for (const reader of [null, b.who.ben, b.who.writer]) {
      expect((await b.thread(reader, b.postIds.first)).comments).toEqual([]);
    }
    // Not readable, likeable or reportable by others; the author's own read works.
    const one = `/api/comments/${held.comment.id}`;
    expect((await b.request('GET', one, b.who.ben)).statusCode).toBe(404);
    expect((await b.request('GET', one, b.who.ada)).statusCode).toBe(200);
    const report = await b.request('POST', '/api/reports', b.who.ben, {
      targetType: 'comment',
      targetId: held.comment.id,
      reason: 'spam',
    });
    expect(report.statusCode).toBe(404);
    // Nobody was told: the post's writer has no notification of it.
    const told = (
      await b.request('GET', '/api/notifications', b.who.writer)
    ).json<NotificationsPageView>();
    expect(told.notifications).toEqual([]);

    // Its author may still edit it; it stays held.
    const edited = await b.request('PATCH', one, b.who.ada, {
      content: documentOf([paragraph('My very first comment, edited')]),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<CommentWriteView>().comment.isPending).toBe(true);
    expect(
      (await b.request('PATCH', one, b.who.ben, { content: documentOf([paragraph('Mine?')]) }))
        .statusCode,
    ).toBe(404);

    const queue = await b.list(b.who.editor, '?status=pending');
    expect(queue.comments.map((c) => [c.id, c.status])).toEqual([[held.comment.id, 'pending']]);
    expect(queue.pendingCount).toBe(1);
    expect(await harness.app.services.comments.countHeldComments(b.site)).toBe(1);
  });

  it('lets contributors and members once approved through, and holds nothing when off', async () => {
    const b = await blog();
    const before = await b.comment(b.who.ben, b.postIds.first, 'Before holding');
    expect(before.comment.isPending).toBeUndefined();
    await b.hold(true);
    const bens = await b.comment(b.who.ben, b.postIds.first, 'Approved before');
    expect(bens.comment.isPending).toBeUndefined();
    for (const actor of [b.who.writer, b.who.guestWriter, b.who.editor, b.who.owner]) {
      const written = await b.comment(actor, b.postIds.second, 'A contributor');
      expect(written.comment.isPending).toBeUndefined();
    }
    await b.hold(false);
    const adas = await b.comment(b.who.ada, b.postIds.first, 'Holding is off');
    expect(adas.comment.isPending).toBeUndefined();
    expect((await b.list(b.who.editor)).pendingCount).toBe(0);
  });

  it('approves a held comment: editors only; it then counts, shows and notifies', async () => {
    const b = await blog();
    await b.hold(true);
    const held = await b.comment(b.who.ada, b.postIds.first, 'Please approve me');
    const url = `/api/dashboard/comments/${held.comment.id}/approve`;
    expect((await b.request('POST', url, null)).statusCode).toBe(401);
    for (const actor of [b.who.ada, b.who.writer, b.who.guestWriter]) {
      expect((await b.request('POST', url, actor)).statusCode).toBe(403);
    }
    const approved = await b.request('POST', url, b.who.editor);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<CommentApprovalView>().comment).toMatchObject({
      id: held.comment.id,
      status: 'published',
    });
    expect((await b.request('POST', url, b.who.owner)).statusCode).toBe(409);
    expect(await b.storedCounts(b.postIds.first, b.who.ada)).toEqual({ post: 1, author: 1 });
    const seen = await b.thread(null, b.postIds.first);
    expect(seen.comments.map((c) => c.id)).toEqual([held.comment.id]);
    expect(seen.totalComments).toBe(1);
    const told = (
      await b.request('GET', '/api/notifications', b.who.writer)
    ).json<NotificationsPageView>();
    expect(told.notifications.map((n) => n.event.kind)).toEqual(['post-comment']);
    expect((await b.list(b.who.editor)).pendingCount).toBe(0);
    // Approved once: her next comment goes straight through.
    const next = await b.comment(b.who.ada, b.postIds.second, 'Second comment');
    expect(next.comment.isPending).toBeUndefined();
  });

  it('holds a reply under its comment for its author only; approval counts it as a reply', async () => {
    const b = await blog();
    const top = await b.comment(b.who.ben, b.postIds.first, 'A question?');
    await b.hold(true);
    const reply = await b.comment(b.who.ada, b.postIds.first, 'An answer', top.comment.id);
    expect(reply.comment.isPending).toBe(true);
    const mine = await b.thread(b.who.ada, b.postIds.first);
    expect(mine.comments[0]!.replyCount).toBe(0);
    expect(mine.comments[0]!.replies.map((r) => r.id)).toEqual([reply.comment.id]);
    expect((await b.thread(b.who.ben, b.postIds.first)).comments[0]!.replies).toEqual([]);
    const approve = `/api/dashboard/comments/${reply.comment.id}/approve`;
    expect((await b.request('POST', approve, b.who.owner)).statusCode).toBe(200);
    const after = await b.thread(b.who.ben, b.postIds.first);
    expect(after.comments[0]!.replyCount).toBe(1);
    expect(after.comments[0]!.replies.map((r) => r.id)).toEqual([reply.comment.id]);
    expect(after.totalComments).toBe(2);
    // Ben hears of the answer to his comment once it is published.
    const told = (
      await b.request('GET', '/api/notifications', b.who.ben)
    ).json<NotificationsPageView>();
    expect(told.notifications.map((n) => n.event.kind)).toEqual(['comment-reply']);
  });

  it('rejects (deletes) a held comment without touching counts; its author may delete it', async () => {
    const b = await blog();
    await b.hold(true);
    const first = await b.comment(b.who.ada, b.postIds.first, 'Spam spam');
    const second = await b.comment(b.who.ben, b.postIds.first, 'Mine to take back');
    const url = (id: string) => `/api/dashboard/comments/${id}`;
    expect((await b.request('DELETE', url(first.comment.id), b.who.ben)).statusCode).toBe(404);
    const rejected = await b.request('DELETE', url(first.comment.id), b.who.editor);
    expect(rejected.json()).toEqual({ deleted: 1, totalComments: 0 });
    expect(
      (await b.request('DELETE', `/api/comments/${second.comment.id}`, b.who.ben)).statusCode,
    ).toBe(200);
    expect(await b.storedCounts(b.postIds.first, b.who.ada)).toEqual({ post: 0, author: 0 });
    expect((await b.list(b.who.editor, '?status=pending')).comments).toEqual([]);
    const approveGone = `/api/dashboard/comments/${first.comment.id}/approve`;
    expect((await b.request('POST', approveGone, b.who.editor)).statusCode).toBe(404);
  });

  it('keeps counts exact when a published comment with a held reply is deleted', async () => {
    const b = await blog();
    const top = await b.comment(b.who.ben, b.postIds.first, 'Top');
    await b.hold(true);
    await b.comment(b.who.ada, b.postIds.first, 'Held reply', top.comment.id);
    const deleted = await b.request(
      'DELETE',
      `/api/dashboard/comments/${top.comment.id}`,
      b.who.editor,
    );
    expect(deleted.json()).toEqual({ deleted: 2, totalComments: 0 });
    expect(await b.storedCounts(b.postIds.first, b.who.ben)).toEqual({ post: 0, author: 0 });
    expect((await b.list(b.who.editor)).pendingCount).toBe(0);
  });
});

describe('the lists’ indexes (speed at 1,000,000 comments: no sort, no scan of the table)', () => {
  const site = '00000000-0000-4000-8000-000000000000';
  const post = '00000000-0000-4000-8000-000000000001';
  const cursor = ['2026-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000002'];
  it.each([
    [
      'all comments, newest first, after a cursor',
      `select id from comments where site_id = $1 and (created_at, id) < ($2::timestamptz, $3::uuid) order by created_at desc, id desc limit 21`,
      [site, ...cursor],
      'comments_site_created_idx',
    ],
    [
      'one post’s',
      `select id from comments where site_id = $1 and post_id = $2 order by created_at desc, id desc limit 21`,
      [site, post],
      'comments_post_created_idx',
    ],
    [
      'the held ones',
      `select id from comments where site_id = $1 and status = 'pending' order by created_at desc, id desc limit 21`,
      [site],
      'comments_pending_idx',
    ],
    [
      'the held count',
      `select count(*) from comments where site_id = $1 and status = 'pending'`,
      [site],
      'comments_pending_idx',
    ],
    [
      'the reports queue grouped by target',
      `select target_type, target_id, count(*), max(created_at) from reports where site_id = $1 and status = 'open' group by target_type, target_id`,
      [site],
      'reports_target_idx',
    ],
  ] as const)('reads %s from its index', async (_name, text, params, index) => {
    const plan = await planOf(harness.db, text, [...params], ['sort', 'seqscan']);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
