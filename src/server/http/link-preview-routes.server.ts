/**
 * Link previews for the writer's editor (issue 4):
 *
 *   GET /editor/link-preview?url=   → { url, title?, description?, thumbnailUrl?, siteName? }
 *
 * 400 names `url` when it is not an http(s) address; 401/403 for whoever may not write posts;
 * 422 `link_preview_blocked` (a private or loopback address) or `link_preview_not_html`; 502
 * `link_preview_unreachable`; 504 `link_preview_timeout`. Never cached: pages change.
 */
import type { FastifyInstance } from 'fastify';
import { LinkPreviewQuerySchema } from '../../domain/link-preview';
import type { LinkPreviewService } from '../services/link-preview.server';

export interface LinkPreviewRoutesDeps {
  previews: LinkPreviewService;
}

/** Registers the link preview route under the caller's prefix (normally `/api`). */
export async function linkPreviewRoutes(app: FastifyInstance, { previews }: LinkPreviewRoutesDeps) {
  app.get('/editor/link-preview', async (request) => {
    const actor = await request.actor;
    const { url } = LinkPreviewQuerySchema.parse(request.query);
    return previews.preview(actor, url);
  });
}
