/**
 * Stored media, immutable (a media id never changes its bytes), scoped to the request's site:
 *
 *   GET /media/:mediaId/w{width}.webp       an image at a served width, resized on first
 *                                           request and cached on disk
 *   GET /media/:mediaId/original.{ext}      the stored original of an upload (domain
 *                                           `mediaFileUrl`): the right type, byte ranges (video
 *                                           and audio seek), and a download name for files
 *   GET /media/:mediaId/social.jpg          the social card (issue 19: domain `socialImageUrl`,
 *                                           `socialImageSize`), made on first request, on disk
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isMediaWidth } from '../../domain/media';
import { NotFoundError } from '../errors.server';
import { parseRange } from '../media/byte-range.server';
import { etagOf, type MediaLibrary, type StoredOriginal } from '../media/media-library.server';

const VARIANT = /^w\d{2,4}\.webp$/;
const SOCIAL = 'social.jpg';
const ORIGINAL = /^original\.([a-z0-9]{1,8})$/;

/** `/media/:mediaId/:variant`. */
export const MediaParamsSchema = z.object({
  mediaId: z.uuid(),
  variant: z
    .string()
    .refine(
      (value) => VARIANT.test(value) || ORIGINAL.test(value) || value === SOCIAL,
      'must look like w640.webp',
    ),
});

export interface MediaDeps {
  dataDir: string;
  library: MediaLibrary;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `content-disposition` with the stored name: ASCII fallback plus the UTF-8 form (RFC 6266). */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

// Media and PDFs play or show in the browser; every other file is downloaded, never rendered
// on our origin (a document type a browser renders must not run as our page).
function dispositionOf(original: StoredOriginal): 'inline' | 'attachment' {
  if (original.kind !== 'file') return 'inline';
  return original.mimeType === 'application/pdf' ? 'inline' : 'attachment';
}

function sendOriginal(
  request: FastifyRequest,
  reply: FastifyReply,
  mediaId: string,
  original: StoredOriginal,
) {
  const size = original.sizeBytes;
  const etag = etagOf(mediaId, size);
  const isText = original.mimeType.startsWith('text/');
  reply
    .header('content-type', isText ? `${original.mimeType}; charset=utf-8` : original.mimeType)
    .header('cache-control', IMMUTABLE)
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(dispositionOf(original), original.fileName));
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();

  // If-Range with another validator means the client holds other bytes: send them all.
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, size) : null;
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(createReadStream(original.path, { start: range.start, end: range.end }));
  }
  return reply.header('content-length', String(size)).send(createReadStream(original.path));
}

/** A file derived from an image original; 404 when the original is not on disk. */
async function derived(ensure: () => Promise<string>): Promise<string> {
  try {
    return await ensure();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new NotFoundError('media_not_found', 'Media not found');
    }
    throw error;
  }
}

/** Registers the media routes. */
export async function mediaRoutes(app: FastifyInstance, { dataDir, library }: MediaDeps) {
  app.get('/:mediaId/:variant', async (request, reply) => {
    const site = await request.site;
    const { mediaId, variant } = MediaParamsSchema.parse(request.params);
    const extension = ORIGINAL.exec(variant)?.[1];
    if (extension) {
      const original = await library.findOriginal(site.id, mediaId, extension);
      if (!original) throw new NotFoundError('media_not_found', 'Media not found');
      return sendOriginal(request, reply, mediaId, original);
    }
    // The store (and sharp with it) loads on the first image request, not at start-up.
    const store = await import('../media/storage.server');
    if (variant === SOCIAL) {
      const file = await derived(() => store.ensureSocialImage(dataDir, site.id, mediaId));
      return reply
        .type('image/jpeg')
        .header('cache-control', IMMUTABLE)
        .send(createReadStream(file));
    }
    const width = Number(variant.slice(1, -'.webp'.length));
    if (!isMediaWidth(width)) throw new NotFoundError('media_not_found', 'No such image size');
    const file = await derived(() => store.ensureVariant(dataDir, site.id, mediaId, width));
    return reply.type('image/webp').header('cache-control', IMMUTABLE).send(createReadStream(file));
  });
}
