/**
 * The like button's rules that its server-rendered markup needs (SPEC §4 "Like button": hidden at
 * zero unless showZero; likes are separate for posts and comments). No zod, and nothing the
 * button only needs once pressed (that is like-actions.ts): every feed's script carries this
 * module (decision 009's budget).
 */

/** SPEC §4: likes are separate for posts and comments. */
export const LIKE_TARGETS = ['post', 'comment'] as const;
export type LikeTarget = (typeof LIKE_TARGETS)[number];

/** A target's like state: whether the asker likes it, and its count. */
export interface LikeStateView {
  isLiked: boolean;
  likeCount: number;
}

/** SPEC §4: the count is hidden at zero unless `showZero`. */
export function isLikeCountShown(count: number, showZero = false): boolean {
  return count > 0 || showZero;
}

/**
 * The key of a gated action's control (its `data-action-key`): after logging in, the pending
 * action continues at the control with this key (SPEC §4 "then the action continues").
 */
export function likeActionKey(target: LikeTarget, id: string): string {
  return `like:${target}:${id}`;
}
