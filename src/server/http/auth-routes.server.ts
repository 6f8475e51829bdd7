/**
 * Identity API (issue 5; decision 017). Thin handlers: resolve the site, parse (the service uses
 * the schemas of domain/auth.ts), call the accounts service, set or clear the cookies, reply.
 *
 *   POST /auth/signup                  { email, password, name } → 201 { member, csrfToken }
 *   POST /auth/login                   { email, password }       → 200 { member, csrfToken }
 *   POST /auth/logout                                            → 204
 *   POST /auth/password-reset          { email }                 → 202 (whether or not registered)
 *   POST /auth/password-reset/confirm  { token, password }       → 200 { member, csrfToken }
 *   GET  /session                      → { member | null }       (the signed-in member)
 *   GET  /session/csrf                 → { token }               (and its cookie)
 *
 * Errors take the shape of DESIGN.md: 400 `validation_failed` naming each field, 401
 * `invalid_credentials` (one message for a wrong address and a wrong password), 409
 * `email_taken`, 400 `reset_token_invalid`, 429 `too_many_attempts` with Retry-After, 403
 * `csrf_invalid`. Sign-up, login and reset need an anti-forgery token bound to a visitor id even
 * without a session (login CSRF); the browser gets one from `GET /session/csrf`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginUrl } from '../../domain/routes';
import { readCookie, type SessionMemberView } from '../../domain/session';
import type { SiteView } from '../../domain/views';
import { DEVICE_COOKIE } from '../auth/device.server';
import { csrfTokenFor } from '../auth/tokens.server';
import {
  type AccountsService,
  type ClientFacts,
  type IssuedSession,
  TooManyAttemptsError,
} from '../services/accounts.server';
import { type RequestIdentity, sessionMemberView } from './actor.server';
import {
  clearCsrfCookie,
  clearSessionCookie,
  csrfCookie,
  deviceCookie,
  sessionCookie,
} from './cookies.server';
import { issueCsrfToken } from './csrf.server';

export interface AuthRoutesDeps {
  accounts: AccountsService;
}

/**
 * The absolute address of the reset form for a token, on the site's configured origin: never on
 * the request's Host, or anyone could have a member sent a link to their own server (decision
 * 028).
 */
export function resetLinkFor(site: SiteView, token: string): string {
  return `${site.origin}${loginUrl(site.blogBase)}?${new URLSearchParams({ token })}`;
}

/**
 * Signs the browser in: the session cookie and the anti-forgery token bound to it. Returns the
 * token (API clients without cookies read it from the body).
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  issued: IssuedSession,
  now = new Date(),
): string {
  const secure = request.protocol === 'https';
  const csrf = csrfTokenFor({ kind: 'session', token: issued.token });
  const maxAge = Math.round((issued.expiresAt.getTime() - now.getTime()) / 1000);
  reply.header('set-cookie', sessionCookie(issued.token, issued.expiresAt, now, secure));
  // The token lasts as long as the session: a browser restart keeps both.
  reply.header('set-cookie', csrfCookie(csrf, secure, maxAge));
  // This browser is the account's from now on: others' failures never slow it (decision 028).
  if (issued.deviceToken) reply.header('set-cookie', deviceCookie(issued.deviceToken, secure));
  return csrf;
}

/**
 * Who is asking, as the rate limits count them: the client's address (a forwarded one only from
 * a proxy TRUST_PROXY names) and the browser's device cookie.
 */
export function clientOf(request: FastifyRequest): ClientFacts {
  return { ip: request.ip, deviceToken: readCookie(request.headers.cookie, DEVICE_COOKIE) };
}

/** Signs the browser out: both cookies go. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https';
  reply.header('set-cookie', clearSessionCookie(secure));
  reply.header('set-cookie', clearCsrfCookie(secure));
}

/** Registers the routes under the caller's prefix (normally `/api`). */
export async function authRoutes(app: FastifyInstance, { accounts }: AuthRoutesDeps) {
  // 429 says when to try again (RFC 9110 Retry-After) besides the error body's seconds.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttemptsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
  });

  async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    site: SiteView,
    issued: IssuedSession,
  ): Promise<{ member: SessionMemberView | null; csrfToken: string }> {
    const csrfToken = setSessionCookies(request, reply, issued);
    const session = await accounts.findSession(site, issued.token);
    const member = session ? sessionMemberView(session) : null;
    return { member, csrfToken };
  }

  app.post('/auth/signup', { config: { csrf: 'binding' } }, async (request, reply) => {
    const site = await request.site;
    const issued = await accounts.signUp(site, request.body, clientOf(request));
    return reply.status(201).send(await signedIn(request, reply, site, issued));
  });

  app.post('/auth/login', { config: { csrf: 'binding' } }, async (request, reply) => {
    const site = await request.site;
    const issued = await accounts.logIn(site, request.body, clientOf(request));
    return signedIn(request, reply, site, issued);
  });

  app.post('/auth/logout', async (request, reply) => {
    const site = await request.site;
    const identity = await request.identity;
    await accounts.logOut(site, identity.sessionToken);
    clearSessionCookies(request, reply);
    return reply.status(204).send();
  });

  app.post('/auth/password-reset', { config: { csrf: 'binding' } }, async (request, reply) => {
    const site = await request.site;
    await accounts.requestReset(site, request.body, clientOf(request), (token) =>
      resetLinkFor(site, token),
    );
    return reply.status(202).send({ ok: true });
  });

  app.post(
    '/auth/password-reset/confirm',
    { config: { csrf: 'binding' } },
    async (request, reply) => {
      const site = await request.site;
      const issued = await accounts.resetPassword(site, request.body, clientOf(request));
      return signedIn(request, reply, site, issued);
    },
  );

  app.get('/session', async (request, reply) => {
    const identity = await request.identity;
    if (identity.hasDeadSessionCookie) clearSessionCookies(request, reply);
    return { member: sessionMemberView(identity) };
  });

  app.get('/session/csrf', async (request, reply) => {
    const identity: RequestIdentity = await request.identity;
    // A cookie naming no live session only keeps the visitor out of the page cache: it goes.
    if (identity.hasDeadSessionCookie) {
      reply.header('set-cookie', clearSessionCookie(request.protocol === 'https'));
    }
    return { token: issueCsrfToken(request, reply, identity) };
  });
}
