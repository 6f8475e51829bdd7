/**
 * Comments, subscriptions, reports and the moderation queue through HTTP (issue 6; decision 021),
 * on PGlite and on PostgreSQL (TEST_DATABASE_URL): threads paged by cursor, writing with the
 * SPEC §6 rules and DESIGN.md's error shape, the comment's limits, edits and deletes (one's own,
 * editors any), comments off per post and for the blog, notifications of a reply, mentions,
 * subscriptions with their refusals, reports once per member, the queue for editors and owners,
 * and a post's comment count that stays exact under concurrent creates and deletes. Members act
 * through the test-only header.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_TEXT_MAX,
  COMMENTS_PAGE_SIZE,
  type CommentsPageView,
  type CommentView,
  type CommentWriteView,
  type ModerationQueueView,
  REPLIES_PREVIEW,
  type RepliesPageView,
} from '../../domain/comments';
import type { NotificationsPageView } from '../../domain/notifications';
import {
  type Decoration,
  documentOf,
  heading,
  paragraph,
  type RichDocument,
  text,
} from '../../rich-content/document';
import { comments, members, posts } from '../db/schema.server';
import {
  buildPost,
  createCategory,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });
let otherSite: TestSite;
const who = {
  owner: '',
  writer: '',
  editor: '',
  ada: '',
  ben: '',
  private: '',
  blocked: '',
  guestWriter: '',
  stranger: '',
};
const postIds = { main: '', paged: '', quiet: '', draft: '', busy: '', owners: '', elsewhere: '' };
let categoryId = '';

type Actor = string | null;

function headersOf(actor: Actor, host = harness.site.host): Record<string, string> {
  return actor === null ? { host } : { host, [TEST_MEMBER_HEADER]: actor };
}

function request(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  actor: Actor,
  payload?: unknown,
  host?: string,
): Promise<LightMyRequestResponse> {
  return harness.app.inject({
    method,
    url,
    headers: headersOf(actor, host),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const doc = (...lines: (string | ReturnType<typeof text>)[]) =>
  documentOf(lines.map((line) => paragraph(line)));

function postComment(actor: Actor, postId: string, content: unknown, replyTo?: string) {
  return request('POST', `/api/posts/${postId}/comments`, actor, {
    content,
    ...(replyTo ? { replyTo } : {}),
  });
}

async function created(response: LightMyRequestResponse): Promise<CommentWriteView> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CommentWriteView>();
}

function errorOf(response: LightMyRequestResponse) {
  return response.json<{
    error: { code: string; message: string; fields?: Record<string, string> };
  }>().error;
}

async function storedCount(postId: string): Promise<{ column: number; rows: number }> {
  const [post] = await harness.db
    .select({ n: posts.commentCount })
    .from(posts)
    .where(and(eq(posts.siteId, harness.site.id), eq(posts.id, postId)));
  const [rows] = await harness.db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.siteId, harness.site.id), eq(comments.postId, postId)));
  return { column: post!.n, rows: Number(rows!.n) };
}

async function setSettings(patch: Record<string, unknown>) {
  const response = await harness.app.inject({
    method: 'PUT',
    url: '/api/test/widget-settings/blog/desktop',
    headers: { host: harness.site.host },
    payload: patch,
  });
  expect(response.statusCode).toBe(200);
}

async function insertPost(ownerId: string, overrides: Parameters<typeof buildPost>[2] = {}) {
  const post = buildPost(harness.site.id, ownerId, overrides);
  await harness.app.services.postWriter.insertPost(post);
  return post.id;
}

beforeAll(async () => {
  const { app, db, site } = harness;
  otherSite = await createTestSite(db);
  const member = async (key: keyof typeof who, values: Parameters<typeof createMember>[2]) => {
    who[key] = (await createMember(db, site.id, values)).id;
  };
  await member('owner', { role: 'owner', name: 'Olga Owner' });
  await member('writer', { role: 'writer', name: 'Wendy Writer' });
  await member('editor', { role: 'editor', name: 'Eddie Editor' });
  await member('ada', { role: 'user', name: 'Ada Lovelace', slug: 'ada-lovelace' });
  await member('ben', { role: 'user', name: 'Ben Okri' });
  await member('private', { role: 'user', name: 'Pia Private', privacyStatus: 'PRIVATE' });
  await member('blocked', { role: 'user', name: 'Bob Blocked', isBlocked: true });
  await member('guestWriter', { role: 'guest-writer', name: 'Gus Guest' });
  who.stranger = (await createMember(db, otherSite.id, { role: 'user' })).id;
  categoryId = (await createCategory(db, site.id)).id;
  postIds.main = await insertPost(who.writer, { title: 'Main post', categoryIds: [categoryId] });
  postIds.paged = await insertPost(who.writer, { title: 'Paged post' });
  postIds.quiet = await insertPost(who.writer, { title: 'Quiet post', isCommentsDisabled: true });
  postIds.draft = await insertPost(who.writer, { status: 'unpublished', firstPublishedDate: null });
  postIds.busy = await insertPost(who.writer, { title: 'Busy post' });
  postIds.owners = await insertPost(who.owner, { title: 'The owner’s post' });
  const elsewhere = buildPost(otherSite.id, who.stranger);
  await app.services.postWriter.insertPost(elsewhere);
  postIds.elsewhere = elsewhere.id;
});

describe('writing comments', () => {
  it('posts a comment and a reply, counting them on the post, the parent and the author', async () => {
    const before = harness.app.services.generations.get(harness.site.id);
    const first = await created(await postComment(who.ada, postIds.main, doc('First!')));
    expect(first.totalComments).toBe(1);
    expect(first.comment).toMatchObject({
      postId: postIds.main,
      parentId: null,
      depth: 0,
      author: { siteMemberId: who.ada, name: 'Ada Lovelace', link: '/blog/profiles/ada-lovelace' },
      isByOwner: false,
      likeCount: 0,
      replyCount: 0,
      replies: [],
      isEdited: false,
    });
    // A write changes the post page: the site's cached pages go (decision 002).
    expect(harness.app.services.generations.get(harness.site.id)).toBeGreaterThan(before);

    const reply = await created(
      await postComment(who.ben, postIds.main, doc('Welcome'), first.comment.id),
    );
    expect(reply.totalComments).toBe(2);
    expect(reply.comment).toMatchObject({ parentId: first.comment.id, depth: 1 });

    const page = (
      await request('GET', `/api/posts/${postIds.main}/comments`, null)
    ).json<CommentsPageView>();
    expect(page.totalComments).toBe(2);
    expect(page.comments).toHaveLength(1);
    expect(page.comments[0]!.replyCount).toBe(1);
    expect(page.comments[0]!.replies.map((r) => r.id)).toEqual([reply.comment.id]);
    expect(await storedCount(postIds.main)).toEqual({ column: 2, rows: 2 });
    const [ada] = await harness.db
      .select({ n: members.commentCount })
      .from(members)
      .where(and(eq(members.siteId, harness.site.id), eq(members.id, who.ada)));
    expect(ada!.n).toBe(1);
  });

  it('keeps threads three levels deep: a reply to the deepest level joins its thread', async () => {
    const top = await created(await postComment(who.ada, postIds.main, doc('Top')));
    const one = await created(await postComment(who.ben, postIds.main, doc('One'), top.comment.id));
    const two = await created(await postComment(who.ada, postIds.main, doc('Two'), one.comment.id));
    expect(two.comment).toMatchObject({ parentId: one.comment.id, depth: 2 });
    const three = await created(
      await postComment(who.ben, postIds.main, doc('Three'), two.comment.id),
    );
    expect(three.comment).toMatchObject({ parentId: one.comment.id, depth: 2 });
    const thread = (
      await request('GET', `/api/posts/${postIds.main}/comments`, null)
    ).json<CommentsPageView>();
    const shown = thread.comments.find((c) => c.id === top.comment.id)!;
    expect(shown.replies[0]!.replies.map((r) => r.id)).toEqual([two.comment.id, three.comment.id]);
    expect(shown.replies[0]!.replyCount).toBe(2);
  });

  it('refuses an empty comment, a comment over the limit and content comments cannot hold', async () => {
    const cases: [unknown, string][] = [
      [doc('   '), 'comment_empty'],
      [documentOf([]), 'comment_empty'],
      [doc('x'.repeat(COMMENT_TEXT_MAX + 1)), 'comment_too_long'],
      [documentOf([heading(2, 'A heading')]), 'comment_content_invalid'],
      [doc(text('bad', [{ type: 'UNDERLINE' }])), 'comment_content_invalid'],
      [
        doc(
          text('click', [
            { type: 'LINK', linkData: { link: { url: 'javascript:alert(1)', target: 'SELF' } } },
          ] as Decoration[]),
        ),
        'comment_content_invalid',
      ],
      [{ nodes: 'nope' }, 'comment_content_invalid'],
    ];
    for (const [content, code] of cases) {
      const response = await postComment(who.ada, postIds.main, content);
      expect(response.statusCode, code).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe(code);
      expect(Object.keys(error.fields ?? {}).some((field) => field.startsWith('content'))).toBe(
        true,
      );
    }
    // Exactly at the limit is fine.
    await created(await postComment(who.ada, postIds.main, doc('y'.repeat(COMMENT_TEXT_MAX))));
    const missing = await request('POST', `/api/posts/${postIds.main}/comments`, who.ada, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toHaveProperty('content');
    const badReply = await postComment(who.ada, postIds.main, doc('x'), 'not-a-uuid');
    expect(errorOf(badReply).fields).toHaveProperty('replyTo');
  });

  it('stores links as user content opening apart, and mentions with the member’s current name', async () => {
    const content = documentOf([
      paragraph(
        text('see ', []),
        text('this', [
          { type: 'LINK', linkData: { link: { url: 'https://example.com/x', target: 'SELF' } } },
        ] as Decoration[]),
        text(' @Ada', [
          { type: 'MENTION', mentionData: { id: who.ada, name: 'Old name', slug: 'old' } },
        ] as Decoration[]),
        text(' @Ghost', [
          { type: 'MENTION', mentionData: { id: randomUUID(), name: 'Ghost', slug: 'ghost' } },
        ] as Decoration[]),
      ),
    ]);
    const { comment } = await created(await postComment(who.ben, postIds.main, content));
    const runs = (comment.content as RichDocument).nodes[0]!.nodes as ReturnType<typeof text>[];
    expect(runs.map((r) => r.textData.text).join('')).toBe('see this @Ada @Ghost');
    expect(runs[1]!.textData.decorations).toEqual([
      {
        type: 'LINK',
        linkData: {
          link: {
            url: 'https://example.com/x',
            target: 'BLANK',
            rel: { nofollow: true, ugc: true, noreferrer: true },
          },
        },
      },
    ]);
    expect(runs[2]!.textData.decorations).toEqual([
      { type: 'MENTION', mentionData: { id: who.ada, name: 'Ada Lovelace', slug: 'ada-lovelace' } },
    ]);
    expect(runs[3]!.textData.decorations).toEqual([]);
  });

  it('refuses visitors (401), blocked members (403) and replies to another post’s comment', async () => {
    const visitor = await postComment(null, postIds.main, doc('Hi'));
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor).code).toBe('login-required');
    const blocked = await postComment(who.blocked, postIds.main, doc('Hi'));
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked).code).toBe('forbidden');
    expect((await postComment(who.ada, postIds.draft, doc('Hi'))).statusCode).toBe(404);
    expect((await postComment(who.ada, postIds.elsewhere, doc('Hi'))).statusCode).toBe(404);
    const other = await created(await postComment(who.ada, postIds.paged, doc('Elsewhere')));
    const crossed = await postComment(who.ben, postIds.main, doc('x'), other.comment.id);
    expect(crossed.statusCode).toBe(400);
    expect(errorOf(crossed).fields).toHaveProperty('replyTo');
    await request('DELETE', `/api/comments/${other.comment.id}`, who.ada);
  });

  it('refuses comments while they are off for the post or the blog (403 disabled)', async () => {
    const quiet = await postComment(who.ada, postIds.quiet, doc('Hi'));
    expect(quiet.statusCode).toBe(403);
    expect(errorOf(quiet).code).toBe('disabled');
    await setSettings({ 'comments.enabled': false });
    try {
      const off = await postComment(who.ada, postIds.main, doc('Hi'));
      expect(off.statusCode).toBe(403);
      expect(errorOf(off).code).toBe('disabled');
    } finally {
      await setSettings({ 'comments.enabled': null });
    }
  });
});

describe('editing and deleting', () => {
  it('lets members edit their own comments only', async () => {
    const { comment } = await created(await postComment(who.ada, postIds.main, doc('Typo hree')));
    const edited = await request('PATCH', `/api/comments/${comment.id}`, who.ada, {
      content: doc('Typo here'),
    });
    expect(edited.statusCode).toBe(200);
    const view = edited.json<CommentWriteView>().comment;
    expect(
      ((view.content as RichDocument).nodes[0]!.nodes[0] as ReturnType<typeof text>).textData.text,
    ).toBe('Typo here');
    expect(view.id).toBe(comment.id);
    for (const [actor, status] of [
      [who.ben, 403],
      [who.editor, 403],
      [who.owner, 403],
      [null, 401],
    ] as const) {
      const response = await request('PATCH', `/api/comments/${comment.id}`, actor, {
        content: doc('Hijacked'),
      });
      expect(response.statusCode).toBe(status);
    }
    const empty = await request('PATCH', `/api/comments/${comment.id}`, who.ada, {
      content: doc(''),
    });
    expect(errorOf(empty).code).toBe('comment_empty');
    const read = (await request('GET', `/api/comments/${comment.id}`, null)).json<{
      comment: CommentView;
      post: { slug: string };
    }>();
    expect(read.post.slug).toMatch(/^post-number-/);
    expect(JSON.stringify(read.comment.content)).toContain('Typo here');
  });

  it('deletes a comment with its replies; members their own, editors any', async () => {
    const before = await storedCount(postIds.main);
    const top = await created(await postComment(who.ada, postIds.main, doc('Delete me')));
    const reply = await created(
      await postComment(who.ben, postIds.main, doc('Reply'), top.comment.id),
    );
    await created(await postComment(who.ada, postIds.main, doc('Deeper'), reply.comment.id));
    expect((await request('DELETE', `/api/comments/${top.comment.id}`, who.ben)).statusCode).toBe(
      403,
    );
    expect((await request('DELETE', `/api/comments/${top.comment.id}`, null)).statusCode).toBe(401);
    // Ben deletes his own reply (and the reply under it): the parent counts one reply less.
    const own = await request('DELETE', `/api/comments/${reply.comment.id}`, who.ben);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ deleted: 2, totalComments: before.rows + 1 });
    const [parent] = await harness.db
      .select({ n: comments.replyCount })
      .from(comments)
      .where(and(eq(comments.siteId, harness.site.id), eq(comments.id, top.comment.id)));
    expect(parent!.n).toBe(0);
    // An editor deletes Ada's comment.
    const byEditor = await request('DELETE', `/api/comments/${top.comment.id}`, who.editor);
    expect(byEditor.statusCode).toBe(200);
    expect(byEditor.json()).toEqual({ deleted: 1, totalComments: before.rows });
    expect(await storedCount(postIds.main)).toEqual(before);
    expect(
      (await request('DELETE', `/api/comments/${top.comment.id}`, who.editor)).statusCode,
    ).toBe(404);
  });

  it('switches comments off and on for a post: editors, and writers on their own posts', async () => {
    const url = `/api/posts/${postIds.busy}/comments-enabled`;
    expect((await request('PUT', url, who.ada, { enabled: false })).statusCode).toBe(403);
    expect((await request('PUT', url, null, { enabled: false })).statusCode).toBe(401);
    expect((await request('PUT', url, who.guestWriter, { enabled: false })).statusCode).toBe(403);
    const off = await request('PUT', url, who.writer, { enabled: false });
    expect(off.json()).toEqual({ isCommentsDisabled: true });
    expect(errorOf(await postComment(who.ada, postIds.busy, doc('x'))).code).toBe('disabled');
    const on = await request('PUT', url, who.editor, { enabled: true });
    expect(on.json()).toEqual({ isCommentsDisabled: false });
    expect((await postComment(who.ada, postIds.busy, doc('x'))).statusCode).toBe(201);
    const bad = await request('PUT', url, who.editor, { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('enabled');
  });
});

describe('reading threads', () => {
  it('pages top-level comments newest first by cursor, each with its first replies', async () => {
    const ids: string[] = [];
    for (let i = 0; i < COMMENTS_PAGE_SIZE * 2 + 3; i++) {
      const { comment } = await created(
        await postComment(i % 2 ? who.ada : who.ben, postIds.paged, doc(`Comment ${i}`)),
      );
      ids.push(comment.id);
    }
    const threadTop = ids.at(-1)!;
    const replyIds: string[] = [];
    for (let i = 0; i < REPLIES_PREVIEW + 4; i++) {
      replyIds.push(
        (await created(await postComment(who.ada, postIds.paged, doc(`Reply ${i}`), threadTop)))
          .comment.id,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url = `/api/posts/${postIds.paged}/comments${cursor ? `?after=${encodeURIComponent(cursor)}` : ''}`;
      const response = await request('GET', url, null);
      expect(response.statusCode).toBe(200);
      const page = response.json<CommentsPageView>();
      expect(page.comments.length).toBeLessThanOrEqual(COMMENTS_PAGE_SIZE);
      seen.push(...page.comments.map((c) => c.id));
      if (pages === 0) {
        const top = page.comments[0]!;
        expect(top.id).toBe(threadTop);
        expect(top.replies.map((r) => r.id)).toEqual(replyIds.slice(0, REPLIES_PREVIEW));
        expect(top.repliesCursor).not.toBeNull();
        expect(page.totalComments).toBe(ids.length + replyIds.length);
      }
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());

    const first = (
      await request('GET', `/api/posts/${postIds.paged}/comments`, null)
    ).json<CommentsPageView>();
    const more = await request(
      'GET',
      `/api/comments/${threadTop}/replies?after=${encodeURIComponent(first.comments[0]!.repliesCursor!)}`,
      null,
    );
    const rest = more.json<RepliesPageView>();
    expect(rest.comments.map((c) => c.id)).toEqual(replyIds.slice(REPLIES_PREVIEW));
    expect(rest.comments[0]!.depth).toBe(1);
    expect(rest.nextCursor).toBeNull();
  });

  it('answers 400 for a malformed cursor and 404 for unknown posts and comments', async () => {
    const bad = await request('GET', `/api/posts/${postIds.paged}/comments?after=yesterday`, null);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('after');
    expect((await request('GET', `/api/posts/${randomUUID()}/comments`, null)).statusCode).toBe(
      404,
    );
    expect((await request('GET', `/api/posts/${postIds.draft}/comments`, null)).statusCode).toBe(
      404,
    );
    expect((await request('GET', `/api/comments/${randomUUID()}/replies`, null)).statusCode).toBe(
      404,
    );
    expect((await request('GET', '/api/posts/nope/comments', null)).statusCode).toBe(400);
    // Another site's post is not this site's.
    expect(
      (await request('GET', `/api/posts/${postIds.elsewhere}/comments`, null)).statusCode,
    ).toBe(404);
  });

  it('never lets a shared cache keep an answer', async () => {
    const response = await request('GET', `/api/posts/${postIds.paged}/comments`, null);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('notifications of a new comment', () => {
  it('tells the author of the comment answered, never the one who answered', async () => {
    const top = await created(await postComment(who.ada, postIds.main, doc('Tell me')));
    await created(
      await postComment(who.ben, postIds.main, doc('Told you so, really'), top.comment.id),
    );
    const list = (
      await request('GET', '/api/notifications', who.ada)
    ).json<NotificationsPageView>();
    const reply = list.notifications.find(
      (n) => n.event.kind === 'comment-reply' && n.event.parentCommentId === top.comment.id,
    );
    expect(reply?.event).toMatchObject({
      kind: 'comment-reply',
      actor: { id: who.ben, name: 'Ben Okri' },
      post: { id: postIds.main, title: 'Main post' },
      comment: { excerpt: 'Told you so, really' },
    });
    const self = await created(
      await postComment(who.ada, postIds.main, doc('Me again'), top.comment.id),
    );
    const after = (
      await request('GET', '/api/notifications', who.ada)
    ).json<NotificationsPageView>();
    expect(
      after.notifications.some(
        (n) => n.event.kind === 'comment-reply' && n.event.comment.id === self.comment.id,
      ),
    ).toBe(false);
  });
});

describe('who else is told of a new comment', () => {
  const kindsFor = async (member: string, commentId: string) =>
    (await request('GET', '/api/notifications', member))
      .json<NotificationsPageView>()
      .notifications.filter((n) => 'comment' in n.event && n.event.comment.id === commentId)
      .map((n) => n.event.kind);

  it('tells the post’s author, the answered author and the post’s subscribers, once each', async () => {
    const postId = await insertPost(who.writer, { title: 'Told post' });
    expect((await request('PUT', `/api/subscriptions/post/${postId}`, who.ben)).statusCode).toBe(
      200,
    );
    expect((await request('PUT', `/api/subscriptions/post/${postId}`, who.editor)).statusCode).toBe(
      200,
    );
    const top = await created(await postComment(who.ada, postId, doc('A first comment')));
    expect(await kindsFor(who.writer, top.comment.id)).toEqual(['post-comment']);
    expect(await kindsFor(who.ben, top.comment.id)).toEqual(['new-comment-in-subscription']);
    expect(await kindsFor(who.editor, top.comment.id)).toEqual(['new-comment-in-subscription']);
    expect(await kindsFor(who.ada, top.comment.id)).toEqual([]);
    // A second comment by the same member is news of its own (new comments never fold).
    const second = await created(await postComment(who.ada, postId, doc('A second thought')));
    expect(await kindsFor(who.writer, second.comment.id)).toEqual(['post-comment']);
    expect(await kindsFor(who.writer, top.comment.id)).toEqual(['post-comment']);

    // Ben answers Ada: Ada hears of the reply (not as a subscriber), the writer of a comment on
    // her post, the editor as a subscriber; Ben of nothing.
    const reply = await created(
      await postComment(who.ben, postId, doc('An answer'), top.comment.id),
    );
    expect(await kindsFor(who.ada, reply.comment.id)).toEqual(['comment-reply']);
    expect(await kindsFor(who.writer, reply.comment.id)).toEqual(['post-comment']);
    expect(await kindsFor(who.editor, reply.comment.id)).toEqual(['new-comment-in-subscription']);
    expect(await kindsFor(who.ben, reply.comment.id)).toEqual([]);

    // The post's author commenting is told nothing; unsubscribed members hear no more.
    await request('DELETE', `/api/subscriptions/post/${postId}`, who.editor);
    const own = await created(await postComment(who.writer, postId, doc('Thanks all')));
    expect(await kindsFor(who.writer, own.comment.id)).toEqual([]);
    expect(await kindsFor(who.editor, own.comment.id)).toEqual([]);
    expect(await kindsFor(who.ben, own.comment.id)).toEqual(['new-comment-in-subscription']);
  });
});

describe('mentions', () => {
  it('suggests public, unblocked members by the start of a name, to members only', async () => {
    const response = await request('GET', '/api/mentions?query=ad', who.ben);
    expect(response.statusCode).toBe(200);
    const names = response.json<{ members: { name: string }[] }>().members.map((m) => m.name);
    expect(names).toEqual(['Ada Lovelace']);
    const surname = await request('GET', '/api/mentions?query=okr', who.ada);
    expect(surname.json<{ members: { name: string }[] }>().members.map((m) => m.name)).toEqual([
      'Ben Okri',
    ]);
    const hidden = await request('GET', '/api/mentions?query=pi', who.ada);
    expect(hidden.json<{ members: unknown[] }>().members).toEqual([]);
    expect((await request('GET', '/api/mentions?query=ad', null)).statusCode).toBe(401);
  });
});

describe('subscriptions', () => {
  const url = (type: string, id: string) => `/api/subscriptions/${type}/${id}`;

  it('follows and stops following the blog, a category and a post’s comments', async () => {
    for (const [type, id] of [
      ['blog', harness.site.id],
      ['category', categoryId],
      ['post', postIds.main],
    ] as const) {
      expect((await request('GET', url(type, id), who.ada)).json()).toMatchObject({
        isSubscribed: false,
      });
      const on = await request('PUT', url(type, id), who.ada);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ targetType: type, targetId: id, isSubscribed: true });
      // Again is fine.
      expect((await request('PUT', url(type, id), who.ada)).statusCode).toBe(200);
      expect((await request('GET', url(type, id), who.ada)).json()).toMatchObject({
        isSubscribed: true,
      });
      const off = await request('DELETE', url(type, id), who.ada);
      expect(off.json()).toMatchObject({ isSubscribed: false });
    }
  });

  it('refuses visitors, private profiles (join-community), blocked members and unknown targets', async () => {
    const visitor = await request('PUT', url('post', postIds.main), null);
    expect(visitor.statusCode).toBe(401);
    const hidden = await request('PUT', url('post', postIds.main), who.private);
    expect(hidden.statusCode).toBe(403);
    expect(errorOf(hidden).code).toBe('join-community');
    // A private member may still stop following.
    expect((await request('DELETE', url('post', postIds.main), who.private)).statusCode).toBe(200);
    expect((await request('PUT', url('post', postIds.main), who.blocked)).statusCode).toBe(403);
    expect((await request('PUT', url('blog', otherSite.id), who.ada)).statusCode).toBe(404);
    expect((await request('PUT', url('category', randomUUID()), who.ada)).statusCode).toBe(404);
    expect((await request('PUT', url('post', postIds.draft), who.ada)).statusCode).toBe(404);
    const badType = await request('PUT', url('planet', postIds.main), who.ada);
    expect(badType.statusCode).toBe(400);
    expect(errorOf(badType).fields).toHaveProperty('targetType');
  });
});

describe('reports and the moderation queue', () => {
  let adasComment = '';
  let ownersComment = '';

  beforeAll(async () => {
    adasComment = (
      await created(await postComment(who.ada, postIds.main, doc('Buy cheap watches')))
    ).comment.id;
    ownersComment = (await created(await postComment(who.owner, postIds.main, doc('House rules'))))
      .comment.id;
  });

  const report = (
    actor: Actor,
    targetType: string,
    targetId: string,
    reason = 'spam',
    details?: string,
  ) =>
    request('POST', '/api/reports', actor, {
      targetType,
      targetId,
      reason,
      ...(details ? { details } : {}),
    });

  it('takes one report per member and thing, with a reason', async () => {
    const first = await report(who.ben, 'comment', adasComment, 'spam', 'Links to a shop');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ isNew: true });
    const again = await report(who.ben, 'comment', adasComment, 'harassment');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: first.json<{ id: string }>().id, isNew: false });
    expect((await report(who.ben, 'post', postIds.main, 'misinformation')).statusCode).toBe(201);
    expect((await report(who.writer, 'comment', adasComment, 'other')).statusCode).toBe(201);
  });

  it('refuses one’s own, an owner’s, editors, visitors, bad reasons and unknown targets', async () => {
    expect((await report(who.ada, 'comment', adasComment)).statusCode).toBe(403);
    expect((await report(who.writer, 'post', postIds.main)).statusCode).toBe(403);
    expect((await report(who.ben, 'comment', ownersComment)).statusCode).toBe(403);
    expect((await report(who.ben, 'post', postIds.owners)).statusCode).toBe(403);
    expect((await report(who.editor, 'comment', adasComment)).statusCode).toBe(403);
    expect((await report(null, 'comment', adasComment)).statusCode).toBe(401);
    expect((await report(who.ben, 'comment', randomUUID())).statusCode).toBe(404);
    const reason = await report(who.ben, 'comment', adasComment, 'boring');
    expect(reason.statusCode).toBe(400);
    expect(errorOf(reason).fields).toHaveProperty('reason');
    const long = await report(who.ben, 'post', postIds.paged, 'other', 'x'.repeat(501));
    expect(errorOf(long).fields).toHaveProperty('details');
  });

  it('shows editors and owners the queue, newest first, with what each report is about', async () => {
    expect((await request('GET', '/api/moderation/reports', null)).statusCode).toBe(401);
    expect((await request('GET', '/api/moderation/reports', who.ada)).statusCode).toBe(403);
    expect((await request('GET', '/api/moderation/reports', who.writer)).statusCode).toBe(403);
    for (const actor of [who.editor, who.owner]) {
      const response = await request('GET', '/api/moderation/reports', actor);
      expect(response.statusCode).toBe(200);
      const queue = response.json<ModerationQueueView>();
      expect(queue.page).toBe(1);
      expect(queue.hasMore).toBe(false);
      expect(queue.reports.map((r) => r.reason)).toEqual(['other', 'misinformation', 'spam']);
      const [writers, post, bens] = queue.reports;
      expect(bens).toMatchObject({
        details: 'Links to a shop',
        status: 'open',
        reporter: { siteMemberId: who.ben, name: 'Ben Okri' },
        reportsOfTarget: 2,
        target: {
          type: 'comment',
          id: adasComment,
          excerpt: 'Buy cheap watches',
          postTitle: 'Main post',
          author: { name: 'Ada Lovelace' },
        },
      });
      expect(writers!.reportsOfTarget).toBe(2);
      expect((bens!.target as { link: string }).link).toMatch(
        new RegExp(`#comment-${adasComment}$`),
      );
      expect(post!.target).toMatchObject({ type: 'post', id: postIds.main, title: 'Main post' });
    }
    // A deleted comment stays in the queue, marked gone.
    await request('DELETE', `/api/comments/${adasComment}`, who.editor);
    const queue = (
      await request('GET', '/api/moderation/reports', who.editor)
    ).json<ModerationQueueView>();
    expect(queue.reports.at(-1)!.target).toEqual({
      type: 'comment',
      id: adasComment,
      isDeleted: true,
    });
    const bad = await request('GET', '/api/moderation/reports?status=lost', who.editor);
    expect(errorOf(bad).fields).toHaveProperty('status');
  });
});

describe('demo mode', () => {
  it('refuses comments, subscriptions and reports on a demo site (SPEC §4), reading is fine', async () => {
    const demo = await createTestSite(harness.db, { demoMode: true });
    const writer = await createMember(harness.db, demo.id, { role: 'writer' });
    const reader = await createMember(harness.db, demo.id, { role: 'user' });
    const post = buildPost(demo.id, writer.id);
    await harness.app.services.postWriter.insertPost(post);
    const refusals = [
      await request(
        'POST',
        `/api/posts/${post.id}/comments`,
        reader.id,
        { content: doc('Hi') },
        demo.host,
      ),
      await request('PUT', `/api/subscriptions/post/${post.id}`, reader.id, undefined, demo.host),
      await request(
        'POST',
        '/api/reports',
        reader.id,
        { targetType: 'post', targetId: post.id, reason: 'spam' },
        demo.host,
      ),
      await request(
        'PUT',
        `/api/posts/${post.id}/comments-enabled`,
        writer.id,
        { enabled: false },
        demo.host,
      ),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('demo_mode');
    }
    const read = await request('GET', `/api/posts/${post.id}/comments`, null, undefined, demo.host);
    expect(read.statusCode).toBe(200);
  });
});

describe('concurrency', () => {
  it('keeps the post’s comment count exact under concurrent creates and deletes', async () => {
    const postId = await insertPost(who.writer, { title: 'Concurrent post' });
    const tops = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postComment(i % 2 ? who.ada : who.ben, postId, doc(`Top ${i}`)),
      ),
    );
    const topIds = await Promise.all(tops.map(async (r) => (await created(r)).comment.id));
    // Replies, new top-level comments and deletes of threads, all at once.
    const work: Promise<LightMyRequestResponse>[] = [];
    for (let round = 0; round < 4; round++) {
      for (const [i, id] of topIds.entries()) {
        work.push(postComment(who.ben, postId, doc(`Reply ${round}`), id));
        if (round === 1 && i % 3 === 0)
          work.push(request('DELETE', `/api/comments/${id}`, who.editor));
      }
      work.push(postComment(who.ada, postId, doc(`More ${round}`)));
    }
    const results = await Promise.all(work);
    for (const response of results) {
      // A reply to a thread deleted meanwhile finds nothing to answer: 404, nothing stored.
      expect([200, 201, 404]).toContain(response.statusCode);
    }
    const counted = await storedCount(postId);
    expect(counted.column).toBe(counted.rows);
    // Every reply count equals the replies stored under it; no reply lost its parent.
    const stored = await harness.db
      .select({ id: comments.id, parentId: comments.parentId, replyCount: comments.replyCount })
      .from(comments)
      .where(and(eq(comments.siteId, harness.site.id), eq(comments.postId, postId)));
    const ids = new Set(stored.map((c) => c.id));
    for (const comment of stored) {
      if (comment.parentId !== null) expect(ids.has(comment.parentId)).toBe(true);
      expect(comment.replyCount).toBe(stored.filter((c) => c.parentId === comment.id).length);
    }
    const [tops2] = await harness.db
      .select({ n: count() })
      .from(comments)
      .where(
        and(
          eq(comments.siteId, harness.site.id),
          eq(comments.postId, postId),
          isNull(comments.parentId),
        ),
      );
    expect(Number(tops2!.n)).toBe(12 - 4 + 4);
    // Then delete everything left, at once: the count comes back to zero.
    const page = (
      await request('GET', `/api/posts/${postId}/comments`, null)
    ).json<CommentsPageView>();
    await Promise.all(
      page.comments.map((c) => request('DELETE', `/api/comments/${c.id}`, who.editor)),
    );
    const rest = (
      await request('GET', `/api/posts/${postId}/comments`, null)
    ).json<CommentsPageView>();
    await Promise.all(
      rest.comments.map((c) => request('DELETE', `/api/comments/${c.id}`, who.editor)),
    );
    expect(await storedCount(postId)).toEqual({ column: 0, rows: 0 });
  });
});
