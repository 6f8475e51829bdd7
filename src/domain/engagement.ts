/**
 * Likes, ratings and views as the API and the pages share them (issue 6; SPEC §6 likes, §5/§9
 * ratings): the inputs that cross the HTTP boundary, who a liker is, what a page reads of the
 * asker's engagement. The like button's own rules are in likes.ts (no zod: the feed's script
 * carries them). Decision 020.
 */
import { z } from 'zod';
import {
  type Actor,
  type DenialReason,
  effectiveRole,
  type PermissionSettings,
  whyNot,
} from './permissions';
import { RATING_MAX } from './ratings';
import { READER_STATE_IDS_MAX } from './reader-state';

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

/** A comma-separated list of ids (`a,b,c`), each a UUID, none repeated, at most the maximum. */
function idListSchema() {
  return z
    .string()
    .max(READER_STATE_IDS_MAX * 37)
    .transform((raw) => [...new Set(raw.split(',').filter((id) => id !== ''))])
    .pipe(
      z
        .array(z.uuid({ error: 'must be comma-separated ids' }))
        .max(READER_STATE_IDS_MAX, { error: `at most ${READER_STATE_IDS_MAX} ids` }),
    );
}

/** `GET /api/reader-state (decision 030)?posts=<ids>&comments=<ids>`: the posts and comments a page shows. */
export const ReaderStateQuerySchema = z.object({
  posts: idListSchema().default([]),
  comments: idListSchema().default([]),
});
export type ReaderStateQuery = z.infer<typeof ReaderStateQuerySchema>;

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

/**
 * Why the asker may not take a gated action (SPEC §4, §6), as the page acts on it: log in first,
 * join the community (a private member), not allowed, switched off, or a demo site where every
 * gated action opens the demo-mode modal. `whyNot`'s reasons, demo mode included.
 */
export type GateReason = DenialReason;

/** The gated actions every blog page may offer, each with the asker's refusal or null. */
export interface EngagementGates {
  'post:like': GateReason | null;
  'comment:like': GateReason | null;
  'post:rate': GateReason | null;
  subscribe: GateReason | null;
}

/**
 * The gates of every blog page for an asker (the blog layout sends them; the page asks before
 * acting and the server asks again). On a demo site each is `demo_mode` (SPEC §4), unless the
 * asker must log in first or the feature is off (`whyNot`'s demo rule).
 */
export function engagementGates(
  actor: Actor,
  settings: PermissionSettings,
  isDemoMode: boolean,
): EngagementGates {
  const site = { isDemoMode };
  return {
    'post:like': whyNot(actor, 'post:like', { settings, site }),
    'comment:like': whyNot(actor, 'comment:like', { settings, site }),
    'post:rate': whyNot(actor, 'post:rate', { settings, site }),
    subscribe: whyNot(actor, 'subscribe', { settings, site }),
  };
}

/** A comment with its replies, as the comment threads of a page hold them. */
interface CommentNode {
  id: string;
  replies: readonly CommentNode[];
}

/** Every comment id of a page's threads, replies included (one query for the member's likes). */
export function commentIdsOf(comments: readonly CommentNode[]): string[] {
  return comments.flatMap((comment) => [comment.id, ...commentIdsOf(comment.replies)]);
}

/** The threads with the member's likes marked (`isLiked`); new objects, the others untouched. */
export function withLikedComments<T extends CommentNode>(
  comments: readonly T[],
  liked: ReadonlySet<string>,
): T[] {
  if (liked.size === 0) return comments as T[];
  return comments.map((comment) => ({
    ...comment,
    isLiked: liked.has(comment.id),
    replies: withLikedComments(comment.replies as readonly T[], liked),
  }));
}
