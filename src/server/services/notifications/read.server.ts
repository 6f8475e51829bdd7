/** A member's notification lines, newest first, and their unread count (decision 018). */
import {
  type NotificationsPageView,
  type NotificationView,
  UNREAD_COUNT_CAP,
} from '../../../domain/notifications';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import type { NotificationsContext } from './context.server';
import { linesQuery, othersQuery, unreadLinesQuery } from './queries.server';
import { ownerOf, presentNotification, storedEvent } from './stored.server';

export async function countUnread(
  deps: NotificationsContext,
  siteId: string,
  memberId: string,
): Promise<number> {
  const [row] = await unreadLinesQuery(deps.db, siteId, memberId);
  return Math.min(Number(row?.n ?? 0), UNREAD_COUNT_CAP);
}

/** How many others each of `lines` folds (ids of lines that have a group key). */
export async function othersOf(
  deps: NotificationsContext,
  siteId: string,
  memberId: string,
  lines: { id: string; groupKey: string | null }[],
): Promise<Map<string, number>> {
  const ids = lines.filter((l) => l.groupKey !== null).map((l) => l.id);
  if (ids.length === 0) return new Map();
  const rows = await othersQuery(deps.db, siteId, memberId, ids);
  return new Map(rows.map((r) => [r.id, Math.max(0, Number(r.members) - 1)]));
}

/**
 * One page of the actor's notification lines (folds shown once, as their newest), newest
 * first, with the unread count; `unread` lists the unread ones alone (from
 * `notifications_unread_idx`, in its order).
 */
export async function list(
  deps: NotificationsContext,
  actor: Actor,
  site: SiteView,
  query: { page: number; pageSize: number; unread?: boolean },
): Promise<NotificationsPageView> {
  const memberId = ownerOf(actor);
  const rows = await linesQuery(deps.db, site.id, memberId, query);
  const shown = rows.slice(0, query.pageSize);
  const [others, unread] = await Promise.all([
    othersOf(deps, site.id, memberId, shown),
    countUnread(deps, site.id, memberId),
  ]);
  const views: NotificationView[] = [];
  for (const row of shown) {
    const event = storedEvent(row.type, row.payload);
    if (!event) continue;
    views.push(presentNotification(site, { ...row, event, others: others.get(row.id) ?? 0 }));
  }
  return {
    notifications: views,
    page: query.page,
    hasMore: rows.length > query.pageSize,
    unread,
  };
}

/** The actor's unread lines, counted up to UNREAD_COUNT_CAP. */
export async function unreadCount(
  deps: NotificationsContext,
  actor: Actor,
  site: SiteView,
): Promise<number> {
  return countUnread(deps, site.id, ownerOf(actor));
}

/** Checks that the actor may have a stream (401/403 as for the list); their member id. */
export function streamOwner(_deps: NotificationsContext, actor: Actor): string {
  return ownerOf(actor);
}
