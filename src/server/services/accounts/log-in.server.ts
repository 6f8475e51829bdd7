/**
 * Login (issue 5; decisions 017, 028): one answer for a wrong address and a wrong password,
 * counted per client and per (account, client), and slowed down per account for unknown browsers.
 */
import { and, eq, lte } from 'drizzle-orm';
import { LoginSchema, loginProblems, normalizeEmail } from '../../../domain/auth';
import type { SiteView } from '../../../domain/views';
import { isDeviceTokenOf } from '../../auth/device.server';
import {
  hashPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from '../../auth/password.server';
import { clientKeyOf } from '../../auth/rate-limit.server';
import { memberCredentials, members, sessions } from '../../db/schema.server';
import type { AccountsContext, ClientFacts, IssuedSession } from './context.server';
import { InvalidCredentialsError, refuseProblems } from './errors.server';
import { accountDelaySeconds, ensureAllowed } from './limits.server';
import { issueSession } from './sessions.server';

/** Counts a failure against an account from an unknown browser; past the limit, a wait. */
async function slowDownAccount(
  { limits, limiters }: AccountsContext,
  accountKey: string,
): Promise<void> {
  const failures = await limiters.loginByAccount.hit(accountKey);
  const wait = accountDelaySeconds(
    failures,
    limits.loginPerAccount.limit,
    limits.loginAccountDelay,
  );
  if (wait > 0) await limiters.loginAccountWait.block(accountKey, wait);
}

/**
 * Signs a member in. A wrong address and a wrong password get the same 401 (and take the
 * same time). Failures count per client and per (account, client); past either limit every
 * attempt is 429 before any password is checked. Per account, failures from browsers it does
 * not know slow those browsers down (a bounded wait, decision 028); a browser with the
 * account's device cookie never waits for what others did.
 */
export async function logIn(
  context: AccountsContext,
  site: SiteView,
  input: unknown,
  client: ClientFacts,
): Promise<IssuedSession> {
  const { db, now, limiters } = context;
  const raw = LoginSchema.parse(input ?? {});
  refuseProblems(loginProblems(raw));
  const email = normalizeEmail(raw.email);
  const accountKey = `${site.id}|${email}`;
  const clientKey = clientKeyOf(client.ip);
  const accountClientKey = `${accountKey}|${clientKey}`;
  await ensureAllowed([
    [limiters.loginByClient, clientKey],
    [limiters.loginByAccountClient, accountClientKey],
  ]);
  const [row] = await db
    .select({ memberId: members.id, passwordHash: memberCredentials.passwordHash })
    .from(members)
    .innerJoin(
      memberCredentials,
      and(eq(memberCredentials.siteId, members.siteId), eq(memberCredentials.memberId, members.id)),
    )
    .where(and(eq(members.siteId, site.id), eq(members.email, email)))
    .limit(1);
  const isKnownDevice =
    row !== undefined &&
    isDeviceTokenOf(client.deviceToken, site.id, row.memberId, row.passwordHash);
  if (!isKnownDevice) await ensureAllowed([[limiters.loginAccountWait, accountKey]]);
  const isValid = row
    ? await verifyPassword(raw.password, row.passwordHash)
    : await verifyAgainstDummy(raw.password);
  if (!row || !isValid) {
    await Promise.all([
      limiters.loginByClient.hit(clientKey),
      limiters.loginByAccountClient.hit(accountClientKey),
      // The owner's own mistakes (a known browser) never slow anyone down.
      isKnownDevice ? null : slowDownAccount(context, accountKey),
    ]);
    throw new InvalidCredentialsError();
  }
  await limiters.loginByAccountClient.reset(accountClientKey);
  let passwordHash = row.passwordHash;
  if (needsRehash(passwordHash)) {
    passwordHash = await hashPassword(raw.password);
    await db
      .update(memberCredentials)
      .set({ passwordHash })
      .where(
        and(eq(memberCredentials.siteId, site.id), eq(memberCredentials.memberId, row.memberId)),
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
  return issueSession(context, site.id, row.memberId, passwordHash);
}
