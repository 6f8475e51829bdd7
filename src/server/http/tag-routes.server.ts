/**
 * Tags from the writer's editor (issue 4; SPEC §6 `tag:create`):
 *
 *   POST /editor/tags   { label }   → 201 the new tag, or 200 the site's tag of that label
 *
 * The label is parsed by the domain's schema (trimmed, 1–50 characters with a letter or digit),
 * so a bad label is a 400 naming `label`; a visitor is asked to log in (401), a member who may
 * not create tags is refused (403).
 */
import type { FastifyInstance } from 'fastify';
import { TagCreateSchema } from '../../domain/tags';
import type { TagService } from '../services/tags.server';

export interface TagRoutesDeps {
  tags: TagService;
}

/** Registers the editor's tag routes under the caller's prefix (normally `/api`). */
export async function tagRoutes(app: FastifyInstance, { tags }: TagRoutesDeps) {
  app.post('/editor/tags', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const input = TagCreateSchema.parse(request.body);
    const { tag, isNew } = await tags.create(actor, site, input);
    return reply.status(isNew ? 201 : 200).send(tag);
  });
}
