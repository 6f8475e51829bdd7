/**
 * The dashboard's comments (issue 17 "Comments and reports"): every comment of the blog newest
 * first, filtered by post, member, status and words, a page at a time by keyset cursor; the held
 * comments (`pending`) with their approval queue; and the owner's switch that holds first
 * comments. The schemas here are the API's and the screen's.
 */
import { z } from 'zod';
import { CommentCursorSchema } from './comments-api';
import { safeText } from './text-input';
import type { MemberSummary } from './views';

/** SPEC §4-style states of a comment: published, or held until an editor approves it. */
export const COMMENT_STATUSES = ['published', 'pending'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** Rows per page of the dashboard's comment list, unless asked otherwise. */
export const DASHBOARD_COMMENTS_PAGE_SIZE = 20;
/** The most rows one page may hold. */
export const DASHBOARD_COMMENTS_PAGE_MAX = 50;
/** The longest search text. */
export const DASHBOARD_COMMENTS_QUERY_MAX = 100;
/** Characters of a comment's text a row shows. */
export const DASHBOARD_COMMENT_EXCERPT_LENGTH = 280;

/** `GET /api/dashboard/comments?post=&member=&status=&q=&cursor=&limit=`. */
export const DashboardCommentsQuerySchema = z.object({
  post: z.uuid().optional(),
  member: z.uuid().optional(),
  status: z.enum(COMMENT_STATUSES).optional(),
  q: safeText().trim().max(DASHBOARD_COMMENTS_QUERY_MAX).optional(),
  cursor: CommentCursorSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DASHBOARD_COMMENTS_PAGE_MAX)
    .default(DASHBOARD_COMMENTS_PAGE_SIZE),
});
export type DashboardCommentsQuery = z.infer<typeof DashboardCommentsQuerySchema>;

/** `PUT /api/dashboard/comments/settings`: the owner's switch. */
export const CommentModerationSettingsSchema = z.strictObject({
  holdFirstComments: z.boolean(),
});
export type CommentModerationSettings = z.infer<typeof CommentModerationSettingsSchema>;

/** One row of the dashboard's comment list. */
export interface DashboardCommentView {
  id: string;
  /** The comment's text, cut to DASHBOARD_COMMENT_EXCERPT_LENGTH. */
  excerpt: string;
  author: MemberSummary | null;
  post: { id: string; title: string; link: string };
  /** ISO date. */
  createdAt: string;
  status: CommentStatus;
  likeCount: number;
  replyCount: number;
  /** The comment on its post page (its anchor); a held one shows there to its author only. */
  contextLink: string;
  /** It answers another comment. */
  isReply: boolean;
}

/** A page of the dashboard's comment list. */
export interface DashboardCommentsPageView {
  comments: DashboardCommentView[];
  /** Where the next page starts; null on the last. */
  nextCursor: string | null;
  /** Held comments waiting for approval (the Pending tab and the navigation's badge). */
  pendingCount: number;
}

/** What approving answers: the comment as the list shows it now. */
export interface CommentApprovalView {
  comment: DashboardCommentView;
}

/** What the Comments screen's loader reads (load-context `dashboard.comments`). */
export interface DashboardCommentsScreenView {
  page: DashboardCommentsPageView;
  settings: CommentModerationSettings;
  /** Whether the asker may change the settings (owners). */
  canEditSettings: boolean;
  /** The post or member a filter names, so the screen can show whose comments these are. */
  filterLabels: { post?: string; member?: string };
}

/** Whether the held-comments rule holds back a new comment by someone of `role` (a `Role`). */
export function isExemptFromHolding(role: string): boolean {
  // Contributors and moderators are known people: their comments never wait.
  return ['open-blog-writer', 'guest-writer', 'writer', 'editor', 'owner', 'service'].includes(
    role,
  );
}

/**
 * The words of a search as a prefix query for PostgreSQL's `to_tsquery('simple', …)`: letters and
 * digits only, every word required, the last one as a prefix (the list searches while typing).
 * Null when nothing searchable is left.
 */
export function commentSearchQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
}
