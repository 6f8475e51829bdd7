/**
 * The frame document of document HTML (rich-content/render/html-frame.ts): the same bytes for
 * every frame, the markup in the URL's fragment. Its response carries the frame's own policy,
 * a sandbox that scripts from anywhere may run in, instead of the pages' (decision 029).
 */
import type { FastifyInstance } from 'fastify';
import { HTML_FRAME_DOCUMENT, HTML_FRAME_PATH } from '../../rich-content/render/html-frame';
import { CSP_HEADER, HTML_FRAME_POLICY } from './security-headers.server';

/** Registers `GET HTML_FRAME_PATH`. */
export async function htmlFrameRoutes(app: FastifyInstance) {
  app.get(HTML_FRAME_PATH, (_request, reply) =>
    reply
      .header(CSP_HEADER, HTML_FRAME_POLICY)
      // The markup is in the fragment, so one cached copy serves every frame.
      .header('cache-control', 'public, max-age=3600')
      .type('text/html; charset=utf-8')
      .send(HTML_FRAME_DOCUMENT),
  );
}
