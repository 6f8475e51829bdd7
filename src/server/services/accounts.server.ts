/**
 * Accounts and sessions (issue 5 identity; decision 017): sign-up, login, logout and password
 * reset for the members of a site, and the one lookup that turns a session cookie into a member.
 * Every call is scoped by site. The HTTP routes (http/auth-routes.ts) and the login page's route
 * actions (through the load context) call the same functions.
 *
 * One module per use case in `accounts/` (issue 16 §3): `sign-up`, `log-in`, `reset` (the link
 * and the new password), `sessions` (issue, find, slide, log out, sweep); `limits` (the rate
 * limits and their limiters), `errors` and `context` (the dependencies and the session shapes)
 * are what they share. This factory fills in the defaults, makes the limiters and binds them.
 */

import type { SiteView } from '../../domain/views';
import { SessionCache } from '../cache/session-cache.server';
import type { AccountsContext, AccountsDeps } from './accounts/context.server';
import { createAuthLimiters, DEFAULT_AUTH_LIMITS } from './accounts/limits.server';
import { logIn } from './accounts/log-in.server';
import {
  issueResetLink,
  type ResetLinkWriter,
  requestReset,
  resetPassword,
} from './accounts/reset.server';
import {
  findSession,
  isDueToSlide,
  logOut,
  slideSession,
  sweepExpired,
} from './accounts/sessions.server';
import { signUp } from './accounts/sign-up.server';
import { bindDeps } from './bind-deps.server';

export {
  type AccountsDeps,
  type ClientFacts,
  type IssuedSession,
  RESET_TOKEN_TTL_MS,
  type ResetDelivery,
  SESSION_SLIDE_BELOW_MS,
  SESSION_TTL_MS,
  type SessionRecord,
} from './accounts/context.server';
export {
  AuthFieldsError,
  InvalidCredentialsError,
  ResetTokenError,
  TooManyAttemptsError,
} from './accounts/errors.server';
export {
  type AuthLimits,
  accountDelaySeconds,
  DEFAULT_AUTH_LIMITS,
} from './accounts/limits.server';

/** Builds the accounts service: the limiters made once, each use case bound to them. */
export function createAccounts(deps: AccountsDeps) {
  const limits = { ...DEFAULT_AUTH_LIMITS, ...deps.limits };
  const context: AccountsContext = {
    db: deps.db,
    now: deps.now ?? (() => new Date()),
    limits,
    limiters: createAuthLimiters(limits, deps.limiterStore),
    deliverResetLink: deps.deliverResetLink,
    sessions: deps.sessions ?? new SessionCache(),
  };
  const bind = bindDeps(context);
  return {
    findSession: bind(findSession),
    signUp: bind(signUp),
    logIn: bind(logIn),
    isDueToSlide: bind(isDueToSlide),
    slideSession: bind(slideSession),
    logOut: bind(logOut),
    requestReset: bind(requestReset),
    resetPassword: bind(resetPassword),
    /** A one-time set-password link for a member made by someone else (issue 18 new authors). */
    issueResetLink: (
      db: ResetLinkWriter,
      site: SiteView,
      member: { id: string; email: string },
      linkFor: (token: string) => string,
      ttlMs?: number,
    ) => issueResetLink({ ...context, db }, site, member, linkFor, ttlMs),
    sweepExpired: bind(sweepExpired),
  };
}

/** The accounts service. */
export type AccountsService = ReturnType<typeof createAccounts>;
