/** Marking notification lines read, one fold at one moment (migration 0008). */
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { notifications } from '../../db/schema.server';
import { NotFoundError } from '../../errors.server';
import type { NotificationsContext } from './context.server';
import { other } from './queries.server';
import { countUnread } from './read.server';
import { ownerOf } from './stored.server';

/** Tells the member's open pages the new count after a change. */
export async function publishUnread(
  deps: NotificationsContext,
  siteId: string,
  memberId: string,
): Promise<number> {
  const unread = await countUnread(deps, siteId, memberId);
  deps.hub.publish(siteId, memberId, { type: 'unread', unread });
  return unread;
}

/**
 * Marks one of the actor's notification lines read (again is fine): the notification and, when
 * it folds, the unread ones of its fold up to it (not one that came after the member saw the
 * line), all at one moment so they stay one line. Another member's, or none, is not found.
 * Returns the unread count after it.
 */
export async function markRead(
  deps: NotificationsContext,
  actor: Actor,
  site: SiteView,
  notificationId: string,
): Promise<{ unread: number }> {
  const memberId = ownerOf(actor);
  const mine = and(eq(notifications.siteId, site.id), eq(notifications.memberId, memberId));
  const [row] = await deps.db
    .select({
      id: notifications.id,
      readAt: notifications.readAt,
      groupKey: notifications.groupKey,
    })
    .from(notifications)
    .where(and(mine, eq(notifications.id, notificationId)))
    .limit(1);
  if (!row) throw new NotFoundError('notification_not_found', 'Notification not found');
  if (row.readAt === null) {
    await deps.db
      .update(notifications)
      .set({ readAt: deps.now() })
      .where(
        and(
          mine,
          isNull(notifications.readAt),
          row.groupKey === null
            ? eq(notifications.id, row.id)
            : and(
                eq(notifications.groupKey, row.groupKey),
                // The line's own time as stored: a Date would lose its microseconds.
                lte(
                  notifications.createdAt,
                  deps.db
                    .select({ createdAt: other.createdAt })
                    .from(other)
                    .where(
                      and(
                        eq(other.siteId, site.id),
                        eq(other.memberId, memberId),
                        eq(other.id, row.id),
                      ),
                    ),
                ),
              ),
        ),
      );
  }
  return { unread: await publishUnread(deps, site.id, memberId) };
}

/** Marks every notification of the actor read, at one moment (each fold stays one line). */
export async function markAllRead(
  deps: NotificationsContext,
  actor: Actor,
  site: SiteView,
): Promise<{ unread: number }> {
  const memberId = ownerOf(actor);
  await deps.db
    .update(notifications)
    .set({ readAt: deps.now() })
    .where(
      and(
        eq(notifications.siteId, site.id),
        eq(notifications.memberId, memberId),
        isNull(notifications.readAt),
      ),
    );
  return { unread: await publishUnread(deps, site.id, memberId) };
}
