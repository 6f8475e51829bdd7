/**
 * What pressing a like button or rating a post does (SPEC §4 "Like button": toggles liked/unliked,
 * +1 when newly liked, −1 when unliked, shown optimistically; SPEC §7 incrementPostLikeCount), for
 * the code that loads on the first press. No zod: it loads with that code.
 */
import type { LikeStateView, LikeTarget } from './likes';

/**
 * SPEC §4 like button, optimistically: pressing toggles liked; the count goes up by one when
 * newly liked and down by one when unliked (never below zero).
 */
export function toggledLike(state: LikeStateView): LikeStateView {
  const isLiked = !state.isLiked;
  return { isLiked, likeCount: Math.max(0, state.likeCount + (isLiked ? 1 : -1)) };
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
