/**
 * Comments, subscriptions and reports as the reader meets them (issue 6; SPEC §1 "members like,
 * comment, rate, share, subscribe and report", §3 Post totalComments, §6 user permissions, §8
 * toasts, §9 comment avatar 40): the limits a comment is held to, what a thread looks like on the
 * page, plan access, and the report reasons. Pure and without zod:
 * the post page's script imports it (the API's schemas are in `comments-api.ts`).
 */
import type { Actor, CommentFacts } from './permissions';
import type { MemberSummary } from './views';

// ---------------------------------------------------------------------------------------------
// Limits

/** The longest comment, in characters of its text (what the reader sees, without markup). */
export const COMMENT_TEXT_MAX = 5000;
/** At most this many paragraphs in one comment ("a few paragraphs"). */
export const COMMENT_PARAGRAPHS_MAX = 30;
/** At most this many links and mentions in one comment (a comment is not a link farm). */
export const COMMENT_LINKS_MAX = 10;
/** Top-level comments per page (SPEC §9 "pagination default 10"). */
export const COMMENTS_PAGE_SIZE = 10;
/** Replies shown under a comment before "more replies" (each level of the thread). */
export const REPLIES_PREVIEW = 3;
/** Replies per page when the reader asks for more. */
export const REPLIES_PAGE_SIZE = 10;
/**
 * How deep a thread goes: a top-level comment is depth 0, its replies 1, theirs 2. A reply to a
 * comment at the deepest level joins that comment's own thread (and names whom it answers with a
 * mention), so a thread stays readable on a phone.
 */
export const COMMENT_MAX_DEPTH = 2;
/** Mention suggestions offered while typing `@`. */
export const MENTION_SUGGESTIONS_MAX = 6;
/** The longest text searched for mention suggestions. */
export const MENTION_QUERY_MAX = 60;

/** Why a comment's text cannot be saved, as the API's error code. */
export type CommentTextProblem = 'comment_empty' | 'comment_too_long';

/**
 * The problem with a comment's plain text, or null: empty (only white space) or longer than
 * COMMENT_TEXT_MAX characters. The form checks this before sending; the server again.
 */
export function commentTextProblem(text: string): CommentTextProblem | null {
  if (text.trim() === '') return 'comment_empty';
  if ([...text].length > COMMENT_TEXT_MAX) return 'comment_too_long';
  return null;
}

// ---------------------------------------------------------------------------------------------
// What the page shows

/** A comment on the post page (an allowlist of the row). */
export interface CommentView {
  id: string;
  postId: string;
  /** The comment it replies to in the thread; null for a top-level comment. */
  parentId: string | null;
  /** 0 for a top-level comment, then 1 and 2 (COMMENT_MAX_DEPTH). */
  depth: number;
  /** The author with their profile's link; null when the member no longer exists. */
  author: MemberSummary | null;
  /** Whether the author is the blog's owner (SPEC §6: an owner's comments cannot be reported). */
  isByOwner: boolean;
  /** The rich-content document (paragraphs, bold, italic, links, mentions). */
  content: unknown;
  /** ISO dates. */
  createdAt: string;
  updatedAt: string;
  isEdited: boolean;
  likeCount: number;
  /**
   * The member likes it (issue 6): set on the post page's first threads for a member, read per
   * request (decision 002); absent otherwise.
   */
  isLiked?: boolean;
  /** Direct replies, all of them (the loaded ones are in `replies`). */
  replyCount: number;
  /** The first replies, oldest first (REPLIES_PREVIEW, or a page of REPLIES_PAGE_SIZE). */
  replies: CommentView[];
  /** Where the next replies start (`GET /api/comments/:id/replies?after=`); null when none. */
  repliesCursor: string | null;
  /**
   * Issue 17: held until an editor approves it; only its author reads it (absent when
   * published).
   */
  isPending?: true;
}

/** One page of a post's top-level comments, newest first, each with its first replies. */
export interface CommentsPageView {
  comments: CommentView[];
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
  /** Every comment of the post, replies included (the post's exact counter). */
  totalComments: number;
}

/** A page of a comment's replies, oldest first. */
export interface RepliesPageView {
  comments: CommentView[];
  nextCursor: string | null;
}

/** What a write answers: the comment and the post's new total. */
export interface CommentWriteView {
  comment: CommentView;
  totalComments: number;
}

/** What deleting answers: how many went (the comment and its replies) and the new total. */
export interface CommentDeleteView {
  deleted: number;
  totalComments: number;
}

/** A member offered while typing a mention. */
export interface MentionSuggestion {
  id: string;
  slug: string;
  name: string;
  image: MemberSummary['image'];
}

/** The depth a new reply takes when it answers a comment at `depth`. */
export function replyDepth(depth: number): number {
  return Math.min(depth + 1, COMMENT_MAX_DEPTH);
}

/** The comment's element id on its post page, where links to it land (decision 018). */
export { commentAnchor } from './notifications';

// ---------------------------------------------------------------------------------------------
// Permissions

/**
 * SPEC §6 "plan access": a post without a paid-plan restriction is open to all; one with a
 * restriction is open to its owner and to editors (who manage it). Inkwell has no plans to buy
 * yet, so nobody else holds one.
 */
export function hasPlanAccess(
  actor: Pick<Actor, 'memberId' | 'role' | 'isBlocked'>,
  post: { ownerId: string; paidPlansGroupIds: readonly string[] },
): boolean {
  if (post.paidPlansGroupIds.length === 0) return true;
  if (actor.memberId === null || actor.isBlocked) return false;
  return (
    actor.memberId === post.ownerId ||
    actor.role === 'editor' ||
    actor.role === 'owner' ||
    actor.role === 'service'
  );
}

/** A comment as the permission rules see it. */
export function commentFacts(comment: Pick<CommentView, 'author' | 'isByOwner'>): CommentFacts {
  return {
    ownerId: comment.author?.siteMemberId ?? '',
    ownerRole: comment.isByOwner ? 'owner' : 'user',
  };
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

/** What a member may subscribe to here: the blog, a category, a post's comments. */
export const SUBSCRIPTION_TARGETS = ['blog', 'category', 'post'] as const;
export type SubscriptionTarget = (typeof SUBSCRIPTION_TARGETS)[number];

/** Whether the member follows something, as the pages show it. */
export interface SubscriptionView {
  targetType: SubscriptionTarget;
  targetId: string;
  isSubscribed: boolean;
}

// ---------------------------------------------------------------------------------------------
// Reports

/** Why a member reports a post or a comment. */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate-speech',
  'violence',
  'sexual-content',
  'misinformation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What may be reported. */
export const REPORT_TARGETS = ['post', 'comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** Longest explanation a reporter may add. */
export const REPORT_DETAILS_MAX = 500;
/** Reports per page of the moderation queue. */
export const MODERATION_PAGE_SIZE = 20;
/** The states of a report; the dashboard moves them on. */
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What reporting answers: the report, new or the one this member already made. */
export interface ReportReceipt {
  id: string;
  isNew: boolean;
}

/** One report in the moderation queue (`GET /api/moderation/reports`). */
export interface ModerationReportView {
  id: string;
  reason: ReportReason;
  details: string;
  status: ReportStatus;
  createdAt: string;
  reporter: MemberSummary | null;
  /** How many members reported the same post or comment. */
  reportsOfTarget: number;
  target:
    | { type: 'post'; id: string; title: string; link: string; author: MemberSummary | null }
    | {
        type: 'comment';
        id: string;
        excerpt: string;
        /** The comment on its post page. */
        link: string;
        postTitle: string;
        author: MemberSummary | null;
      }
    /** The post or comment is gone since it was reported. */
    | { type: 'post' | 'comment'; id: string; isDeleted: true };
}

/** A page of the moderation queue, newest first. */
export interface ModerationQueueView {
  reports: ModerationReportView[];
  page: number;
  hasMore: boolean;
}
