/**
 * The dashboard's reports queue (issue 17; SPEC §6 view-report). Thin: parse, call the reports
 * service, reply. Registered with `{ noStore: true, auth: 'member' }`. The older flat queue
 * (`GET /api/moderation/reports`) stays for its callers.
 *
 *   GET  /dashboard/reports?status=&post=&cursor=&limit=
 *                                   editors and owners: reported posts and comments, one row
 *                                   each with reasons and counts, latest report first
 *   POST /dashboard/reports/:targetType/:targetId/dismiss       → { closed, openCount }
 *   POST /dashboard/reports/:targetType/:targetId/delete        the post to the trash or the
 *                                                               comment deleted → { closed, openCount }
 *   POST /dashboard/reports/:targetType/:targetId/block-author  owners → { closed, openCount, memberId }
 *
 * Errors: 400 `validation_failed` naming the field; 401 `login-required`; 403 `forbidden`;
 * 404 `report_not_found`, `post_not_found`, `comment_not_found`.
 */
import type { FastifyInstance } from 'fastify';
import {
  DashboardReportsQuerySchema,
  ReportTargetParamsSchema,
} from '../../domain/dashboard-reports';
import type { ReportsService } from '../services/reports.server';

export interface DashboardReportsRoutesDeps {
  reports: ReportsService;
}

/** Registers the routes under the caller's prefix (normally `/api`). */
export async function dashboardReportsRoutes(
  app: FastifyInstance,
  { reports }: DashboardReportsRoutesDeps,
) {
  app.get('/dashboard/reports', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const query = DashboardReportsQuerySchema.parse(request.query);
    return reports.listTargets(actor, site, query);
  });

  app.post('/dashboard/reports/:targetType/:targetId/dismiss', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const target = ReportTargetParamsSchema.parse(request.params);
    return reports.dismiss(actor, site, target);
  });

  app.post('/dashboard/reports/:targetType/:targetId/delete', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const target = ReportTargetParamsSchema.parse(request.params);
    return reports.deleteContent(actor, site, target);
  });

  app.post('/dashboard/reports/:targetType/:targetId/block-author', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const target = ReportTargetParamsSchema.parse(request.params);
    return reports.blockAuthor(actor, site, target);
  });
}
