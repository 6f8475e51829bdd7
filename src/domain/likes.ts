/**
 * The like button's rules (SPEC §4 "Like button": toggles liked/unliked, +1 when newly liked, −1
 * when unliked, shown optimistically, hidden at zero unless showZero; likes are separate for posts
 * and comments) and the addresses of the engagement calls (SPEC §7 incrementPostLikeCount). No
 * zod here: the feed's script carries this module (decision 009's budget).
 */

/** SPEC §4: likes are separate for posts and comments. */
export const LIKE_TARGETS = ['post', 'comment'] as const;
export type LikeTarget = (typeof LIKE_TARGETS)[number];

/** A target's like state: whether the asker likes it, and its count. */
export interface LikeStateView {
  isLiked: boolean;
  likeCount: number;
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
 * The key of a gated action's control (its `data-action-key`): after logging in, the pending
 * action presses the control with this key again (SPEC §4 "then the action continues").
 */
export function likeActionKey(target: LikeTarget, id: string): string {
  return `like:${target}:${id}`;
}
