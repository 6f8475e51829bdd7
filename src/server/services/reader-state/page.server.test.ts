/**
 * A page's reader state in one round trip (issue 20; decision 051), on PGlite and PostgreSQL,
 * through the app's own services on the test app's database: a member with likes, a rating,
 * unread notifications, follows and a held comment gets exactly those, in ONE statement once the
 * counts snapshot is fresh; another member's state never shows; a blocked member has no bell and
 * likes as a visitor; a visitor with an id costs one query, one without none.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommentWriteView } from '../../../domain/comments';
import { type Actor, ANONYMOUS_ACTOR } from '../../../domain/permissions';
import type { PostStatus } from '../../../domain/post-status';
import { documentOf, paragraph } from '../../../rich-content/document';
import { comments, likes } from '../../db/schema.server';
import { TEST_MEMBER_HEADER } from '../../http/actor.server';
import { buildPost, createCategory, createMember } from '../../testing/factories.server';
import { countQueries } from '../../testing/query-count.server';
import { setUpTestApp } from '../../testing/test-app.server';
import type { PageReaderTargets } from './page.server';

// The counts snapshot's clock stands still: its refresh never adds a query between two calls.
const harness = setUpTestApp({ withTestRoutes: true, app: { readerStateNow: () => 1_000_000 } });

const actorOf = (memberId: string, overrides: Partial<Actor> = {}): Actor => ({
  memberId,
  role: 'user',
  isBlocked: false,
  privacy: 'PUBLIC',
  ...overrides,
});

let mia: string;
let ned: string;
let posts: { liked: string; rated: string; plain: string; draft: string };
let categoryId: string;
let nedsComment: string;
let miasComment: string;
const visitorId = randomUUID();

function call(member: string, method: 'PUT' | 'POST', url: string, payload?: object) {
  return harness.app.inject({
    method,
    url,
    headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: member },
    ...(payload ? { payload } : {}),
  });
}

async function ok(response: Promise<{ statusCode: number; body: string }>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer;
}

async function comment(member: string, postId: string, words: string): Promise<string> {
  const answer = await ok(
    call(member, 'POST', `/api/posts/${postId}/comments`, {
      content: documentOf([paragraph(words)]),
    }),
  );
  return (JSON.parse(answer.body) as CommentWriteView).comment.id;
}

function readPage(actor: Actor, visitor: string | null, targets: Partial<PageReaderTargets>) {
  return harness.app.services.readerState.readPage(actor, visitor, harness.site, {
    posts: [],
    comments: [],
    ratedPosts: [],
    following: [],
    hiddenCommentsOf: null,
    ...targets,
  });
}

beforeAll(async () => {
  const site = harness.site;
  mia = (await createMember(harness.db, site.id, { role: 'user', name: 'Mia' })).id;
  ned = (await createMember(harness.db, site.id, { role: 'user', name: 'Ned' })).id;
  const writer = (await createMember(harness.db, site.id, { role: 'writer' })).id;
  categoryId = (await createCategory(harness.db, site.id)).id;
  const post = async (status: PostStatus = 'published') => {
    const row = buildPost(site.id, writer, { status });
    await harness.app.services.postWriter.insertPost(row);
    return row.id;
  };
  posts = {
    liked: await post(),
    rated: await post(),
    plain: await post(),
    draft: await post('unpublished'),
  };

  // Ratings are off by default: this blog has them.
  await ok(
    harness.app.inject({
      method: 'PUT',
      url: '/api/test/widget-settings/blog/desktop',
      headers: { host: site.host },
      payload: { 'comments.ratingsEnabled': true },
    }),
  );
  nedsComment = await comment(ned, posts.liked, 'First!');
  miasComment = await comment(mia, posts.liked, 'Second.');
  // Mia: a like of a post and of a comment, a rating, two follows, a held comment.
  await ok(call(mia, 'PUT', `/api/posts/${posts.liked}/like`));
  await ok(call(mia, 'PUT', `/api/comments/${nedsComment}/like`));
  await ok(call(mia, 'PUT', `/api/posts/${posts.rated}/rating`, { value: 4 }));
  await ok(call(mia, 'PUT', `/api/subscriptions/blog/${site.id}`));
  await ok(call(mia, 'PUT', `/api/subscriptions/post/${posts.liked}`));
  await harness.db.insert(comments).values({
    siteId: site.id,
    id: randomUUID(),
    postId: posts.rated,
    authorId: mia,
    content: documentOf([paragraph('Held for review')]),
    contentText: 'Held for review',
    status: 'pending',
  });
  // Ned: his own likes and rating, and a like of Mia's comment (her notification).
  await ok(call(ned, 'PUT', `/api/posts/${posts.rated}/like`));
  await ok(call(ned, 'PUT', `/api/posts/${posts.liked}/rating`, { value: 2 }));
  await ok(call(ned, 'PUT', `/api/comments/${miasComment}/like`));
  await ok(call(ned, 'PUT', `/api/subscriptions/category/${categoryId}`));
  // A visitor's like, by their visitor id.
  await harness.app.services.engagement.setPostLike(
    { actor: ANONYMOUS_ACTOR, visitorId, device: 'desktop' },
    site,
    posts.plain,
    true,
  );
});

/** Every target of the test's page. */
function wholePage(hiddenCommentsOf: string | null = posts.rated): PageReaderTargets {
  return {
    posts: [posts.liked, posts.rated, posts.plain, posts.draft],
    comments: [nedsComment, miasComment],
    ratedPosts: [posts.liked, posts.rated],
    following: [
      { targetType: 'blog', targetId: harness.site.id },
      { targetType: 'post', targetId: posts.liked },
      { targetType: 'category', targetId: categoryId },
    ],
    hiddenCommentsOf,
  };
}

describe('readPage for a member', () => {
  it('gives exactly their likes, ratings, unread count, follows and held comments', async () => {
    const state = await readPage(actorOf(mia), null, wholePage());
    const unread = await harness.app.services.notifications.unreadCount(actorOf(mia), harness.site);
    expect(unread).toBeGreaterThan(0);
    expect(state).toEqual({
      posts: {
        [posts.liked]: {
          isLiked: true,
          likeCount: 1,
          averageRating: 2,
          totalRatings: 1,
          myRating: null,
        },
        [posts.rated]: {
          isLiked: false,
          likeCount: 1,
          averageRating: 4,
          totalRatings: 1,
          myRating: 4,
        },
        [posts.plain]: {
          isLiked: false,
          likeCount: 1,
          averageRating: 0,
          totalRatings: 0,
          myRating: null,
        },
      },
      comments: {
        [nedsComment]: { isLiked: true, likeCount: 1 },
        [miasComment]: { isLiked: false, likeCount: 1 },
      },
      following: {
        [`blog:${harness.site.id}`]: true,
        [`post:${posts.liked}`]: true,
        [`category:${categoryId}`]: false,
      },
      unreadNotifications: unread,
      seesHiddenComments: true,
    });
    expect((await readPage(actorOf(mia), null, wholePage(posts.liked))).seesHiddenComments).toBe(
      false,
    );
  });

  it("never shows another member's state", async () => {
    const state = await readPage(actorOf(ned), null, wholePage());
    expect(state.posts[posts.liked]).toMatchObject({ isLiked: false, myRating: 2 });
    expect(state.posts[posts.rated]).toMatchObject({ isLiked: true, myRating: null });
    expect(state.comments[nedsComment]).toEqual({ isLiked: false, likeCount: 1 });
    expect(state.comments[miasComment]).toEqual({ isLiked: true, likeCount: 1 });
    expect(state.following).toEqual({
      [`blog:${harness.site.id}`]: false,
      [`post:${posts.liked}`]: false,
      [`category:${categoryId}`]: true,
    });
    expect(state.unreadNotifications).toBe(
      await harness.app.services.notifications.unreadCount(actorOf(ned), harness.site),
    );
    expect(state.seesHiddenComments).toBe(false);
  });

  it('is one statement once the counts are fresh, and none for a page asked before', async () => {
    await readPage(actorOf(mia), null, wholePage());
    harness.app.services.readerState.forgetMember(harness.site.id, mia);
    const queries = countQueries(harness.db);
    try {
      await readPage(actorOf(mia), null, wholePage());
      expect(queries.statements).toHaveLength(1);
      // The same page again: every answer is kept (decision 054).
      await readPage(actorOf(mia), null, wholePage());
      expect(queries.statements).toHaveLength(1);
    } finally {
      queries.restore();
    }
  });

  it('asks only for what an earlier page did not show, until the member is forgotten', async () => {
    const { readerState } = harness.app.services;
    readerState.forgetMember(harness.site.id, mia);
    await readPage(actorOf(mia), null, { posts: [posts.liked] });
    // The like goes behind the app's back: the kept answer still says it, as no write forgot it.
    const like = and(eq(likes.siteId, harness.site.id), eq(likes.likerKey, `m:${mia}`));
    const [row] = await harness.db
      .delete(likes)
      .where(and(like, eq(likes.targetId, posts.liked)))
      .returning();
    const queries = countQueries(harness.db);
    try {
      const state = await readPage(actorOf(mia), null, wholePage());
      expect(queries.statements).toHaveLength(1);
      expect(state.posts[posts.liked]).toMatchObject({ isLiked: true });
      expect(state.posts[posts.rated]).toMatchObject({ isLiked: false, myRating: 4 });
      readerState.forgetMember(harness.site.id, mia);
      const fresh = await readPage(actorOf(mia), null, wholePage());
      expect(queries.statements).toHaveLength(2);
      expect(fresh.posts[posts.liked]).toMatchObject({ isLiked: false });
    } finally {
      queries.restore();
      await harness.db.insert(likes).values(row!);
      readerState.forgetMember(harness.site.id, mia);
    }
  });

  it('forgets a member after each write of theirs and each notification to them', async () => {
    const before = await readPage(actorOf(ned), null, wholePage());
    await ok(call(ned, 'PUT', `/api/subscriptions/blog/${harness.site.id}`));
    const followed = await readPage(actorOf(ned), null, wholePage());
    expect(followed.following[`blog:${harness.site.id}`]).toBe(true);
    await ok(call(ned, 'DELETE' as 'PUT', `/api/subscriptions/blog/${harness.site.id}`));
    expect((await readPage(actorOf(ned), null, wholePage())).following).toMatchObject({
      [`blog:${harness.site.id}`]: false,
    });
    expect(before.unreadNotifications).toBeGreaterThan(0);
    await ok(call(ned, 'POST', '/api/notifications/read-all'));
    expect((await readPage(actorOf(ned), null, wholePage())).unreadNotifications).toBe(0);
    // Mia likes Ned's comment again: a new notification for Ned (not his write) shows on his next
    // page, whatever his earlier pages knew.
    await ok(call(mia, 'DELETE' as 'PUT', `/api/comments/${nedsComment}/like`));
    await ok(call(mia, 'PUT', `/api/comments/${nedsComment}/like`));
    // The notification is stored after the like's answer (notifying never holds a write up).
    await expect
      .poll(async () => (await readPage(actorOf(ned), null, wholePage())).unreadNotifications)
      .toBe(1);
  });

  it('gives a blocked member no bell, and likes only by a visitor id', async () => {
    const blocked = actorOf(mia, { isBlocked: true });
    const state = await readPage(blocked, null, wholePage());
    expect(state.unreadNotifications).toBeNull();
    expect(state.posts[posts.liked]!.isLiked).toBe(false);
    expect(state.comments[nedsComment]!.isLiked).toBe(false);
    const withId = await readPage(blocked, visitorId, wholePage());
    expect(withId.posts[posts.plain]!.isLiked).toBe(true);
  });

  it('skips ids that are not UUIDs instead of failing', async () => {
    const state = await readPage(actorOf(mia), null, {
      posts: ['not-a-uuid', posts.liked],
      comments: ["'; drop table comments; --"],
      ratedPosts: ['x'],
      following: [{ targetType: 'post', targetId: 'nope' }],
      hiddenCommentsOf: 'nope',
    });
    expect(Object.keys(state.posts)).toEqual([posts.liked]);
    expect(state.comments).toEqual({});
    expect(state.following).toEqual({ 'post:nope': false });
    expect(state.seesHiddenComments).toBe(false);
  });
});

describe('readPage for a visitor', () => {
  it('with a visitor id: their likes, in one query', async () => {
    await readPage(ANONYMOUS_ACTOR, visitorId, wholePage());
    const queries = countQueries(harness.db);
    try {
      const state = await readPage(ANONYMOUS_ACTOR, visitorId, wholePage());
      expect(queries.statements).toHaveLength(1);
      expect(state.posts[posts.plain]).toMatchObject({ isLiked: true, myRating: null });
      expect(state.posts[posts.liked]).toMatchObject({ isLiked: false });
      expect(state.unreadNotifications).toBeNull();
      expect(state.seesHiddenComments).toBe(false);
      expect(Object.values(state.following)).toEqual([false, false, false]);
    } finally {
      queries.restore();
    }
  });

  it('without one: no query at all', async () => {
    await readPage(ANONYMOUS_ACTOR, null, wholePage());
    const queries = countQueries(harness.db);
    try {
      const state = await readPage(ANONYMOUS_ACTOR, null, wholePage());
      expect(queries.statements).toEqual([]);
      expect(state.posts[posts.plain]).toMatchObject({ isLiked: false, likeCount: 1 });
    } finally {
      queries.restore();
    }
  });
});
