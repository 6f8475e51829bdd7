/**
 * The blog's feeds over HTTP (issue 19 § Feeds, decision 048):
 *
 *   GET|HEAD /blog/{rss.xml,atom.xml,feed.json}                    the whole blog
 *   GET|HEAD /blog/category/:slug/{rss.xml,atom.xml,feed.json}     a category
 *   GET|HEAD /blog/tags/:slug/{…}                                  a tag
 *   GET|HEAD /blog/profiles/:slug/{…}                              an author (public profiles)
 *
 * and a 301 to /blog/rss.xml from the addresses other platforms use. A feed is built once per
 * change of the site's content (a SiteMemo keyed by the site's generation) and answered with an
 * ETag and Last-Modified, so a reader polling it gets a 304.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FEED_FILES,
  FEED_FORMATS,
  type FeedFormat,
  type FeedScope,
  feedUrl,
} from '../../domain/feeds';
import { isReservedSlug } from '../../domain/slugs';
import type { SiteView } from '../../domain/views';
import { type SiteGenerations, SiteMemo } from '../cache/generations.server';
import { posts } from '../db/schema.server';
import { type FeedPostsDeps, findFeedSubject, listFeedPosts } from '../feeds/feed-posts.server';
import { chooseEncoding, type PageEncoding } from './content-encoding.server';

/** The blog's fixed mount point (src/routes.ts). */
const BLOG = '/blog';

/**
 * Where other platforms keep their feed (WordPress, Ghost, Blogger, Wix's `/blog-feed.xml`):
 * readers and people try these; each answers 301 to the blog's RSS feed.
 */
export const FEED_ALIASES = [
  '/blog/feed.xml',
  '/rss.xml',
  '/feed',
  '/feed.xml',
  '/blog-feed.xml',
] as const;

/**
 * Aliases shaped like a post's address (`/blog/{slug}`). A published post with the slug `rss`
 * keeps its address: the alias answers only when there is no such post. `feed` is a reserved
 * word (domain/slugs.ts), never a post's page (SPEC §2), so its aliases always redirect.
 */
export const POST_SHAPED_FEED_ALIASES: Readonly<Record<string, string>> = {
  '/blog/rss': 'rss',
  '/blog/feed': 'feed',
  '/blog/feed/': 'feed',
};

/** Media types, with the charset the body is written in. */
const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: `${FEED_FILES.rss.type}; charset=utf-8`,
  atom: `${FEED_FILES.atom.type}; charset=utf-8`,
  json: `${FEED_FILES.json.type}; charset=utf-8`,
};

/**
 * Every reader revalidates (a 304 costs nothing: the feed is cached here), so a new post shows
 * at the next poll rather than after a shared cache's max-age.
 */
const CACHE_CONTROL = 'public, no-cache';

export interface FeedRoutesOptions extends FeedPostsDeps {
  generations: SiteGenerations;
}

/** A built feed, as the cache keeps it. */
interface CachedFeed {
  body: Buffer;
  etag: string;
  /** The newest post change, to the second (HTTP dates have no milliseconds); null if empty. */
  lastModified: Date | null;
  encoded: Partial<Record<PageEncoding, Buffer>>;
}

function compress(body: Buffer, encoding: PageEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Whether the request's validators say the client's copy is current (RFC 9110 §13.2.2). */
export function isNotModified(request: FastifyRequest, feed: CachedFeed): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return matchesEtag(ifNoneMatch, feed.etag);
  const since = request.headers['if-modified-since'];
  if (!since || !feed.lastModified) return false;
  const sinceTime = Date.parse(since);
  return Number.isFinite(sinceTime) && feed.lastModified.getTime() <= sinceTime;
}

async function buildFeed(
  options: FeedRoutesOptions,
  site: SiteView,
  scope: FeedScope,
  format: FeedFormat,
): Promise<CachedFeed | null> {
  const found = await findFeedSubject(options, site, scope);
  if (!found) return null;
  const items = await listFeedPosts(options, site, found.query);
  // Loaded with the first feed, not at start-up: its HTML writer brings react-dom/server (two
  // builds of React's server renderer, which the pages do not use) into the process, and the
  // XML writer fast-xml-parser (decision 056).
  const [{ buildFeedModel }, { writeFeed }] = await Promise.all([
    import('../feeds/feed-model.server'),
    import('../feeds/feed-formats.server'),
  ]);
  const model = buildFeedModel(site, scope, found.subject, items);
  const body = Buffer.from(writeFeed(model, format), 'utf8');
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 32);
  const updated = model.entries.length > 0 ? model.updated : null;
  return {
    body,
    // Weak: the same validator names the plain and the compressed body (RFC 9110 §8.8.1).
    etag: `W/"${hash}"`,
    lastModified: updated ? new Date(Math.floor(updated.getTime() / 1000) * 1000) : null,
    encoded: {},
  };
}

function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: CachedFeed, type: string) {
  reply
    .header('content-type', type)
    .header('cache-control', CACHE_CONTROL)
    .header('etag', feed.etag)
    .header('vary', 'accept-encoding');
  if (feed.lastModified) reply.header('last-modified', feed.lastModified.toUTCString());
  if (isNotModified(request, feed)) return reply.status(304).send();
  const encoding =
    feed.body.length > 1024 ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(feed.body);
  feed.encoded[encoding] ??= compress(feed.body, encoding);
  return reply.header('content-encoding', encoding).send(feed.encoded[encoding]);
}

function notFound(reply: FastifyReply) {
  return reply
    .status(404)
    .header('cache-control', 'no-cache')
    .send({ error: { code: 'feed_not_found', message: 'There is no such feed on this blog' } });
}

/** The scope a feed route names, from its path parameters. */
type ScopeOf = (params: { slug?: string }) => FeedScope;

const SCOPED_ROUTES: ReadonlyArray<{ prefix: string; scope: ScopeOf }> = [
  { prefix: BLOG, scope: () => ({ kind: 'blog' }) },
  { prefix: `${BLOG}/category/:slug`, scope: (p) => ({ kind: 'category', slug: p.slug ?? '' }) },
  { prefix: `${BLOG}/tags/:slug`, scope: (p) => ({ kind: 'tag', slug: p.slug ?? '' }) },
  { prefix: `${BLOG}/profiles/:slug`, scope: (p) => ({ kind: 'author', slug: p.slug ?? '' }) },
];

/** Whether the site has a published post at `/blog/{slug}` (its current or a former slug). */
async function hasPostAt(options: FeedRoutesOptions, site: SiteView, slug: string) {
  const [row] = await options.db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.siteId, site.id),
        eq(posts.status, 'published'),
        sql`(${posts.slug} = ${slug} or ${posts.slugs} @> array[${slug}]::text[])`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Registers the feed routes and the aliases on the app itself (not in an encapsulated plugin):
 * the post-shaped aliases are a hook that lets a real post's page through to the pages' handler.
 */
export function registerFeedRoutes(app: FastifyInstance, options: FeedRoutesOptions) {
  // Feeds change only with the content: kept until the site's next write (a day at most).
  const memo = new SiteMemo(options.generations, { maxEntries: 1000, ttlMs: 24 * 3_600_000 });

  for (const format of FEED_FORMATS) {
    for (const { prefix, scope: scopeOf } of SCOPED_ROUTES) {
      app.get<{ Params: { slug?: string } }>(
        `${prefix}/${FEED_FILES[format].file}`,
        async (request, reply) => {
          const site = await request.site;
          const scope = scopeOf(request.params);
          const key = `feed:${format}:${scope.kind}:${'slug' in scope ? scope.slug.toLowerCase() : ''}`;
          const feed = await memo.get(site.id, key, () => buildFeed(options, site, scope, format));
          if (!feed) return notFound(reply);
          return sendFeed(request, reply, feed, CONTENT_TYPES[format]);
        },
      );
    }
  }

  for (const alias of FEED_ALIASES) {
    app.get(alias, async (request, reply) => {
      const site = await request.site;
      return reply.redirect(feedUrl(site.blogBase, 'rss'), 301);
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0] ?? '';
    const slug = POST_SHAPED_FEED_ALIASES[path];
    if (slug === undefined) return;
    const site = await request.site;
    if (!isReservedSlug(slug) && (await hasPostAt(options, site, slug))) return;
    return reply.redirect(feedUrl(site.blogBase, 'rss'), 301);
  });
}
