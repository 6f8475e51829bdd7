/**
 * The dashboard's reports queue (issue 17 "Comments and reports"; SPEC §6 view-report): the
 * reported posts and comments, one row per reported thing, with the reasons and how many members
 * reported it, newest report first; and what an editor does with one: dismiss the reports, delete
 * the content, or (owners) block its author. Reporters are never told who acted.
 */
import { z } from 'zod';
import {
  REPORT_STATUSES,
  REPORT_TARGETS,
  type ReportReason,
  type ReportStatus,
  type ReportTarget,
} from './comments';
import { safeText } from './text-input';
import type { MemberSummary } from './views';

/** Reported things per page of the queue, unless asked otherwise. */
export const DASHBOARD_REPORTS_PAGE_SIZE = 20;
/** The most reported things one page may hold. */
export const DASHBOARD_REPORTS_PAGE_MAX = 50;
/** Reporters' explanations shown per reported thing (the latest). */
export const REPORT_DETAILS_SHOWN = 3;

/**
 * A page cursor of the queue: the newest report's time to the microsecond, the target's type and
 * its id, as the server wrote it. Opaque to clients.
 */
export const ReportsCursorSchema = safeText()
  .max(200)
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_(post|comment)_[0-9a-f-]{36}$/i,
    'is not a page cursor',
  );

/** `GET /api/dashboard/reports?status=&post=&cursor=&limit=`. */
export const DashboardReportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  /** A post: its own reports and those of its comments (the posts screen's "view report"). */
  post: z.uuid().optional(),
  cursor: ReportsCursorSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DASHBOARD_REPORTS_PAGE_MAX)
    .default(DASHBOARD_REPORTS_PAGE_SIZE),
});
export type DashboardReportsQuery = z.infer<typeof DashboardReportsQuerySchema>;

/** `/api/dashboard/reports/:targetType/:targetId/...`: the reported thing. */
export const ReportTargetParamsSchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.uuid(),
});
export type ReportTargetKey = z.infer<typeof ReportTargetParamsSchema>;

/** What a reported thing is now. */
export type ReportedContentView =
  | {
      type: 'post';
      id: string;
      title: string;
      link: string;
      /** The post's status now (a post in the trash is `deleted`). */
      status: string;
      author: MemberSummary | null;
      isAuthorBlocked: boolean;
    }
  | {
      type: 'comment';
      id: string;
      excerpt: string;
      /** The comment on its post page. */
      link: string;
      post: { id: string; title: string; link: string };
      author: MemberSummary | null;
      isAuthorBlocked: boolean;
    }
  /** Deleted since it was reported. */
  | { type: ReportTarget; id: string; isDeleted: true };

/** One reported post or comment in the queue. */
export interface ReportedTargetView {
  targetType: ReportTarget;
  targetId: string;
  status: ReportStatus;
  /** How many members reported it (one report per member). */
  reportCount: number;
  /** Each reason given and by how many, most given first. */
  reasons: { reason: ReportReason; count: number }[];
  /** The latest explanations reporters wrote (REPORT_DETAILS_SHOWN), newest first. */
  details: string[];
  /** ISO dates of the first and the latest report. */
  firstReportedAt: string;
  lastReportedAt: string;
  content: ReportedContentView;
}

/** A page of the queue. */
export interface DashboardReportsPageView {
  targets: ReportedTargetView[];
  nextCursor: string | null;
  /** Reported things with open reports (the navigation's badge). */
  openCount: number;
}

/** What an action on a reported thing answers. */
export interface ReportActionView {
  /** How many reports the action closed. */
  closed: number;
  /** Reported things still open (the badge's new count). */
  openCount: number;
}

/** What the Reports screen's loader reads (load-context `dashboard.reports`). */
export interface DashboardReportsScreenView {
  page: DashboardReportsPageView;
  status: ReportStatus;
  /** The post a `?post=` filter names. */
  post: { id: string; title: string } | null;
  /** Whether the asker may block members (owners). */
  canBlock: boolean;
}
