/**
 * The dashboard's analytics (issue 18 § Analytics; decision 041), owners only (`analytics:read`):
 *
 *   GET /dashboard/analytics?range=&from=&to=&interval=            → AnalyticsView
 *   GET /dashboard/analytics.csv?…                                 → the same as CSV (a download)
 *   GET /dashboard/analytics/posts/:id?range=&from=&to=&interval=  → PostAnalyticsView
 *   GET /dashboard/analytics/posts/:id.csv?…                       → the same as CSV
 *
 * Registered with `{ noStore: true, auth: 'member' }`: visitors get 401 before the handler.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  AnalyticsPostParamsSchema,
  AnalyticsQuerySchema,
  analyticsCsv,
  postAnalyticsCsv,
} from '../../domain/analytics';
import type { DashboardAnalyticsService } from '../services/dashboard-analytics.server';

export interface DashboardAnalyticsRoutesDeps {
  analytics: DashboardAnalyticsService;
}

/** Sends `csv` as a download named `filename`. */
function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}

/** Registers the dashboard's analytics routes under the caller's prefix (normally `/api`). */
export async function dashboardAnalyticsRoutes(
  app: FastifyInstance,
  { analytics }: DashboardAnalyticsRoutesDeps,
) {
  app.get('/dashboard/analytics', async (request) => {
    const query = AnalyticsQuerySchema.parse(request.query);
    return analytics.site(await request.actor, await request.site, query);
  });

  app.get('/dashboard/analytics.csv', async (request, reply) => {
    const query = AnalyticsQuerySchema.parse(request.query);
    const view = await analytics.site(await request.actor, await request.site, query);
    return sendCsv(
      reply,
      `analytics-${view.period.from}-${view.period.to}.csv`,
      analyticsCsv(view),
    );
  });

  app.get('/dashboard/analytics/posts/:id', async (request, reply) => {
    const raw = (request.params as { id: string }).id;
    const isCsv = raw.endsWith('.csv');
    const { id } = AnalyticsPostParamsSchema.parse({ id: isCsv ? raw.slice(0, -4) : raw });
    const query = AnalyticsQuerySchema.parse(request.query);
    const view = await analytics.post(await request.actor, await request.site, id, query);
    if (!isCsv) return view;
    return sendCsv(
      reply,
      `analytics-post-${id}-${view.period.from}-${view.period.to}.csv`,
      postAnalyticsCsv(view),
    );
  });
}
