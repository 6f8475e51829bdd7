/**
 * Ratings (SPEC §5/§9; decision 020): a row of `ratings` per member; a second replaces the first
 * and the post's `rating_sum` and `rating_count` move with it in the same transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { RatingStateView } from '../../../domain/engagement';
import { whyNot } from '../../../domain/permissions';
import { memberRatingOf, ratingsView } from '../../../domain/ratings';
import type { SiteView } from '../../../domain/views';
import { posts, ratings } from '../../db/schema.server';
import { PermissionError } from '../../errors.server';
import type { EngagementContext, EngagementReader } from './context.server';
import { publishedPost } from './targets.server';

/**
 * The member rates a published post (SPEC §5: clamped to 0–5, whole stars). A second rating
 * replaces the first; the post's sum and count change in the same transaction, the earlier
 * rating read under a row lock so that concurrent ratings of one member stay exact.
 */
export async function ratePost(
  deps: EngagementContext,
  reader: EngagementReader,
  site: SiteView,
  postId: string,
  rawValue: number,
): Promise<RatingStateView> {
  const post = await publishedPost(deps, site, postId);
  const permission = await deps.permissionSettings(site, reader.device);
  const refusal = whyNot(reader.actor, 'post:rate', { settings: permission, site });
  if (refusal !== null) throw new PermissionError(refusal);
  const memberId = reader.actor.memberId;
  if (memberId === null) throw new PermissionError('login-required');
  const value = memberRatingOf(rawValue);
  const totals = await deps.db.transaction(async (tx) => {
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
  deps.counters?.noteCounts(site.id, 'post', post.id, {
    ratingSum: totals.sum,
    ratingCount: totals.count,
  });
  return { ...ratingsView(totals), myRating: value };
}
