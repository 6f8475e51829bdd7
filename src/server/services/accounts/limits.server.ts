/**
 * The rate limits of sign-up, login and password reset (decisions 017, 028): what they are, the
 * limiters that count them, and the checks every use case makes.
 */
import {
  createLimiterStore,
  type Limiter,
  type LimiterStore,
  type RateLimit,
} from '../../auth/rate-limit.server';
import { TooManyAttemptsError } from './errors.server';

/**
 * The rate limits of the identity endpoints (decisions 017, 028). A client is an address (an
 * IPv6 one by its /64); an account is an email address of a site, registered or not.
 */
export interface AuthLimits {
  /** Failed logins per client, whatever the accounts: a script guessing stops here. */
  loginPerClient: RateLimit;
  /** Failed logins per account and client: one client guessing one account stops here. */
  loginPerAccountClient: RateLimit;
  /**
   * Failed logins per account from browsers it does not know (no device cookie) before each
   * further one makes them wait: a slow-down against many clients guessing one account, never
   * a lock of its owner (whose browser is known, and otherwise waits at most
   * `loginAccountDelay.maxSeconds`).
   */
  loginPerAccount: RateLimit;
  /** The slow-down's first wait, doubled at each further failure up to its longest. */
  loginAccountDelay: { firstSeconds: number; maxSeconds: number };
  /** Sign-ups per client (each costs a password hash). */
  signUpPerClient: RateLimit;
  /** Reset links asked for per email address. */
  resetPerEmail: RateLimit;
  /** Reset links asked for, and reset attempts, per client. */
  resetPerClient: RateLimit;
}

const FIFTEEN_MINUTES = 15 * 60;

/** Default limits: a person who mistypes is never stopped; a script guessing is. */
export const DEFAULT_AUTH_LIMITS: Readonly<AuthLimits> = Object.freeze({
  loginPerClient: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
  loginPerAccountClient: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
  loginPerAccount: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
  loginAccountDelay: { firstSeconds: 1, maxSeconds: 60 },
  signUpPerClient: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
  resetPerEmail: { limit: 3, windowSeconds: FIFTEEN_MINUTES },
  resetPerClient: { limit: 20, windowSeconds: FIFTEEN_MINUTES },
});

/**
 * The per-account slow-down's wait after the account's `failures`-th failure from unknown
 * browsers: none up to the limit, then the first wait (1 s), doubled at each failure up to the
 * longest (60 s).
 */
export function accountDelaySeconds(
  failures: number,
  limit: number,
  delay: AuthLimits['loginAccountDelay'],
): number {
  if (failures <= limit) return 0;
  return Math.min(delay.firstSeconds * 2 ** Math.min(failures - limit - 1, 30), delay.maxSeconds);
}

/** The limiters of the identity endpoints, one per counted key kind. */
export type AuthLimiters = ReturnType<typeof createAuthLimiters>;

/** Makes the identity endpoints' limiters in `store` (memory when there is none). */
export function createAuthLimiters(limits: AuthLimits, limiterStore: LimiterStore | undefined) {
  const store = limiterStore ?? createLimiterStore({ log: { error: () => {}, info: () => {} } });
  return {
    loginByClient: store.limiter('login-client', limits.loginPerClient),
    loginByAccountClient: store.limiter('login-account-client', limits.loginPerAccountClient),
    loginByAccount: store.limiter('login-account', limits.loginPerAccount),
    // The slow-down's waits: a key blocked for the wait after each failure beyond the limit.
    loginAccountWait: store.limiter('login-account-wait', {
      limit: 1,
      windowSeconds: limits.loginAccountDelay.maxSeconds,
    }),
    signUpByClient: store.limiter('signup-client', limits.signUpPerClient),
    resetByEmail: store.limiter('reset-email', limits.resetPerEmail),
    resetByClient: store.limiter('reset-client', limits.resetPerClient),
  };
}

/** Refuses with 429 when any of the keys is at its limit. */
export async function ensureAllowed(checks: [Limiter, string][]): Promise<void> {
  const waits = await Promise.all(checks.map(([limiter, key]) => limiter.retryAfterMs(key)));
  const waitMs = Math.max(0, ...waits);
  if (waitMs > 0) throw new TooManyAttemptsError(Math.ceil(waitMs / 1000));
}
