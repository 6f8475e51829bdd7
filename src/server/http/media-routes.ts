/**
 * `/media/:mediaId/w{width}.webp`: stored images at the served widths, resized on first request
 * and cached on disk; immutable, since a media id never changes its bytes.
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isMediaWidth } from '../../domain/media';
import type { SiteView } from '../../domain/views';
import { NotFoundError } from '../errors';

const MediaParamsSchema = z.object({
  mediaId: z.uuid(),
  variant: z.string().regex(/^w\d{2,4}\.webp$/, 'must look like w640.webp'),
});

export interface MediaDeps {
  dataDir: string;
  siteOf(request: FastifyRequest): Promise<SiteView>;
}

/** Registers the media routes. */
export async function mediaRoutes(app: FastifyInstance, { dataDir, siteOf }: MediaDeps) {
  app.get('/:mediaId/:variant', async (request, reply) => {
    const site = await siteOf(request);
    const { mediaId, variant } = MediaParamsSchema.parse(request.params);
    const width = Number(variant.slice(1, -'.webp'.length));
    if (!isMediaWidth(width)) throw new NotFoundError('media_not_found', 'No such image size');
    // The store (and sharp with it) loads on the first image request, not at start-up.
    const { ensureVariant } = await import('../media/storage.server');
    let file: string;
    try {
      file = await ensureVariant(dataDir, site.id, mediaId, width);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new NotFoundError('media_not_found', 'Media not found');
      }
      throw error;
    }
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(file));
  });
}
