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
 */
import { randomUUID } from 'node:crypto';
import {
  and,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  type NotificationActor,
  type NotificationEvent,
  type NotificationPost,
  type NotificationSubscription,
  type NotificationsPageView,
  type NotificationView,
  notificationActorId,
  notificationGroupKey,
  notificationLink,
  UNREAD_COUNT_CAP,
} from '../../domain/notifications';
import { type Actor, RoleSchema, whyNot } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { categories, members, notifications, posts, sites, subscriptions } from '../db/schema';
import { NotFoundError, PermissionError } from '../errors';
import type { NotificationHub } from './notification-hub.server';

const ActorRefSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
const PostRefSchema = z.object({ id: z.string(), slug: z.string(), title: z.string() });
const CommentRefSchema = z.object({ id: z.string(), excerpt: z.string() });

/** The stored event: kind from the `type` column, the rest from `payload`. */
const StoredEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('comment-reply'),
    actor: ActorRefSchema,
    post: PostRefSchema,
    comment: CommentRefSchema,
    parentCommentId: z.string(),
  }),
  z.object({ kind: z.literal('post-like'), actor: ActorRefSchema.nullable(), post: PostRefSchema }),
  z.object({
    kind: z.literal('comment-like'),
    actor: ActorRefSchema.nullable(),
    post: PostRefSchema,
    comment: CommentRefSchema,
  }),
  z.object({
    kind: z.literal('new-post-in-subscription'),
    actor: ActorRefSchema,
    post: PostRefSchema,
    via: z.object({
      type: z.enum(['blog', 'category', 'member']),
      id: z.string(),
      label: z.string(),
    }),
  }),
  z.object({
    kind: z.literal('role-changed'),
    actor: ActorRefSchema.nullable(),
    from: RoleSchema,
    to: RoleSchema,
  }),
  z.object({
    kind: z.literal('post-comment'),
    actor: ActorRefSchema,
    post: PostRefSchema,
    comment: CommentRefSchema,
  }),
  z.object({
    kind: z.literal('new-comment-in-subscription'),
    actor: ActorRefSchema,
    post: PostRefSchema,
    comment: CommentRefSchema,
  }),
]) satisfies z.ZodType<NotificationEvent>;

/** A stored notification, before it is presented for a site (the hub carries these). */
export interface StoredNotification {
  id: string;
  /** When the member read it; null while unread. */
  readAt: Date | null;
  createdAt: Date;
  event: NotificationEvent;
  /** What it folds with (`notificationGroupKey`); null when it never folds. */
  groupKey: string | null;
  /** How many others its fold holds besides its newest: distinct members, each visitor apart. */
  others: number;
}

/** The columns an event fills: `type`, `payload`, `actor_id`, `group_key` (the seed writes them too). */
export function notificationColumns(event: NotificationEvent): {
  type: NotificationEvent['kind'];
  payload: Record<string, unknown>;
  actorId: string | null;
  groupKey: string | null;
} {
  const { kind, ...payload } = StoredEventSchema.parse(event);
  return {
    type: kind,
    payload,
    actorId: notificationActorId(event),
    groupKey: notificationGroupKey(event),
  };
}

/** Reads a row's event back; null when its payload is not one this version knows. */
export function storedEvent(type: string, payload: unknown): NotificationEvent | null {
  const parsed = StoredEventSchema.safeParse({
    ...(typeof payload === 'object' && payload !== null ? payload : {}),
    kind: type,
  });
  return parsed.success ? parsed.data : null;
}

/** A stored notification as the API and the pages show it: an allowlist, with its link. */
export function presentNotification(
  site: Pick<SiteView, 'blogBase'>,
  stored: StoredNotification,
): NotificationView {
  return {
    id: stored.id,
    isRead: stored.readAt !== null,
    readAt: stored.readAt?.toISOString() ?? null,
    createdAt: stored.createdAt.toISOString(),
    link: notificationLink(site.blogBase, stored.event),
    event: stored.event,
    groupKey: stored.groupKey,
    others: stored.others,
  };
}

/** Who a request's notifications belong to, or why not: visitors log in, blocked members may not. */
function ownerOf(actor: Actor): string {
  if (actor.memberId === null) throw new PermissionError('login-required');
  // A member's notifications are part of their own member record (SPEC §6 "list and edit own
  // member record"): blocked members are guests and may not read theirs.
  const refusal = whyNot(actor, 'member:read', { member: { id: actor.memberId } });
  if (refusal) throw new PermissionError(refusal);
  return actor.memberId;
}

/**
 * How many of a member's newest unread rows the unread count reads: enough for UNREAD_COUNT_CAP
 * lines unless the member leaves hundreds of one fold unread, and never a scan of them all.
 */
export const UNREAD_SCAN_MAX = 1000;

/** Read notifications are deleted this long after they came (jobs/notification-retention). */
export const NOTIFICATION_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** Rows one retention DELETE takes, so one statement never holds many locks for long. */
export const RETENTION_BATCH = 1000;

/** The same table again, for the fold's probes of their own table. */
const other = alias(notifications, 'other');

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

/** Rows per INSERT when one post notifies many subscribers. */
const FAN_OUT_CHUNK = 500;

export interface NotificationsDeps {
  db: Database;
  hub: NotificationHub<StoredNotification>;
  /** Where a failed notification is reported: notifying never fails the write that caused it. */
  log?: { error(error: unknown, message: string): void };
  /** The clock read_at is set by (tests pass a fake one). */
  now?: () => Date;
}

/** Builds the notifications service. */
export function createNotifications({ db, hub, log, now = () => new Date() }: NotificationsDeps) {
  async function countUnread(siteId: string, memberId: string): Promise<number> {
    const [row] = await unreadLinesQuery(db, siteId, memberId);
    return Math.min(Number(row?.n ?? 0), UNREAD_COUNT_CAP);
  }

  /** How many others each of `lines` folds (ids of lines that have a group key). */
  async function othersOf(
    siteId: string,
    memberId: string,
    lines: { id: string; groupKey: string | null }[],
  ): Promise<Map<string, number>> {
    const ids = lines.filter((l) => l.groupKey !== null).map((l) => l.id);
    if (ids.length === 0) return new Map();
    const rows = await othersQuery(db, siteId, memberId, ids);
    return new Map(rows.map((r) => [r.id, Math.max(0, Number(r.members) - 1)]));
  }

  /** Publishes stored notifications to their members' streams, with each one's unread count. */
  async function publishStored(
    siteId: string,
    rows: { memberId: string; stored: StoredNotification }[],
  ) {
    for (const { memberId, stored } of rows) {
      if (!hub.hasListeners(siteId, memberId)) continue;
      // The line as the member's list now shows it: the newest of its fold, with the others.
      const others = (await othersOf(siteId, memberId, [stored])).get(stored.id) ?? 0;
      const unread = await countUnread(siteId, memberId);
      hub.publish(siteId, memberId, {
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
  async function notify(
    siteId: string,
    memberId: string,
    event: NotificationEvent,
  ): Promise<StoredNotification | null> {
    const [stored] = await notifyMany(siteId, [memberId], event);
    return stored ?? null;
  }

  /**
   * Notifies each of `memberIds` (once each, the actor left out) of the same event, in bulk.
   * Returns what was stored.
   */
  async function notifyMany(
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
      const already = await db
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
      const rows = await db
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
    await publishStored(siteId, stored);
    return stored.map((s) => s.stored);
  }

  /** A member as a notification names them; null when the site has no such member. */
  async function memberRef(siteId: string, memberId: string): Promise<NotificationActor | null> {
    const [row] = await db
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
  async function notifyRoleChanged(
    siteId: string,
    change: { memberId: string; changedBy: string | null; from: string; to: string },
  ): Promise<StoredNotification | null> {
    const from = RoleSchema.parse(change.from);
    const to = RoleSchema.parse(change.to);
    if (from === to) return null;
    const actor = change.changedBy === null ? null : await memberRef(siteId, change.changedBy);
    return notify(siteId, change.memberId, { kind: 'role-changed', actor, from, to });
  }

  /**
   * Tells the members subscribed to a newly published post's blog, one of its categories or its
   * author (the subscriptions table) about it, once each, naming the most specific subscription:
   * the author, then a category, then the blog. The author is never told. Called after the
   * publishing transaction commits; never throws (a failure is logged, the post stays published).
   * Returns how many members were notified.
   */
  async function notifyNewPost(siteId: string, postId: string): Promise<number> {
    try {
      const [post] = await db
        .select({
          id: posts.id,
          slug: posts.slug,
          title: posts.title,
          ownerId: posts.ownerId,
          categoryIds: posts.categoryIds,
          status: posts.status,
        })
        .from(posts)
        .where(and(eq(posts.siteId, siteId), eq(posts.id, postId)))
        .limit(1);
      if (post?.status !== 'published') return 0;
      const targets = [
        and(eq(subscriptions.targetType, 'blog'), eq(subscriptions.targetId, siteId)),
        and(eq(subscriptions.targetType, 'member'), eq(subscriptions.targetId, post.ownerId)),
      ];
      if (post.categoryIds.length > 0) {
        targets.push(
          and(
            eq(subscriptions.targetType, 'category'),
            inArray(subscriptions.targetId, post.categoryIds),
          ),
        );
      }
      const subscribed = await db
        .select({
          memberId: subscriptions.memberId,
          type: subscriptions.targetType,
          id: subscriptions.targetId,
        })
        .from(subscriptions)
        .where(and(eq(subscriptions.siteId, siteId), or(...targets)));
      const rank = { member: 0, category: 1, blog: 2 } as const;
      const best = new Map<string, { type: keyof typeof rank; id: string }>();
      for (const row of subscribed) {
        if (row.memberId === post.ownerId || !(row.type in rank)) continue;
        const type = row.type as keyof typeof rank;
        const was = best.get(row.memberId);
        if (!was || rank[type] < rank[was.type]) best.set(row.memberId, { type, id: row.id });
      }
      if (best.size === 0) return 0;

      const author = await memberRef(siteId, post.ownerId);
      if (!author) return 0;
      const labels = new Map<string, string>([[post.ownerId, author.name]]);
      const categoryIds = [...best.values()].filter((v) => v.type === 'category').map((v) => v.id);
      if (categoryIds.length > 0) {
        const rows = await db
          .select({ id: categories.id, label: categories.label })
          .from(categories)
          .where(and(eq(categories.siteId, siteId), inArray(categories.id, categoryIds)));
        for (const row of rows) labels.set(row.id, row.label);
      }
      if ([...best.values()].some((v) => v.type === 'blog')) {
        const [site] = await db
          .select({ name: sites.name })
          .from(sites)
          .where(eq(sites.id, siteId))
          .limit(1);
        labels.set(siteId, site?.name ?? '');
      }

      // One event per subscription target, each sent in bulk to its members.
      const byTarget = new Map<string, { via: NotificationSubscription; memberIds: string[] }>();
      for (const [memberId, target] of best) {
        const key = `${target.type}|${target.id}`;
        const group = byTarget.get(key) ?? {
          via: { ...target, label: labels.get(target.id) ?? '' },
          memberIds: [],
        };
        group.memberIds.push(memberId);
        byTarget.set(key, group);
      }
      const postRef: NotificationPost = { id: post.id, slug: post.slug, title: post.title };
      let notified = 0;
      for (const { via, memberIds } of byTarget.values()) {
        const event: NotificationEvent = {
          kind: 'new-post-in-subscription',
          actor: author,
          post: postRef,
          via,
        };
        notified += (await notifyMany(siteId, memberIds, event)).length;
      }
      return notified;
    } catch (error) {
      log?.error(error, 'Notifying the subscribers of a new post failed');
      return 0;
    }
  }

  /**
   * One page of the actor's notification lines (folds shown once, as their newest), newest
   * first, with the unread count; `unread` lists the unread ones alone (from
   * `notifications_unread_idx`, in its order).
   */
  async function list(
    actor: Actor,
    site: SiteView,
    query: { page: number; pageSize: number; unread?: boolean },
  ): Promise<NotificationsPageView> {
    const memberId = ownerOf(actor);
    const rows = await linesQuery(db, site.id, memberId, query);
    const shown = rows.slice(0, query.pageSize);
    const [others, unread] = await Promise.all([
      othersOf(site.id, memberId, shown),
      countUnread(site.id, memberId),
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
  async function unreadCount(actor: Actor, site: SiteView): Promise<number> {
    return countUnread(site.id, ownerOf(actor));
  }

  /** Tells the member's open pages the new count after a change. */
  async function publishUnread(siteId: string, memberId: string): Promise<number> {
    const unread = await countUnread(siteId, memberId);
    hub.publish(siteId, memberId, { type: 'unread', unread });
    return unread;
  }

  /**
   * Marks one of the actor's notification lines read (again is fine): the notification and, when
   * it folds, the unread ones of its fold up to it (not one that came after the member saw the
   * line), all at one moment so they stay one line. Another member's, or none, is not found.
   * Returns the unread count after it.
   */
  async function markRead(
    actor: Actor,
    site: SiteView,
    notificationId: string,
  ): Promise<{ unread: number }> {
    const memberId = ownerOf(actor);
    const mine = and(eq(notifications.siteId, site.id), eq(notifications.memberId, memberId));
    const [row] = await db
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
      await db
        .update(notifications)
        .set({ readAt: now() })
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
                    db
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
    return { unread: await publishUnread(site.id, memberId) };
  }

  /** Marks every notification of the actor read, at one moment (each fold stays one line). */
  async function markAllRead(actor: Actor, site: SiteView): Promise<{ unread: number }> {
    const memberId = ownerOf(actor);
    await db
      .update(notifications)
      .set({ readAt: now() })
      .where(
        and(
          eq(notifications.siteId, site.id),
          eq(notifications.memberId, memberId),
          isNull(notifications.readAt),
        ),
      );
    return { unread: await publishUnread(site.id, memberId) };
  }

  /**
   * Deletes read notifications that came before `cutoff`, on every site, RETENTION_BATCH rows a
   * statement through `notifications_read_created_idx`. Unread ones stay, however old. Returns
   * how many went.
   */
  async function deleteReadBefore(cutoff: Date): Promise<number> {
    let deleted = 0;
    for (;;) {
      const batch = db
        .select({ siteId: notifications.siteId, id: notifications.id })
        .from(notifications)
        .where(and(isNotNull(notifications.readAt), lt(notifications.createdAt, cutoff)))
        .limit(RETENTION_BATCH);
      const rows = await db
        .delete(notifications)
        .where(sql`(${notifications.siteId}, ${notifications.id}) in (${batch})`)
        .returning({ id: notifications.id });
      deleted += rows.length;
      if (rows.length < RETENTION_BATCH) return deleted;
    }
  }

  /** Checks that the actor may have a stream (401/403 as for the list); their member id. */
  function streamOwner(actor: Actor): string {
    return ownerOf(actor);
  }

  return {
    hub,
    notify,
    notifyMany,
    notifyRoleChanged,
    notifyNewPost,
    memberRef,
    list,
    unreadCount,
    countUnread,
    markRead,
    markAllRead,
    deleteReadBefore,
    streamOwner,
  };
}

export type NotificationsService = ReturnType<typeof createNotifications>;
