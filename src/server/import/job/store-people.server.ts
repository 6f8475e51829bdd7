/**
 * Authors and commenters become members (issue 21): an author a writer, a commenter a member
 * (`user`), both without a password: they claim the account through the one-time set-password
 * link (the password-reset flow) with the address the file gave. An address that already is a
 * member's reuses that member; each is remembered in `imported_records`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { writeSiteContent } from '../../cache/site-write.server';
import { members } from '../../db/schema.server';
import { freeSlug } from '../../services/accounts/sign-up.server';
import type { ImportAuthor, ImportComment } from '../records';
import { type ImportContext, keyOf, reasonOf } from './context.server';
import { mappedId, rememberId } from './import-ids.server';
import { addFailure } from './report';

/** The member with this address on the site, or null (addresses are stored lowercased). */
async function memberByEmail(context: ImportContext, email: string): Promise<string | null> {
  if (email === '') return null;
  const [row] = await context.deps.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.siteId, context.site.id), eq(members.email, email)));
  return row?.id ?? null;
}

interface Person {
  kind: 'author' | 'commenter';
  sourceId: string;
  name: string;
  email: string;
  about: string;
  role: 'writer' | 'user';
}

/**
 * The member a person of the file is: the one remembered, else the member with their address
 * (remembered from now on), else a new one. `created` says which; null in a dry run for a new one.
 */
async function memberFor(
  context: ImportContext,
  person: Person,
): Promise<{ id: string | null; created: boolean }> {
  const key = keyOf(context, person.kind, person.sourceId);
  const known = await mappedId(context.deps.db, key);
  if (known !== null) return { id: known, created: false };
  const planned = `${person.kind}:${person.sourceId}`;
  if (context.wouldCreate.has(planned)) return { id: null, created: false };
  const email = person.email.trim().toLowerCase();
  const existing = await memberByEmail(context, email);
  if (context.dryRun) {
    context.wouldCreate.add(planned);
    return { id: existing, created: existing === null };
  }
  const id = await writeSiteContent(
    context.deps,
    context.site.id,
    async (tx) => {
      if (existing !== null) {
        await rememberId(tx, key, existing);
        return existing;
      }
      const memberId = randomUUID();
      const name = person.name.trim() || email.split('@')[0] || 'Reader';
      await tx.insert(members).values({
        siteId: context.site.id,
        id: memberId,
        slug: await freeSlug({ db: tx }, context.site.id, name),
        name,
        email: email === '' ? null : email,
        about: person.about,
        role: person.role,
      });
      await rememberId(tx, key, memberId);
      return memberId;
    },
    // A member no page lists yet; the import's final write moves the generation.
    { didChange: () => false },
  );
  return { id, created: existing === null };
}

/** Stores an author as a writer (or finds them); counted in the report. */
export async function storeAuthor(context: ImportContext, record: ImportAuthor): Promise<void> {
  try {
    const { created } = await memberFor(context, {
      kind: 'author',
      sourceId: record.sourceId,
      name: record.displayName || record.login,
      email: record.email,
      about: record.bio,
      role: 'writer',
    });
    context.report.counts.author[created ? 'created' : 'existing'] += 1;
  } catch (error) {
    addFailure(context.report, {
      kind: 'author',
      sourceId: record.sourceId,
      reason: reasonOf(error),
    });
  }
}

/**
 * The member who wrote a comment, keyed by their address (or their name when the file has no
 * address): one member per person however many comments they wrote. Null in a dry run.
 */
export async function commenterFor(
  context: ImportContext,
  record: ImportComment,
): Promise<string | null> {
  const email = record.authorEmail.trim().toLowerCase();
  const { id } = await memberFor(context, {
    kind: 'commenter',
    sourceId: email === '' ? `name:${record.authorName.trim()}` : email,
    name: record.authorName,
    email,
    about: '',
    role: 'user',
  });
  return id;
}
