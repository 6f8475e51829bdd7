/**
 * Identity through HTTP (issue 5; decision 017): sign-up, login (one message for a wrong address
 * and a wrong password; the limits are in login-limits.test.ts), sessions that survive a restart on the same database,
 * logout, the anti-forgery token, password reset with the logged link, and real sessions meeting
 * the permission rules (a guest-writer may not publish, a blocked member is a guest).
 */
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../domain/session';
import { sessions } from '../db/schema.server';
import { createMemberWithPassword, TEST_PASSWORD, TestBrowser } from '../testing/auth.server';
import { createTestSite, type TestSite } from '../testing/factories.server';
import { buildTestApp, setUpTestApp, type TestAppBuildOptions } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const logLines: string[] = [];

/** The app options that send an app's log lines to `logLines` (the reset link is logged). */
function logging() {
  return {
    logLevel: 'info',
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  };
}

const harness = setUpTestApp({ app: logging() });
let otherSite: TestSite;

/** A further app on the file's database, logging like the first. */
function buildLoggingApp(options: TestAppBuildOptions = {}) {
  return buildTestApp(harness.database, { ...options, app: { ...logging(), ...options.app } });
}

beforeAll(async () => {
  otherSite = await createTestSite(harness.db);
});

const browser = (target = harness.app, host = harness.site.host) => new TestBrowser(target, host);

let emailNumber = 0;
const freshEmail = () => `person-${++emailNumber}-${Date.now()}@example.test`;

describe('sign-up', () => {
  it('creates a user, signs them in with an httpOnly SameSite cookie and a token cookie', async () => {
    const visitor = browser();
    const email = freshEmail();
    const response = await visitor.request('POST', '/api/auth/signup', {
      payload: {
        email: `  ${email.toUpperCase()} `,
        password: 'long enough',
        name: ' Ada  Lovelace ',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().member).toMatchObject({
      name: 'Ada Lovelace',
      slug: 'ada-lovelace',
      isBlocked: false,
      canCreatePost: false,
    });
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const csrf = cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))!;
    expect(csrf).not.toMatch(/HttpOnly/);
    // As long as the session: a browser restart keeps both.
    expect(csrf).toMatch(/; Path=\/; Max-Age=2592000; SameSite=Lax$/);
    expect(response.json().csrfToken).toBe(visitor.cookies.get(CSRF_COOKIE));

    const me = await visitor.request('GET', '/api/session');
    expect(me.json().member.name).toBe('Ada Lovelace');
    expect(me.headers['cache-control']).toBe('private, no-store');
    // The address is stored lowercased: logging in with it works in any case.
    const again = browser();
    expect((await again.logIn(email, 'long enough')).statusCode).toBe(200);
  });

  it('names each bad field (400) and keeps taken addresses apart (409)', async () => {
    const visitor = browser();
    const bad = await visitor.request('POST', '/api/auth/signup', {
      payload: { email: 'not-an-address', password: 'short', name: '   ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'name', 'password']);
    expect(bad.json().error.fields.password).toMatch(/at least 8/);

    const wrongType = await visitor.request('POST', '/api/auth/signup', {
      payload: { email: 42, password: 'long enough', name: 'X' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().error.fields)).toEqual(['email']);

    const email = freshEmail();
    const first = await browser().request('POST', '/api/auth/signup', {
      payload: { email, password: 'long enough', name: 'Ada' },
    });
    expect(first.statusCode).toBe(201);
    const taken = await browser().request('POST', '/api/auth/signup', {
      payload: { email, password: 'long enough', name: 'Ada' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'email_taken',
      fields: { email: expect.any(String) },
    });
    // Two Adas get two profile addresses.
    const second = await browser().request('POST', '/api/auth/signup', {
      payload: { email: freshEmail(), password: 'long enough', name: 'Ada' },
    });
    expect(second.json().member.slug).not.toBe(first.json().member.slug);
  });
});

describe('login', () => {
  it('refuses a wrong password, then signs in with the right one', async () => {
    const member = await createMemberWithPassword(harness.db, harness.site.id, { role: 'writer' });
    const visitor = browser();
    const wrong = await visitor.logIn(member.email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(visitor.cookies.has(SESSION_COOKIE)).toBe(false);
    const right = await visitor.logIn(member.email.toUpperCase(), member.password);
    expect(right.statusCode).toBe(200);
    expect(right.json().member).toMatchObject({ siteMemberId: member.id, canCreatePost: true });
    expect((await visitor.request('GET', '/api/session')).json().member.siteMemberId).toBe(
      member.id,
    );
  });

  it('says the same for an unknown address as for a wrong password', async () => {
    const member = await createMemberWithPassword(harness.db, harness.site.id);
    const wrongPassword = await browser().logIn(member.email, 'not the password');
    const unknownEmail = await browser().logIn(freshEmail(), member.password);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');
  });

  it('names missing fields', async () => {
    const response = await browser().request('POST', '/api/auth/login', {
      payload: { email: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['email', 'password']);
  });

  it('is scoped by site: an account of one site does not sign in on another', async () => {
    const member = await createMemberWithPassword(harness.db, harness.site.id);
    const elsewhere = browser(harness.app, otherSite.host);
    expect((await elsewhere.logIn(member.email, member.password)).statusCode).toBe(401);
    const here = browser();
    await here.logIn(member.email, member.password);
    // The session cookie of one site means nothing on another.
    const cookie = here.cookieHeader();
    const other = await harness.app.inject({
      url: '/api/session',
      headers: { host: otherSite.host, cookie },
    });
    expect(other.json().member).toBeNull();
  });
});

describe('sessions', () => {
  it('survive a restart of the app on the same database', async () => {
    const member = await createMemberWithPassword(harness.db, harness.site.id);
    const visitor = browser();
    await visitor.logIn(member.email, member.password);
    const restarted = await buildLoggingApp();
    try {
      const after = new TestBrowser(restarted, harness.site.host);
      for (const [name, value] of visitor.cookies) after.cookies.set(name, value);
      const me = await after.request('GET', '/api/session');
      expect(me.json().member.siteMemberId).toBe(member.id);
      // The token still matches the session on the new app: no state lived in memory.
      const write = await after.request('POST', '/api/editor/posts', { payload: { title: 'Hi' } });
      expect(write.statusCode).toBe(201);
    } finally {
      await restarted.close();
    }
  });

  it('store only a hash of the token', async () => {
    const member = await createMemberWithPassword(harness.db, harness.site.id);
    const visitor = browser();
    await visitor.logIn(member.email, member.password);
    const token = visitor.cookies.get(SESSION_COOKIE)!;
    const rows = await harness.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(and(eq(sessions.siteId, harness.site.id), eq(sessions.memberId, member.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it('end at logout: the same cookie replayed is a visitor', async () => {
    const member = await createMemberWithPassword(harness.db, harness.site.id);
    const visitor = browser();
    await visitor.logIn(member.email, member.password);
    const replay = visitor.cookieHeader();
    const out = await visitor.request('POST', '/api/auth/logout');
    expect(out.statusCode).toBe(204);
    expect(visitor.cookies.has(SESSION_COOKIE)).toBe(false);
    const again = await harness.app.inject({
      url: '/api/session',
      headers: { host: harness.site.host, cookie: replay },
    });
    expect(again.json().member).toBeNull();
    // ...and is told to drop the dead cookie.
    expect(String(again.headers['set-cookie'])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=; .*Max-Age=0`),
    );
  });

  it('treat a cookie that is no token at all as a visitor', async () => {
    const response = await harness.app.inject({
      url: '/api/session',
      headers: { host: harness.site.host, cookie: `${SESSION_COOKIE}=bench` },
    });
    expect(response.json().member).toBeNull();
  });
});

describe('anti-forgery token', () => {
  it('refuses a state-changing request without a valid token even with a valid session', async () => {
    const writer = await createMemberWithPassword(harness.db, harness.site.id, { role: 'writer' });
    const visitor = browser();
    await visitor.logIn(writer.email, writer.password);
    const missing = await visitor.request('POST', '/api/editor/posts', {
      payload: { title: 'Forged' },
      csrf: false,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('csrf_invalid');
    const wrong = await visitor.request('POST', '/api/editor/posts', {
      payload: { title: 'Forged' },
      headers: { 'x-csrf-token': 'A'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
    // A token of another session (someone else's page) does not fit this one.
    const other = browser();
    await other.logIn(
      (await createMemberWithPassword(harness.db, harness.site.id)).email,
      TEST_PASSWORD,
    );
    const crossed = await visitor.request('POST', '/api/editor/posts', {
      payload: { title: 'Forged' },
      headers: { 'x-csrf-token': other.cookies.get(CSRF_COOKIE)! },
    });
    expect(crossed.statusCode).toBe(403);
    const logout = await visitor.request('POST', '/api/auth/logout', { csrf: false });
    expect(logout.statusCode).toBe(403);
    const fine = await visitor.request('POST', '/api/editor/posts', { payload: { title: 'Mine' } });
    expect(fine.statusCode).toBe(201);
  });

  it('needs a visitor-bound token to sign up or log in (no login CSRF)', async () => {
    const member = await createMemberWithPassword(harness.db, harness.site.id);
    const bare = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: harness.site.host },
      payload: { email: member.email, password: member.password },
    });
    expect(bare.statusCode).toBe(403);
    // The token endpoint mints the visitor id the token is bound to.
    const visitor = browser();
    const token = await visitor.csrfToken();
    expect(visitor.cookies.has('inkwell_visitor')).toBe(true);
    expect(visitor.cookies.get(CSRF_COOKIE)).toBe(token);
    expect((await visitor.logIn(member.email, member.password)).statusCode).toBe(200);
    // After login the token is the session's: the visitor's old one no longer works.
    const stale = await visitor.request('POST', '/api/editor/posts', {
      payload: {},
      headers: { 'x-csrf-token': token },
    });
    expect(stale.statusCode).toBe(403);
  });

  it('lets the test-only header through (not a cookie a browser sends by itself)', async () => {
    const withHeader = await buildLoggingApp({ withTestRoutes: true });
    try {
      const writer = await createMemberWithPassword(harness.db, harness.site.id, {
        role: 'writer',
      });
      const response = await withHeader.inject({
        method: 'POST',
        url: '/api/editor/posts',
        headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: writer.id },
        payload: { title: 'Arranged' },
      });
      expect(response.statusCode).toBe(201);
      // Without test routes the header is nothing: a visitor, asked to log in.
      const ignored = await harness.app.inject({
        method: 'POST',
        url: '/api/editor/posts',
        headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: writer.id },
        payload: { title: 'Arranged' },
      });
      expect(ignored.statusCode).toBe(401);
    } finally {
      await withHeader.close();
    }
  });
});

describe('password reset', () => {
  function loggedResetUrl(email: string): string {
    const line = logLines
      .map((l) => JSON.parse(l) as { msg?: string; email?: string; url?: string })
      .findLast((l) => l.msg?.startsWith('password reset link') && l.email === email);
    if (!line?.url) throw new Error(`No reset link logged for ${email}`);
    return line.url;
  }

  it('logs a one-time link whose token sets a new password and ends every old session', async () => {
    const member = await createMemberWithPassword(harness.db, harness.site.id);
    const oldDevice = browser();
    await oldDevice.logIn(member.email, member.password);

    const visitor = browser();
    const asked = await visitor.request('POST', '/api/auth/password-reset', {
      payload: { email: member.email },
    });
    expect(asked.statusCode).toBe(202);
    const url = new URL(loggedResetUrl(member.email));
    expect(url.pathname).toBe('/blog/login');
    const token = url.searchParams.get('token')!;

    const tooShort = await visitor.request('POST', '/api/auth/password-reset/confirm', {
      payload: { token, password: 'short' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(Object.keys(tooShort.json().error.fields)).toEqual(['password']);

    const reset = await visitor.request('POST', '/api/auth/password-reset/confirm', {
      payload: { token, password: 'a brand new secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().member.siteMemberId).toBe(member.id);
    expect(visitor.cookies.has(SESSION_COOKIE)).toBe(true);

    expect((await oldDevice.request('GET', '/api/session')).json().member).toBeNull();
    expect((await browser().logIn(member.email, member.password)).statusCode).toBe(401);
    expect((await browser().logIn(member.email, 'a brand new secret')).statusCode).toBe(200);

    const reused = await browser().request('POST', '/api/auth/password-reset/confirm', {
      payload: { token, password: 'another new secret' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: 'reset_token_invalid',
      fields: { token: expect.any(String) },
    });
  });

  it('answers alike whether or not the address is registered, and logs nothing for a stranger', async () => {
    const stranger = freshEmail();
    const response = await browser().request('POST', '/api/auth/password-reset', {
      payload: { email: stranger },
    });
    expect(response.statusCode).toBe(202);
    expect(() => loggedResetUrl(stranger)).toThrow();
  });

  it('refuses an expired link', async () => {
    let now = Date.now();
    const clocked = await buildLoggingApp({ app: { auth: { now: () => new Date(now) } } });
    try {
      const member = await createMemberWithPassword(harness.db, harness.site.id);
      const visitor = browser(clocked);
      await visitor.request('POST', '/api/auth/password-reset', {
        payload: { email: member.email },
      });
      const token = new URL(loggedResetUrl(member.email)).searchParams.get('token')!;
      now += 61 * 60_000;
      const late = await visitor.request('POST', '/api/auth/password-reset/confirm', {
        payload: { token, password: 'a brand new secret' },
      });
      expect(late.json().error.code).toBe('reset_token_invalid');
    } finally {
      await clocked.close();
    }
  });
});

describe('permissions with a real session', () => {
  it('refuses a guest-writer publishing (403), though they may write a draft', async () => {
    const guestWriter = await createMemberWithPassword(harness.db, harness.site.id, {
      role: 'guest-writer',
    });
    const visitor = browser();
    await visitor.logIn(guestWriter.email, guestWriter.password);
    const draft = await visitor.request('POST', '/api/editor/posts', {
      payload: { title: 'A guest post' },
    });
    expect(draft.statusCode).toBe(201);
    const publish = await visitor.request('POST', `/api/editor/posts/${draft.json().id}/publish`, {
      payload: {},
    });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().error.code).toBe('forbidden');
  });

  it('treats a blocked member as a guest: signed in, but refused (403, never a login prompt)', async () => {
    const blocked = await createMemberWithPassword(harness.db, harness.site.id, {
      role: 'writer',
      isBlocked: true,
    });
    const visitor = browser();
    expect((await visitor.logIn(blocked.email, blocked.password)).statusCode).toBe(200);
    const me = (await visitor.request('GET', '/api/session')).json().member;
    expect(me).toMatchObject({ isBlocked: true, canCreatePost: false });
    const write = await visitor.request('POST', '/api/editor/posts', { payload: { title: 'No' } });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('forbidden');
    const mine = await visitor.request('GET', '/api/my-posts');
    expect(mine.statusCode).toBe(403);
  });
});
