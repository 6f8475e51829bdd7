/**
 * Reports and the moderation queue (issue 6; SPEC §6 "report posts and comments not owned by them
 * or an owner", editor "view-report"): a member reports a post or a comment once, with a reason;
 * editors and owners read the reports newest first (`GET /api/moderation/reports`), each with what
 * it is about as it is now. Rows of `reports`, read by `reports_status_idx` (site, status,
 * created_at desc); `reports_once_idx` makes a second report of the same thing by the same member
 * the first one.
 *
 * Reports change no page, so they leave the page cache alone.
 *
 * One module per use case in `reports/` (issue 16 §3): `report` and `queue`. This factory binds
 * the dependencies.
 */
import type { Actor, PermissionSettings } from '../../domain/permissions';
import type { Device } from '../../domain/settings';
import type { SiteView } from '../../domain/views';
import type { SiteGenerations } from '../cache/generations.server';
import type { SessionCache } from '../cache/session-cache.server';
import type { Database } from '../db/connection.server';
import { bindDeps } from './bind-deps.server';
import {
  blockAuthor,
  countOpenReports,
  deleteContent,
  dismiss,
  listTargets,
  reportsScreen,
} from './reports/dashboard.server';
import { queue } from './reports/queue.server';
import { report } from './reports/report.server';

export interface ReportsDeps {
  db: Database;
  /** Blocking a member changes pages (decision 032's one write path). */
  generations: SiteGenerations;
  /** The process's resolved sessions: blocking an author forgets theirs (decision 051). */
  sessions: Pick<SessionCache, 'forgetMember'>;
  /** A reported post to the trash: the post editor's delete (its rules, counts, listing rows). */
  deletePost(actor: Actor, site: SiteView, postId: string): Promise<unknown>;
  /** A reported comment deleted with its replies: the comments' delete. */
  deleteComment(actor: Actor, site: SiteView, commentId: string): Promise<unknown>;
  /** The permission facts of the blog's settings on a device (permission-settings.server.ts). */
  permissionSettings(
    site: SiteView,
    device: Device,
  ): Promise<Pick<PermissionSettings, 'memberAreaInstalled'>>;
}

/** Builds the reports service: each use case bound to `deps`. */
export function createReports(deps: ReportsDeps) {
  const bind = bindDeps(deps);
  return {
    report: bind(report),
    queue: bind(queue),
    // The dashboard's queue (issue 17): grouped by what is reported, and its actions.
    listTargets: bind(listTargets),
    dismiss: bind(dismiss),
    deleteContent: bind(deleteContent),
    blockAuthor: bind(blockAuthor),
    countOpenReports: (site: Pick<SiteView, 'id'>) => countOpenReports(deps, site),
    dashboardScreen: bind(reportsScreen),
  };
}

export type ReportsService = ReturnType<typeof createReports>;
