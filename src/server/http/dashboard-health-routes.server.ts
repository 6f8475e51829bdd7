/**
 * The dashboard's Health (issue 18 § Error monitoring), owners (`health:read`, `health:manage`):
 *
 *   GET   /dashboard/health?status=&cursor=   → a page of error groups, newest last seen first
 *   GET   /dashboard/health/:id               → one group with its mapped stack
 *   PATCH /dashboard/health/:id               { status } → the group
 *
 * Registered with `{ noStore: true, auth: 'member' }`: visitors get 401 before the handler.
 */
import type { FastifyInstance } from 'fastify';
import {
  ErrorGroupIdParamsSchema,
  ErrorGroupStatusSchema,
  HealthQuerySchema,
} from '../../domain/health';
import type { DashboardHealthService } from '../services/dashboard-health.server';

export interface DashboardHealthRoutesDeps {
  health: DashboardHealthService;
}

/** Registers the Health routes under the caller's prefix (normally `/api`). */
export async function dashboardHealthRoutes(
  app: FastifyInstance,
  { health }: DashboardHealthRoutesDeps,
) {
  app.get('/dashboard/health', async (request) => {
    const query = HealthQuerySchema.parse(request.query);
    return health.list(await request.actor, await request.site, query);
  });

  app.get('/dashboard/health/:id', async (request) => {
    const { id } = ErrorGroupIdParamsSchema.parse(request.params);
    return health.detail(await request.actor, await request.site, id);
  });

  app.patch('/dashboard/health/:id', async (request) => {
    const { id } = ErrorGroupIdParamsSchema.parse(request.params);
    const input = ErrorGroupStatusSchema.parse(request.body);
    return health.setStatus(await request.actor, await request.site, id, input);
  });
}
