/**
 * Likes and ratings (issue 6; decision 020). Thin handlers: resolve the site and who is asking,
 * parse, call the engagement service, reply. Never cached: the answer is the asker's.
 *
 *   PUT    /posts/:postId/like          like a post (SPEC §7 incrementPostLikeCount)
 *   DELETE /posts/:postId/like          take the like back
 *   PUT    /comments/:commentId/like    like a comment (SPEC §4: separate from posts)
 *   DELETE /comments/:commentId/like    take it back
 *   PUT    /posts/:postId/rating        rate a post ({ value }, clamped to 0–5)
 *   GET    /reader-state?posts=&comments=  the asker's likes and rating of what a page shows,
 *                                       with fresh counts (decision 030)
 *
 * Each answers the state after it (`{ isLiked, likeCount }` or the post's ratings with the
 * member's own); a refusal is 401 `login-required` or 403 with `whyNot`'s reason.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CommentIdParamsSchema,
  PostIdParamsSchema,
  RatingInputSchema,
  ReaderStateQuerySchema,
} from '../../domain/engagement';
import { effectiveRole } from '../../domain/permissions';
import { READER_STATE_PATH } from '../../domain/reader-state';
import type { EngagementReader, EngagementService } from '../services/engagement.server';
import type { ReaderStateService } from '../services/reader-state.server';
import { ensureVisitorId, readVisitorId } from './visitor-id.server';

/** `READER_STATE_PATH` under the `/api` prefix. */
const READER_STATE_ROUTE = READER_STATE_PATH.replace(/^\/api/, '');

export interface EngagementRoutesDeps {
  engagement: EngagementService;
  readerState: ReaderStateService;
}

/** Registers the like and rating routes under the caller's prefix (normally `/api`). */
export async function engagementRoutes(
  app: FastifyInstance,
  { engagement, readerState }: EngagementRoutesDeps,
) {
  /**
   * The asker. A guest likes anonymously by their visitor id (SPEC §6), minted when a like they
   * are allowed needs one; members never get one for liking.
   */
  async function readerOf(request: FastifyRequest, reply: FastifyReply) {
    const site = await request.site;
    const actor = await request.actor;
    const isGuest = effectiveRole(actor) === 'guest';
    const visitorId = readVisitorId(request);
    const mintVisitorId = isGuest ? () => ensureVisitorId(request, reply) : undefined;
    const device = request.device;
    const reader: EngagementReader = { actor, visitorId, device, mintVisitorId };
    return { site, reader };
  }

  for (const isLiked of [true, false]) {
    const method = isLiked ? 'PUT' : 'DELETE';
    app.route({
      method,
      url: '/posts/:postId/like',
      handler: async (request, reply) => {
        const { postId } = PostIdParamsSchema.parse(request.params);
        const { site, reader } = await readerOf(request, reply);
        return engagement.setPostLike(reader, site, postId, isLiked);
      },
    });
    app.route({
      method,
      url: '/comments/:commentId/like',
      handler: async (request, reply) => {
        const { commentId } = CommentIdParamsSchema.parse(request.params);
        const { site, reader } = await readerOf(request, reply);
        return engagement.setCommentLike(reader, site, commentId, isLiked);
      },
    });
  }

  app.put('/posts/:postId/rating', async (request, reply) => {
    const { postId } = PostIdParamsSchema.parse(request.params);
    const { value } = RatingInputSchema.parse(request.body);
    const { site, reader } = await readerOf(request, reply);
    return engagement.ratePost(reader, site, postId, value);
  });

  /**
   * The overlay of a shared page (decision 030): the asker's own likes and rating of the posts
   * and comments it shows, and counts at most 5 s old. Reading never mints a visitor id. The
   * answer is one reader's: never stored by a cache.
   */
  app.get(READER_STATE_ROUTE, async (request) => {
    const query = ReaderStateQuerySchema.parse(request.query);
    const site = await request.site;
    const actor = await request.actor;
    return readerState.read({ actor, visitorId: readVisitorId(request) }, site, query);
  });
}
