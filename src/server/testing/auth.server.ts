/**
 * Real sessions in integration tests (decision 017): a member with a password, and a small
 * cookie-keeping client over `app.inject` that signs in through the API and sends the
 * anti-forgery token the way the browser's script does.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, CSRF_TOKEN_URL } from '../../domain/session';
import { createMemberWithPassword, TEST_PASSWORD } from '../test-sites.server';
import type { TestApp } from './test-app.server';

export { createMemberWithPassword, TEST_PASSWORD };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser stand-in: keeps cookies, sends the anti-forgery token on state-changing calls. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly host: string,
    /** The client's address as the server's socket sees it (light-my-request's 127.0.0.1). */
    private readonly remoteAddress?: string,
  ) {}

  /** The `Cookie` header the browser would send. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Keeps (or drops) the cookies a response set. */
  remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && new Date(cookie.expires).getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** A request as this browser. `csrf: false` leaves the token out (a forged request). */
  async request(
    method: Method,
    url: string,
    options: {
      payload?: InjectOptions['payload'];
      headers?: Record<string, string>;
      csrf?: boolean;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: this.host, ...options.headers };
    if (method !== 'GET' && options.csrf !== false) headers[CSRF_HEADER] ??= await this.csrfToken();
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const response = await this.app.inject({
      method,
      url,
      headers,
      payload: options.payload,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
    });
    this.remember(response);
    return response;
  }

  /** The token from the cookie, or a fresh one from the server (as the page's script does). */
  async csrfToken(): Promise<string> {
    const fromCookie = this.cookies.get(CSRF_COOKIE);
    if (fromCookie) return fromCookie;
    const response = await this.request('GET', CSRF_TOKEN_URL);
    return response.json<{ token: string }>().token;
  }

  /** Logs in through the API; returns the response. */
  logIn(email: string, password: string): Promise<LightMyRequestResponse> {
    return this.request('POST', '/api/auth/login', { payload: { email, password } });
  }
}

/**
 * A browser signed in through the API as a new member of the test app's site (a writer unless
 * told otherwise). Throws rather than `expect`s: the e2e suite's test-site route imports this
 * module outside Vitest.
 */
export async function logInNewMember(
  { app, db, site }: Pick<TestApp, 'app' | 'db' | 'site'>,
  overrides: Parameters<typeof createMemberWithPassword>[2] = {},
): Promise<TestBrowser> {
  const member = await createMemberWithPassword(db, site.id, overrides);
  const browser = new TestBrowser(app, site.host);
  const response = await browser.logIn(member.email, member.password);
  if (response.statusCode !== 200) {
    throw new Error(
      `Logging in as a new ${member.role} answered ${response.statusCode}: ${response.body}`,
    );
  }
  return browser;
}
