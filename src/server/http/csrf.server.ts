/**
 * Anti-forgery (SPEC §7 "anti-forgery token"; decision 017). Every state-changing request that
 * carries a credential the browser sends on its own (the session cookie, or the anonymous
 * visitor's cookie a poll vote is counted by) must also carry the token bound to that
 * credential: in the `x-csrf-token` header (scripts) or the `_csrf` form field (route actions).
 * The token is an HMAC keyed by the credential, so the server keeps nothing and a page on another
 * site, which cannot read our cookies, cannot know it.
 *
 * A request without any such credential forges nothing and passes, except where it would create
 * one (sign-up, login, password reset: "login CSRF" would sign a victim into the attacker's
 * account): those need a binding, which `GET /api/session/csrf` gives (minting a visitor id).
 * Requests authenticated by the test-only member header are not ambient and pass.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CSRF_COOKIE,
  CSRF_ERROR_CODE,
  CSRF_HEADER,
  isStateChangingMethod,
  readCookie,
} from '../../domain/session';
import { type CsrfBinding, csrfTokenFor, isCsrfTokenValid } from '../auth/tokens.server';
import { AppError } from '../errors.server';
import type { RequestIdentity } from './actor.server';
import { clearSessionCookie, csrfCookie } from './cookies.server';
import { ensureVisitorId, readVisitorId } from './visitor-id.server';

/**
 * How a route treats the token: `required` by default; `binding` also needs a credential; `none`
 * for a write that changes nothing of anyone's (the error intake, sent by `sendBeacon`, which
 * cannot carry a header; a forged report is noise, bounded by its rate limit).
 */
export type CsrfPolicy = 'required' | 'binding' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's anti-forgery policy (see csrf.server.ts); `required` when absent. */
    csrf?: CsrfPolicy;
  }
}

/** What the request's anti-forgery token is bound to, or null when it has no credential. */
export function csrfBindingOf(
  request: FastifyRequest,
  identity: RequestIdentity,
): CsrfBinding | null {
  if (identity.sessionToken) return { kind: 'session', token: identity.sessionToken };
  const visitor = readVisitorId(request);
  return visitor ? { kind: 'visitor', id: visitor } : null;
}

/** The token a state-changing request presents in its header. */
export function presentedCsrfToken(request: FastifyRequest): string | null {
  const header = request.headers[CSRF_HEADER];
  return typeof header === 'string' && header !== '' ? header : null;
}

/** Whether a state-changing request may go on (see the module comment). */
export function isCsrfSatisfied(
  request: FastifyRequest,
  identity: RequestIdentity,
  presented: string | null,
  policy: CsrfPolicy,
): boolean {
  if (identity.via === 'test-header') return true;
  const binding = csrfBindingOf(request, identity);
  if (!binding) return policy !== 'binding';
  return isCsrfTokenValid(binding, presented);
}

/**
 * The request's anti-forgery token, minting a visitor id (its cookie on `reply`) when the request
 * has no credential to bind to; the token's cookie is set too when the browser lacks it.
 */
export function issueCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  identity: RequestIdentity,
): string {
  const binding = csrfBindingOf(request, identity) ?? {
    kind: 'visitor' as const,
    id: ensureVisitorId(request, reply),
  };
  const token = csrfTokenFor(binding);
  if (readCookie(request.headers.cookie, CSRF_COOKIE) !== token) {
    reply.header('set-cookie', csrfCookie(token, request.protocol === 'https'));
  }
  return token;
}

/** What the API's guard needs. */
export interface CsrfGuardDeps {
  /** Test-only routes (`/api/test/...`) arrange data without a browser and pass. */
  withTestRoutes: boolean;
}

/**
 * Refuses (403 `csrf_invalid`) every state-changing `/api` request that does not satisfy its
 * route's policy, before its body is read. Pages check their route actions themselves
 * (ssr/pages.server.ts), since a form carries the token in its body.
 */
export function registerCsrfGuard(app: FastifyInstance, { withTestRoutes }: CsrfGuardDeps): void {
  app.addHook('onRequest', async (request) => {
    if (!isStateChangingMethod(request.method) || !request.url.startsWith('/api/')) return;
    if (withTestRoutes && request.url.startsWith('/api/test/')) return;
    const policy = request.routeOptions.config?.csrf ?? 'required';
    if (policy === 'none') return;
    const identity = await request.identity;
    if (!isCsrfSatisfied(request, identity, presentedCsrfToken(request), policy)) {
      throw new CsrfError();
    }
  });
}

/** 403 `csrf_invalid`: the browser's script asks for a fresh token and tries once more. */
export class CsrfError extends AppError {
  constructor() {
    super(403, CSRF_ERROR_CODE, 'The anti-forgery token is missing or wrong; reload the page');
  }
}

/**
 * Keeps a browser's identity cookies in step on a page: a member whose browser lost their
 * session's anti-forgery cookie gets it back (the page's first state-changing call then carries
 * the token without asking), and a session cookie that names no live session is deleted (it only
 * kept the browser out of the visitors' page cache). Such pages are never cached.
 */
export function refreshIdentityCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  identity: RequestIdentity,
): void {
  const secure = request.protocol === 'https';
  if (identity.hasDeadSessionCookie) reply.header('set-cookie', clearSessionCookie(secure));
  if (identity.via !== 'session' || !identity.sessionToken) return;
  const token =
    identity.sessionCsrfToken ?? csrfTokenFor({ kind: 'session', token: identity.sessionToken });
  if (readCookie(request.headers.cookie, CSRF_COOKIE) === token) return;
  const maxAge = identity.sessionExpiresAt
    ? Math.round((identity.sessionExpiresAt.getTime() - Date.now()) / 1000)
    : undefined;
  reply.header('set-cookie', csrfCookie(token, secure, maxAge));
}
