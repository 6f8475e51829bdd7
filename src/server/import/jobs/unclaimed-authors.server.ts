/**
 * Imported authors who have not claimed their account yet (issue 21: authors come in "as members
 * with the writer role and no password: a one-time link to claim the account"). The import's
 * final report lists them; the owner copies a claim link for each, which is the password reset's
 * one-time link (`services/accounts/reset.server.ts`): it sets the password of an account that
 * has none.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { UnclaimedAuthorView } from '../../../domain/import-export';
import type { Database } from '../../db/connection.server';
import { importedRecords, memberCredentials, members } from '../../db/schema.server';
import type { ImportSource } from '../records';

/** How many unclaimed authors the report lists (a WordPress blog has a handful). */
export const UNCLAIMED_AUTHORS_LISTED_MAX = 200;

/** The authors imported from `source` into the site who have no password, by name. */
export async function unclaimedAuthors(
  db: Database,
  siteId: string,
  source: ImportSource,
): Promise<UnclaimedAuthorView[]> {
  const rows = await db
    .select({ memberId: members.id, name: members.name, email: members.email })
    .from(importedRecords)
    .innerJoin(
      members,
      and(eq(members.siteId, importedRecords.siteId), eq(members.id, importedRecords.targetId)),
    )
    .leftJoin(
      memberCredentials,
      and(eq(memberCredentials.siteId, members.siteId), eq(memberCredentials.memberId, members.id)),
    )
    .where(
      and(
        eq(importedRecords.siteId, siteId),
        eq(importedRecords.source, source),
        eq(importedRecords.kind, 'author'),
        isNull(memberCredentials.memberId),
      ),
    )
    .orderBy(members.name)
    .limit(UNCLAIMED_AUTHORS_LISTED_MAX);
  return rows.map((row) => ({ memberId: row.memberId, name: row.name, email: row.email ?? '' }));
}

/** The member a claim link is for: one of the site's, with an address and no password. */
export async function claimableMember(
  db: Database,
  siteId: string,
  memberId: string,
): Promise<{ id: string; email: string; hasPassword: boolean } | null> {
  const [row] = await db
    .select({ id: members.id, email: members.email, credential: memberCredentials.memberId })
    .from(members)
    .leftJoin(
      memberCredentials,
      and(eq(memberCredentials.siteId, members.siteId), eq(memberCredentials.memberId, members.id)),
    )
    .where(and(eq(members.siteId, siteId), eq(members.id, memberId)));
  if (!row?.email) return null;
  return { id: row.id, email: row.email, hasPassword: row.credential !== null };
}
