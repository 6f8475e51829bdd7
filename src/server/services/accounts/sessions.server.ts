/**
 * Sessions (decision 017): a new one on sign-in, the one a cookie names, its slide, its end, and
 * the sweep of expired sessions and reset tokens.
 */
import { and, eq, gt, lt, lte } from 'drizzle-orm';
import { type Actor, PRIVACY_STATUSES } from '../../../domain/permissions';
import { imageOf } from '../../../domain/presenters';
import type { SiteView } from '../../../domain/views';
import { deviceTokenFor } from '../../auth/device.server';
import { csrfTokenFor, hashToken, isTokenShaped, newToken } from '../../auth/tokens.server';
import { members, passwordResetTokens, sessions } from '../../db/schema.server';
import {
  type AccountsContext,
  type IssuedSession,
  SESSION_SLIDE_BELOW_MS,
  SESSION_TTL_MS,
  type SessionRecord,
} from './context.server';

function privacyOf(value: string): Actor['privacy'] {
  return (PRIVACY_STATUSES as readonly string[]).includes(value)
    ? (value as Actor['privacy'])
    : 'PUBLIC';
}

/** The member columns a request's identity is made of (a session's member, the test header's). */
export const IDENTITY_MEMBER_COLUMNS = {
  id: members.id,
  slug: members.slug,
  name: members.name,
  image: members.image,
  role: members.role,
  isBlocked: members.isBlocked,
  privacy: members.privacyStatus,
  // Issue 22: the language the member's dashboard and editors render in (null: the site's).
  uiLanguage: members.uiLanguage,
};

/** A member row read with `IDENTITY_MEMBER_COLUMNS` (`_.data` leaves out a column's null). */
type IdentityMemberRow = {
  [K in Exclude<
    keyof typeof IDENTITY_MEMBER_COLUMNS,
    'uiLanguage'
  >]: (typeof IDENTITY_MEMBER_COLUMNS)[K]['_']['data'];
} & { uiLanguage: string | null };

/** A member row as the actor permissions are checked against and the member pages show. */
export function identityOfMember(row: IdentityMemberRow) {
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
    uiLanguage: row.uiLanguage,
  };
}

/** A new session of the member on the site, and the device token of the browser it signs in. */
export async function issueSession(
  { db, now }: AccountsContext,
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

/**
 * The session a cookie's token names on `site`, with its member: from the process's session
 * cache when it resolved it less than SESSION_CACHE_TTL_MS ago (decision 051), else one
 * primary-key lookup joined to the member row. A text that cannot be a token costs no query at
 * all, and neither does a token found dead a moment ago.
 */
export async function findSession(
  { db, now, sessions: cache }: AccountsContext,
  site: SiteView,
  token: string | null,
): Promise<SessionRecord | null> {
  if (!isTokenShaped(token)) return null;
  const tokenHash = hashToken(token);
  const at = now();
  return cache.lookup(site.id, tokenHash, at.getTime(), async () => {
    const [row] = await db
      .select({
        ...IDENTITY_MEMBER_COLUMNS,
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
          eq(sessions.tokenHash, tokenHash),
          gt(sessions.expiresAt, at),
        ),
      )
      .limit(1);
    if (!row) return null;
    const csrfToken = csrfTokenFor({ kind: 'session', token });
    return { ...identityOfMember(row), expiresAt: row.expiresAt, csrfToken };
  });
}

/** Whether a live session ending at `expiresAt` is due to slide (SESSION_SLIDE_BELOW_MS). */
export function isDueToSlide({ now }: AccountsContext, expiresAt: Date): boolean {
  return expiresAt.getTime() - now().getTime() < SESSION_SLIDE_BELOW_MS;
}

/**
 * Slides the session `token` names: one UPDATE, which only a live session still due to slide
 * takes (two requests at once write it once). Returns its new expiry and the moment it was
 * set from, or null when nothing slid (unknown, ended, expired, or slid already).
 */
export async function slideSession(
  { db, now, sessions: cache }: AccountsContext,
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
  // The cached entry holds the old expiry: the next request reads the new one.
  if (row) cache.forgetSession(site.id, hashToken(token));
  return row ? { expiresAt: row.expiresAt, at } : null;
}

/** Ends the session `token` names (nothing happens for an unknown one), in the cache at once. */
export async function logOut(
  { db, sessions: cache }: AccountsContext,
  site: SiteView,
  token: string | null,
): Promise<void> {
  if (!isTokenShaped(token)) return;
  const tokenHash = hashToken(token);
  await db
    .delete(sessions)
    .where(and(eq(sessions.siteId, site.id), eq(sessions.tokenHash, tokenHash)));
  cache.forgetSession(site.id, tokenHash);
}

/** Deletes expired sessions and reset tokens of every site; returns how many sessions. */
export async function sweepExpired({ db, now }: AccountsContext): Promise<number> {
  const at = now();
  await db.delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, at));
  const removed = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, at))
    .returning({ memberId: sessions.memberId });
  return removed.length;
}
