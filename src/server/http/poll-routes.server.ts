/**
 * Voting in polls (issue 4 "polls that members can vote in"). Thin handlers: resolve the site and
 * who is asking, parse, call the poll service, reply. Never cached: the answer depends on the
 * reader.
 *
 *   GET /posts/:postId/polls/:pollId          the poll as this reader may see it
 *   PUT /posts/:postId/polls/:pollId/vote     replace this reader's choice ({ optionIds })
 */
import type { FastifyInstance } from 'fastify';
import { PollParamsSchema, PollVoteSchema } from '../../domain/polls';
import type { PollService } from '../services/polls.server';
import { ensureVisitorId, readVisitorId } from './visitor-id.server';

export interface PollRoutesDeps {
  polls: PollService;
}

/** Registers the poll routes under the caller's prefix (normally `/api`). */
export async function pollRoutes(app: FastifyInstance, { polls }: PollRoutesDeps) {
  app.get('/posts/:postId/polls/:pollId', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { postId, pollId } = PollParamsSchema.parse(request.params);
    return polls.results({ actor, visitorId: readVisitorId(request) }, site, postId, pollId);
  });

  app.put('/posts/:postId/polls/:pollId/vote', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const { postId, pollId } = PollParamsSchema.parse(request.params);
    const { optionIds } = PollVoteSchema.parse(request.body);
    // Members vote as themselves; a visitor (in a poll open to all) needs an id to vote once.
    const visitorId = actor.memberId === null ? ensureVisitorId(request, reply) : null;
    return polls.vote({ actor, visitorId }, site, postId, pollId, optionIds);
  });
}
