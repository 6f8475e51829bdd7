/**
 * The dashboard's tags (issue 17 § Tags), editors and owners (SPEC §6 `tag:edit`, `tag:delete`):
 *
 *   GET    /dashboard/tags?q=&sort=&cursor=   → one page of tags with their post counts
 *   PATCH  /dashboard/tags/:id                { label, slug? } → the renamed tag
 *   POST   /dashboard/tags/:id/merge          { into } → the surviving tag
 *   DELETE /dashboard/tags/:id                → 204
 *
 * Registered with `{ noStore: true, auth: 'member' }`: visitors get 401 before the handler.
 */
import type { FastifyInstance } from 'fastify';
import {
  DashboardTagsQuerySchema,
  TagIdParamsSchema,
  TagMergeSchema,
  TagRenameSchema,
} from '../../domain/dashboard-tags';
import type { DashboardTagsService } from '../services/dashboard-tags.server';

export interface DashboardTagsRoutesDeps {
  tags: DashboardTagsService;
}

/** Registers the dashboard's tag routes under the caller's prefix (normally `/api`). */
export async function dashboardTagsRoutes(app: FastifyInstance, { tags }: DashboardTagsRoutesDeps) {
  app.get('/dashboard/tags', async (request) => {
    const query = DashboardTagsQuerySchema.parse(request.query);
    return tags.list(await request.actor, await request.site, query);
  });

  app.patch('/dashboard/tags/:id', async (request) => {
    const { id } = TagIdParamsSchema.parse(request.params);
    const input = TagRenameSchema.parse(request.body);
    return tags.rename(await request.actor, await request.site, id, input);
  });

  app.post('/dashboard/tags/:id/merge', async (request) => {
    const { id } = TagIdParamsSchema.parse(request.params);
    const input = TagMergeSchema.parse(request.body);
    return tags.merge(await request.actor, await request.site, id, input);
  });

  app.delete('/dashboard/tags/:id', async (request, reply) => {
    const { id } = TagIdParamsSchema.parse(request.params);
    await tags.remove(await request.actor, await request.site, id);
    return reply.status(204).send();
  });
}
