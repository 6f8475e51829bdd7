/**
 * robots.txt and the sitemaps of the request's site (issue 19; decision 049):
 *
 *   GET /robots.txt              crawl rules and the sitemap index's address on the site's origin
 *   GET /sitemap.xml             the sitemap index
 *   GET /sitemaps/:name.xml      a child sitemap (domain/sitemaps.ts names them)
 *
 * Answered like static files: an ETag and a Last-Modified, 304 when the client holds them, and
 * Brotli or gzip when the client accepts it.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseSitemapChild, robotsTxt, SITEMAP_INDEX_PATH } from '../../domain/sitemaps';
import { NotFoundError } from '../errors.server';
import type { XmlDocument } from '../services/sitemaps/xml.server';
import type { SitemapsService } from '../services/sitemaps.server';
import { chooseEncoding, type PageEncoding } from './content-encoding.server';

export interface SitemapRoutesDeps {
  sitemaps: SitemapsService;
}

/** `/sitemaps/:file`: a child's name and `.xml`. */
export const SitemapParamsSchema = z.object({
  file: z.string().regex(/^[a-z0-9-]{1,40}\.xml$/, 'must name a sitemap such as posts-1.xml'),
});

// Shared caches may keep them briefly; clients revalidate with the ETag after that.
const CACHE_CONTROL = 'public, max-age=300';

/** Whether the client's copy is current: If-None-Match first, else If-Modified-Since (RFC 9110). */
function isFresh(request: FastifyRequest, document: XmlDocument): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === document.etag || tag === '*');
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined || document.lastModified === null) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(document.lastModified.getTime() / 1000) * 1000 <= since;
}

// A document's compressed bodies, made once per cached document (a 50,000-post chunk is ~13 MB
// of XML and ~1 MB compressed); they go with the document when its cache drops it.
const encodedBodies = new WeakMap<XmlDocument, Partial<Record<PageEncoding, Buffer>>>();

function encodedBody(document: XmlDocument, encoding: PageEncoding): Buffer {
  const bodies = encodedBodies.get(document) ?? {};
  encodedBodies.set(document, bodies);
  bodies[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(document.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(document.body, { level: 6 });
  return bodies[encoding];
}

function sendXml(request: FastifyRequest, reply: FastifyReply, document: XmlDocument) {
  reply
    .header('cache-control', CACHE_CONTROL)
    .header('etag', document.etag)
    .header('vary', 'Accept-Encoding');
  if (document.lastModified) reply.header('last-modified', document.lastModified.toUTCString());
  if (isFresh(request, document)) return reply.status(304).send();
  reply.type('application/xml; charset=utf-8');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(document.body);
  return reply.header('content-encoding', encoding).send(encodedBody(document, encoding));
}

/** Registers robots.txt and the sitemaps at the site's root. */
export async function sitemapRoutes(app: FastifyInstance, { sitemaps }: SitemapRoutesDeps) {
  app.get('/robots.txt', async (request, reply) => {
    const site = await request.site;
    return reply
      .header('cache-control', CACHE_CONTROL)
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(site));
  });

  app.get(SITEMAP_INDEX_PATH, async (request, reply) => {
    const site = await request.site;
    return sendXml(request, reply, await sitemaps.index(site));
  });

  app.get('/sitemaps/:file', async (request, reply) => {
    const site = await request.site;
    const { file } = SitemapParamsSchema.parse(request.params);
    const child = parseSitemapChild(file.slice(0, -'.xml'.length));
    const document = child ? await sitemaps.child(site, child) : null;
    if (!document) throw new NotFoundError('sitemap_not_found', 'No such sitemap');
    return sendXml(request, reply, document);
  });
}
