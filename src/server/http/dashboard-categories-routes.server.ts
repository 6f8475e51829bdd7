/**
 * The dashboard's categories (issue 17 § Categories), editors and owners (SPEC §6):
 *
 *   GET    /dashboard/categories              → the site's categories, display order
 *   POST   /dashboard/categories              → 201 a new category
 *   PUT    /dashboard/categories/order        { ids } → the list in its new order
 *   PUT    /dashboard/categories/:id          → the edited category
 *   DELETE /dashboard/categories/:id          { movePostsTo? } → what happened to its posts
 *
 * Registered with `{ noStore: true, auth: 'member' }`: visitors get 401 before the handler.
 */
import type { FastifyInstance } from 'fastify';
import {
  CategoryDeleteSchema,
  CategoryIdParamsSchema,
  CategoryInputSchema,
  CategoryOrderSchema,
} from '../../domain/dashboard-categories';
import type { DashboardCategoriesService } from '../services/dashboard-categories.server';

export interface DashboardCategoriesRoutesDeps {
  categories: DashboardCategoriesService;
}

/** Registers the dashboard's category routes under the caller's prefix (normally `/api`). */
export async function dashboardCategoriesRoutes(
  app: FastifyInstance,
  { categories }: DashboardCategoriesRoutesDeps,
) {
  app.get('/dashboard/categories', async (request) => {
    return categories.list(await request.actor, await request.site);
  });

  app.post('/dashboard/categories', async (request, reply) => {
    const input = CategoryInputSchema.parse(request.body);
    const created = await categories.create(await request.actor, await request.site, input);
    return reply.status(201).send(created);
  });

  app.put('/dashboard/categories/order', async (request) => {
    const input = CategoryOrderSchema.parse(request.body);
    return categories.reorder(await request.actor, await request.site, input);
  });

  app.put('/dashboard/categories/:id', async (request) => {
    const { id } = CategoryIdParamsSchema.parse(request.params);
    const input = CategoryInputSchema.parse(request.body);
    return categories.update(await request.actor, await request.site, id, input);
  });

  app.delete('/dashboard/categories/:id', async (request) => {
    const { id } = CategoryIdParamsSchema.parse(request.params);
    const input = CategoryDeleteSchema.parse(request.body ?? {});
    return categories.remove(await request.actor, await request.site, id, input);
  });
}
