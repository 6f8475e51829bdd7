/**
 * Schemas for what crosses the HTTP boundary of the read API. The pages and the API share them,
 * so a limit is stated once.
 */
import { z } from 'zod';
import { isRealArchiveDate } from './dates';
import { MY_POSTS_TABS, type MyPostsQuery } from './my-posts';
import { NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE_MAX } from './notifications';
import {
  DEFAULT_POSTS_PER_PAGE as FEED_PAGE_SIZE,
  POSTS_PER_PAGE_MAX as PAGE_SIZE_MAX,
} from './settings';
import { safeText } from './text-input';

/** `?page=&pageSize=` of every feed endpoint (SPEC §5: posts per page 1–50). */
export const FeedPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(FEED_PAGE_SIZE),
});
export type FeedPageQuery = z.infer<typeof FeedPageQuerySchema>;

/** A slug path parameter: non-empty, without slashes, at most 200 characters. */
export const SlugParamsSchema = z.object({
  slug: safeText()
    .min(1)
    .max(200)
    .regex(/^[^/]+$/, 'must not contain a slash'),
});

/** `/archive/:year/:month`: SPEC §5, the archive date must be real. */
export const ArchiveParamsSchema = z
  .object({
    year: z.coerce.number().int(),
    month: z.coerce.number().int(),
  })
  .refine((v) => isRealArchiveDate(v.year, v.month), {
    message: 'is not a real month',
    path: ['month'],
  });

/** `GET /api/my-posts?status=&page=` (SPEC §2 feed source `my-posts`): a tab and a page. */
export const MyPostsQuerySchema = z.object({
  status: z.enum(MY_POSTS_TABS).default('published'),
  page: z.coerce.number().int().min(1).default(1),
}) satisfies z.ZodType<MyPostsQuery>;

/**
 * `GET /api/notifications?page=&pageSize=&unread=`: a page of the member's notifications, the
 * unread ones alone with `unread=true`.
 */
export const NotificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATIONS_PAGE_SIZE_MAX)
    .default(NOTIFICATIONS_PAGE_SIZE),
  unread: z.stringbool().default(false),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

/** `/api/notifications/:id/...`: a notification's id. */
export const NotificationIdParamsSchema = z.object({ id: z.uuid() });
