/** Sign-up (issue 5; SPEC §6): a new member with a password, signed in at once. */
import { randomUUID } from 'node:crypto';
import { and, eq, like, or } from 'drizzle-orm';
import {
  normalizeEmail,
  normalizeMemberName,
  SignUpSchema,
  signUpProblems,
} from '../../../domain/auth';
import { slugify, uniqueSlug } from '../../../domain/slugs';
import type { SiteView } from '../../../domain/views';
import { hashPassword } from '../../auth/password.server';
import { clientKeyOf } from '../../auth/rate-limit.server';
import { memberCredentials, members } from '../../db/schema.server';
import { AppError } from '../../errors.server';
import type { AccountsContext, ClientFacts, IssuedSession } from './context.server';
import { AuthFieldsError, refuseProblems } from './errors.server';
import { ensureAllowed } from './limits.server';
import { issueSession } from './sessions.server';

/** A free slug for a new member's name (SPEC §2 profile URLs; reserved words avoided). */
export async function freeSlug(
  { db }: { db: Pick<AccountsContext['db'], 'select'> },
  siteId: string,
  name: string,
): Promise<string> {
  const base = slugify(name);
  const rows = await db
    .select({ slug: members.slug })
    .from(members)
    .where(
      and(eq(members.siteId, siteId), or(eq(members.slug, base), like(members.slug, `${base}-%`))),
    );
  const taken = new Set(rows.map((r) => r.slug));
  return uniqueSlug(base, (slug) => taken.has(slug), 'member');
}

/** Whether an address is already a member's of the site (sign-up; issue 18's new authors). */
export async function isEmailTaken(
  { db }: { db: Pick<AccountsContext['db'], 'select'> },
  siteId: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.email, email)))
    .limit(1);
  return row !== undefined;
}

/**
 * Creates a member (role `user`, SPEC §6) with a password and signs them in. 400 naming each
 * bad field; 409 `email_taken` (field `email`) for an address already registered.
 */
export async function signUp(
  context: AccountsContext,
  site: SiteView,
  input: unknown,
  client: ClientFacts,
): Promise<IssuedSession> {
  const { db, limiters } = context;
  const raw = SignUpSchema.parse(input ?? {});
  refuseProblems(signUpProblems(raw));
  const clientKey = clientKeyOf(client.ip);
  await ensureAllowed([[limiters.signUpByClient, clientKey]]);
  await limiters.signUpByClient.hit(clientKey);
  const email = normalizeEmail(raw.email);
  const name = normalizeMemberName(raw.name);
  if (await isEmailTaken(context, site.id, email)) {
    throw new AuthFieldsError({ email: 'taken' }, 409, 'email_taken');
  }
  const passwordHash = await hashPassword(raw.password);
  // Two sign-ups may race for a slug (or an address): the unique indexes decide, and the
  // loser tries again with a fresh look at what is taken.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const id = randomUUID();
    const slug = await freeSlug(context, site.id, name);
    const created = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(members)
        .values({ siteId: site.id, id, slug, name, email, role: 'user' })
        .onConflictDoNothing()
        .returning({ id: members.id });
      if (inserted.length === 0) return false;
      await tx.insert(memberCredentials).values({ siteId: site.id, memberId: id, passwordHash });
      return true;
    });
    if (created) return issueSession(context, site.id, id, passwordHash);
    if (await isEmailTaken(context, site.id, email)) {
      throw new AuthFieldsError({ email: 'taken' }, 409, 'email_taken');
    }
  }
  throw new AppError(503, 'sign_up_busy', 'Could not create the account; try again');
}
