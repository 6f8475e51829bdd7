/**
 * Notifying (decision 018): store a notification for one or many members and publish it to their
 * open streams. Nobody is notified of their own action; a member already in an unread fold is not
 * stored twice.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { RoleSchema } from '../../../domain/actor-schemas';
import type { NotificationActor, NotificationEvent } from '../../../domain/notifications';
import { members, notifications } from '../../db/schema.server';
import type { NotificationsContext } from './context.server';
import { countUnread, othersOf } from './read.server';
import { notificationColumns, type StoredNotification } from './stored.server';

/** Rows per INSERT when one post notifies many subscribers. */
const FAN_OUT_CHUNK = 500;

/** Publishes stored notifications to their members' streams, with each one's unread count. */
export async function publishStored(
  deps: NotificationsContext,
  siteId: string,
  rows: { memberId: string; stored: StoredNotification }[],
) {
  for (const { memberId, stored } of rows) {
    if (!deps.hub.hasListeners(siteId, memberId)) continue;
    // The line as the member's list now shows it: the newest of its fold, with the others.
    const others = (await othersOf(deps, siteId, memberId, [stored])).get(stored.id) ?? 0;
    const unread = await countUnread(deps, siteId, memberId);
    deps.hub.publish(siteId, memberId, {
      type: 'notification',
      notification: { ...stored, others },
      unread,
    });
  }
}

/**
 * Notifies `memberId` of `event`, stores it and delivers it to the member's open pages. Nobody
 * is notified of their own action: returns null then. Throws on an event of the wrong shape.
 */
export async function notify(
  deps: NotificationsContext,
  siteId: string,
  memberId: string,
  event: NotificationEvent,
): Promise<StoredNotification | null> {
  const [stored] = await notifyMany(deps, siteId, [memberId], event);
  return stored ?? null;
}

/**
 * Notifies each of `memberIds` (once each, the actor left out) of the same event, in bulk.
 * Returns what was stored.
 */
export async function notifyMany(
  deps: NotificationsContext,
  siteId: string,
  memberIds: readonly string[],
  event: NotificationEvent,
): Promise<StoredNotification[]> {
  const columns = notificationColumns(event);
  const { actorId, groupKey } = columns;
  let recipients = [...new Set(memberIds)].filter((id) => id !== actorId);
  if (groupKey !== null && actorId !== null && recipients.length > 0) {
    // A member who does it again while the fold is unread (like, unlike, like) is in it
    // already: no second row of them.
    const already = await deps.db
      .select({ memberId: notifications.memberId })
      .from(notifications)
      .where(
        and(
          eq(notifications.siteId, siteId),
          inArray(notifications.memberId, recipients),
          eq(notifications.groupKey, groupKey),
          isNull(notifications.readAt),
          eq(notifications.actorId, actorId),
        ),
      );
    const told = new Set(already.map((r) => r.memberId));
    recipients = recipients.filter((id) => !told.has(id));
  }
  const stored: { memberId: string; stored: StoredNotification }[] = [];
  for (let i = 0; i < recipients.length; i += FAN_OUT_CHUNK) {
    const rows = await deps.db
      .insert(notifications)
      .values(
        recipients.slice(i, i + FAN_OUT_CHUNK).map((memberId) => ({
          siteId,
          id: randomUUID(),
          memberId,
          ...columns,
        })),
      )
      .returning({
        id: notifications.id,
        memberId: notifications.memberId,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      });
    for (const row of rows) {
      stored.push({
        memberId: row.memberId,
        stored: {
          id: row.id,
          readAt: row.readAt,
          createdAt: row.createdAt,
          event,
          groupKey,
          others: 0,
        },
      });
    }
  }
  if (stored.length > 0)
    deps.onStored?.(
      siteId,
      stored.map((s) => s.memberId),
    );
  await publishStored(deps, siteId, stored);
  return stored.map((s) => s.stored);
}

/** A member as a notification names them; null when the site has no such member. */
export async function memberRef(
  deps: NotificationsContext,
  siteId: string,
  memberId: string,
): Promise<NotificationActor | null> {
  const [row] = await deps.db
    .select({ id: members.id, name: members.name, slug: members.slug })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.id, memberId)))
    .limit(1);
  return row ?? null;
}

/**
 * Tells a member their role changed (SPEC §6 promote/demote; the owner's contributor
 * management calls it). `changedBy` is the member who changed it, null for the system; no
 * notification when the role did not change or a member changed their own.
 */
export async function notifyRoleChanged(
  deps: NotificationsContext,
  siteId: string,
  change: { memberId: string; changedBy: string | null; from: string; to: string },
): Promise<StoredNotification | null> {
  const from = RoleSchema.parse(change.from);
  const to = RoleSchema.parse(change.to);
  if (from === to) return null;
  const actor = change.changedBy === null ? null : await memberRef(deps, siteId, change.changedBy);
  return notify(deps, siteId, change.memberId, { kind: 'role-changed', actor, from, to });
}
