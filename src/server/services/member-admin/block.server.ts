/**
 * Block and unblock (issue 18; SPEC §6 `member:block`: owners, never an owner, never oneself). A
 * blocked member counts as a guest (SPEC §4, §6) from their very next request: the actor is read
 * from the session's member row on every request (http/actor.server.ts), nothing keeps it. Their
 * pages change (badges, mention suggestions), so the write moves the site's generation.
 */
import { and, eq } from 'drizzle-orm';
import type { DashboardMemberView } from '../../../domain/dashboard-members';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { writeMemberIdentity } from '../../cache/site-write.server';
import { members } from '../../db/schema.server';
import { recordAudit } from './audit.server';
import { actorName, ensure, lockMember, type MemberAdminDeps, presentMember } from './rows.server';

/** Blocks (`isBlocked` true) or unblocks member `id`; answers the member as listed now. */
export async function setBlocked(
  deps: MemberAdminDeps,
  actor: Actor,
  site: SiteView,
  id: string,
  isBlocked: boolean,
): Promise<DashboardMemberView> {
  const row = await writeMemberIdentity(
    deps,
    site.id,
    id,
    async (tx) => {
      const before = await lockMember(tx, site.id, id);
      ensure(whyNot(actor, 'member:block', { member: before }));
      if (before.isBlocked === isBlocked) return { row: before, changed: false };
      const [after] = await tx
        .update(members)
        .set({ isBlocked, updatedAt: deps.now() })
        .where(and(eq(members.siteId, site.id), eq(members.id, id)))
        .returning();
      await recordAudit(tx, {
        siteId: site.id,
        actorId: actor.memberId,
        actorName: await actorName(tx, site.id, actor),
        action: isBlocked ? 'member.blocked' : 'member.unblocked',
        targetId: id,
        targetName: before.name,
      });
      return { row: after!, changed: true };
    },
    { didChange: (result) => result.changed },
  );
  return presentMember(site, actor, row.row);
}
