/**
 * Likes and ratings (issue 6; SPEC §4 like button, §6 likes, §7 incrementPostLikeCount, §5/§9
 * ratings; decision 020). A like is a row of `likes` keyed by target and liker: liking inserts it
 * (`on conflict do nothing`), unliking deletes it, and the target's `like_count` (and the member's
 * likes-given count) moves only when a row really came or went, in the same transaction, so a
 * repeated or concurrent request never counts twice and the stored count is always the number
 * of likers. A rating is a row of `ratings` per member; a second one replaces the first and the
 * post's `rating_sum` and `rating_count` move with it in the same transaction.
 *
 * These writes do not bump the site's generation (decision 002): the shared pages may show counts
 * up to a minute old, and every reader's page lays their own likes and counts at most 5 s old
 * over it (reader-state.server.ts, decision 030); members' pages also read them while rendering
 * (`postEngagement`), in one query per page.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { likerKeyOf, type PostEngagementView, type RatingStateView } from '../../domain/engagement';
import type { LikeStateView, LikeTarget } from '../../domain/likes';
import { type NotificationActor, notificationExcerpt } from '../../domain/notifications';
import { type Actor, whyNot } from '../../domain/permissions';
import { averageRating, memberRatingOf } from '../../domain/ratings';
import type { Device } from '../../domain/settings';
import type { SiteView } from '../../domain/views';
import type { EngagementReads } from '../../load-context';
import type { Database } from '../db/connection.server';
import { comments, likes, members, posts, ratings } from '../db/schema';
import { NotFoundError, PermissionError } from '../errors';
import type { NotificationsService } from './notifications.server';
import { createPermissionSettings } from './permission-settings.server';
import type { ReaderStateService } from './reader-state.server';
import type { WidgetSettingsService } from './widget-settings.server';

export interface EngagementDeps {
  db: Database;
  settings: Pick<WidgetSettingsService, 'getResolved'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Where a failed notification is reported: it never fails the like that caused it. */
  log?: { error(error: unknown, message: string): void };
  /**
   * The readers' counts snapshot (reader-state.server.ts), told of every count a write committed
   * so that the writer's next overlay shows it (decision 030).
   */
  counters?: Pick<ReaderStateService, 'noteCounts'>;
}

/** Who is asking: the actor, the anonymous visitor's id if any, and their device's settings. */
export interface EngagementReader {
  actor: Actor;
  visitorId: string | null;
  device: Device;
  /**
   * Gives a guest without a visitor id one (the HTTP layer sets its cookie), called only once a
   * like is allowed: a refused visitor gets no cookie.
   */
  mintVisitorId?: () => string;
}

/** Builds the likes and ratings service. */
export function createEngagement({ db, settings, notifications, log, counters }: EngagementDeps) {
  // The request's device decides (decision 008; permission-settings.server.ts).
  const permissionSettings = createPermissionSettings(settings);

  /** A published post of the site, as a like or a rating needs it; 404 otherwise. */
  async function publishedPost(site: SiteView, postId: string) {
    const [post] = await db
      .select({ id: posts.id, slug: posts.slug, title: posts.title, ownerId: posts.ownerId })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.id, postId), eq(posts.status, 'published')))
      .limit(1);
    if (!post) throw new NotFoundError('post_not_found', 'Post not found');
    return post;
  }

  /** A published comment on a published post of the site; 404 otherwise. */
  async function publishedComment(site: SiteView, commentId: string) {
    const [comment] = await db
      .select({
        id: comments.id,
        authorId: comments.authorId,
        text: comments.contentText,
        postId: posts.id,
        postSlug: posts.slug,
        postTitle: posts.title,
      })
      .from(comments)
      .innerJoin(posts, and(eq(posts.siteId, comments.siteId), eq(posts.id, comments.postId)))
      .where(
        and(
          eq(comments.siteId, site.id),
          eq(comments.id, commentId),
          eq(comments.status, 'published'),
          eq(posts.status, 'published'),
        ),
      )
      .limit(1);
    if (!comment) throw new NotFoundError('comment_not_found', 'Comment not found');
    return comment;
  }

  /**
   * Sets whether the liker likes a target, idempotently: the row is inserted or deleted, and the
   * counters move by one only when it was. Returns the state after it and whether it changed.
   */
  async function writeLike(
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
      const [row] = await db.select({ likeCount: table.likeCount }).from(table).where(targetKey);
      return { isLiked: false, likeCount: row?.likeCount ?? 0, changed: false };
    }
    const result = await db.transaction(async (tx) => {
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
      counters?.noteCounts(site.id, target, targetId, { likeCount: result.likeCount });
    return result;
  }

  /** The liker as a notification names them; null for an anonymous like. */
  async function likerRef(site: SiteView, actor: Actor): Promise<NotificationActor | null> {
    if (actor.memberId === null || actor.isBlocked) return null;
    const [row] = await db
      .select({ id: members.id, name: members.name, slug: members.slug })
      .from(members)
      .where(and(eq(members.siteId, site.id), eq(members.id, actor.memberId)))
      .limit(1);
    return row ?? null;
  }

  /** Runs a notification after the like committed; a failure is logged, never thrown. */
  function notifyLater(work: () => Promise<unknown>): void {
    work().catch((error: unknown) => log?.error(error, 'like notification failed'));
  }

  /**
   * Who likes, or a refusal: the rule of SPEC §6 and a liker key for the asker. Taking one's own
   * like back is always allowed (a member who went private, a visitor after anonymous likes were
   * switched off), except on a demo site. A guest who likes for the first time gets a visitor id;
   * taking a like back never needs one.
   */
  async function likerFor(
    reader: EngagementReader,
    site: SiteView,
    action: 'post:like' | 'comment:like',
    isLiked: boolean,
  ) {
    const permission = await permissionSettings(site, reader.device);
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
  async function setPostLike(
    reader: EngagementReader,
    site: SiteView,
    postId: string,
    isLiked: boolean,
  ): Promise<LikeStateView> {
    const post = await publishedPost(site, postId);
    const { likerKey, memberId } = await likerFor(reader, site, 'post:like', isLiked);
    const { changed, ...state } = await writeLike(
      site,
      'post',
      post.id,
      likerKey,
      memberId,
      isLiked,
    );
    if (changed && isLiked) {
      notifyLater(async () =>
        notifications.notify(site.id, post.ownerId, {
          kind: 'post-like',
          actor: await likerRef(site, reader.actor),
          post: { id: post.id, slug: post.slug, title: post.title },
        }),
      );
    }
    return state;
  }

  /** The asker likes or no longer likes a published comment (SPEC §4: separate from posts). */
  async function setCommentLike(
    reader: EngagementReader,
    site: SiteView,
    commentId: string,
    isLiked: boolean,
  ): Promise<LikeStateView> {
    const comment = await publishedComment(site, commentId);
    const { likerKey, memberId } = await likerFor(reader, site, 'comment:like', isLiked);
    const { changed, ...state } = await writeLike(
      site,
      'comment',
      comment.id,
      likerKey,
      memberId,
      isLiked,
    );
    if (changed && isLiked) {
      notifyLater(async () =>
        notifications.notify(site.id, comment.authorId, {
          kind: 'comment-like',
          actor: await likerRef(site, reader.actor),
          post: { id: comment.postId, slug: comment.postSlug, title: comment.postTitle },
          comment: { id: comment.id, excerpt: notificationExcerpt(comment.text) },
        }),
      );
    }
    return state;
  }

  /**
   * The member rates a published post (SPEC §5: clamped to 0–5, whole stars). A second rating
   * replaces the first; the post's sum and count change in the same transaction, the earlier
   * rating read under a row lock so that concurrent ratings of one member stay exact.
   */
  async function ratePost(
    reader: EngagementReader,
    site: SiteView,
    postId: string,
    rawValue: number,
  ): Promise<RatingStateView> {
    const post = await publishedPost(site, postId);
    const permission = await permissionSettings(site, reader.device);
    const refusal = whyNot(reader.actor, 'post:rate', { settings: permission, site });
    if (refusal !== null) throw new PermissionError(refusal);
    const memberId = reader.actor.memberId;
    if (memberId === null) throw new PermissionError('login-required');
    const value = memberRatingOf(rawValue);
    const totals = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(ratings)
        .values({ siteId: site.id, postId: post.id, memberId, value })
        .onConflictDoNothing()
        .returning({ value: ratings.value });
      let sumDelta = value;
      let countDelta = 1;
      if (inserted.length === 0) {
        const key = and(
          eq(ratings.siteId, site.id),
          eq(ratings.postId, post.id),
          eq(ratings.memberId, memberId),
        );
        const [previous] = await tx
          .select({ value: ratings.value })
          .from(ratings)
          .where(key)
          .for('update');
        await tx.update(ratings).set({ value, updatedAt: sql`now()` }).where(key);
        sumDelta = value - (previous?.value ?? 0);
        countDelta = previous ? 0 : 1;
      }
      const [row] = await tx
        .update(posts)
        .set({
          ratingSum: sql`${posts.ratingSum} + ${sumDelta}`,
          ratingCount: sql`${posts.ratingCount} + ${countDelta}`,
        })
        .where(and(eq(posts.siteId, site.id), eq(posts.id, post.id)))
        .returning({ sum: posts.ratingSum, count: posts.ratingCount });
      return row ?? { sum: 0, count: 0 };
    });
    counters?.noteCounts(site.id, 'post', post.id, {
      ratingSum: totals.sum,
      ratingCount: totals.count,
    });
    return {
      averageRating: averageRating(totals),
      totalRatings: totals.count,
      myRating: value,
    };
  }

  /**
   * Fresh counters of posts and whether the asker likes each, in one query (a page's posts, not
   * one query per card). Empty for a visitor without a visitor id.
   */
  async function postEngagement(
    actor: Actor,
    visitorId: string | null,
    site: SiteView,
    postIds: readonly string[],
  ): Promise<Map<string, PostEngagementView>> {
    const ids = [...new Set(postIds)];
    const likerKey = likerKeyOf(actor, visitorId);
    if (ids.length === 0) return new Map();
    const liked = likerKey
      ? sql<boolean>`exists (select 1 from ${likes} where ${likes.siteId} = ${posts.siteId}
          and ${likes.targetType} = 'post' and ${likes.targetId} = ${posts.id}
          and ${likes.likerKey} = ${likerKey})`
      : sql<boolean>`false`;
    const rows = await db
      .select({
        id: posts.id,
        likeCount: posts.likeCount,
        ratingSum: posts.ratingSum,
        ratingCount: posts.ratingCount,
        isLiked: liked,
      })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), inArray(posts.id, ids)));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          likeCount: row.likeCount,
          isLiked: row.isLiked === true,
          averageRating: averageRating({ sum: row.ratingSum, count: row.ratingCount }),
          totalRatings: row.ratingCount,
        },
      ]),
    );
  }

  /** The comments among `commentIds` the asker likes (for the comments section's buttons). */
  async function likedCommentIds(
    actor: Actor,
    visitorId: string | null,
    site: SiteView,
    commentIds: readonly string[],
  ): Promise<Set<string>> {
    const likerKey = likerKeyOf(actor, visitorId);
    if (likerKey === null || commentIds.length === 0) return new Set();
    const rows = await db
      .select({ id: likes.targetId })
      .from(likes)
      .where(
        and(
          eq(likes.siteId, site.id),
          eq(likes.targetType, 'comment'),
          inArray(likes.targetId, [...new Set(commentIds)]),
          eq(likes.likerKey, likerKey),
        ),
      );
    return new Set(rows.map((row) => row.id));
  }

  /** The member's own rating of a post, or null (a visitor, or not rated yet). */
  async function myRating(actor: Actor, site: SiteView, postId: string): Promise<number | null> {
    if (actor.memberId === null) return null;
    const [row] = await db
      .select({ value: ratings.value })
      .from(ratings)
      .where(
        and(
          eq(ratings.siteId, site.id),
          eq(ratings.postId, postId),
          eq(ratings.memberId, actor.memberId),
        ),
      )
      .limit(1);
    return row?.value ?? null;
  }

  return { setPostLike, setCommentLike, ratePost, postEngagement, likedCommentIds, myRating };
}

export type EngagementService = ReturnType<typeof createEngagement>;

/**
 * The engagement reads of one request's pages (load-context `EngagementReads`): a member's page
 * reads their likes and fresh counters; a visitor's reads nothing, so that it stays the same page
 * for every visitor (decision 002).
 */
export function engagementReadsFor(
  service: EngagementService,
  site: SiteView,
  actor: Actor,
  visitorId: string | null,
): EngagementReads {
  const isMember = actor.memberId !== null;
  return {
    forPosts: async (postIds) =>
      isMember
        ? Object.fromEntries(await service.postEngagement(actor, visitorId, site, postIds))
        : null,
    myRating: (postId) =>
      isMember ? service.myRating(actor, site, postId) : Promise.resolve(null),
    likedComments: async (commentIds) =>
      isMember ? [...(await service.likedCommentIds(actor, visitorId, site, commentIds))] : [],
  };
}
