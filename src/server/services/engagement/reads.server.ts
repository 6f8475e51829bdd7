/** What a member's pages read of their engagement: likes, fresh counters, their rating. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { likerKeyOf, type PostEngagementView } from '../../../domain/engagement';
import type { Actor } from '../../../domain/permissions';
import { ratingsView } from '../../../domain/ratings';
import type { SiteView } from '../../../domain/views';
import { likes, posts, ratings } from '../../db/schema.server';
import type { EngagementContext } from './context.server';

/**
 * Fresh counters of posts and whether the asker likes each, in one query (a page's posts, not
 * one query per card). Empty for a visitor without a visitor id.
 */
export async function postEngagement(
  deps: EngagementContext,
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
  const rows = await deps.db
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
        ...ratingsView({ sum: row.ratingSum, count: row.ratingCount }),
      },
    ]),
  );
}

/** The comments among `commentIds` the asker likes (for the comments section's buttons). */
export async function likedCommentIds(
  deps: EngagementContext,
  actor: Actor,
  visitorId: string | null,
  site: SiteView,
  commentIds: readonly string[],
): Promise<Set<string>> {
  const likerKey = likerKeyOf(actor, visitorId);
  if (likerKey === null || commentIds.length === 0) return new Set();
  const rows = await deps.db
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
export async function myRating(
  deps: EngagementContext,
  actor: Actor,
  site: SiteView,
  postId: string,
): Promise<number | null> {
  if (actor.memberId === null) return null;
  const [row] = await deps.db
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
