/**
 * Likes, ratings and views as the API and the pages share them (issue 6; SPEC §6 likes, §5/§9
 * ratings): the inputs that cross the HTTP boundary, who a liker is, what a page reads of the
 * asker's engagement. The like button's own rules are in likes.ts (no zod: the feed's script
 * carries them). Decision 020.
 */
import { z } from 'zod';
import type { LikeTarget } from './likes';
import { type Actor, effectiveRole } from './permissions';
import { RATING_MAX } from './ratings';

/** `/posts/:postId/...` */
export const PostIdParamsSchema = z.object({ postId: z.uuid() });
/** `/comments/:commentId/...` */
export const CommentIdParamsSchema = z.object({ commentId: z.uuid() });

/**
 * `PUT /posts/:postId/rating`: the member's rating. Any number is taken and clamped to 0–5 (SPEC
 * §5); something that is not a number is a 400 naming `value`.
 */
export const RatingInputSchema = z.strictObject({
  value: z.number({ error: `must be a number from 0 to ${RATING_MAX}` }),
});
export type RatingInput = z.infer<typeof RatingInputSchema>;

/**
 * The response header by which a post's page tells the server which post was viewed (issue 6
 * view counts): the server takes it off and counts the view after the response has gone, for
 * cached pages too.
 */
export const POST_VIEW_HEADER = 'x-inkwell-post-view';

/** A post's ratings after a rating call, with the asker's own. */
export interface RatingStateView {
  averageRating: number;
  totalRatings: number;
  myRating: number | null;
}

/**
 * Who a like is counted for (the likes table's `liker_key`): a member as themselves; a guest
 * (a visitor, a blocked member, an unknown role: SPEC §6) by their visitor id, as an anonymous
 * like. Null when a guest has no visitor id yet (the HTTP layer mints one before liking).
 */
export function likerKeyOf(actor: Actor, visitorId: string | null): string | null {
  if (effectiveRole(actor) !== 'guest' && actor.memberId !== null) return `m:${actor.memberId}`;
  return visitorId ? `v:${visitorId}` : null;
}

/**
 * What a page knows of the asker's engagement with the posts it shows, read per request beside
 * the shared (memoised, cached) post data (decision 002): the posts they like and fresh counters.
 * Visitors' pages carry none, so that they stay one page for every visitor.
 */
export interface PostEngagementView {
  likeCount: number;
  isLiked: boolean;
  averageRating: number;
  totalRatings: number;
}
