/**
 * The dashboard's Posts API (issue 17 "Posts"). Thin handlers: parse with a schema from
 * domain/dashboard-posts.ts, call one post-admin method, reply. Registered with
 * `{ noStore: true, auth: 'member' }`; each service call checks the actor again (`whyNot`), so a
 * refused action is 403 whatever the screen shows.
 *
 *   GET    /dashboard/posts                  one page of a tab, the counts, the next cursor
 *   GET    /dashboard/posts/options          authors, categories and tags for filters, pickers
 *   POST   /dashboard/posts/bulk             { action, ids | filter }  → { done, failed }
 *   POST   /dashboard/posts/:id/duplicate    → 201 { id } of the new draft
 *   PUT    /dashboard/posts/:id/pin          pin; DELETE unpins
 *   PUT    /dashboard/posts/:id/feature      feature; DELETE unfeatures
 *   PUT    /dashboard/posts/:id/owner        { ownerId }
 *   PUT    /dashboard/posts/:id/categories   { categoryIds }
 *   POST   /dashboard/posts/:id/revert-to-draft
 *   POST   /dashboard/posts/:id/trash        → 204
 *   POST   /dashboard/posts/:id/restore      → { status }
 *   DELETE /dashboard/posts/:id              delete a post in the trash for good → 204
 */
import type { FastifyInstance } from 'fastify';
import {
  DashboardBulkSchema,
  DashboardCategoriesSchema,
  DashboardOwnerSchema,
  DashboardPostsQuerySchema,
} from '../../domain/dashboard-posts';
import { PostIdParamsSchema } from '../../domain/post-editor';
import type { PostAdminService } from '../services/post-admin.server';

export interface DashboardPostsRoutesDeps {
  postAdmin: PostAdminService;
}

/** Registers the routes under the caller's prefix (normally `/api`). */
export async function dashboardPostsRoutes(
  app: FastifyInstance,
  { postAdmin }: DashboardPostsRoutesDeps,
) {
  app.get('/dashboard/posts', async (request) => {
    const query = DashboardPostsQuerySchema.parse(request.query);
    return postAdmin.listPosts(await request.actor, await request.site, query);
  });

  app.get('/dashboard/posts/options', async (request) =>
    postAdmin.listOptions(await request.actor, await request.site),
  );

  app.post('/dashboard/posts/bulk', async (request) => {
    const input = DashboardBulkSchema.parse(request.body);
    return postAdmin.bulk(await request.actor, await request.site, input);
  });

  app.post('/dashboard/posts/:id/duplicate', async (request, reply) => {
    const { id } = PostIdParamsSchema.parse(request.params);
    const copy = await postAdmin.duplicate(await request.actor, await request.site, id);
    return reply.status(201).send(copy);
  });

  for (const [path, set] of [
    ['pin', postAdmin.setPinned],
    ['feature', postAdmin.setFeatured],
  ] as const) {
    app.put(`/dashboard/posts/:id/${path}`, async (request) => {
      const { id } = PostIdParamsSchema.parse(request.params);
      return set(await request.actor, await request.site, id, true);
    });
    app.delete(`/dashboard/posts/:id/${path}`, async (request) => {
      const { id } = PostIdParamsSchema.parse(request.params);
      return set(await request.actor, await request.site, id, false);
    });
  }

  app.put('/dashboard/posts/:id/owner', async (request) => {
    const { id } = PostIdParamsSchema.parse(request.params);
    const { ownerId } = DashboardOwnerSchema.parse(request.body);
    return postAdmin.changeOwner(await request.actor, await request.site, id, ownerId);
  });

  app.put('/dashboard/posts/:id/categories', async (request) => {
    const { id } = PostIdParamsSchema.parse(request.params);
    const { categoryIds } = DashboardCategoriesSchema.parse(request.body);
    return postAdmin.setCategories(await request.actor, await request.site, id, categoryIds);
  });

  app.post('/dashboard/posts/:id/revert-to-draft', async (request) => {
    const { id } = PostIdParamsSchema.parse(request.params);
    return postAdmin.revertToDraft(await request.actor, await request.site, id);
  });

  app.post('/dashboard/posts/:id/trash', async (request, reply) => {
    const { id } = PostIdParamsSchema.parse(request.params);
    await postAdmin.trash(await request.actor, await request.site, id);
    return reply.status(204).send();
  });

  app.post('/dashboard/posts/:id/restore', async (request) => {
    const { id } = PostIdParamsSchema.parse(request.params);
    return postAdmin.restore(await request.actor, await request.site, id);
  });

  app.delete('/dashboard/posts/:id', async (request, reply) => {
    const { id } = PostIdParamsSchema.parse(request.params);
    await postAdmin.deleteForever(await request.actor, await request.site, id);
    return reply.status(204).send();
  });
}
