/**
 * Readers' state over shared pages (issue 15; decision 030), through HTTP on the built pages, on
 * PGlite and PostgreSQL (TEST_DATABASE_URL): the feed and post pages are one cached copy for
 * every visitor and carry nobody's likes; `GET /api/reader-state` gives each reader their own
 * likes (posts and comments) and rating with fresh counts, which the page lays over itself as its
 * script does here (`overlaid`). A visitor's like survives a reload; another visitor sees the
 * count at once from the same process and within the bound from another process (a second app
 * on the same database, with a fake clock: no sleeps). Members act through the test-only header.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LikeStateView } from '../../domain/likes';
import {
  READER_STATE_COUNTS_MAX_AGE_MS,
  READER_STATE_IDS_MAX,
  type ReaderStateView,
} from '../../domain/reader-state';
import { CSRF_HEADER } from '../../domain/session';
import { documentOf, paragraph } from '../../rich-content/document';
import { csrfTokenFor } from '../auth/tokens.server';
import { comments } from '../db/schema.server';
import { buildPost, createMember } from '../testing/factories.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';
import { VISITOR_COOKIE } from './visitor-id.server';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  site: { name: 'Reader State Test Site' },
});
const ids = { writer: '', member: '', post: '', other: '', draft: '', comment: '' };
const slugs = { post: '', other: '' };

/** Who asks: nobody known, a visitor by their id cookie, or a member by the test header. */
type Who = null | { visitor: string } | { member: string };

function headersOf(who: Who): Record<string, string> {
  const base = { host: harness.site.host, 'user-agent': CHROME };
  if (who === null) return base;
  if ('member' in who) return { ...base, [TEST_MEMBER_HEADER]: who.member };
  return {
    ...base,
    cookie: `${VISITOR_COOKIE}=${who.visitor}`,
    [CSRF_HEADER]: csrfTokenFor({ kind: 'visitor', id: who.visitor }),
  };
}

function page(url: string, who: Who = null) {
  return harness.app.inject({ method: 'GET', url, headers: headersOf(who) });
}

function like(who: Who, target: 'posts' | 'comments', id: string, app = harness.app) {
  return app.inject({ method: 'PUT', url: `/api/${target}/${id}/like`, headers: headersOf(who) });
}

function overlay(query: string, who: Who = null, app: FastifyInstance = harness.app) {
  return app.inject({
    method: 'GET',
    url: `/api/reader-state?${query}`,
    headers: headersOf(who),
  });
}

/** The like buttons of a page's HTML: target and id, and the state the HTML itself shows. */
function likeButtons(html: string) {
  return [...html.matchAll(/<button[^>]*data-action-key="like:(post|comment):([0-9a-f-]{36})"/g)]
    .map(([tag, target, id]) => ({
      target: target as 'post' | 'comment',
      id: id!,
      isLiked: tag.includes('aria-pressed="true"'),
    }))
    .filter((b, i, all) => all.findIndex((o) => o.id === b.id) === i);
}

/** The overlay query a page's script asks for: the posts and comments its like buttons show. */
function overlayQueryOf(html: string): string {
  const buttons = likeButtons(html);
  const list = (target: string) =>
    buttons
      .filter((b) => b.target === target)
      .map((b) => b.id)
      .join(',');
  return new URLSearchParams({ posts: list('post'), comments: list('comment') }).toString();
}

/**
 * What the reader sees once the page's script has laid the overlay over the page: each like
 * button's state from the overlay (the page's own where the overlay says nothing of it).
 */
async function overlaid(url: string, who: Who, app = harness.app) {
  const html = (await page(url, who)).body;
  const response = await overlay(overlayQueryOf(html), who, app);
  expect(response.statusCode, response.body).toBe(200);
  const state = response.json<ReaderStateView>();
  return new Map<string, LikeStateView | undefined>(
    likeButtons(html).map((b) => {
      const laid = b.target === 'post' ? state.posts[b.id] : state.comments[b.id];
      return [b.id, laid && { isLiked: laid.isLiked, likeCount: laid.likeCount }];
    }),
  );
}

/** The visitor id a like minted, from its Set-Cookie. */
function mintedVisitor(response: LightMyRequestResponse): { visitor: string } {
  const cookie = String(response.headers['set-cookie'] ?? '');
  const visitor = cookie.match(new RegExp(`${VISITOR_COOKIE}=([0-9a-f-]{36})`))?.[1];
  expect(visitor, 'the like minted a visitor id').toBeTruthy();
  return { visitor: visitor! };
}

beforeAll(async () => {
  const { app, db, site } = harness;
  ids.writer = (await createMember(db, site.id, { role: 'writer', name: 'Wyn Writer' })).id;
  ids.member = (await createMember(db, site.id, { role: 'user', name: 'Mo Member' })).id;
  const post = buildPost(site.id, ids.writer, { title: 'A post visitors like' });
  const other = buildPost(site.id, ids.writer, { title: 'A post with a comment' });
  const draft = buildPost(site.id, ids.writer, { title: 'A draft', status: 'unpublished' });
  for (const p of [post, other, draft]) await app.services.postWriter.insertPost(p);
  Object.assign(ids, { post: post.id, other: other.id, draft: draft.id });
  Object.assign(slugs, { post: post.slug, other: other.slug });
  ids.comment = randomUUID();
  await db.insert(comments).values({
    siteId: site.id,
    id: ids.comment,
    postId: other.id,
    authorId: ids.member,
    content: documentOf([paragraph('A comment worth a like.')]),
    contentText: 'A comment worth a like.',
  });
});

describe('a visitor’s like', () => {
  it('shows on their next pages (post and feed) and its count on everyone’s', async () => {
    const postUrl = `/blog/${slugs.post}`;
    // The shared page, cached before anyone likes.
    expect((await page(postUrl)).headers['x-page-cache']).toBe('miss');
    const first = await like(null, 'posts', ids.post);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<LikeStateView>()).toEqual({ isLiked: true, likeCount: 1 });
    const liker = mintedVisitor(first);

    // The reload: the shared page with their like laid over it by the server (decision 050)...
    const reload = await page(postUrl, liker);
    expect(reload.headers['x-page-cache']).toBe('overlay');
    expect(likeButtons(reload.body).find((b) => b.id === ids.post)?.isLiked).toBe(true);
    // ...while every other visitor's copy stays nobody's.
    const shared = await page(postUrl);
    expect(shared.headers['x-page-cache']).toBe('hit');
    expect(likeButtons(shared.body).find((b) => b.id === ids.post)?.isLiked).toBe(false);
    // The endpoint, which client navigations ask, says the same: liked, counted.
    expect((await overlaid(postUrl, liker)).get(ids.post)).toEqual({ isLiked: true, likeCount: 1 });
    expect((await overlaid('/blog', liker)).get(ids.post)).toEqual({ isLiked: true, likeCount: 1 });
    // Another visitor, new or with an id of their own, sees the count and no like of theirs.
    for (const stranger of [null, { visitor: randomUUID() }]) {
      expect((await overlaid(postUrl, stranger)).get(ids.post)).toEqual({
        isLiked: false,
        likeCount: 1,
      });
      expect((await overlaid('/blog', stranger)).get(ids.post)).toEqual({
        isLiked: false,
        likeCount: 1,
      });
    }
    // Taking it back shows at once too.
    const unlike = await harness.app.inject({
      method: 'DELETE',
      url: `/api/posts/${ids.post}/like`,
      headers: headersOf(liker),
    });
    expect(unlike.json<LikeStateView>()).toEqual({ isLiked: false, likeCount: 0 });
    expect((await overlaid(postUrl, liker)).get(ids.post)).toEqual({
      isLiked: false,
      likeCount: 0,
    });
  });

  it('of a comment shows on their next page of the post', async () => {
    const url = `/blog/${slugs.other}`;
    const liker = { visitor: randomUUID() };
    expect((await like(liker, 'comments', ids.comment)).statusCode).toBe(200);
    const seen = await overlaid(url, liker);
    expect(seen.get(ids.comment)).toEqual({ isLiked: true, likeCount: 1 });
    expect(seen.get(ids.other)).toEqual({ isLiked: false, likeCount: 0 });
    expect((await overlaid(url, null)).get(ids.comment)).toEqual({ isLiked: false, likeCount: 1 });
  });
});

describe('counts from another server process', () => {
  let second: FastifyInstance;
  let clock = 1_000_000;

  beforeAll(async () => {
    // Another process on the same database, with its own snapshot of counts and a fake clock.
    second = await buildTestApp(harness.database, {
      withTestRoutes: true,
      app: { readerStateNow: () => clock },
    });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('catch up within the bound, without any page rendered again', async () => {
    const query = `posts=${ids.other}`;
    const countOn = async (app: FastifyInstance) =>
      (await overlay(query, null, app)).json<ReaderStateView>().posts[ids.other]?.likeCount;
    const before = await countOn(second);
    const cached = await page(`/blog/${slugs.other}`);
    // Liked through the first process: the second's snapshot does not know yet...
    const liker = { visitor: randomUUID() };
    expect((await like(liker, 'posts', ids.other)).statusCode).toBe(200);
    clock += READER_STATE_COUNTS_MAX_AGE_MS - 1;
    expect(await countOn(second)).toBe(before);
    // ...until its counts are as old as the bound (5 s, within issue 15's 10 s).
    clock += 1;
    expect(await countOn(second)).toBe(before! + 1);
    // The liker sees their own like on either process at once, and the shared page is the same.
    const mine = (await overlay(query, liker, second)).json<ReaderStateView>().posts[ids.other];
    expect(mine).toMatchObject({ isLiked: true, likeCount: before! + 1 });
    const again = await page(`/blog/${slugs.other}`);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toBe(cached.body);
  });
});

describe('GET /api/reader-state', () => {
  it('gives a member their likes and rating, privately', async () => {
    const member = { member: ids.member };
    expect((await like(member, 'posts', ids.post)).statusCode).toBe(200);
    await harness.app.inject({
      method: 'PUT',
      url: '/api/test/widget-settings/blog/desktop',
      headers: { host: harness.site.host },
      payload: { 'comments.ratingsEnabled': true },
    });
    const rated = await harness.app.inject({
      method: 'PUT',
      url: `/api/posts/${ids.post}/rating`,
      headers: headersOf(member),
      payload: { value: 4 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    const response = await overlay(`posts=${ids.post},${ids.other}`, member);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
    const state = response.json<ReaderStateView>();
    expect(state.posts[ids.post]).toEqual({
      isLiked: true,
      likeCount: 1,
      averageRating: 4,
      totalRatings: 1,
      myRating: 4,
    });
    expect(state.posts[ids.other]?.myRating).toBeNull();
    // A visitor gets the counts and no rating of theirs.
    expect((await overlay(`posts=${ids.post}`)).json<ReaderStateView>().posts[ids.post]).toEqual({
      isLiked: false,
      likeCount: 1,
      averageRating: 4,
      totalRatings: 1,
      myRating: null,
    });
  });

  it('leaves out drafts, unknown ids and other sites’ posts, and mints no visitor id', async () => {
    const response = await overlay(`posts=${ids.draft},${randomUUID()}&comments=${randomUUID()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ReaderStateView>()).toEqual({ posts: {}, comments: {} });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await overlay('')).json<ReaderStateView>()).toEqual({ posts: {}, comments: {} });
  });

  it('answers 400 naming the field for ids that are not ids, or too many', async () => {
    const tooMany = Array.from({ length: READER_STATE_IDS_MAX + 1 }, () => randomUUID()).join(',');
    for (const [query, field] of [
      ['posts=not-an-id', 'posts'],
      [`comments=${ids.comment},x%00y`, 'comments'],
      [`posts=${tooMany}`, 'posts'],
      [`posts=${ids.post}&posts=${ids.other}`, 'posts'],
    ] as const) {
      const response = await overlay(query);
      expect(response.statusCode, query).toBe(400);
      const fields = response.json<{ error: { fields?: Record<string, string> } }>().error.fields;
      expect(Object.keys(fields ?? {}).join(), query).toContain(field);
    }
  });
});
