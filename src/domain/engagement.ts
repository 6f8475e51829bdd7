/**
 * Likes and ratings as the API and the pages share them (issue 6; SPEC §4 like button, §6 likes,
 * §7 incrementPostLikeCount, §5/§9 ratings): the inputs that cross the HTTP boundary, who a liker
 * is, the optimistic like rule, and the addresses of the calls. Decision 020.
 */
import { z } from 'zod';
import { type Actor, effectiveRole } from './permissions';
import { RATING_MAX } from './ratings';

/** SPEC §4: likes are separate for posts and comments. */
export const LIKE_TARGETS = ['post', 'comment'] as const;
export type LikeTarget = (typeof LIKE_TARGETS)[number];

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

/** A target's like state after a like call: whether the asker likes it, and its count. */
export interface LikeStateView {
  isLiked: boolean;
  likeCount: number;
}

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
 * SPEC §4 like button, optimistically: pressing toggles liked; the count goes up by one when
 * newly liked and down by one when unliked (never below zero).
 */
export function toggledLike(state: LikeStateView): LikeStateView {
  const isLiked = !state.isLiked;
  return { isLiked, likeCount: Math.max(0, state.likeCount + (isLiked ? 1 : -1)) };
}

/** SPEC §4: the count is hidden at zero unless `showZero`. */
export function isLikeCountShown(count: number, showZero = false): boolean {
  return count > 0 || showZero;
}

/**
 * The address of a target's like: PUT likes it, DELETE takes the like back (both idempotent:
 * repeating one changes nothing).
 */
export function likeApiUrl(target: LikeTarget, id: string): string {
  return `/api/${target === 'post' ? 'posts' : 'comments'}/${encodeURIComponent(id)}/like`;
}

/** The address of a post's rating (PUT with `{ value }`). */
export function ratingApiUrl(postId: string): string {
  return `/api/posts/${encodeURIComponent(postId)}/rating`;
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
