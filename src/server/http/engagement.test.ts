/**
 * Likes and ratings through HTTP (issue 6; decision 020), on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL): PUT/DELETE like semantics that never count twice, anonymous likes by the
 * visitor id only when the setting allows them, the refusals of SPEC §6 (log in, join the
 * community, forbidden) with DESIGN.md's error shape, bad input naming its field, comment likes
 * apart from post likes, and ratings (off by default, clamped, a second rating replacing the
 * first). Hundreds of concurrent like and unlike requests leave every count equal to its likers.
 * Members act through the test-only header.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RatingStateView } from '../../domain/engagement';
import type { LikeStateView } from '../../domain/likes';
import { CSRF_HEADER } from '../../domain/session';
import { documentOf, paragraph } from '../../rich-content/document';
import { csrfTokenFor } from '../auth/tokens.server';
import { comments, likes, members, notifications, posts, ratings } from '../db/schema.server';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';
import { VISITOR_COOKIE } from './visitor-id.server';

const harness = setUpTestApp({ withTestRoutes: true });
let otherSite: TestSite;
const ids = { author: '', ada: '', ben: '', private: '', blocked: '', stranger: '' };
const postIds = { main: '', draft: '', rated: '', busy: '', elsewhere: '' };
let commentId = '';

type Who = string | null | { visitor: string };

function headersOf(who: Who, host = harness.site.host): Record<string, string> {
  if (who === null) return { host };
  if (typeof who === 'string') return { host, [TEST_MEMBER_HEADER]: who };
  // A visitor id is a credential: state-changing calls carry its anti-forgery token.
  return {
    host,
    cookie: `${VISITOR_COOKIE}=${who.visitor}`,
    [CSRF_HEADER]: csrfTokenFor({ kind: 'visitor', id: who.visitor }),
  };
}

function like(who: Who, postId: string, isLiked = true, host?: string) {
  return harness.app.inject({
    method: isLiked ? 'PUT' : 'DELETE',
    url: `/api/posts/${postId}/like`,
    headers: headersOf(who, host),
  });
}

function likeComment(who: Who, id: string, isLiked = true) {
  return harness.app.inject({
    method: isLiked ? 'PUT' : 'DELETE',
    url: `/api/comments/${id}/like`,
    headers: headersOf(who),
  });
}

function rate(who: Who, postId: string, value: unknown) {
  return harness.app.inject({
    method: 'PUT',
    url: `/api/posts/${postId}/rating`,
    headers: headersOf(who),
    payload: { value },
  });
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

function errorOf(response: LightMyRequestResponse) {
  return response.json<{ error: { code: string; message: string; fields?: object } }>().error;
}

async function storedPost(postId: string) {
  const [row] = await harness.db
    .select({
      likeCount: posts.likeCount,
      ratingSum: posts.ratingSum,
      ratingCount: posts.ratingCount,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  return row!;
}

async function likeRows(targetId: string) {
  const [row] = await harness.db
    .select({ n: count() })
    .from(likes)
    .where(eq(likes.targetId, targetId));
  return row!.n;
}

async function likesGiven(memberId: string) {
  const [row] = await harness.db
    .select({ likeCount: members.likeCount })
    .from(members)
    .where(and(eq(members.siteId, harness.site.id), eq(members.id, memberId)));
  return row!.likeCount;
}

beforeAll(async () => {
  const { app, db, site } = harness;
  otherSite = await createTestSite(db);
  const member = (overrides: Parameters<typeof createMember>[2]) =>
    createMember(db, site.id, overrides).then((row) => row.id);
  ids.author = await member({ name: 'Wanda Writer', role: 'writer' });
  ids.ada = await member({ name: 'Ada Reader', role: 'user' });
  ids.ben = await member({ name: 'Ben Reader', role: 'user' });
  ids.private = await member({ name: 'Paula Private', role: 'user', privacyStatus: 'PRIVATE' });
  ids.blocked = await member({ name: 'Bo Blocked', role: 'user', isBlocked: true });
  ids.stranger = (await createMember(db, otherSite.id, { role: 'user' })).id;
  const post = async (overrides: Parameters<typeof buildPost>[2] = {}, siteId = site.id) => {
    const owner = siteId === site.id ? ids.author : ids.stranger;
    const built = buildPost(siteId, owner, overrides);
    await app.services.postWriter.insertPost(built);
    return built.id;
  };
  postIds.main = await post();
  postIds.draft = await post({ status: 'unpublished' });
  postIds.rated = await post();
  postIds.busy = await post();
  postIds.elsewhere = await post({}, otherSite.id);
  commentId = randomUUID();
  await db.insert(comments).values({
    siteId: site.id,
    id: commentId,
    postId: postIds.main,
    authorId: ids.ben,
    content: documentOf([paragraph('A kind word about gardens.')]),
    contentText: 'A kind word about gardens.',
  });
});

describe('post likes', () => {
  it('likes once however often it is asked, and takes the like back the same way', async () => {
    const first = await like(ids.ada, postIds.main);
    expect(first.statusCode).toBe(200);
    expect(first.json<LikeStateView>()).toEqual({ isLiked: true, likeCount: 1 });
    expect(first.headers['cache-control']).toBe('private, no-store');
    // SPEC §7 incrementPostLikeCount must not double-count a repeated request.
    expect((await like(ids.ada, postIds.main)).json<LikeStateView>()).toEqual({
      isLiked: true,
      likeCount: 1,
    });
    expect((await like(ids.ben, postIds.main)).json<LikeStateView>().likeCount).toBe(2);
    expect(await likesGiven(ids.ada)).toBe(1);

    const unliked = await like(ids.ada, postIds.main, false);
    expect(unliked.json<LikeStateView>()).toEqual({ isLiked: false, likeCount: 1 });
    expect((await like(ids.ada, postIds.main, false)).json<LikeStateView>()).toEqual({
      isLiked: false,
      likeCount: 1,
    });
    expect(await likesGiven(ids.ada)).toBe(0);
    expect((await storedPost(postIds.main)).likeCount).toBe(await likeRows(postIds.main));
  });

  it('tells the author of a new like, once, and not of their own', async () => {
    const told = async () => {
      const [row] = await harness.db
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.siteId, harness.site.id),
            eq(notifications.memberId, ids.author),
            eq(notifications.type, 'post-like'),
          ),
        );
      return row!.n;
    };
    const before = await told();
    await like(ids.ada, postIds.rated);
    await like(ids.ada, postIds.rated);
    await like(ids.author, postIds.rated);
    // The notification is written after the like's transaction: wait for it to land.
    await expect.poll(told).toBe(before + 1);
  });

  it('counts a visitor’s like once by their visitor id when anonymous likes are on', async () => {
    const first = await like(null, postIds.busy);
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']);
    const visitor = new RegExp(`${VISITOR_COOKIE}=([0-9a-f-]{36})`).exec(cookie)?.[1];
    expect(visitor).toBeDefined();
    expect(cookie).toContain('HttpOnly');
    const again = await like({ visitor: visitor! }, postIds.busy);
    expect(again.json<LikeStateView>()).toEqual({ isLiked: true, likeCount: 1 });
    expect(again.headers['set-cookie']).toBeUndefined();
    const [row] = await harness.db
      .select({ likerKey: likes.likerKey, memberId: likes.memberId })
      .from(likes)
      .where(eq(likes.targetId, postIds.busy));
    expect(row).toEqual({ likerKey: `v:${visitor}`, memberId: null });
    // Taking back a like one never gave mints nothing and changes nothing.
    const undo = await like(null, postIds.busy, false);
    expect(undo.json<LikeStateView>()).toEqual({ isLiked: false, likeCount: 1 });
    expect(undo.headers['set-cookie']).toBeUndefined();
    expect((await like({ visitor: visitor! }, postIds.busy, false)).json()).toEqual({
      isLiked: false,
      likeCount: 0,
    });
  });

  it('asks a visitor to log in, a private member to join, and refuses a blocked one (SPEC §6)', async () => {
    await setSettings({ 'likes.anonymousEnabled': false });
    try {
      const visitor = await like(null, postIds.main);
      expect(visitor.statusCode).toBe(401);
      expect(errorOf(visitor).code).toBe('login-required');
      expect(visitor.headers['set-cookie']).toBeUndefined();
      const blocked = await like(ids.blocked, postIds.main);
      expect(blocked.statusCode).toBe(403);
      expect(errorOf(blocked).code).toBe('forbidden');
      expect((await likeComment(null, commentId)).statusCode).toBe(401);
      // A member with a public profile likes whatever the setting.
      expect((await like(ids.ben, postIds.busy)).statusCode).toBe(200);
      await like(ids.ben, postIds.busy, false);
    } finally {
      await setSettings({ 'likes.anonymousEnabled': null });
    }
    const private_ = await like(ids.private, postIds.main);
    expect(private_.statusCode).toBe(403);
    expect(errorOf(private_).code).toBe('join-community');
    // Taking one's own like back is always allowed: a member who liked, then went private.
    await harness.db
      .update(members)
      .set({ privacyStatus: 'PUBLIC' })
      .where(eq(members.id, ids.private));
    expect((await like(ids.private, postIds.busy)).statusCode).toBe(200);
    await harness.db
      .update(members)
      .set({ privacyStatus: 'PRIVATE' })
      .where(eq(members.id, ids.private));
    expect((await like(ids.private, postIds.busy, false)).json()).toMatchObject({ isLiked: false });
    await setSettings({ 'members.areaInstalled': false });
    try {
      expect(errorOf(await like(ids.private, postIds.main)).code).toBe('forbidden');
    } finally {
      await setSettings({ 'members.areaInstalled': null });
    }
  });

  it('names the field of bad input and hides posts that are not published or not this site’s', async () => {
    const bad = await like(ids.ada, 'not-a-post');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({
      code: 'validation_failed',
      fields: { postId: expect.any(String) },
    });
    expect(errorOf(await like(ids.ada, randomUUID())).code).toBe('post_not_found');
    expect((await like(ids.ada, postIds.draft)).statusCode).toBe(404);
    expect((await like(ids.ada, postIds.elsewhere)).statusCode).toBe(404);
  });
});

describe('demo mode', () => {
  it('refuses likes and ratings on a demo site (SPEC §4)', async () => {
    const demo = await createTestSite(harness.db, { demoMode: true });
    const writer = await createMember(harness.db, demo.id, { role: 'writer' });
    const reader = await createMember(harness.db, demo.id, { role: 'user' });
    const post = buildPost(demo.id, writer.id);
    await harness.app.services.postWriter.insertPost(post);
    const liked = await like(reader.id, post.id, true, demo.host);
    expect(liked.statusCode).toBe(403);
    expect(errorOf(liked).code).toBe('demo_mode');
    const rated = await harness.app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}/rating`,
      headers: headersOf(reader.id, demo.host),
      payload: { value: 4 },
    });
    expect(errorOf(rated).code).toBe('demo_mode');
    expect((await storedPost(post.id)).likeCount).toBe(0);
  });
});

describe('comment likes', () => {
  it('are counted apart from the post’s (SPEC §4)', async () => {
    const before = await storedPost(postIds.main);
    const liked = await likeComment(ids.ada, commentId);
    expect(liked.statusCode).toBe(200);
    expect(liked.json<LikeStateView>()).toEqual({ isLiked: true, likeCount: 1 });
    expect((await likeComment(ids.ada, commentId)).json<LikeStateView>().likeCount).toBe(1);
    expect((await storedPost(postIds.main)).likeCount).toBe(before.likeCount);
    const liked2 = await harness.app.services.engagement.likedCommentIds(
      { memberId: ids.ada, role: 'user', isBlocked: false, privacy: 'PUBLIC' },
      null,
      harness.site,
      [commentId, randomUUID()],
    );
    expect([...liked2]).toEqual([commentId]);
    expect((await likeComment(ids.ada, commentId, false)).json<LikeStateView>().likeCount).toBe(0);
    expect(errorOf(await likeComment(ids.ada, randomUUID())).code).toBe('comment_not_found');
    const bad = await likeComment(ids.ada, '42');
    expect(errorOf(bad).fields).toHaveProperty('commentId');
  });
});

describe('likes under concurrency', () => {
  it('keeps every count equal to its likers through hundreds of concurrent requests', async () => {
    const likers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        createMember(harness.db, harness.site.id, { role: 'user', name: `Liker ${i}` }).then(
          (m) => m.id,
        ),
      ),
    );
    const visitors = Array.from({ length: 20 }, () => randomUUID());
    const everyone: Who[] = [...likers, ...visitors.map((visitor) => ({ visitor }))];
    // Each liker sends likes and unlikes for the post and the comment, all at once: 480 requests
    // whose order nobody controls.
    const requests = everyone.flatMap((who, i) => [
      like(who, postIds.busy),
      like(who, postIds.busy),
      like(who, postIds.busy, i % 3 !== 0),
      like(who, postIds.busy),
      likeComment(who, commentId),
      likeComment(who, commentId, i % 2 === 0),
      likeComment(who, commentId),
      likeComment(who, commentId, false),
    ]);
    const responses = await Promise.all(requests);
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    expect((await storedPost(postIds.busy)).likeCount).toBe(await likeRows(postIds.busy));
    const [comment] = await harness.db
      .select({ likeCount: comments.likeCount })
      .from(comments)
      .where(eq(comments.id, commentId));
    expect(comment!.likeCount).toBe(await likeRows(commentId));
    for (const memberId of likers.slice(0, 5)) {
      const [given] = await harness.db
        .select({ n: count() })
        .from(likes)
        .where(and(eq(likes.siteId, harness.site.id), eq(likes.memberId, memberId)));
      expect(await likesGiven(memberId)).toBe(given!.n);
    }

    // Then everyone likes the post, concurrently and twice over: exactly one like each.
    await Promise.all(
      everyone.flatMap((who) => [like(who, postIds.busy), like(who, postIds.busy)]),
    );
    expect((await storedPost(postIds.busy)).likeCount).toBe(everyone.length);
    expect(await likeRows(postIds.busy)).toBe(everyone.length);
    // And takes it back: zero, never below.
    await Promise.all(
      everyone.flatMap((who) => [like(who, postIds.busy, false), like(who, postIds.busy, false)]),
    );
    expect((await storedPost(postIds.busy)).likeCount).toBe(0);
  });
});

describe('ratings', () => {
  it('are refused while ratings are off (the default)', async () => {
    const response = await rate(ids.ada, postIds.rated, 4);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('disabled');
  });

  describe('with ratings on', () => {
    beforeAll(() => setSettings({ 'comments.ratingsEnabled': true }));
    afterAll(() => setSettings({ 'comments.ratingsEnabled': null }));

    it('keeps the average and the count exact; a second rating replaces the first', async () => {
      const first = await rate(ids.ada, postIds.rated, 4);
      expect(first.statusCode).toBe(200);
      expect(first.json<RatingStateView>()).toEqual({
        averageRating: 4,
        totalRatings: 1,
        myRating: 4,
      });
      // SPEC §5: clamped to 0–5.
      expect((await rate(ids.ben, postIds.rated, 9)).json<RatingStateView>()).toEqual({
        averageRating: 4.5,
        totalRatings: 2,
        myRating: 5,
      });
      expect((await rate(ids.ada, postIds.rated, 2)).json<RatingStateView>()).toEqual({
        averageRating: 3.5,
        totalRatings: 2,
        myRating: 2,
      });
      // Between two stars, the nearer one.
      expect((await rate(ids.private, postIds.rated, 3.4)).json<RatingStateView>()).toEqual({
        averageRating: 10 / 3,
        totalRatings: 3,
        myRating: 3,
      });
      expect(await storedPost(postIds.rated)).toMatchObject({ ratingSum: 10, ratingCount: 3 });
      // Zero stars is a rating too (SPEC §9: scale 0–5); below zero is clamped to it.
      expect((await rate(ids.ben, postIds.rated, -2)).json<RatingStateView>()).toEqual({
        averageRating: 5 / 3,
        totalRatings: 3,
        myRating: 0,
      });
      await rate(ids.ben, postIds.rated, 5);
      expect(
        await harness.app.services.engagement.myRating(
          { memberId: ids.ada, role: 'user', isBlocked: false, privacy: 'PUBLIC' },
          harness.site,
          postIds.rated,
        ),
      ).toBe(2);
    });

    it('asks a visitor to log in, refuses a blocked member and names a bad value', async () => {
      expect(errorOf(await rate(null, postIds.rated, 3)).code).toBe('login-required');
      expect((await rate(null, postIds.rated, 3)).statusCode).toBe(401);
      expect((await rate(ids.blocked, postIds.rated, 3)).statusCode).toBe(403);
      for (const value of ['four', null, Number.NaN]) {
        const bad = await rate(ids.ada, postIds.rated, value);
        expect(bad.statusCode, String(value)).toBe(400);
        expect(errorOf(bad).fields).toHaveProperty('value');
      }
      expect((await rate(ids.ada, postIds.draft, 3)).statusCode).toBe(404);
    });

    it('stays exact when members rate and re-rate concurrently', async () => {
      const raters = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          createMember(harness.db, harness.site.id, { role: 'user', name: `Rater ${i}` }).then(
            (m) => m.id,
          ),
        ),
      );
      await Promise.all(
        raters.flatMap((id, i) =>
          [1, 2, 3, 4, 5].map((v) => rate(id, postIds.busy, ((v + i) % 5) + 1)),
        ),
      );
      const [stored] = await harness.db
        .select({ n: count(), sum: sql<number>`coalesce(sum(${ratings.value}), 0)::int` })
        .from(ratings)
        .where(eq(ratings.postId, postIds.busy));
      expect(stored!.n).toBe(15);
      expect(await storedPost(postIds.busy)).toMatchObject({
        ratingCount: 15,
        ratingSum: stored!.sum,
      });
    });
  });
});

describe('a page’s engagement', () => {
  it('reads fresh counters and the member’s own likes in one call', async () => {
    await like(ids.ben, postIds.rated);
    const actor = { memberId: ids.ben, role: 'user', isBlocked: false, privacy: 'PUBLIC' as const };
    const views = await harness.app.services.engagement.postEngagement(actor, null, harness.site, [
      postIds.rated,
      postIds.busy,
      postIds.elsewhere,
    ]);
    expect(views.get(postIds.rated)?.isLiked).toBe(true);
    expect(views.get(postIds.rated)?.likeCount).toBe((await storedPost(postIds.rated)).likeCount);
    expect(views.get(postIds.busy)?.isLiked).toBe(false);
    // Another site's post is not this site's to read.
    expect(views.has(postIds.elsewhere)).toBe(false);
  });
});
