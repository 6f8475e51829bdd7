/**
 * The onboarding screen's API (SPEC §1 onboarding; issue 7), owners only (`can()`:
 * sample-posts:add), never cached, and like every state-changing /api route it needs the
 * anti-forgery token (decision 017).
 *
 *   POST /editor/sample-posts   fills an empty blog with sample posts (409 once it has posts)
 *
 * The test-only site routes that sat here are `test-site-routes.ts` (issue 16 §2).
 */
import type { FastifyInstance } from 'fastify';
import type { SamplePostsService } from '../services/sample-posts.server';

export interface SamplePostsRoutesDeps {
  samplePosts: SamplePostsService;
}

/** Registers the route under the caller's prefix (normally `/api`). */
export async function samplePostsRoutes(
  app: FastifyInstance,
  { samplePosts }: SamplePostsRoutesDeps,
) {
  app.post('/editor/sample-posts', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const result = await samplePosts.addSamplePosts(actor, site);
    return reply.status(201).send(result);
  });
}
