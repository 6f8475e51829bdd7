/**
 * A member's notifications (issue 5 "Notifications", decision 018): `notify` stores one and
 * publishes it to the member's open streams; the member lists theirs newest first, counts the
 * unread ones and marks them read. Everything is scoped by site and member and read through
 * `notifications_member_idx` (site, member, created_at desc).
 *
 * Events are stored as the `type` column (the kind) and a JSON `payload` (the rest), validated on
 * the way in and on the way out: a payload an older version wrote and this one cannot read is left
 * out of the list rather than failing it. Names and titles are kept as they were when it happened.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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
]) satisfies z.ZodType<NotificationEvent>;

/** A stored notification, before it is presented for a site (the hub carries these). */
export interface StoredNotification {
  id: string;
  /** When the member read it; null while unread. */
  readAt: Date | null;
  createdAt: Date;
  event: NotificationEvent;
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

/** How many unread rows to count before saying "that many or more". */
function cappedUnreadQuery(db: Database, siteId: string, memberId: string) {
  const unread = db
    .select({ one: sql`1`.as('one') })
    .from(notifications)
    .where(
      and(
        eq(notifications.siteId, siteId),
        eq(notifications.memberId, memberId),
        isNull(notifications.readAt),
      ),
    )
    .limit(UNREAD_COUNT_CAP)
    .as('unread');
  return db.select({ n: sql<number>`count(*)::int` }).from(unread);
}

/** Rows per INSERT when one post notifies many subscribers. */
const FAN_OUT_CHUNK = 500;

export interface NotificationsDeps {
  db: Database;
  hub: NotificationHub<StoredNotification>;
  /** Where a failed notification is reported: notifying never fails the write that caused it. */
  log?: { error(error: unknown, message: string): void };
}

/** Builds the notifications service. */
export function createNotifications({ db, hub, log }: NotificationsDeps) {
  async function countUnread(siteId: string, memberId: string): Promise<number> {
    const [row] = await cappedUnreadQuery(db, siteId, memberId);
    return Number(row?.n ?? 0);
  }

  /** Publishes stored notifications to their members' streams, with each one's unread count. */
  async function publishStored(
    siteId: string,
    rows: { memberId: string; stored: StoredNotification }[],
  ) {
    for (const { memberId, stored } of rows) {
      if (!hub.hasListeners(siteId, memberId)) continue;
      const unread = await countUnread(siteId, memberId);
      hub.publish(siteId, memberId, { type: 'notification', notification: stored, unread });
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
    const actorId = notificationActorId(event);
    const recipients = [...new Set(memberIds)].filter((id) => id !== actorId);
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
          stored: { id: row.id, readAt: row.readAt, createdAt: row.createdAt, event },
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

  /** One page of the actor's notifications, newest first, with the unread count. */
  async function list(
    actor: Actor,
    site: SiteView,
    query: { page: number; pageSize: number },
  ): Promise<NotificationsPageView> {
    const memberId = ownerOf(actor);
    const rows = await db
      .select({
        id: notifications.id,
        type: notifications.type,
        payload: notifications.payload,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(and(eq(notifications.siteId, site.id), eq(notifications.memberId, memberId)))
      // The index's order (created_at desc nulls last), then the id so pages never overlap.
      .orderBy(sql`${notifications.createdAt} desc nulls last`, sql`${notifications.id} desc`)
      .limit(query.pageSize + 1)
      .offset((query.page - 1) * query.pageSize);
    const unread = await countUnread(site.id, memberId);
    const views: NotificationView[] = [];
    for (const row of rows.slice(0, query.pageSize)) {
      const event = storedEvent(row.type, row.payload);
      if (!event) continue;
      views.push(presentNotification(site, { ...row, event }));
    }
    return {
      notifications: views,
      page: query.page,
      hasMore: rows.length > query.pageSize,
      unread,
    };
  }

  /** The actor's unread notifications, counted up to UNREAD_COUNT_CAP. */
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
   * Marks one of the actor's notifications read (again is fine). Another member's, or none,
   * is not found. Returns the unread count after it.
   */
  async function markRead(
    actor: Actor,
    site: SiteView,
    notificationId: string,
  ): Promise<{ unread: number }> {
    const memberId = ownerOf(actor);
    const [row] = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(
        and(
          eq(notifications.siteId, site.id),
          eq(notifications.memberId, memberId),
          eq(notifications.id, notificationId),
        ),
      )
      .returning({ id: notifications.id });
    if (!row) throw new NotFoundError('notification_not_found', 'Notification not found');
    return { unread: await publishUnread(site.id, memberId) };
  }

  /** Marks every notification of the actor read. */
  async function markAllRead(actor: Actor, site: SiteView): Promise<{ unread: number }> {
    const memberId = ownerOf(actor);
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.siteId, site.id),
          eq(notifications.memberId, memberId),
          isNull(notifications.readAt),
        ),
      );
    return { unread: await publishUnread(site.id, memberId) };
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
    streamOwner,
  };
}

export type NotificationsService = ReturnType<typeof createNotifications>;
