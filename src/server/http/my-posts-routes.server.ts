/**
 * A member's own posts (SPEC §2 feed source `my-posts`), the API beside the my-posts page. Thin:
 * resolve the site and who is asking, parse, call the service, reply. Never cached: the answer is
 * one member's.
 *
 *   GET /my-posts?status=published|drafts|scheduled&page=N   one page of a tab, and every count
 *
 * Errors take the shape of DESIGN.md: 400 `validation_failed` naming `status` or `page`, 401
 * `login-required` for a visitor, 403 `forbidden` for a blocked member.
 */
import type { FastifyInstance } from 'fastify';
import { MyPostsQuerySchema } from '../../domain/api';
import type { MyPostsService } from '../services/my-posts.server';

export interface MyPostsRoutesDeps {
  myPosts: MyPostsService;
}

/** Registers the route under the caller's prefix (normally `/api`). */
export async function myPostsRoutes(app: FastifyInstance, { myPosts }: MyPostsRoutesDeps) {
  app.get('/my-posts', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const query = MyPostsQuerySchema.parse(request.query);
    return myPosts.listMyPosts(actor, site, query);
  });
}
