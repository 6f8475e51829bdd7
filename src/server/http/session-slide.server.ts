/**
 * Sliding sessions (decision 017): a session used when less than half of its 30 days is left
 * gets 30 days from now, and the browser gets its cookies again with the new Max-Age. Done as the
 * response goes out, for requests that resolved a session anyway (no lookup of its own): at most
 * one UPDATE per request, and only once the session is due (about once in 15 days of use), never
 * on a response that cannot carry a cookie (the notifications stream writes its own headers).
 */
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../domain/session';
import type { AccountsService } from '../services/accounts.server';
import type { ActorResolver } from './actor.server';
import { setSessionCookies } from './auth-routes.server';

export interface SessionSlideDeps {
  accounts: Pick<AccountsService, 'isDueToSlide' | 'slideSession'>;
  resolveActor: Pick<ActorResolver, 'resolved'>;
}

/** Whether the response already sets or clears the session cookie (a login, a logout). */
function setsSessionCookie(header: unknown): boolean {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return values.some((value) => String(value).startsWith(`${SESSION_COOKIE}=`));
}

/** Registers the `onSend` hook that slides the request's session when it is due. */
export function registerSessionSlide(app: FastifyInstance, deps: SessionSlideDeps): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const resolved = deps.resolveActor.resolved(request);
    if (!resolved) return payload;
    const { identity, site } = resolved;
    const token = identity.sessionToken;
    if (identity.via !== 'session' || !token || !identity.sessionExpiresAt) return payload;
    if (!deps.accounts.isDueToSlide(identity.sessionExpiresAt)) return payload;
    // This response signs in or out: its own cookies stand.
    if (setsSessionCookie(reply.getHeader('set-cookie'))) return payload;
    const slid = await deps.accounts.slideSession(site, token);
    if (!slid) return payload;
    setSessionCookies(
      request,
      reply,
      { token, expiresAt: slid.expiresAt, memberId: identity.actor.memberId ?? '' },
      slid.at,
    );
    // A response that sets a cookie is one browser's: no shared cache may keep it.
    if (!/\b(private|no-store)\b/i.test(String(reply.getHeader('cache-control') ?? ''))) {
      reply.header('cache-control', 'private, no-cache');
    }
    return payload;
  });
}
