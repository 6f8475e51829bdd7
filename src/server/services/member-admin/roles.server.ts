/**
 * Role changes (issue 18; SPEC §6 `member:promote`): owners give any role up to editor. Never to
 * oneself (403 `own_role`), never an owner's (the table: owners are not changed), never the
 * blog's last owner (409 `last_owner`, asked first for oneself so the answer says why). The
 * member is told (the `role-changed` notification) and the change is in the audit log, written
 * in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { DashboardMemberView, RoleChange } from '../../../domain/dashboard-members';
import { roleChangeKind } from '../../../domain/dashboard-members';
import { type Actor, isRole, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { writeMemberIdentity } from '../../cache/site-write.server';
import { members } from '../../db/schema.server';
import { AppError } from '../../errors.server';
import { recordAudit } from './audit.server';
import {
  actorName,
  ensure,
  ensureNotLastOwner,
  isAssignable,
  lockMember,
  type MemberAdminDeps,
  presentMember,
} from './rows.server';

/** Changes member `id`'s role; answers the member as the list shows them now. */
export async function changeRole(
  deps: MemberAdminDeps,
  actor: Actor,
  site: SiteView,
  id: string,
  input: RoleChange,
): Promise<{ member: DashboardMemberView; change: 'promote' | 'demote' | 'none' }> {
  const result = await writeMemberIdentity(deps, site.id, id, async (tx) => {
    const before = await lockMember(tx, site.id, id);
    if (actor.memberId === id) {
      await ensureNotLastOwner(tx, site.id, before);
      throw new AppError(403, 'own_role', 'Nobody changes their own role');
    }
    ensure(whyNot(actor, 'member:promote', { member: before }));
    // A service account's role (above owners) is not the owners' to change.
    if (!isAssignable(before.role)) ensure('forbidden');
    if (before.role === input.role) return { before, after: before };
    const [after] = await tx
      .update(members)
      .set({ role: input.role, updatedAt: deps.now() })
      .where(and(eq(members.siteId, site.id), eq(members.id, id)))
      .returning();
    await recordAudit(tx, {
      siteId: site.id,
      actorId: actor.memberId,
      actorName: await actorName(tx, site.id, actor),
      action: 'member.role-changed',
      targetId: id,
      targetName: before.name,
      details: { from: before.role, to: input.role },
    });
    return { before, after: after! };
  });
  const { before, after } = result;
  const changed = before.role !== after.role;
  if (changed && deps.notifications) {
    // Notifying never fails the change that caused it.
    await deps.notifications
      .notifyRoleChanged(site.id, {
        memberId: id,
        changedBy: actor.memberId,
        from: before.role,
        to: after.role,
      })
      .catch((error) => deps.log?.error(error, 'role-changed notification failed'));
  }
  const from = isRole(before.role) ? before.role : 'user';
  return {
    member: presentMember(site, actor, after),
    change: changed ? roleChangeKind(from, input.role) : 'none',
  };
}
