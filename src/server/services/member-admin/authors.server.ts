/**
 * New authors (issue 18; SPEC §6 `author:create`): an editor or an owner makes an account with a
 * name, an address and a writing role (editors: writer or guest writer; owners: editor too). The
 * account has no password: it gets a one-time link to the reset form, made exactly as a password
 * reset makes one (accounts/reset.server.ts: logged by the server, mailed when a transport is
 * set), in the transaction that creates the member, and delivered after the commit.
 */
import { randomUUID } from 'node:crypto';
import {
  type AuthorCreate,
  type AuthorCreatedView,
  authorRolesFor,
} from '../../../domain/dashboard-members';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { type SiteWriteTransaction, writeSiteContent } from '../../cache/site-write.server';
import { members } from '../../db/schema.server';
import { AppError } from '../../errors.server';
import { AuthFieldsError } from '../accounts/errors.server';
import { freeSlug, isEmailTaken } from '../accounts/sign-up.server';
import { recordAudit } from './audit.server';
import { actorName, ensure, type MemberAdminDeps, presentMember } from './rows.server';

/**
 * Makes the one-time set-password link of a new member inside `tx`; answers its delivery, which
 * runs after the commit.
 */
export type IssueSetPasswordLink = (
  tx: SiteWriteTransaction,
  member: { id: string; email: string },
) => Promise<() => void>;

/** Creates an author; 409 `email_taken` (field `email`) for an address already a member's. */
export async function createAuthor(
  deps: MemberAdminDeps,
  actor: Actor,
  site: SiteView,
  input: AuthorCreate,
  issueLink: IssueSetPasswordLink,
): Promise<AuthorCreatedView> {
  ensure(whyNot(actor, 'author:create', {}));
  if (!authorRolesFor(actor).includes(input.role)) {
    throw new AppError(403, 'forbidden', 'You may not give this role', {
      role: 'is not a role you may give',
    });
  }
  if (await isEmailTaken(deps, site.id, input.email)) {
    throw new AuthFieldsError({ email: 'taken' }, 409, 'email_taken');
  }
  // Two creations may race for a slug (or the address): the unique indexes decide, and the loser
  // tries again with a fresh look at what is taken.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const created = await writeSiteContent(
      deps,
      site.id,
      async (tx) => {
        const id = randomUUID();
        const slug = await freeSlug({ db: tx }, site.id, input.name);
        const [row] = await tx
          .insert(members)
          .values({
            siteId: site.id,
            id,
            slug,
            name: input.name,
            email: input.email,
            role: input.role,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) return null;
        const deliver = await issueLink(tx, { id, email: input.email });
        await recordAudit(tx, {
          siteId: site.id,
          actorId: actor.memberId,
          actorName: await actorName(tx, site.id, actor),
          action: 'member.author-created',
          targetId: id,
          targetName: input.name,
          details: { role: input.role },
        });
        return { row, deliver };
      },
      { didChange: (result) => result !== null },
    );
    if (created) {
      created.deliver();
      return { member: presentMember(site, actor, created.row) };
    }
    if (await isEmailTaken(deps, site.id, input.email)) {
      throw new AuthFieldsError({ email: 'taken' }, 409, 'email_taken');
    }
  }
  throw new AppError(503, 'author_create_busy', 'Could not create the account; try again');
}
