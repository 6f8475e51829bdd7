/**
 * The demo blog's notifications (issue 5): the seeded writer (Sofia Marchetti, the member the
 * browser tests act as) gets notifications drawn from the blog's own planned rows, so each one is
 * true of the demo: replies to her comments, likes on her posts and comments (some anonymous),
 * new posts in what she follows (she follows Kenji Watanabe and the Photography category, which
 * also makes a post Kenji publishes notify her live), comments on her posts and on the newest of
 * Kenji's posts with comments, whose comments she follows (issue 6), and her promotion to writer
 * by the owner.
 * The newest few are unread. Deterministic like the rest of the seed.
 */
import {
  type NotificationActor,
  type NotificationEvent,
  type NotificationPost,
  notificationExcerpt,
} from '../../domain/notifications';
import type { comments, likes, notifications, subscriptions } from '../db/schema.server';
import { createRandom, DEMO_MEMBERS, seedFrom } from '../sample-content/content.server';
import { notificationColumns } from '../services/notifications.server';

/** The member the demo's notifications are for (seed content key). */
export const DEMO_NOTIFIED_MEMBER = 'writer-sofia';
/** How many notifications she has: more than one page of the notifications page. */
export const DEMO_NOTIFICATION_COUNT = 24;
/** How many of them are unread. */
export const DEMO_UNREAD_COUNT = 5;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The planned rows the notifications are drawn from (members in DEMO_MEMBERS order). */
export interface DemoNotificationSource {
  siteId: string;
  seed: number;
  members: readonly { id?: string; name: string; slug: string; createdAt?: Date }[];
  categories: readonly { id?: string; slug: string; label: string }[];
  posts: readonly {
    id: string;
    slug: string;
    title: string;
    ownerId: string;
    status?: string;
    firstPublishedDate?: Date | null;
    categoryIds?: string[];
  }[];
  comments: readonly (typeof comments.$inferInsert)[];
  likes: readonly (typeof likes.$inferInsert)[];
}

/** The writer's subscriptions and notifications, as rows. */
export function planDemoNotifications(source: DemoNotificationSource): {
  subscriptions: (typeof subscriptions.$inferInsert)[];
  notifications: (typeof notifications.$inferInsert)[];
} {
  const { siteId } = source;
  const ids = createRandom(seedFrom(source.seed, 'notifications'));
  const memberAt = (key: string) => {
    const row = source.members[DEMO_MEMBERS.findIndex((m) => m.key === key)];
    if (!row?.id) throw new Error(`No demo member '${key}'`);
    return row as typeof row & { id: string };
  };
  const writer = memberAt(DEMO_NOTIFIED_MEMBER);
  const owner = memberAt('owner');
  const followed = memberAt('writer-kenji');
  const followedCategory = source.categories.find((c) => c.slug === 'photography');
  if (!followedCategory?.id) throw new Error('No demo category photography');

  const membersById = new Map(source.members.map((m) => [m.id, m]));
  const actorOf = (id: string | null | undefined): NotificationActor | null => {
    const member = id ? membersById.get(id) : undefined;
    return member?.id ? { id: member.id, name: member.name, slug: member.slug } : null;
  };
  const published = source.posts.filter((p) => p.status === 'published' && p.firstPublishedDate);
  const postsById = new Map(published.map((p) => [p.id, p]));
  const postRef = (p: (typeof published)[number]): NotificationPost => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
  });
  const commentsById = new Map(source.comments.map((c) => [c.id, c]));
  // The comments she follows: the newest of Kenji's posts that others commented on.
  const followedPost = published
    .filter(
      (p) =>
        p.ownerId === followed.id &&
        source.comments.some((c) => c.postId === p.id && c.authorId !== writer.id),
    )
    .reduce<(typeof published)[number] | undefined>(
      (best, p) => (!best || p.firstPublishedDate! > best.firstPublishedDate! ? p : best),
      undefined,
    );

  // Engagement with her posts and comments, and what she always has (follows, her promotion).
  const events: { at: Date; event: NotificationEvent }[] = [];
  const always: { at: Date; event: NotificationEvent }[] = [];
  for (const comment of source.comments) {
    const parent = comment.parentId ? commentsById.get(comment.parentId) : undefined;
    const post = postsById.get(comment.postId);
    const actor = actorOf(comment.authorId);
    if (!post || !actor || actor.id === writer.id) continue;
    const ref = { id: comment.id, excerpt: notificationExcerpt(comment.contentText ?? '') };
    if (!parent && post.ownerId === writer.id) {
      events.push({
        at: comment.createdAt!,
        event: { kind: 'post-comment', actor, post: postRef(post), comment: ref },
      });
      continue;
    }
    if (post.id === followedPost?.id && parent?.authorId !== writer.id) {
      events.push({
        at: comment.createdAt!,
        event: {
          kind: 'new-comment-in-subscription',
          actor,
          post: postRef(post),
          comment: ref,
        },
      });
      continue;
    }
    if (!parent || parent.authorId !== writer.id) continue;
    events.push({
      at: comment.createdAt!,
      event: {
        kind: 'comment-reply',
        actor,
        post: postRef(post),
        comment: ref,
        parentCommentId: parent.id,
      },
    });
  }
  for (const like of source.likes) {
    if (like.memberId === writer.id) continue;
    const actor = actorOf(like.memberId);
    if (like.targetType === 'post') {
      const post = postsById.get(like.targetId);
      if (post?.ownerId !== writer.id) continue;
      events.push({
        at: like.createdAt!,
        event: { kind: 'post-like', actor, post: postRef(post) },
      });
    } else {
      const comment = commentsById.get(like.targetId);
      const post = comment ? postsById.get(comment.postId) : undefined;
      if (!comment || !post || comment.authorId !== writer.id) continue;
      events.push({
        at: like.createdAt!,
        event: {
          kind: 'comment-like',
          actor,
          post: postRef(post),
          comment: { id: comment.id, excerpt: notificationExcerpt(comment.contentText ?? '') },
        },
      });
    }
  }
  const newest = (posts: typeof published) =>
    posts.reduce<(typeof published)[number] | undefined>(
      (best, p) => (!best || p.firstPublishedDate! > best.firstPublishedDate! ? p : best),
      undefined,
    );
  const byFollowed = newest(published.filter((p) => p.ownerId === followed.id));
  if (byFollowed) {
    always.push({
      at: byFollowed.firstPublishedDate!,
      event: {
        kind: 'new-post-in-subscription',
        actor: actorOf(followed.id)!,
        post: postRef(byFollowed),
        via: { type: 'member', id: followed.id, label: followed.name },
      },
    });
  }
  const inCategory = newest(
    published.filter(
      (p) =>
        p.categoryIds?.includes(followedCategory.id!) &&
        p.ownerId !== writer.id &&
        p.ownerId !== followed.id,
    ),
  );
  const categoryAuthor = inCategory && actorOf(inCategory.ownerId);
  if (inCategory && categoryAuthor) {
    always.push({
      at: inCategory.firstPublishedDate!,
      event: {
        kind: 'new-post-in-subscription',
        actor: categoryAuthor,
        post: postRef(inCategory),
        via: { type: 'category', id: followedCategory.id, label: followedCategory.label },
      },
    });
  }
  // The owner promoted her a fortnight after she joined.
  always.push({
    at: new Date((writer.createdAt ?? new Date(0)).getTime() + 14 * DAY_MS),
    event: { kind: 'role-changed', actor: actorOf(owner.id), from: 'guest-writer', to: 'writer' },
  });

  const newestFirst = (a: { at: Date }, b: { at: Date }) => b.at.getTime() - a.at.getTime();
  events.sort(newestFirst);
  // The newest of each kind of engagement, then the newest of the rest.
  for (const kind of new Set(events.map((e) => e.event.kind))) {
    always.push(events.find((e) => e.event.kind === kind)!);
  }
  const rest = events.filter((e) => !always.includes(e));
  const kept = [...always, ...rest.slice(0, DEMO_NOTIFICATION_COUNT - always.length)].sort(
    newestFirst,
  );
  return {
    subscriptions: [
      { siteId, memberId: writer.id, targetType: 'member', targetId: followed.id },
      { siteId, memberId: writer.id, targetType: 'category', targetId: followedCategory.id },
      ...(followedPost
        ? [{ siteId, memberId: writer.id, targetType: 'post', targetId: followedPost.id }]
        : []),
    ],
    notifications: kept.map(({ at, event }, i) => ({
      siteId,
      id: ids.uuid(),
      memberId: writer.id,
      ...notificationColumns(event),
      // Read an hour after it came: each read on its own, so read ones fold with no other.
      readAt: i >= DEMO_UNREAD_COUNT ? new Date(at.getTime() + HOUR_MS) : null,
      createdAt: at,
    })),
  };
}
