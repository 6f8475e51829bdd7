/**
 * Counts post views after the response has gone (issue 6; decision 020). A post's page names its
 * post in the `x-inkwell-post-view` response header (the route's `headers`), which the cached
 * copy keeps too; this hook takes the header off before the response leaves and, once it has
 * been sent, queues the view with the view counter, which writes in batches. Nothing here makes
 * the page wait.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POST_VIEW_HEADER } from '../../domain/engagement';
import { isViewCounted, type ViewCounter, viewerKeyOf } from '../services/post-views.server';
import { readVisitorId } from './visitor-id.server';

export interface ViewRecordingDeps {
  views: ViewCounter;
  log: { error(error: unknown, message: string): void };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Adds the hooks; register before the page routes so that they apply to them. */
export function registerViewRecording(app: FastifyInstance, { views, log }: ViewRecordingDeps) {
  const viewed = new WeakMap<FastifyRequest, string>();

  async function countView(request: FastifyRequest, postId: string) {
    const site = await request.site;
    // The page resolved who it was for already; this is the same request's memoised answer.
    const { actor } = await request.identity;
    views.record({
      siteId: site.id,
      postId,
      memberId: actor.memberId,
      viewerKey: viewerKeyOf({
        memberId: actor.memberId,
        visitorId: readVisitorId(request),
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
    });
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const header = reply.getHeader(POST_VIEW_HEADER);
    if (header !== undefined) {
      reply.removeHeader(POST_VIEW_HEADER);
      if (typeof header === 'string' && UUID.test(header)) viewed.set(request, header);
    }
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const postId = viewed.get(request);
    if (
      postId !== undefined &&
      request.method === 'GET' &&
      reply.statusCode === 200 &&
      isViewCounted(request.headers)
    ) {
      countView(request, postId).catch((error: unknown) => log.error(error, 'view not counted'));
    }
    done();
  });

  views.start();
  app.addHook('onClose', async () => {
    await views.stop();
  });
}
