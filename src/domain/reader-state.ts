/**
 * A reader's own state laid over a shared page (issue 15; decision 030): the pages every reader
 * gets are rendered once and cached, and carry nobody's likes or rating; the page asks
 * `GET /api/reader-state` for the reader's own likes (posts and comments), their rating, and
 * fresh counts of what it shows, and applies them after hydration. Visitors are named by their
 * visitor id cookie, members by their session: one mechanism for both. No zod here: the page's
 * script imports this file (the query's schema is in engagement.ts).
 */
import type { EngagementGates } from './engagement';
import type { LikeStateView } from './likes';
import type { Actor, DenialReason } from './permissions';
import type { SessionMemberView } from './session';

/** The overlay endpoint. The page's script builds its query from what the page shows. */
export const READER_STATE_PATH = '/api/reader-state';

/**
 * Most ids of one kind in one request: a feed page shows at most 50 posts (SPEC §5) plus related
 * posts, a post page a page of comments with their replies.
 */
export const READER_STATE_IDS_MAX = 100;

/**
 * How old the counts in an overlay may be, at most (issue 15: everyone's counts catch up within
 * 10 s of a like). Each server process reads counts at most this often per post or comment.
 */
export const READER_STATE_COUNTS_MAX_AGE_MS = 5_000;

/** A post as the reader sees it: their like, their rating, and fresh counts. */
export interface PostReaderState extends LikeStateView {
  averageRating: number;
  totalRatings: number;
  /** The member's own rating; null for a visitor (SPEC §6: visitors do not rate) or unrated. */
  myRating: number | null;
}

/**
 * The reader's state of the posts and comments asked for, by id; a post or comment that is not
 * published (or not of this site) is left out.
 */
export interface ReaderStateView {
  posts: Record<string, PostReaderState>;
  comments: Record<string, LikeStateView>;
}

/**
 * Everything a page shows that depends on who reads it (issue 20; decision 050): the account
 * area, what they may do, and their state of the page's posts, comments and follows. The server
 * renders the page every reader shares with the visitor's view, and lays each reader's view over
 * its holes at serve time; the page carries the view as JSON for hydration.
 */
export interface ReaderView {
  /** The signed-in member for the header's profile area; null for a visitor. */
  member: SessionMemberView | null;
  /** Who reads, for the permission checks pages make (the anonymous actor for a visitor). */
  viewer: Actor;
  /** The member's unread notifications for the header's button; null for visitors. */
  notifications: { unread: number } | null;
  /** Why the reader may not create a post, or null when they may. */
  createPostRefusal: DenialReason | null;
  /** The reader's refusal of each gated action (SPEC §4, §6), or null where they may. */
  gates: EngagementGates;
  /** The reader's state of the page's posts and comments, by id. */
  posts: Record<string, PostReaderState>;
  comments: Record<string, LikeStateView>;
  /** What the reader follows among the page's targets, by `<targetType>:<targetId>`. */
  following: Record<string, boolean>;
}

/** The id of the page's JSON copy of its reader's view (read once by the browser). */
export const READER_VIEW_ELEMENT_ID = 'inkwell-reader';
