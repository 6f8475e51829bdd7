/**
 * Password reset (issue 5; decision 017): a one-time link asked for by address, and the new
 * password it sets, which ends every session of the member.
 */
import { and, eq } from 'drizzle-orm';
import {
  normalizeEmail,
  ResetPasswordSchema,
  ResetRequestSchema,
  resetPasswordProblems,
  resetRequestProblems,
} from '../../../domain/auth';
import type { SiteView } from '../../../domain/views';
import { hashPassword } from '../../auth/password.server';
import { clientKeyOf } from '../../auth/rate-limit.server';
import { hashToken, isTokenShaped, newToken } from '../../auth/tokens.server';
import { memberCredentials, members, passwordResetTokens, sessions } from '../../db/schema.server';
import {
  type AccountsContext,
  type ClientFacts,
  type IssuedSession,
  RESET_TOKEN_TTL_MS,
} from './context.server';
import { ResetTokenError, refuseProblems } from './errors.server';
import { ensureAllowed } from './limits.server';
import { issueSession } from './sessions.server';

/**
 * Asks for a reset link. Whether or not the address has an account, the answer is the same
 * (nobody learns who is registered); when it has one, a one-time token is made and handed to
 * `deliverResetLink`.
 */
export async function requestReset(
  { db, now, limiters, deliverResetLink }: AccountsContext,
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
    [limiters.resetByEmail, emailKey],
    [limiters.resetByClient, clientKey],
  ]);
  await Promise.all([limiters.resetByEmail.hit(emailKey), limiters.resetByClient.hit(clientKey)]);
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.siteId, site.id), eq(members.email, email)))
    .limit(1);
  if (!member) return;
  const deliver = await issueResetLink(
    { db, now, deliverResetLink },
    site,
    { id: member.id, email },
    linkFor,
  );
  deliver();
}

/** What a reset token is written with: the database, or a transaction of it. */
export type ResetLinkWriter = Pick<AccountsContext['db'], 'insert'>;

/**
 * Makes a one-time reset token for `member` with `db` (a transaction when the caller has one:
 * issue 18's new authors get theirs in the transaction that creates them) and answers the
 * delivery, to call once the token is committed. The link is the reset form's; it sets the
 * password of an account that has none just as it replaces one. It works for `ttlMs` (a reset's
 * hour by default; an imported author's claim link longer, CLAIM_LINK_TTL_MS).
 */
export async function issueResetLink(
  {
    db,
    now,
    deliverResetLink,
  }: Pick<AccountsContext, 'now' | 'deliverResetLink'> & {
    db: ResetLinkWriter;
  },
  site: SiteView,
  member: { id: string; email: string },
  linkFor: (token: string) => string,
  ttlMs: number = RESET_TOKEN_TTL_MS,
): Promise<() => void> {
  const token = newToken();
  const at = now();
  const expiresAt = new Date(at.getTime() + ttlMs);
  await db.insert(passwordResetTokens).values({
    siteId: site.id,
    tokenHash: hashToken(token),
    memberId: member.id,
    createdAt: at,
    expiresAt,
  });
  return () =>
    deliverResetLink({
      siteId: site.id,
      memberId: member.id,
      email: member.email,
      token,
      url: linkFor(token),
      expiresAt,
    });
}

/**
 * Sets a new password with a reset token: the token works once and within its hour; every
 * session and reset token of the member ends; a new session signs them in.
 */
export async function resetPassword(
  context: AccountsContext,
  site: SiteView,
  input: unknown,
  client: ClientFacts,
): Promise<IssuedSession> {
  const { db, now, limiters } = context;
  const raw = ResetPasswordSchema.parse(input ?? {});
  refuseProblems(resetPasswordProblems(raw));
  const clientKey = clientKeyOf(client.ip);
  await ensureAllowed([[limiters.resetByClient, clientKey]]);
  const token = raw.token.trim();
  if (!isTokenShaped(token)) {
    await limiters.resetByClient.hit(clientKey);
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
    if (!used || used.expiresAt.getTime() <= now().getTime()) return null;
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
    await limiters.resetByClient.hit(clientKey);
    throw new ResetTokenError();
  }
  // Every session of the member ended: none may be served from the cache either.
  context.sessions.forgetMember(site.id, memberId);
  return issueSession(context, site.id, memberId, passwordHash);
}
