/**
 * A member's notifications (issue 5 "Notifications", decision 018): `notify` stores one and
 * publishes it to the member's open streams; the member lists theirs newest first, counts the
 * unread ones and marks them read. Everything is scoped by site and member: the list reads
 * `notifications_member_idx` (site, member, created_at desc), the unread ones
 * `notifications_unread_idx` (the same, where read_at is null).
 *
 * Folding (migration 0008): notifications of one kind on one target (`group_key`, e.g. the likes
 * of one post) fold into one line while unread, shown as their newest with how many others did
 * the same ("Ana and 3 others liked your post"). Reading a line reads its whole fold at one
 * moment, so a fold stays one line once read; a like after that starts a new one. Folds are
 * made when reading (each line asks `notifications_group_idx` whether a newer one of its fold
 * hides it), so storing stays one insert.
 *
 * Events are stored as the `type` column (the kind) and a JSON `payload` (the rest), validated on
 * the way in and on the way out: a payload an older version wrote and this one cannot read is left
 * out of the list rather than failing it. Names and titles are kept as they were when it happened.
 *
 * One module per use case in `notifications/` (issue 16 §3): `send` (notify one or many, a role
 * change), `new-post` (a post's subscribers), `read` (the list and the unread count),
 * `mark-read`, `retention`; `stored` (the stored event and its presenter) and `queries` (the
 * fold's SQL) are what they share. This factory only binds the dependencies.
 */
import type { NotificationEvent } from '../../domain/notifications';
import type { Actor } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import type { NotificationsContext } from './notifications/context.server';
import { markAllRead, markRead } from './notifications/mark-read.server';
import { notifyNewPost } from './notifications/new-post.server';
import { countUnread, list, streamOwner, unreadCount } from './notifications/read.server';
import { deleteReadBefore } from './notifications/retention.server';
import { memberRef, notify, notifyMany, notifyRoleChanged } from './notifications/send.server';

export { linesQuery, othersQuery, unreadLinesQuery } from './notifications/queries.server';
export {
  NOTIFICATION_RETENTION_MS,
  notificationColumns,
  presentNotification,
  RETENTION_BATCH,
  type StoredNotification,
  storedEvent,
  UNREAD_SCAN_MAX,
} from './notifications/stored.server';

/** The notifications' dependencies; the clock defaults to the real one. */
export type NotificationsDeps = Omit<NotificationsContext, 'now'> &
  Partial<Pick<NotificationsContext, 'now'>>;

/** Builds the notifications service: each use case bound to `deps`. */
export function createNotifications({ now = () => new Date(), ...rest }: NotificationsDeps) {
  const deps: NotificationsContext = { ...rest, now };
  return {
    hub: deps.hub,
    notify: (siteId: string, memberId: string, event: NotificationEvent) =>
      notify(deps, siteId, memberId, event),
    notifyMany: (siteId: string, memberIds: readonly string[], event: NotificationEvent) =>
      notifyMany(deps, siteId, memberIds, event),
    notifyRoleChanged: (
      siteId: string,
      change: { memberId: string; changedBy: string | null; from: string; to: string },
    ) => notifyRoleChanged(deps, siteId, change),
    notifyNewPost: (siteId: string, postId: string) => notifyNewPost(deps, siteId, postId),
    memberRef: (siteId: string, memberId: string) => memberRef(deps, siteId, memberId),
    list: (
      actor: Actor,
      site: SiteView,
      query: { page: number; pageSize: number; unread?: boolean },
    ) => list(deps, actor, site, query),
    unreadCount: (actor: Actor, site: SiteView) => unreadCount(deps, actor, site),
    countUnread: (siteId: string, memberId: string) => countUnread(deps, siteId, memberId),
    markRead: (actor: Actor, site: SiteView, notificationId: string) =>
      markRead(deps, actor, site, notificationId),
    markAllRead: (actor: Actor, site: SiteView) => markAllRead(deps, actor, site),
    deleteReadBefore: (cutoff: Date) => deleteReadBefore(deps, cutoff),
    streamOwner: (actor: Actor) => streamOwner(deps, actor),
  };
}

export type NotificationsService = ReturnType<typeof createNotifications>;
