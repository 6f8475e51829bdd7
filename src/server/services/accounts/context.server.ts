/** What the accounts' use cases share: their dependencies, the limiters and the session shapes. */
import type { Actor } from '../../../domain/permissions';
import type { MemberSummary } from '../../../domain/views';
import type { LimiterStore } from '../../auth/rate-limit.server';
import type { SessionCache } from '../../cache/session-cache.server';
import type { Database } from '../../db/connection.server';
import type { AuthLimiters, AuthLimits } from './limits.server';

/** How long a session lasts (decision 017), and again from its use once it slides. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A session used with less than this left slides: its expiry moves to SESSION_TTL_MS from then
 * (decision 017). Half the lifetime: an active member never meets the end, and a session is
 * written at most once in 15 days, not on every request.
 */
export const SESSION_SLIDE_BELOW_MS = SESSION_TTL_MS / 2;
/** How long a password reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * How long an imported author's claim link works: the owner sends it on (by mail, a message), and
 * the author may open it days later, unlike a reset they asked for themselves a minute ago.
 */
export const CLAIM_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A new session: the token goes into the cookie, never into the database. */
export interface IssuedSession {
  token: string;
  expiresAt: Date;
  memberId: string;
  /**
   * The device cookie's token: the browser that signed in is known to the account from now on
   * (decision 028). A session that only slides has none.
   */
  deviceToken?: string;
}

/** What a session cookie resolves to: the actor and the member as the header shows them. */
export interface SessionRecord {
  actor: Actor;
  member: MemberSummary & { isBlocked: boolean };
  /** The member's own UI language for the dashboard and editors (issue 22); null: the site's. */
  uiLanguage?: string | null;
  expiresAt: Date;
  /**
   * The anti-forgery token bound to this session's cookie, made once with the record (an HMAC
   * per page was 2–3 % of a member page's CPU, decision 054); pages compare the browser's cookie
   * with it. Absent on records not read by `findSession`.
   */
  csrfToken?: string;
}

/** Where a reset link goes: nowhere but the server log until a mail transport exists. */
export interface ResetDelivery {
  siteId: string;
  memberId: string;
  email: string;
  token: string;
  /** The reset form's address with the token. */
  url: string;
  expiresAt: Date;
}

export interface AccountsDeps {
  db: Database;
  /** The clock (tests pass a fake one). */
  now?: () => Date;
  limits?: Partial<AuthLimits>;
  /** Where the limits are counted (one store for every server process); memory otherwise. */
  limiterStore?: LimiterStore;
  /** Hands a reset token to the member (decision 017: the server log, in place of a mail). */
  deliverResetLink(delivery: ResetDelivery): void;
  /**
   * The process's resolved sessions (decision 051), shared with the services whose writes change
   * what a session resolves to; a cache of its own otherwise.
   */
  sessions?: SessionCache;
}

/** Who is asking, as the rate limits count them. */
export interface ClientFacts {
  ip: string;
  /** The browser's device cookie (decision 028), if it has one. */
  deviceToken?: string | null;
}

/** The accounts' dependencies with the clock and the limits filled in, and the limiters made. */
export interface AccountsContext {
  db: Database;
  now: () => Date;
  limits: AuthLimits;
  limiters: AuthLimiters;
  deliverResetLink(delivery: ResetDelivery): void;
  sessions: SessionCache;
}
