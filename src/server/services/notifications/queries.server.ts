/**
 * The SQL of notification lines (decision 018; migration 0008): folds are made when reading, each
 * line asking `notifications_group_idx` whether a newer one of its fold hides it.
 */
import { and, eq, inArray, isNotNull, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection.server';
import { notifications } from '../../db/schema.server';
import { UNREAD_SCAN_MAX } from './stored.server';

/** The same table again, for the fold's probes of their own table. */
export const other = alias(notifications, 'other');

/** Rows of the outer row's fold (read as `readAt` says) that came after it. */
function newerInFold(db: Database, readAt: SQL) {
  return db
    .select({ one: sql`1` })
    .from(other)
    .where(
      and(
        eq(other.siteId, notifications.siteId),
        eq(other.memberId, notifications.memberId),
        eq(other.groupKey, notifications.groupKey),
        readAt,
        sql`(${other.createdAt}, ${other.id}) > (${notifications.createdAt}, ${notifications.id})`,
      ),
    );
}

/**
 * Whether a row is the line its fold shows: it folds with nothing, or no newer row of its fold
 * exists (unread ones fold while unread; read ones with those read at the same moment). One
 * probe of `notifications_group_idx` per row.
 */
function isFoldLine(db: Database): SQL {
  return or(
    isNull(notifications.groupKey),
    and(isNull(notifications.readAt), notExists(newerInFold(db, isNull(other.readAt)))),
    and(
      isNotNull(notifications.readAt),
      notExists(newerInFold(db, eq(other.readAt, notifications.readAt))),
    ),
  ) as SQL;
}

/**
 * The unread lines of a member, counted up to UNREAD_COUNT_CAP: the folds among their newest
 * UNREAD_SCAN_MAX unread rows, read in `notifications_unread_idx`'s order from the index alone
 * (it ends with the group key). Past that many unread rows the count is a lower bound.
 */
export function unreadLinesQuery(db: Database, siteId: string, memberId: string) {
  const newest = db
    .select({ groupKey: notifications.groupKey, id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.siteId, siteId),
        eq(notifications.memberId, memberId),
        isNull(notifications.readAt),
      ),
    )
    .orderBy(newestFirst(notifications.createdAt), newestFirst(notifications.id))
    .limit(UNREAD_SCAN_MAX)
    .as('newest');
  return db
    .select({
      n: sql<number>`count(distinct coalesce(${newest.groupKey}, ${newest.id}::text))::int`,
    })
    .from(newest);
}

/** Newest first in the order the indexes keep (`DESC NULLS LAST`), so the planner uses them. */
function newestFirst(column: AnyPgColumn): SQL {
  return sql`${column} desc nulls last`;
}

/**
 * One page of a member's lines, newest first (one more than asked, to tell if more follow): all
 * of them along `notifications_member_idx`, the unread ones along `notifications_unread_idx`.
 */
export function linesQuery(
  db: Database,
  siteId: string,
  memberId: string,
  query: { page: number; pageSize: number; unread?: boolean },
) {
  return (
    db
      .select({
        id: notifications.id,
        type: notifications.type,
        payload: notifications.payload,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        groupKey: notifications.groupKey,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.siteId, siteId),
          eq(notifications.memberId, memberId),
          query.unread ? isNull(notifications.readAt) : undefined,
          isFoldLine(db),
        ),
      )
      // The indexes' order (created_at desc nulls last), then the id so pages never overlap.
      .orderBy(newestFirst(notifications.createdAt), newestFirst(notifications.id))
      .limit(query.pageSize + 1)
      .offset((query.page - 1) * query.pageSize)
  );
}

/** The folds' others, for the lines that fold: one count per line over its fold's rows. */
export function othersQuery(db: Database, siteId: string, memberId: string, ids: string[]) {
  // Members once each, visitors (no actor) each apart; the line's own actor is one of them.
  const members = (readAt: SQL) =>
    db
      .select({
        n: sql<number>`count(distinct coalesce(${other.actorId}::text, 'visitor:' || ${other.id}::text))::int`,
      })
      .from(other)
      .where(
        and(
          eq(other.siteId, notifications.siteId),
          eq(other.memberId, notifications.memberId),
          eq(other.groupKey, notifications.groupKey),
          readAt,
        ),
      );
  // One subquery for each state, so each reads the group index down to its read_at.
  const folded = sql<number>`case when ${notifications.readAt} is null
    then (${members(isNull(other.readAt))})
    else (${members(eq(other.readAt, notifications.readAt))}) end`;
  return db
    .select({ id: notifications.id, members: folded })
    .from(notifications)
    .where(
      and(
        eq(notifications.siteId, siteId),
        eq(notifications.memberId, memberId),
        inArray(notifications.id, ids),
      ),
    );
}
