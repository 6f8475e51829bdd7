/**
 * The dashboard shell's API (issue 17): what waits for the asker, for the navigation's badges
 * after an action. Each area's API is its own module (`dashboard-<area>-routes.server.ts`).
 *
 *   GET /dashboard/summary   { inReview, openReports, heldComments, myDrafts }
 *
 * 401 `login-required` for a visitor (the subtree's `auth: 'member'`), 403 `forbidden` for a
 * member who may not open the dashboard.
 */
import type { FastifyInstance } from 'fastify';
import type { createDashboardSummary } from '../services/dashboard/summary.server';

export interface DashboardRoutesDeps {
  summary: ReturnType<typeof createDashboardSummary>;
}

/** Registers the routes under the caller's prefix (normally `/api`). */
export async function dashboardRoutes(app: FastifyInstance, { summary }: DashboardRoutesDeps) {
  app.get('/dashboard/summary', async (request) =>
    summary.summary(await request.actor, await request.site),
  );
}
