/**
 * Schemas of what crosses the HTTP boundary of comments, subscriptions, reports and moderation
 * (issue 6). The limits are the ones of `comments.ts`, stated once.
 */
import { z } from 'zod';
import {
  MENTION_QUERY_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  SUBSCRIPTION_TARGETS,
} from './comments';
import { safeJson, safeText } from './text-input';

export { CommentIdParamsSchema, PostIdParamsSchema } from './engagement';

/**
 * A page cursor: the last comment's time to the microsecond and its id, as the server wrote it.
 * Opaque to clients.
 */
export const CommentCursorSchema = safeText()
  .max(200)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f-]{36}$/i, 'is not a page cursor');

/** `?after=`: where a page of comments or replies starts. */
export const CommentPageQuerySchema = z.object({ after: CommentCursorSchema.optional() });

/**
 * `POST /posts/:postId/comments`: the document (checked by the server's comment rules, which
 * name the problem) and, for a reply, the comment it answers.
 */
export const CommentCreateSchema = z.strictObject({
  content: safeJson().refine((value) => value !== undefined, 'is required'),
  replyTo: z.uuid().optional(),
});
export type CommentCreate = z.infer<typeof CommentCreateSchema>;

/** `PATCH /comments/:commentId`: the new document. */
export const CommentEditSchema = z.strictObject({
  content: safeJson().refine((value) => value !== undefined, 'is required'),
});

/** `PUT /posts/:postId/comments-enabled`: comments on or off for one post. */
export const CommentsEnabledSchema = z.strictObject({ enabled: z.boolean() });

/** `?query=` of mention suggestions. */
export const MentionQuerySchema = z.object({ query: safeText().trim().max(MENTION_QUERY_MAX) });

/** `/subscriptions/:targetType/:targetId`: the blog (its id is the site's), a category, a post. */
export const SubscriptionParamsSchema = z.object({
  targetType: z.enum(SUBSCRIPTION_TARGETS),
  targetId: z.uuid(),
});

/** `POST /reports`: what is reported, why, and an optional explanation. */
export const ReportCreateSchema = z.strictObject({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: safeText().trim().max(REPORT_DETAILS_MAX).default(''),
});
export type ReportCreate = z.infer<typeof ReportCreateSchema>;

/** `GET /moderation/reports?status=&page=`. */
export const ModerationQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ModerationQuery = z.infer<typeof ModerationQuerySchema>;
