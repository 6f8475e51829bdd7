/**
 * A notification as stored (decision 018): the `type` column (the kind) and a JSON `payload`
 * (the rest), validated on the way in and on the way out; a payload an older version wrote and
 * this one cannot read is left out of the list rather than failing it. And its presenter.
 */
import { z } from 'zod';
import { RoleSchema } from '../../../domain/actor-schemas';
import {
  type NotificationEvent,
  type NotificationView,
  notificationActorId,
  notificationGroupKey,
  notificationLink,
} from '../../../domain/notifications';
import { type Actor, type DenialReason, whyNot } from '../../../domain/permissions';
import type { PostLinkPost, PostLinkSite } from '../../../domain/routes';
import { PermissionError } from '../../errors.server';

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
  z.object({ kind: z.literal('post-submitted'), actor: ActorRefSchema, post: PostRefSchema }),
  z.object({
    kind: z.literal('post-reviewed'),
    actor: ActorRefSchema,
    post: PostRefSchema,
    outcome: z.enum(['published', 'scheduled', 'sent-back']),
    note: z.string(),
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
  site: PostLinkSite,
  stored: StoredNotification,
  currentPosts?: ReadonlyMap<string, PostLinkPost>,
): NotificationView {
  return {
    id: stored.id,
    isRead: stored.readAt !== null,
    readAt: stored.readAt?.toISOString() ?? null,
    createdAt: stored.createdAt.toISOString(),
    link: notificationLink(site, stored.event, currentPosts),
    event: stored.event,
    groupKey: stored.groupKey,
    others: stored.others,
  };
}

/** Who a request's notifications belong to, or why not: visitors log in, blocked members may not. */
export function ownerOf(actor: Actor): string {
  const refusal = notificationsRefusal(actor);
  if (refusal) throw new PermissionError(refusal);
  return actor.memberId!;
}

/**
 * Why the actor has no notifications to read, or null when they have: a visitor must log in; a
 * member's notifications are part of their own member record (SPEC §6 "list and edit own member
 * record"), so blocked members, who are guests, may not read theirs. The list, the stream, the
 * unread count and the page's bell (reader-state/page.server.ts) all ask this.
 */
export function notificationsRefusal(actor: Actor): DenialReason | null {
  if (actor.memberId === null) return 'login-required';
  return whyNot(actor, 'member:read', { member: { id: actor.memberId } });
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
