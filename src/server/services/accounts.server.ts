/**
 * Accounts and sessions (issue 5 identity; decision 017): sign-up, login, logout and password
 * reset for the members of a site, and the one lookup that turns a session cookie into a member.
 * Every call is scoped by site. The HTTP routes (http/auth-routes.ts) and the login page's route
 * actions (through the load context) call the same functions.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, like, lt, lte, or } from 'drizzle-orm';
import {
  type FieldProblems,
  LoginSchema,
  loginProblems,
  normalizeEmail,
  normalizeMemberName,
  PROBLEM_MESSAGES,
  ResetPasswordSchema,
  ResetRequestSchema,
  resetPasswordProblems,
  resetRequestProblems,
  SignUpSchema,
  signUpProblems,
} from '../../domain/auth';
import { type Actor, PRIVACY_STATUSES } from '../../domain/permissions';
import { imageOf } from '../../domain/presenters';
import { slugify, uniqueSlug } from '../../domain/slugs';
import type { MemberSummary, SiteView } from '../../domain/views';
import { deviceTokenFor, isDeviceTokenOf } from '../auth/device.server';
import {
  hashPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from '../auth/password.server';
import {
  clientKeyOf,
  createLimiterStore,
  type Limiter,
  type LimiterStore,
  type RateLimit,
} from '../auth/rate-limit.server';
import { hashToken, isTokenShaped, newToken } from '../auth/tokens.server';
import type { Database } from '../db/connection.server';
import { memberCredentials, members, passwordResetTokens, sessions } from '../db/schema.server';
import { AppError } from '../errors.server';

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

/** A bad field of an identity form: 400 (409 for an address already registered). */
export class AuthFieldsError extends AppError {
  constructor(
    readonly problems: FieldProblems,
    status = 400,
    code = 'validation_failed',
  ) {
    const fields = Object.fromEntries(
      Object.entries(problems).map(([field, problem]) => [field, PROBLEM_MESSAGES[problem]]),
    );
    super(status, code, 'Some fields are invalid', fields);
  }
}

/** A wrong address or a wrong password: one error for both, so neither tells which (401). */
export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'invalid_credentials', 'The email or the password is wrong');
  }
}

/** A reset token that is unknown, used or expired (400, field `token`). */
export class ResetTokenError extends AppError {
  constructor() {
    super(400, 'reset_token_invalid', 'This reset link is not valid any more', {
      token: 'is not valid any more',
    });
  }
}

/** Too many attempts: 429 with when to try again. */
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_attempts', 'Too many attempts; try again later', undefined, {
      retryAfterSeconds,
    });
  }
}

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
  expiresAt: Date;
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
}

/** Who is asking, as the rate limits count them. */
export interface ClientFacts {
  ip: string;
  /** The browser's device cookie (decision 028), if it has one. */
  deviceToken?: string | null;
}

function privacyOf(value: string): Actor['privacy'] {
  return (PRIVACY_STATUSES as readonly string[]).includes(value)
    ? (value as Actor['privacy'])
    : 'PUBLIC';
}

/** Builds the accounts service. */
export function createAccounts(deps: AccountsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const clock = () => now().getTime();
  const limits = { ...DEFAULT_AUTH_LIMITS, ...deps.limits };
  const store =
    deps.limiterStore ?? createLimiterStore({ log: { error: () => {}, info: () => {} } });
  const loginByClient = store.limiter('login-client', limits.loginPerClient);
  const loginByAccountClient = store.limiter('login-account-client', limits.loginPerAccountClient);
  const loginByAccount = store.limiter('login-account', limits.loginPerAccount);
  // The slow-down's waits: a key blocked for the wait after each failure beyond the limit.
  const loginAccountWait = store.limiter('login-account-wait', {
    limit: 1,
    windowSeconds: limits.loginAccountDelay.maxSeconds,
  });
  const signUpByClient = store.limiter('signup-client', limits.signUpPerClient);
  const resetByEmail = store.limiter('reset-email', limits.resetPerEmail);
  const resetByClient = store.limiter('reset-client', limits.resetPerClient);

  /** Refuses with 429 when any of the keys is at its limit. */
  async function ensureAllowed(checks: [Limiter, string][]): Promise<void> {
    const waits = await Promise.all(checks.map(([limiter, key]) => limiter.retryAfterMs(key)));
    const waitMs = Math.max(0, ...waits);
    if (waitMs > 0) throw new TooManyAttemptsError(Math.ceil(waitMs / 1000));
  }

  /** Counts a failure against an account from an unknown browser; past the limit, a wait. */
  async function slowDownAccount(accountKey: string): Promise<void> {
    const failures = await loginByAccount.hit(accountKey);
    const wait = accountDelaySeconds(
      failures,
      limits.loginPerAccount.limit,
      limits.loginAccountDelay,
    );
    if (wait > 0) await loginAccountWait.block(accountKey, wait);
  }

  function refuseProblems(problems: FieldProblems): void {
    if (Object.keys(problems).length > 0) throw new AuthFieldsError(problems);
  }

  async function issueSession(
    siteId: string,
    memberId: string,
    passwordHash: string,
  ): Promise<IssuedSession> {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
    await db.insert(sessions).values({
      siteId,
      tokenHash: hashToken(token),
      memberId,
      createdAt: at,
      expiresAt,
    });
    return {
      token,
      expiresAt,
      memberId,
      deviceToken: deviceTokenFor(siteId, memberId, passwordHash),
    };
  }

  /** A free slug for a new member's name (SPEC §2 profile URLs; reserved words avoided). */
  async function freeSlug(siteId: string, name: string): Promise<string> {
    const base = slugify(name);
    const rows = await db
      .select({ slug: members.slug })
      .from(members)
      .where(
        and(
          eq(members.siteId, siteId),
          or(eq(members.slug, base), like(members.slug, `${base}-%`)),
        ),
      );
    const taken = new Set(rows.map((r) => r.slug));
    return uniqueSlug(base, (slug) => taken.has(slug), 'member');
  }

  async function isEmailTaken(siteId: string, email: string): Promise<boolean> {
    const [row] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.siteId, siteId), eq(members.email, email)))
      .limit(1);
    return row !== undefined;
  }

  return {
    /**
     * The session a cookie's token names on `site`, with its member: one primary-key lookup
     * joined to the member row. A text that cannot be a token costs no query at all.
     */
    async findSession(site: SiteView, token: string | null): Promise<SessionRecord | null> {
      if (!isTokenShaped(token)) return null;
      const [row] = await db
        .select({
          id: members.id,
          slug: members.slug,
          name: members.name,
          image: members.image,
          role: members.role,
          isBlocked: members.isBlocked,
          privacy: members.privacyStatus,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(
          members,
          and(eq(members.siteId, sessions.siteId), eq(members.id, sessions.memberId)),
        )
        .where(
          and(
            eq(sessions.siteId, site.id),
            eq(sessions.tokenHash, hashToken(token)),
            gt(sessions.expiresAt, now()),
          ),
        )
        .limit(1);
      if (!row) return null;
      return {
        actor: {
          memberId: row.id,
          role: row.role,
          isBlocked: row.isBlocked,
          privacy: privacyOf(row.privacy),
        },
        member: {
          siteMemberId: row.id,
          slug: row.slug,
          name: row.name,
          image: imageOf(row.image),
          isBlocked: row.isBlocked,
        },
        expiresAt: row.expiresAt,
      };
    },

    /**
     * Creates a member (role `user`, SPEC §6) with a password and signs them in. 400 naming each
     * bad field; 409 `email_taken` (field `email`) for an address already registered.
     */
    async signUp(site: SiteView, input: unknown, client: ClientFacts): Promise<IssuedSession> {
      const raw = SignUpSchema.parse(input ?? {});
      refuseProblems(signUpProblems(raw));
      const clientKey = clientKeyOf(client.ip);
      await ensureAllowed([[signUpByClient, clientKey]]);
      await signUpByClient.hit(clientKey);
      const email = normalizeEmail(raw.email);
      const name = normalizeMemberName(raw.name);
      if (await isEmailTaken(site.id, email)) {
        throw new AuthFieldsError({ email: 'taken' }, 409, 'email_taken');
      }
      const passwordHash = await hashPassword(raw.password);
      // Two sign-ups may race for a slug (or an address): the unique indexes decide, and the
      // loser tries again with a fresh look at what is taken.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const id = randomUUID();
        const slug = await freeSlug(site.id, name);
        const created = await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(members)
            .values({ siteId: site.id, id, slug, name, email, role: 'user' })
            .onConflictDoNothing()
            .returning({ id: members.id });
          if (inserted.length === 0) return false;
          await tx
            .insert(memberCredentials)
            .values({ siteId: site.id, memberId: id, passwordHash });
          return true;
        });
        if (created) return issueSession(site.id, id, passwordHash);
        if (await isEmailTaken(site.id, email)) {
          throw new AuthFieldsError({ email: 'taken' }, 409, 'email_taken');
        }
      }
      throw new AppError(503, 'sign_up_busy', 'Could not create the account; try again');
    },

    /**
     * Signs a member in. A wrong address and a wrong password get the same 401 (and take the
     * same time). Failures count per client and per (account, client); past either limit every
     * attempt is 429 before any password is checked. Per account, failures from browsers it does
     * not know slow those browsers down (a bounded wait, decision 028); a browser with the
     * account's device cookie never waits for what others did.
     */
    async logIn(site: SiteView, input: unknown, client: ClientFacts): Promise<IssuedSession> {
      const raw = LoginSchema.parse(input ?? {});
      refuseProblems(loginProblems(raw));
      const email = normalizeEmail(raw.email);
      const accountKey = `${site.id}|${email}`;
      const clientKey = clientKeyOf(client.ip);
      const accountClientKey = `${accountKey}|${clientKey}`;
      await ensureAllowed([
        [loginByClient, clientKey],
        [loginByAccountClient, accountClientKey],
      ]);
      const [row] = await db
        .select({ memberId: members.id, passwordHash: memberCredentials.passwordHash })
        .from(members)
        .innerJoin(
          memberCredentials,
          and(
            eq(memberCredentials.siteId, members.siteId),
            eq(memberCredentials.memberId, members.id),
          ),
        )
        .where(and(eq(members.siteId, site.id), eq(members.email, email)))
        .limit(1);
      const isKnownDevice =
        row !== undefined &&
        isDeviceTokenOf(client.deviceToken, site.id, row.memberId, row.passwordHash);
      if (!isKnownDevice) await ensureAllowed([[loginAccountWait, accountKey]]);
      const isValid = row
        ? await verifyPassword(raw.password, row.passwordHash)
        : await verifyAgainstDummy(raw.password);
      if (!row || !isValid) {
        await Promise.all([
          loginByClient.hit(clientKey),
          loginByAccountClient.hit(accountClientKey),
          // The owner's own mistakes (a known browser) never slow anyone down.
          isKnownDevice ? null : slowDownAccount(accountKey),
        ]);
        throw new InvalidCredentialsError();
      }
      await loginByAccountClient.reset(accountClientKey);
      let passwordHash = row.passwordHash;
      if (needsRehash(passwordHash)) {
        passwordHash = await hashPassword(raw.password);
        await db
          .update(memberCredentials)
          .set({ passwordHash })
          .where(
            and(
              eq(memberCredentials.siteId, site.id),
              eq(memberCredentials.memberId, row.memberId),
            ),
          );
      }
      // A member's expired sessions go when they next sign in (the sweep catches the rest).
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.siteId, site.id),
            eq(sessions.memberId, row.memberId),
            lte(sessions.expiresAt, now()),
          ),
        );
      return issueSession(site.id, row.memberId, passwordHash);
    },

    /** Whether a live session ending at `expiresAt` is due to slide (SESSION_SLIDE_BELOW_MS). */
    isDueToSlide(expiresAt: Date): boolean {
      return expiresAt.getTime() - clock() < SESSION_SLIDE_BELOW_MS;
    },

    /**
     * Slides the session `token` names: one UPDATE, which only a live session still due to slide
     * takes (two requests at once write it once). Returns its new expiry and the moment it was
     * set from, or null when nothing slid (unknown, ended, expired, or slid already).
     */
    async slideSession(
      site: SiteView,
      token: string,
    ): Promise<{ expiresAt: Date; at: Date } | null> {
      if (!isTokenShaped(token)) return null;
      const at = now();
      const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
      const [row] = await db
        .update(sessions)
        .set({ expiresAt })
        .where(
          and(
            eq(sessions.siteId, site.id),
            eq(sessions.tokenHash, hashToken(token)),
            gt(sessions.expiresAt, at),
            lt(sessions.expiresAt, new Date(at.getTime() + SESSION_SLIDE_BELOW_MS)),
          ),
        )
        .returning({ expiresAt: sessions.expiresAt });
      return row ? { expiresAt: row.expiresAt, at } : null;
    },

    /** Ends the session `token` names (nothing happens for an unknown one). */
    async logOut(site: SiteView, token: string | null): Promise<void> {
      if (!isTokenShaped(token)) return;
      await db
        .delete(sessions)
        .where(and(eq(sessions.siteId, site.id), eq(sessions.tokenHash, hashToken(token))));
    },

    /**
     * Asks for a reset link. Whether or not the address has an account, the answer is the same
     * (nobody learns who is registered); when it has one, a one-time token is made and handed to
     * `deliverResetLink`.
     */
    async requestReset(
      site: SiteView,
      input: unknown,
      client: ClientFacts,
      linkFor: (token: string) => string,
    ): Promise<void> {
      const raw = ResetRequestSchema.parse(input ?? {});
      refuseProblems(resetRequestProblems(raw));
      const email = normalizeEmail(raw.email);
      const emailKey = `${site.id}|${email}`;
      const clientKey = clientKeyOf(client.ip);
      await ensureAllowed([
        [resetByEmail, emailKey],
        [resetByClient, clientKey],
      ]);
      await Promise.all([resetByEmail.hit(emailKey), resetByClient.hit(clientKey)]);
      const [member] = await db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.siteId, site.id), eq(members.email, email)))
        .limit(1);
      if (!member) return;
      const token = newToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + RESET_TOKEN_TTL_MS);
      await db.insert(passwordResetTokens).values({
        siteId: site.id,
        tokenHash: hashToken(token),
        memberId: member.id,
        createdAt: at,
        expiresAt,
      });
      deps.deliverResetLink({
        siteId: site.id,
        memberId: member.id,
        email,
        token,
        url: linkFor(token),
        expiresAt,
      });
    },

    /**
     * Sets a new password with a reset token: the token works once and within its hour; every
     * session and reset token of the member ends; a new session signs them in.
     */
    async resetPassword(
      site: SiteView,
      input: unknown,
      client: ClientFacts,
    ): Promise<IssuedSession> {
      const raw = ResetPasswordSchema.parse(input ?? {});
      refuseProblems(resetPasswordProblems(raw));
      const clientKey = clientKeyOf(client.ip);
      await ensureAllowed([[resetByClient, clientKey]]);
      const token = raw.token.trim();
      if (!isTokenShaped(token)) {
        await resetByClient.hit(clientKey);
        throw new ResetTokenError();
      }
      const passwordHash = await hashPassword(raw.password);
      const memberId = await db.transaction(async (tx) => {
        // Deleting the token is what uses it: of two requests with one token, one gets the row.
        const [used] = await tx
          .delete(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.siteId, site.id),
              eq(passwordResetTokens.tokenHash, hashToken(token)),
            ),
          )
          .returning({
            memberId: passwordResetTokens.memberId,
            expiresAt: passwordResetTokens.expiresAt,
          });
        if (!used || used.expiresAt.getTime() <= clock()) return null;
        await tx
          .insert(memberCredentials)
          .values({ siteId: site.id, memberId: used.memberId, passwordHash })
          .onConflictDoUpdate({
            target: [memberCredentials.siteId, memberCredentials.memberId],
            set: { passwordHash, passwordUpdatedAt: now() },
          });
        await tx
          .delete(sessions)
          .where(and(eq(sessions.siteId, site.id), eq(sessions.memberId, used.memberId)));
        await tx
          .delete(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.siteId, site.id),
              eq(passwordResetTokens.memberId, used.memberId),
            ),
          );
        return used.memberId;
      });
      if (!memberId) {
        await resetByClient.hit(clientKey);
        throw new ResetTokenError();
      }
      return issueSession(site.id, memberId, passwordHash);
    },

    /** Deletes expired sessions and reset tokens of every site; returns how many sessions. */
    async sweepExpired(): Promise<number> {
      const at = now();
      await db.delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, at));
      const removed = await db
        .delete(sessions)
        .where(lte(sessions.expiresAt, at))
        .returning({ memberId: sessions.memberId });
      return removed.length;
    },
  };
}

/** The accounts service. */
export type AccountsService = ReturnType<typeof createAccounts>;
