/**
 * The session cache through HTTP (issue 20; decision 051), on PGlite and PostgreSQL: a member's
 * second request costs no session query; logout, a password reset, a role change, block and
 * unblock (from the members screen and from a report), a profile edit and the member's removal
 * each take effect on the very next request; a token that names no session is a visitor, and a
 * second time costs no query; another process sees a change within the cache's life.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentWriteView } from '../../domain/comments';
import { SESSION_COOKIE, type SessionMemberView } from '../../domain/session';
import { documentOf, paragraph } from '../../rich-content/document';
import { csrfTokenFor } from '../auth/tokens.server';
import { SESSION_CACHE_TTL_MS } from '../cache/session-cache.server';
import { createMemberWithPassword, TestBrowser } from '../testing/auth.server';
import { buildPost, createMember } from '../testing/factories.server';
import { countQueries, type QueryCounter } from '../testing/query-count.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const logLines: string[] = [];
let clock = Date.parse('2031-05-01T12:00:00.000Z');
const harness = setUpTestApp({
  withTestRoutes: true,
  app: {
    auth: { now: () => new Date(clock) },
    logLevel: 'info',
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  },
});

/** Statements that read or write the `sessions` table. */
const SESSION_SQL = /"sessions"/;
let queries: QueryCounter;
let ownerId: string;

beforeAll(async () => {
  queries = countQueries(harness.db);
  ownerId = (await createMember(harness.db, harness.site.id, { role: 'owner' })).id;
});

afterAll(() => queries.restore());

/** A member signed in through the API (a plain user unless told). */
async function signedIn(overrides: Parameters<typeof createMemberWithPassword>[2] = {}) {
  const member = await createMemberWithPassword(harness.db, harness.site.id, {
    role: 'user',
    ...overrides,
  });
  const browser = new TestBrowser(harness.app, harness.site.host);
  const response = await browser.logIn(member.email, member.password);
  expect(response.statusCode, response.body).toBe(200);
  return { member, browser, token: browser.cookies.get(SESSION_COOKIE)! };
}

/** Who `GET /api/session` says the cookie is, on `app`. */
async function sessionOf(token: string, app: FastifyInstance = harness.app) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/session',
    headers: { host: harness.site.host, cookie: `${SESSION_COOKIE}=${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ member: SessionMemberView | null }>().member;
}

/** An owner's call through the test-only header. */
function asOwner(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return harness.app.inject({
    method,
    url,
    headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: ownerId },
    ...(payload ? { payload } : {}),
  });
}

describe('a live session', () => {
  it('is read from the database once, then from memory', async () => {
    const { member, token } = await signedIn({ name: 'Rita Reader' });
    // The login's answer read the new session (its member view): that lookup is the one.
    queries.reset();
    expect(await sessionOf(token)).toMatchObject({ siteMemberId: member.id, name: 'Rita Reader' });
    expect(await sessionOf(token)).toMatchObject({ siteMemberId: member.id, name: 'Rita Reader' });
    expect(queries.matching(SESSION_SQL)).toEqual([]);
  });

  it('carries the anti-forgery token of its own cookie, from memory as from the database', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const { accounts } = harness.app;
    for (const { token } of [first, second]) {
      const expected = csrfTokenFor({ kind: 'session', token });
      expect((await accounts.findSession(harness.site, token))?.csrfToken).toBe(expected);
      expect((await accounts.findSession(harness.site, token))?.csrfToken).toBe(expected);
    }
    const tokens = await Promise.all(
      [first, second].map(
        async ({ token }) => (await accounts.findSession(harness.site, token))?.csrfToken,
      ),
    );
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  it('is read again once the cache entry is older than its life', async () => {
    const { token } = await signedIn();
    await sessionOf(token);
    clock += SESSION_CACHE_TTL_MS - 1;
    queries.reset();
    await sessionOf(token);
    expect(queries.matching(SESSION_SQL)).toEqual([]);
    clock += 1;
    await sessionOf(token);
    expect(queries.matching(SESSION_SQL)).toHaveLength(1);
    queries.reset();
    await sessionOf(token);
    expect(queries.matching(SESSION_SQL)).toEqual([]);
  });
});

describe('a token that names no session', () => {
  it('is a visitor, and the second time costs no query', async () => {
    const token = randomBytes(32).toString('base64url');
    queries.reset();
    expect(await sessionOf(token)).toBeNull();
    expect(queries.matching(SESSION_SQL)).toHaveLength(1);
    queries.reset();
    expect(await sessionOf(token)).toBeNull();
    expect(queries.matching(SESSION_SQL)).toEqual([]);
  });
});

describe('the very next request after', () => {
  it('a logout is a visitor', async () => {
    const { browser, token } = await signedIn();
    expect(await sessionOf(token)).not.toBeNull();
    expect((await browser.request('POST', '/api/auth/logout')).statusCode).toBe(204);
    expect(await sessionOf(token)).toBeNull();
  });

  it('a password reset is a visitor on every old browser', async () => {
    const { member, token } = await signedIn();
    const second = new TestBrowser(harness.app, harness.site.host);
    await second.logIn(member.email, member.password);
    const secondToken = second.cookies.get(SESSION_COOKIE)!;
    expect(await sessionOf(token)).not.toBeNull();
    expect(await sessionOf(secondToken)).not.toBeNull();

    const visitor = new TestBrowser(harness.app, harness.site.host);
    const asked = await visitor.request('POST', '/api/auth/password-reset', {
      payload: { email: member.email },
    });
    expect(asked.statusCode).toBe(202);
    const line = logLines
      .map((l) => JSON.parse(l) as { msg?: string; email?: string; url?: string })
      .findLast((l) => l.msg?.startsWith('password reset link') && l.email === member.email);
    const resetToken = new URL(line!.url!, 'http://x').searchParams.get('token')!;
    const reset = await visitor.request('POST', '/api/auth/password-reset/confirm', {
      payload: { token: resetToken, password: 'a brand new password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect(await sessionOf(token)).toBeNull();
    expect(await sessionOf(secondToken)).toBeNull();
    expect(await sessionOf(visitor.cookies.get(SESSION_COOKIE)!)).toMatchObject({
      siteMemberId: member.id,
    });
  });

  it('a role change has the new role', async () => {
    const { member, token } = await signedIn();
    expect(await sessionOf(token)).toMatchObject({ canOpenDashboard: false });
    const changed = await asOwner('PUT', `/api/dashboard/members/${member.id}/role`, {
      role: 'editor',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await sessionOf(token)).toMatchObject({ canOpenDashboard: true, canCreatePost: true });
  });

  it('a block is a guest, and an unblock a member again', async () => {
    const { member, token } = await signedIn({ role: 'writer' });
    expect(await sessionOf(token)).toMatchObject({ isBlocked: false, canCreatePost: true });
    expect((await asOwner('POST', `/api/dashboard/members/${member.id}/block`)).statusCode).toBe(
      200,
    );
    expect(await sessionOf(token)).toMatchObject({ isBlocked: true, canCreatePost: false });
    expect((await asOwner('DELETE', `/api/dashboard/members/${member.id}/block`)).statusCode).toBe(
      200,
    );
    expect(await sessionOf(token)).toMatchObject({ isBlocked: false, canCreatePost: true });
  });

  it("a block of a reported comment's author is a guest", async () => {
    const { member, browser, token } = await signedIn();
    const post = buildPost(harness.site.id, ownerId);
    await harness.app.services.postWriter.insertPost(post);
    const commented = await browser.request('POST', `/api/posts/${post.id}/comments`, {
      payload: { content: documentOf([paragraph('Cheap watches here')]) },
    });
    expect(commented.statusCode, commented.body).toBe(201);
    const commentId = commented.json<CommentWriteView>().comment.id;
    const reporter = await createMember(harness.db, harness.site.id, { role: 'user' });
    const reported = await harness.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: reporter.id },
      payload: { targetType: 'comment', targetId: commentId, reason: 'spam' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(await sessionOf(token)).toMatchObject({ siteMemberId: member.id, isBlocked: false });
    const blocked = await asOwner(
      'POST',
      `/api/dashboard/reports/comment/${commentId}/block-author`,
    );
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await sessionOf(token)).toMatchObject({ isBlocked: true });
  });

  it('a profile edit shows the new name in the header', async () => {
    const { browser, token } = await signedIn({ name: 'Old Name' });
    expect(await sessionOf(token)).toMatchObject({ name: 'Old Name' });
    const saved = await browser.request('PATCH', '/api/members/me', {
      payload: { name: 'New Name' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await sessionOf(token)).toMatchObject({ name: 'New Name' });
  });

  it("the member's removal is a visitor", async () => {
    const { member, token } = await signedIn();
    expect(await sessionOf(token)).not.toBeNull();
    const removed = await asOwner('DELETE', `/api/dashboard/members/${member.id}`, {
      posts: 'trash',
      comments: 'keep',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await sessionOf(token)).toBeNull();
  });
});

describe('another server process', () => {
  it("keeps its own entry until the cache's life ends (no channel between processes)", async () => {
    const other = await buildTestApp(harness.database, {
      app: { auth: { now: () => new Date(clock) } },
    });
    try {
      const { member, token } = await signedIn({ role: 'writer' });
      expect(await sessionOf(token, other)).toMatchObject({ isBlocked: false });
      expect((await asOwner('POST', `/api/dashboard/members/${member.id}/block`)).statusCode).toBe(
        200,
      );
      expect(await sessionOf(token)).toMatchObject({ isBlocked: true });
      // The bound decision 051 states: the other process learns within SESSION_CACHE_TTL_MS.
      expect(await sessionOf(token, other)).toMatchObject({ isBlocked: false });
      clock += SESSION_CACHE_TTL_MS;
      expect(await sessionOf(token, other)).toMatchObject({ isBlocked: true });
    } finally {
      await other.close();
    }
  });
});
