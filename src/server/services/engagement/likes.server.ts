/**
 * Likes (SPEC §6 likes, §7 incrementPostLikeCount; decision 020): a row of `likes` per target and
 * liker, inserted (`on conflict do nothing`) or deleted; the counters move only when a row came or
 * went, in the same transaction, so the stored count is always the number of likers. The
 * generation is not bumped (decisions 002, 030).
 */
import { and, eq, sql } from 'drizzle-orm';
import { likerKeyOf } from '../../../domain/engagement';
import type { LikeStateView, LikeTarget } from '../../../domain/likes';
import { type NotificationActor, notificationExcerpt } from '../../../domain/notifications';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { comments, likes, members, posts } from '../../db/schema.server';
import { PermissionError } from '../../errors.server';
import type { EngagementContext, EngagementReader } from './context.server';
import { publishedComment, publishedPost } from './targets.server';

/**
 * Sets whether the liker likes a target, idempotently: the row is inserted or deleted, and the
 * counters move by one only when it was. Returns the state after it and whether it changed.
 */
export async function writeLike(
  deps: EngagementContext,
  site: SiteView,
  target: LikeTarget,
  targetId: string,
  likerKey: string | null,
  memberId: string | null,
  isLiked: boolean,
): Promise<LikeStateView & { changed: boolean }> {
  const table = target === 'post' ? posts : comments;
  const targetKey = and(eq(table.siteId, site.id), eq(table.id, targetId));
  if (likerKey === null) {
    // A guest without a visitor id likes nothing yet, so taking a like back changes nothing;
    // the HTTP layer mints an id before a like, so liking without one is a programming error.
    if (isLiked) throw new PermissionError('login-required');
    const [row] = await deps.db.select({ likeCount: table.likeCount }).from(table).where(targetKey);
    return { isLiked: false, likeCount: row?.likeCount ?? 0, changed: false };
  }
  const result = await deps.db.transaction(async (tx) => {
    const key = and(
      eq(likes.siteId, site.id),
      eq(likes.targetType, target),
      eq(likes.targetId, targetId),
      eq(likes.likerKey, likerKey),
    );
    const changedRows = isLiked
      ? await tx
          .insert(likes)
          .values({ siteId: site.id, targetType: target, targetId, likerKey, memberId })
          .onConflictDoNothing()
          .returning({ likerKey: likes.likerKey })
      : await tx.delete(likes).where(key).returning({ likerKey: likes.likerKey });
    if (changedRows.length === 0) {
      const [row] = await tx.select({ likeCount: table.likeCount }).from(table).where(targetKey);
      return { isLiked, likeCount: row?.likeCount ?? 0, changed: false };
    }
    const delta = isLiked ? 1 : -1;
    const [row] = await tx
      .update(table)
      .set({ likeCount: sql`${table.likeCount} + ${delta}` })
      .where(targetKey)
      .returning({ likeCount: table.likeCount });
    // A member's likes given (their profile's counters; the seed keeps the same rule).
    if (memberId !== null) {
      await tx
        .update(members)
        .set({ likeCount: sql`${members.likeCount} + ${delta}` })
        .where(and(eq(members.siteId, site.id), eq(members.id, memberId)));
    }
    return { isLiked, likeCount: row?.likeCount ?? 0, changed: true };
  });
  // After the commit: the snapshot takes the committed count.
  if (result.changed)
    deps.counters?.noteCounts(site.id, target, targetId, { likeCount: result.likeCount });
  return result;
}

/** The liker as a notification names them; null for an anonymous like. */
export async function likerRef(
  deps: EngagementContext,
  site: SiteView,
  actor: Actor,
): Promise<NotificationActor | null> {
  if (actor.memberId === null || actor.isBlocked) return null;
  const [row] = await deps.db
    .select({ id: members.id, name: members.name, slug: members.slug })
    .from(members)
    .where(and(eq(members.siteId, site.id), eq(members.id, actor.memberId)))
    .limit(1);
  return row ?? null;
}

/** Runs a notification after the like committed; a failure is logged, never thrown. */
export function notifyLater(deps: EngagementContext, work: () => Promise<unknown>): void {
  work().catch((error: unknown) => deps.log?.error(error, 'like notification failed'));
}

/**
 * Who likes, or a refusal: the rule of SPEC §6 and a liker key for the asker. Taking one's own
 * like back is always allowed (a member who went private, a visitor after anonymous likes were
 * switched off), except on a demo site. A guest who likes for the first time gets a visitor id;
 * taking a like back never needs one.
 */
export async function likerFor(
  deps: EngagementContext,
  reader: EngagementReader,
  site: SiteView,
  action: 'post:like' | 'comment:like',
  isLiked: boolean,
) {
  const permission = await deps.permissionSettings(site, reader.device);
  const refusal = whyNot(reader.actor, action, { settings: permission, site });
  // Taking a like back needs no right, but a demo site (SPEC §4) takes no write at all.
  if (refusal !== null && (isLiked || refusal === 'demo_mode')) {
    throw new PermissionError(refusal);
  }
  const visitorId =
    reader.visitorId ?? (isLiked && reader.mintVisitorId ? reader.mintVisitorId() : null);
  const likerKey = likerKeyOf(reader.actor, visitorId);
  const memberId = likerKey?.startsWith('m:') ? reader.actor.memberId : null;
  return { likerKey, memberId };
}

/**
 * SPEC §7 incrementPostLikeCount as PUT/DELETE: the asker likes (`isLiked`) or no longer likes
 * a published post. Repeating a call changes nothing. The post's author is told of a new like.
 */
export async function setPostLike(
  deps: EngagementContext,
  reader: EngagementReader,
  site: SiteView,
  postId: string,
  isLiked: boolean,
): Promise<LikeStateView> {
  const post = await publishedPost(deps, site, postId);
  const { likerKey, memberId } = await likerFor(deps, reader, site, 'post:like', isLiked);
  const { changed, ...state } = await writeLike(
    deps,
    site,
    'post',
    post.id,
    likerKey,
    memberId,
    isLiked,
  );
  if (changed && isLiked) {
    notifyLater(deps, async () =>
      deps.notifications.notify(site.id, post.ownerId, {
        kind: 'post-like',
        actor: await likerRef(deps, site, reader.actor),
        post: { id: post.id, slug: post.slug, title: post.title },
      }),
    );
  }
  return state;
}

/** The asker likes or no longer likes a published comment (SPEC §4: separate from posts). */
export async function setCommentLike(
  deps: EngagementContext,
  reader: EngagementReader,
  site: SiteView,
  commentId: string,
  isLiked: boolean,
): Promise<LikeStateView> {
  const comment = await publishedComment(deps, site, commentId);
  const { likerKey, memberId } = await likerFor(deps, reader, site, 'comment:like', isLiked);
  const { changed, ...state } = await writeLike(
    deps,
    site,
    'comment',
    comment.id,
    likerKey,
    memberId,
    isLiked,
  );
  if (changed && isLiked) {
    notifyLater(deps, async () =>
      deps.notifications.notify(site.id, comment.authorId, {
        kind: 'comment-like',
        actor: await likerRef(deps, site, reader.actor),
        post: { id: comment.postId, slug: comment.postSlug, title: comment.postTitle },
        comment: { id: comment.id, excerpt: notificationExcerpt(comment.text) },
      }),
    );
  }
  return state;
}
