/**
 * A member's notifications (issue 5, SPEC §1 "a profile menu with notifications", §7
 * navigateToNotifications): what happened, to whom, by whom, where it leads, and how the header's
 * badge counts. Pure, without zod: the header's button imports the badge rule and ships with every
 * feed page (decision 009); the server validates stored payloads with its own schema.
 */
import type { Role } from './permissions';
import { homeUrl, type PostLinkPost, type PostLinkSite, postEditUrl, postLink } from './routes';

/** What a member is notified about (issue 5 "Notifications"). */
export const NOTIFICATION_KINDS = [
  'comment-reply',
  'post-like',
  'comment-like',
  'new-post-in-subscription',
  'role-changed',
  'post-comment',
  'new-comment-in-subscription',
  'post-submitted',
  'post-reviewed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Who did it, as they were named when it happened. */
export interface NotificationActor {
  id: string;
  name: string;
  slug: string;
}

/** The post it happened on, as it was when it happened (a published post's slug stays). */
export interface NotificationPost {
  id: string;
  slug: string;
  title: string;
}

/** The comment it happened on: the reply itself for a reply, the liked comment for a like. */
export interface NotificationComment {
  id: string;
  /** The comment's first words (NOTIFICATION_EXCERPT_MAX characters at most). */
  excerpt: string;
}

/**
 * What an editor did with a post submitted for review (decision 034): published it, scheduled it,
 * or sent it back to its writer with a note.
 */
export type ReviewOutcome = 'published' | 'scheduled' | 'sent-back';

/** What the subscription that brought a new post was to (the subscriptions table's targets). */
export interface NotificationSubscription {
  type: 'blog' | 'category' | 'member';
  id: string;
  /** The category's label or the member's name; the blog's name for the whole blog. */
  label: string;
}

/**
 * One event, by kind. `actor` is null for an anonymous like (SPEC §6: guests may like) and for a
 * role changed by the system. The notifications table keeps the kind in `type` and the rest in
 * `payload`.
 */
export type NotificationEvent =
  | {
      kind: 'comment-reply';
      actor: NotificationActor;
      post: NotificationPost;
      /** The reply. */
      comment: NotificationComment;
      /** The member's comment it replies to. */
      parentCommentId: string;
    }
  | { kind: 'post-like'; actor: NotificationActor | null; post: NotificationPost }
  | {
      kind: 'comment-like';
      actor: NotificationActor | null;
      post: NotificationPost;
      comment: NotificationComment;
    }
  | {
      kind: 'new-post-in-subscription';
      /** The post's author. */
      actor: NotificationActor;
      post: NotificationPost;
      via: NotificationSubscription;
    }
  | { kind: 'role-changed'; actor: NotificationActor | null; from: Role; to: Role }
  /** A comment on the member's post (issue 6). */
  | {
      kind: 'post-comment';
      actor: NotificationActor;
      post: NotificationPost;
      comment: NotificationComment;
    }
  /** A comment on a post whose comments the member follows (issue 6 subscriptions). */
  | {
      kind: 'new-comment-in-subscription';
      actor: NotificationActor;
      post: NotificationPost;
      comment: NotificationComment;
    }
  /** A writer submitted a post for review: told to the blog's editors and owners (decision 034). */
  | { kind: 'post-submitted'; actor: NotificationActor; post: NotificationPost }
  /** An editor answered the writer's submitted post (decision 034). */
  | {
      kind: 'post-reviewed';
      actor: NotificationActor;
      post: NotificationPost;
      outcome: ReviewOutcome;
      /** A send-back's note, shortened (NOTIFICATION_EXCERPT_MAX); empty otherwise. */
      note: string;
    };

/** A notification as the API and the pages show it. */
export interface NotificationView {
  id: string;
  isRead: boolean;
  /** ISO date it was read; null while unread. */
  readAt: string | null;
  /** ISO date. */
  createdAt: string;
  /** Where following it leads (see `notificationLink`). */
  link: string;
  /** The newest event of its fold (the only one when it folds with nothing). */
  event: NotificationEvent;
  /**
   * What it folds with (`notificationGroupKey`): a new notification with the same key replaces
   * an unread line on the page. Null when it never folds.
   */
  groupKey: string | null;
  /** How many others did the same in its fold: "Ana and 3 others liked your post". */
  others: number;
}

/** One page of a member's notifications, newest first. */
export interface NotificationsPageView {
  notifications: NotificationView[];
  page: number;
  hasMore: boolean;
  /** Unread lines (a fold counts once), counted up to UNREAD_COUNT_CAP. */
  unread: number;
}

/** What the live stream sends (`GET /api/notifications/stream`, server-sent events). */
export type NotificationStreamMessage =
  | { type: 'notification'; notification: NotificationView; unread: number }
  | { type: 'unread'; unread: number };

/** Notifications per page of the list and of the page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** At most this many per page when the caller asks (the header's panel asks for fewer). */
export const NOTIFICATIONS_PAGE_SIZE_MAX = 50;
/** How many the header's panel shows. */
export const NOTIFICATIONS_PANEL_SIZE = 6;
/**
 * Unread notifications are counted up to this many: the badge says "99+" beyond 99, so counting
 * further would only cost a longer scan of a member who never reads them.
 */
export const UNREAD_COUNT_CAP = 100;
/** The badge's largest number; more shows as "99+". */
export const UNREAD_BADGE_MAX = 99;
/** A comment's excerpt in a notification, in characters. */
export const NOTIFICATION_EXCERPT_MAX = 140;

/** Which notifications the page lists: all of them, or the unread lines only. */
export type NotificationsFilter = 'all' | 'unread';

/** The page's `?filter=`: `unread`, or anything else for all. */
export function notificationsFilterOf(value: string | null): NotificationsFilter {
  return value === 'unread' ? 'unread' : 'all';
}

/**
 * The member's notifications page, {base}/notifications, at `page` when past the first, with
 * `?filter=unread` for the unread ones. Here, not in routes.ts: the feed's pages load routes.ts
 * and should not carry it (decision 009).
 */
export function notificationsUrl(
  base: string,
  page?: number,
  filter: NotificationsFilter = 'all',
): string {
  const params = new URLSearchParams();
  if (filter === 'unread') params.set('filter', 'unread');
  if (page !== undefined && Number.isInteger(page) && page > 1) params.set('page', String(page));
  const query = params.toString();
  return `${base.replace(/\/+$/, '')}/notifications${query ? `?${query}` : ''}`;
}

/** The badge's text: nothing at zero, the count up to 99, then "99+". */
export function unreadBadgeText(unread: number): string {
  if (!Number.isFinite(unread) || unread < 1) return '';
  return unread > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(Math.floor(unread));
}

/** A comment's text shortened for a notification, on a word boundary, with an ellipsis. */
export function notificationExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= NOTIFICATION_EXCERPT_MAX) return flat;
  const cut = flat.slice(0, NOTIFICATION_EXCERPT_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > NOTIFICATION_EXCERPT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The id of a comment's element on its post page: where a link to a comment lands. */
export function commentAnchor(commentId: string): string {
  return `comment-${commentId}`;
}

/**
 * Where a notification leads: the post (at the comment for a reply or a comment like), the new
 * post, or the blog's home for a role change. A post is linked at its one address (issue 19:
 * `postLink`): `current` is the post as it is now (its slug and first-published date, which the
 * stored event does not hold); without it the stored slug is linked, and the post page answers
 * 301 to the current address.
 */
export function notificationLink(
  site: PostLinkSite,
  event: NotificationEvent,
  current?: ReadonlyMap<string, PostLinkPost>,
): string {
  const base = site.blogBase;
  const linkOf = (post: NotificationPost) => postLink(site, current?.get(post.id) ?? post);
  switch (event.kind) {
    case 'comment-reply':
    case 'comment-like':
    case 'post-comment':
    case 'new-comment-in-subscription':
      return `${linkOf(event.post)}#${commentAnchor(event.comment.id)}`;
    case 'post-like':
    case 'new-post-in-subscription':
      return linkOf(event.post);
    case 'role-changed':
      return homeUrl(base);
    // The editor, by id: a draft's slug may change before the member follows the link.
    case 'post-submitted':
      return postEditUrl(base, event.post.id);
    case 'post-reviewed':
      return event.outcome === 'published' ? linkOf(event.post) : postEditUrl(base, event.post.id);
  }
}

/**
 * What a notification folds with (decision 018): the same kind on the same target, so "Ana and 3
 * others liked your post" is one line. Likes fold by the post or comment liked, replies by the
 * comment replied to; a new comment, a new post and a role change stand alone (null).
 */
export function notificationGroupKey(event: NotificationEvent): string | null {
  switch (event.kind) {
    case 'post-like':
      return `post-like:${event.post.id}`;
    case 'comment-like':
      return `comment-like:${event.comment.id}`;
    case 'comment-reply':
      return `comment-reply:${event.parentCommentId}`;
    // Each new comment is its own line: its words are the news, and a second one by the same
    // member while the first is unread must not be lost in a fold.
    case 'post-comment':
    case 'new-comment-in-subscription':
    case 'new-post-in-subscription':
    case 'role-changed':
    case 'post-submitted':
    case 'post-reviewed':
      return null;
  }
}

/** The member a notification is about an action of, if any: nobody is told of their own. */
export function notificationActorId(event: NotificationEvent): string | null {
  return event.actor?.id ?? null;
}

/** A translator's `t`, as the pages have it. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The sentence a notification reads as, from the page's translations (keys under
 * `notifications.message` in locales/notifications). Names and titles are interpolated as text;
 * React escapes them. `others` is how many more its fold holds: "Ana and 3 others liked your
 * post", or "4 people liked your post" when its newest was a visitor.
 */
export function notificationText(t: Translate, event: NotificationEvent, others = 0): string {
  const name = event.actor?.name ?? '';
  // `Folded` keys take the others' count (plural forms); anonymous ones count everybody.
  const folded = others > 0 ? 'Folded' : '';
  const count = others > 0 ? { count: event.actor ? others : others + 1 } : {};
  switch (event.kind) {
    case 'comment-reply':
      return t(`notifications.message.commentReply${folded}`, {
        name,
        title: event.post.title,
        ...count,
      });
    case 'post-like':
      return event.actor
        ? t(`notifications.message.postLike${folded}`, { name, title: event.post.title, ...count })
        : t(`notifications.message.postLikeAnonymous${folded}`, {
            title: event.post.title,
            ...count,
          });
    case 'comment-like':
      return event.actor
        ? t(`notifications.message.commentLike${folded}`, {
            name,
            title: event.post.title,
            ...count,
          })
        : t(`notifications.message.commentLikeAnonymous${folded}`, {
            title: event.post.title,
            ...count,
          });
    case 'new-post-in-subscription': {
      const via = event.via.type;
      return t(`notifications.message.newPost.${via}`, {
        name,
        title: event.post.title,
        label: event.via.label,
      });
    }
    case 'role-changed': {
      const role = t(`notifications.role.${event.to}`);
      return event.actor
        ? t('notifications.message.roleChanged', { name, role })
        : t('notifications.message.roleChangedBySystem', { role });
    }
    case 'post-comment':
      return t('notifications.message.postComment', { name, title: event.post.title });
    case 'new-comment-in-subscription':
      return t('notifications.message.subscribedComment', { name, title: event.post.title });
    case 'post-submitted':
      return t('notifications.message.postSubmitted', { name, title: event.post.title });
    case 'post-reviewed':
      return t(`notifications.message.postReviewed.${event.outcome}`, {
        name,
        title: event.post.title,
      });
  }
}

/** The quoted text under a notification's sentence: the new comment or reply, or the liked one. */
export function notificationQuote(event: NotificationEvent): string | null {
  if (event.kind === 'post-reviewed') return event.note || null;
  return 'comment' in event ? event.comment.excerpt || null : null;
}
