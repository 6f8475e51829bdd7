/** A member's notification lines, newest first, and their unread count (decision 018). */
import { and, eq, inArray } from 'drizzle-orm';
import {
  type NotificationEvent,
  type NotificationsPageView,
  type NotificationView,
  UNREAD_COUNT_CAP,
} from '../../../domain/notifications';
import type { Actor } from '../../../domain/permissions';
import type { PostLinkPost } from '../../../domain/routes';
import type { SiteView } from '../../../domain/views';
import { posts } from '../../db/schema.server';
import type { NotificationsContext } from './context.server';
import { linesQuery, othersQuery, unreadLinesQuery } from './queries.server';
import { ownerOf, presentNotification, storedEvent } from './stored.server';

// Stored events from older payloads (and tests) may name a post by something else: not looked up.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function countUnread(
  deps: NotificationsContext,
  siteId: string,
  memberId: string,
): Promise<number> {
  const [row] = await unreadLinesQuery(deps.db, siteId, memberId);
  return unreadShown(row?.n);
}

/** The unread count as shown, from `unreadLinesQuery`'s `n`: capped at UNREAD_COUNT_CAP. */
export function unreadShown(lines: number | string | null | undefined): number {
  return Math.min(Number(lines ?? 0), UNREAD_COUNT_CAP);
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
 * The posts the lines are about as they are now (slug, first-published date), in one query: the
 * stored event keeps the slug it had, and a dated address needs the date (issue 19).
 */
async function currentPosts(
  deps: NotificationsContext,
  site: SiteView,
  events: { event: NotificationEvent | null }[],
): Promise<Map<string, PostLinkPost>> {
  const ids = [
    ...new Set(events.flatMap(({ event }) => (event && 'post' in event ? [event.post.id] : []))),
  ].filter((id) => UUID.test(id));
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: posts.id, slug: posts.slug, firstPublishedDate: posts.firstPublishedDate })
    .from(posts)
    .where(and(eq(posts.siteId, site.id), inArray(posts.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
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
  const events = shown.map((row) => ({ row, event: storedEvent(row.type, row.payload) }));
  const current = await currentPosts(deps, site, events);
  const views: NotificationView[] = [];
  for (const { row, event } of events) {
    if (!event) continue;
    views.push(
      presentNotification(site, { ...row, event, others: others.get(row.id) ?? 0 }, current),
    );
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
