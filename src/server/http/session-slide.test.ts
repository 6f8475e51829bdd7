/**
 * Sliding sessions through HTTP (decision 017), on a clock the test moves: a session used with
 * more than half of its 30 days left is not written; used with less, its expiry moves to 30 days
 * from then and the response sets the session and anti-forgery cookies again with the new
 * Max-Age, never for a shared cache; two requests at once slide it once; a logout's own cookies
 * stand; an expired session does not come back. On PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../domain/session';
import { hashToken } from '../auth/tokens.server';
import { sessions } from '../db/schema.server';
import { SESSION_TTL_MS } from '../services/accounts.server';
import { createMemberWithPassword, TestBrowser } from '../testing/auth.server';
import { setUpTestApp } from '../testing/test-app.server';

const DAY_MS = 24 * 60 * 60 * 1000;
const TTL_SECONDS = SESSION_TTL_MS / 1000;

let clock = Date.parse('2031-05-01T12:00:00.000Z');
const harness = setUpTestApp({ app: { auth: { now: () => new Date(clock) } } });

/** A member signed in through the API at the test's clock; their browser and session token. */
async function signedIn() {
  const member = await createMemberWithPassword(harness.db, harness.site.id, { role: 'user' });
  const browser = new TestBrowser(harness.app, harness.site.host);
  expect((await browser.logIn(member.email, member.password)).statusCode).toBe(200);
  return { browser, token: browser.cookies.get(SESSION_COOKIE)! };
}

async function expiryOf(token: string): Promise<number | undefined> {
  const [row] = await harness.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.siteId, harness.site.id), eq(sessions.tokenHash, hashToken(token))));
  return row?.expiresAt.getTime();
}

/** The cookies a response sets, by name. */
function setCookies(response: LightMyRequestResponse): Map<string, string> {
  const values = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return new Map(values.map((value) => [value.slice(0, value.indexOf('=')), value]));
}

describe('a session in use', () => {
  it('is not written while more than half of its life is left', async () => {
    const { browser, token } = await signedIn();
    const issued = await expiryOf(token);
    expect(issued).toBe(clock + SESSION_TTL_MS);
    clock += 14 * DAY_MS;
    const response = await browser.request('GET', '/api/session');
    expect(response.json().member).not.toBeNull();
    expect(setCookies(response).size).toBe(0);
    expect(await expiryOf(token)).toBe(issued);
  });

  it('slides to 30 days from its use once less than half is left, cookies and all', async () => {
    const { browser, token } = await signedIn();
    clock += 16 * DAY_MS;
    const response = await browser.request('GET', '/api/session');
    expect(response.statusCode).toBe(200);
    expect(await expiryOf(token)).toBe(clock + SESSION_TTL_MS);
    const cookies = setCookies(response);
    expect(cookies.get(SESSION_COOKIE)).toBe(
      `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${TTL_SECONDS}; HttpOnly; SameSite=Lax`,
    );
    expect(cookies.get(CSRF_COOKIE)).toBe(
      `${CSRF_COOKIE}=${browser.cookies.get(CSRF_COOKIE)}; Path=/; Max-Age=${TTL_SECONDS}; SameSite=Lax`,
    );
    expect(response.headers['cache-control']).toMatch(/private/);

    // Just slid: the next request writes nothing.
    const next = await browser.request('GET', '/api/notifications/unread-count');
    expect(next.statusCode).toBe(200);
    expect(setCookies(next).size).toBe(0);
    expect(await expiryOf(token)).toBe(clock + SESSION_TTL_MS);

    // Still signed in 40 days after logging in, which a fixed expiry would not be.
    clock += 20 * DAY_MS;
    expect((await browser.request('GET', '/api/session')).json().member).not.toBeNull();
  });

  it('keeps a public answer out of shared caches when it sets the cookie', async () => {
    const { browser } = await signedIn();
    clock += 20 * DAY_MS;
    const response = await browser.request('GET', '/api/notifications');
    expect(setCookies(response).has(SESSION_COOKIE)).toBe(true);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('slides once for two requests at once', async () => {
    const { browser, token } = await signedIn();
    clock += 20 * DAY_MS;
    const [first, second] = await Promise.all([
      browser.request('GET', '/api/session'),
      browser.request('GET', '/api/notifications/unread-count'),
    ]);
    const slid = [first, second].filter((r) => setCookies(r).has(SESSION_COOKIE));
    expect(slid).toHaveLength(1);
    expect(await expiryOf(token)).toBe(clock + SESSION_TTL_MS);
  });

  it('leaves a logout’s cookies alone and never brings back an expired session', async () => {
    const leaving = await signedIn();
    clock += 20 * DAY_MS;
    const out = await leaving.browser.request('POST', '/api/auth/logout');
    expect(out.statusCode).toBe(204);
    expect(setCookies(out).get(SESSION_COOKIE)).toMatch(/Max-Age=0/);
    expect(await expiryOf(leaving.token)).toBeUndefined();

    const lapsed = await signedIn();
    clock += SESSION_TTL_MS + 1000;
    const response = await lapsed.browser.request('GET', '/api/session');
    expect(response.json().member).toBeNull();
    expect(setCookies(response).get(SESSION_COOKIE)).toMatch(/Max-Age=0/);
    expect(await expiryOf(lapsed.token)).toBe(clock - 1000);
  });
});
