/**
 * The login page (SPEC §2 `/login`; issue 5) through HTTP on the production build, as a browser
 * without scripts uses it: the forms post to the route's action with their anti-forgery field,
 * each field's problem is said beside it and what was typed stays, a login continues to `next`
 * (never to another site), and a member's pages are theirs alone (never cached, the header names
 * them).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_FIELD, SESSION_COOKIE } from '../../domain/session';
import { createMemberWithPassword } from '../testing/auth.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({ pages: true, site: { name: 'Login Test Site' } });
let writer: Awaited<ReturnType<typeof createMemberWithPassword>>;

beforeAll(async () => {
  const { db, site } = harness;
  writer = await createMemberWithPassword(db, site.id, {
    name: 'Wren Writer',
    role: 'writer',
  });
});

/** A browser without scripts: keeps cookies, follows nothing by itself. */
class FormBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance = harness.app) {}

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async get(url: string) {
    const response = await this.app.inject({ url, headers: this.headers() });
    this.remember(response);
    return response;
  }

  async post(url: string, fields: Record<string, string>) {
    const response = await this.app.inject({
      method: 'POST',
      url,
      headers: { ...this.headers(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    this.remember(response);
    return response;
  }

  private headers() {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return { host: harness.site.host, ...(cookie ? { cookie } : {}) };
  }
}

/** The hidden anti-forgery field of the page's form. */
function csrfOf(html: string): string {
  const match = new RegExp(`name="${CSRF_FIELD}" value="([^"]+)"`).exec(html);
  if (!match) throw new Error('The form has no anti-forgery field');
  return match[1]!;
}

describe('the login page', () => {
  it('is one visitor’s: never cached, its form bound to a visitor id it mints', async () => {
    const browser = new FormBrowser();
    const page = await browser.get('/blog/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-page-cache']).not.toBe('hit');
    expect(browser.cookies.has('inkwell_visitor')).toBe(true);
    expect(page.body).toContain('Welcome back');
    expect(csrfOf(page.body)).toBe(browser.cookies.get('inkwell_csrf'));
  });

  it('shows the sign-up form for ?mode=signup and the reset form for ?token=', async () => {
    const signup = await new FormBrowser().get('/blog/login?mode=signup');
    expect(signup.body).toContain('Create your account');
    expect(signup.body).toMatch(/name="name"/);
    const reset = await new FormBrowser().get('/blog/login?token=abc');
    expect(reset.body).toContain('Choose a new password');
    expect(reset.body).toMatch(/name="token" value="abc"/);
  });

  it('refuses a form post without its anti-forgery field (403)', async () => {
    const browser = new FormBrowser();
    await browser.get('/blog/login');
    const response = await browser.post('/blog/login', {
      intent: 'login',
      email: writer.email,
      password: writer.password,
    });
    expect(response.statusCode).toBe(403);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('says a wrong password above the form and keeps the address typed', async () => {
    const browser = new FormBrowser();
    const page = await browser.get('/blog/login');
    const response = await browser.post('/blog/login', {
      [CSRF_FIELD]: csrfOf(page.body),
      intent: 'login',
      email: writer.email,
      password: 'not the password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('The email or the password is wrong');
    expect(response.body).toContain(`value="${writer.email}"`);
    // The password is never written back into the page.
    expect(response.body).not.toContain('not the password');
  });

  // A dozen scrypt hashes: slower than Vitest's default 30 s on a busy machine.
  it('says how long to wait once the logins are throttled, in minutes or in seconds', {
    timeout: 120_000,
  }, async () => {
    const member = await createMemberWithPassword(harness.db, harness.site.id);
    const attempt = async (browser: FormBrowser, password: string) => {
      const page = await browser.get('/blog/login');
      return browser.post('/blog/login', {
        [CSRF_FIELD]: csrfOf(page.body),
        intent: 'login',
        email: member.email,
        password,
      });
    };
    // One client, one account: ten failures, then a quarter of an hour.
    const browser = new FormBrowser();
    for (let i = 0; i < 10; i += 1) {
      expect((await attempt(browser, `guess ${i}`)).statusCode).toBe(401);
    }
    const throttled = await attempt(browser, member.password);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.body).toContain('Too many attempts. Wait 15 minutes and try again.');
    expect(throttled.body).toContain(`value="${member.email}"`);

    // The account's slow-down (one free failure here) asks for a second: on a clock that stands
    // still, so a slow machine cannot let that second pass before the third attempt.
    vi.useFakeTimers({ toFake: ['Date'] });
    const slowed = await buildTestApp(harness.database, {
      pages: true,
      app: {
        rateLimitKeyPrefix: `inkwell-test:${member.id}`,
        auth: { limits: { loginPerAccount: { limit: 1, windowSeconds: 900 } } },
      },
    });
    try {
      const other = new FormBrowser(slowed);
      expect((await attempt(other, 'guess 1')).statusCode).toBe(401);
      expect((await attempt(other, 'guess 2')).statusCode).toBe(401);
      const waiting = await attempt(other, member.password);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.body).toContain('Too many attempts. Wait a second and try again.');
    } finally {
      vi.useRealTimers();
      await slowed.close();
    }
  });

  it('names each bad field of the sign-up form beside it', async () => {
    const browser = new FormBrowser();
    const page = await browser.get('/blog/login?mode=signup');
    const response = await browser.post('/blog/login?mode=signup', {
      [CSRF_FIELD]: csrfOf(page.body),
      intent: 'signup',
      name: '',
      email: 'not-an-address',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter your name.');
    expect(response.body).toContain('Enter an email address like name@example.com.');
    expect(response.body).toContain('Use at least 8 characters.');
    expect(response.body.match(/aria-invalid="true"/g)).toHaveLength(3);
    expect(response.body).toContain('value="not-an-address"');
  });

  it('logs in and continues to `next`; the member’s pages are fresh and name them', async () => {
    const browser = new FormBrowser();
    const page = await browser.get('/blog/login?next=%2Fblog%2Fcreate-post');
    const response = await browser.post('/blog/login?next=%2Fblog%2Fcreate-post', {
      [CSRF_FIELD]: csrfOf(page.body),
      intent: 'login',
      next: '/blog/create-post',
      email: writer.email,
      password: writer.password,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/blog/create-post');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);

    const editor = await browser.get('/blog/create-post');
    expect(editor.statusCode).toBe(200);
    const feed = await browser.get('/blog');
    // The page every reader shares, with the member's own state laid over it (decision 050).
    expect(feed.headers['x-page-cache']).toBe('overlay');
    expect(feed.headers['cache-control']).toBe('private, no-cache');
    expect(feed.body).toContain('Wren Writer');
    expect(feed.body).toContain('header-profile');
    expect(feed.body).not.toContain('header-login');
    // Signed in, the login page sends the member on.
    const again = await browser.get('/blog/login?next=%2Fblog%2Fabout');
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/blog/about');
  });

  it('never continues to another site (no open redirect)', async () => {
    for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const browser = new FormBrowser();
      const page = await browser.get('/blog/login');
      const response = await browser.post('/blog/login', {
        [CSRF_FIELD]: csrfOf(page.body),
        intent: 'login',
        next,
        email: writer.email,
        password: writer.password,
      });
      expect(response.headers.location, next).toBe('/blog');
    }
  });

  it('asks for a reset link and says it is on its way, whether or not the address is known', async () => {
    for (const email of [writer.email, 'nobody@example.test']) {
      const browser = new FormBrowser();
      const page = await browser.get('/blog/login?mode=forgot');
      const response = await browser.post('/blog/login?mode=forgot', {
        [CSRF_FIELD]: csrfOf(page.body),
        intent: 'forgot',
        email,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Check your inbox');
    }
  });

  it('keeps the identity cookies in step on a page', async () => {
    const browser = new FormBrowser();
    const page = await browser.get('/blog/login');
    await browser.post('/blog/login', {
      [CSRF_FIELD]: csrfOf(page.body),
      intent: 'login',
      email: writer.email,
      password: writer.password,
    });
    const token = browser.cookies.get('inkwell_csrf');
    // The token's cookie gone (cleared by hand): the member's next page gives it back.
    browser.cookies.delete('inkwell_csrf');
    await browser.get('/blog');
    expect(browser.cookies.get('inkwell_csrf')).toBe(token);
    // A session cookie naming no session is deleted, so the visitor's pages come from the cache.
    const stale = await harness.app.inject({
      url: '/blog',
      headers: { host: harness.site.host, cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` },
    });
    expect(String(stale.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  });

  it('gives a visitor the header’s Log In and the cache a visitor’s page', async () => {
    const browser = new FormBrowser();
    await browser.get('/blog/page/2');
    const feed = await browser.get('/blog/page/2');
    expect(feed.headers['x-page-cache']).toBe('hit');
    expect(feed.body).toContain('href="/blog/login?next=%2Fblog%2Fpage%2F2"');
  });
});
