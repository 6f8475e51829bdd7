/**
 * The login page's route actions reach the accounts service through the load context (pages never
 * import the server): sign-up, login, reset and logout bound to the request, with the cookies set
 * on its reply and every refusal turned into a value the form shows beside its fields.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthFormResult } from '../../domain/auth';
import type { SiteView } from '../../domain/views';
import type { PageAuth } from '../../load-context';
import { AppError } from '../errors.server';
import type { RequestIdentity } from '../http/actor.server';
import {
  clearSessionCookies,
  clientOf,
  resetLinkFor,
  setSessionCookies,
} from '../http/auth-routes.server';
import { issueCsrfToken } from '../http/csrf.server';
import {
  type AccountsService,
  AuthFieldsError,
  type IssuedSession,
  TooManyAttemptsError,
} from '../services/accounts.server';

const REFUSALS: Record<string, Exclude<AuthFormResult, { ok: true }>['error']> = {
  validation_failed: 'fields',
  invalid_credentials: 'invalid-credentials',
  email_taken: 'email-taken',
  reset_token_invalid: 'reset-token-invalid',
  too_many_attempts: 'too-many-attempts',
};

async function attempt(work: () => Promise<void>): Promise<AuthFormResult> {
  try {
    await work();
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError && REFUSALS[error.code]) {
      return {
        ok: false,
        error: REFUSALS[error.code]!,
        problems: error instanceof AuthFieldsError ? error.problems : {},
        ...(error instanceof TooManyAttemptsError
          ? { retryAfterSeconds: error.retryAfterSeconds }
          : {}),
      };
    }
    throw error;
  }
}

/**
 * The identity actions of one page request. `onCookie` is told when a cookie was set, so the
 * page handler never caches that response.
 */
export function pageAuthFor(
  request: FastifyRequest,
  reply: FastifyReply,
  site: SiteView,
  identity: RequestIdentity,
  accounts: AccountsService,
  onCookie: () => void,
): PageAuth {
  const client = clientOf(request);
  const signIn = (issued: IssuedSession) => {
    setSessionCookies(request, reply, issued);
    onCookie();
  };
  return {
    csrfToken() {
      const before = reply.getHeader('set-cookie');
      const token = issueCsrfToken(request, reply, identity);
      if (reply.getHeader('set-cookie') !== before) onCookie();
      return token;
    },
    signUp: (input) => attempt(async () => signIn(await accounts.signUp(site, input, client))),
    logIn: (input) => attempt(async () => signIn(await accounts.logIn(site, input, client))),
    requestReset: (input) =>
      attempt(() =>
        accounts.requestReset(site, input, client, (token) => resetLinkFor(site, token)),
      ),
    resetPassword: (input) =>
      attempt(async () => signIn(await accounts.resetPassword(site, input, client))),
    async logOut() {
      await accounts.logOut(site, identity.sessionToken);
      clearSessionCookies(request, reply);
      onCookie();
    },
  };
}
