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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MyPostsQuerySchema } from '../../domain/api';
import type { SiteView } from '../../domain/views';
import type { MyPostsService } from '../services/my-posts.server';
import type { ResolveActor } from './actor.server';

export interface MyPostsRoutesDeps {
  myPosts: MyPostsService;
  siteOf(request: FastifyRequest): Promise<SiteView>;
  resolveActor: ResolveActor;
}

/** Registers the route under the caller's prefix (normally `/api`). */
export async function myPostsRoutes(
  app: FastifyInstance,
  { myPosts, siteOf, resolveActor }: MyPostsRoutesDeps,
) {
  app.get('/my-posts', async (request, reply) => {
    const site = await siteOf(request);
    const actor = await resolveActor(request, site);
    reply.header('cache-control', 'private, no-store');
    const query = MyPostsQuerySchema.parse(request.query);
    return myPosts.listMyPosts(actor, site, query);
  });
}
