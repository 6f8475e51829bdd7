/**
 * Sitemaps and robots.txt (issue 19; decision 049): the addresses of the site's sitemaps, how the
 * posts are split into sitemaps of at most 50,000 addresses, and the crawl rules of robots.txt.
 *
 *   /robots.txt                  the crawl rules and the sitemap index's address
 *   /sitemap.xml                 the sitemap index: every child below with its lastmod
 *   /sitemaps/pages.xml          the site's own pages (home, about, the blog's home)
 *   /sitemaps/posts-{n}.xml      published posts, oldest first, 50,000 a file
 *   /sitemaps/categories.xml     /sitemaps/tags.xml     /sitemaps/authors.xml
 *   /sitemaps/archive.xml        the archive months
 *
 * Pure: the server and the README name the same addresses.
 */
import { BUILDER_PATH, DASHBOARD_PATH, trimBase } from './routes';

/** sitemaps.org: at most 50,000 addresses in one sitemap (and 50,000 sitemaps in an index). */
export const SITEMAP_MAX_URLS = 50_000;

/** Google reads at most 1,000 images per address. */
export const SITEMAP_MAX_IMAGES_PER_URL = 1_000;

/** The sitemap index's address. */
export const SITEMAP_INDEX_PATH = '/sitemap.xml';

/** The children other than the post chunks. */
export const SITEMAP_LISTS = ['pages', 'categories', 'tags', 'authors', 'archive'] as const;
export type SitemapList = (typeof SITEMAP_LISTS)[number];

/** A child sitemap: one of the lists, or the n-th chunk of posts (1-based). */
export type SitemapChild = { kind: 'list'; list: SitemapList } | { kind: 'posts'; chunk: number };

function childName(child: SitemapChild): string {
  return child.kind === 'list' ? child.list : `posts-${child.chunk}`;
}

/** A child sitemap's address, relative to the site's origin. */
export function sitemapChildPath(child: SitemapChild): string {
  return `/sitemaps/${childName(child)}.xml`;
}

const POSTS_CHUNK = /^posts-([1-9]\d{0,5})$/;

/** The child a `/sitemaps/{name}.xml` name stands for, or null for no such child. */
export function parseSitemapChild(name: string): SitemapChild | null {
  if ((SITEMAP_LISTS as readonly string[]).includes(name)) {
    return { kind: 'list', list: name as SitemapList };
  }
  const chunk = POSTS_CHUNK.exec(name)?.[1];
  return chunk ? { kind: 'posts', chunk: Number(chunk) } : null;
}

/** How many post sitemaps `total` posts fill, `size` a file. */
export function postChunkCount(total: number, size = SITEMAP_MAX_URLS): number {
  return Math.ceil(Math.max(0, total) / size);
}

/**
 * The positions (1-based, in oldest-first order) of the last post of every full chunk: chunk n
 * holds the posts after boundary n-1 up to and including boundary n; the last chunk runs to the
 * end. Oldest first, so a new post only ever changes the last chunk. The server finds the same
 * positions in one pass over an index (services/sitemaps/queries.server.ts `chunkBoundaries`).
 */
export function postChunkBoundaries(total: number, size = SITEMAP_MAX_URLS): number[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Bad chunk size: ${size}`);
  const boundaries: number[] = [];
  for (let position = size; position < total; position += size) boundaries.push(position);
  return boundaries;
}

/** A page and everything under it, but not a longer name ('/search' but not '/search-tips'). */
function pageAndBelow(path: string): string[] {
  return [`${path}$`, `${path}/`, `${path}?`];
}

/** The paths of the site that crawlers are asked to leave alone, as robots.txt rules. */
export function robotsDisallowRules(blogBase: string): string[] {
  const blog = trimBase(blogBase);
  // Rules are prefixes of the path and query. `$` ends a rule where a longer path could be a post
  // (a slug may start with 'login' or 'search', and the blog may sit at the site's root); a slug
  // segment is a `*` (RFC 9309 and Google's wildcards); '/edit$' keeps '/category/editorial'.
  return [
    ...pageAndBelow(DASHBOARD_PATH),
    ...pageAndBelow(BUILDER_PATH),
    '/api/',
    ...pageAndBelow('/my-posts'),
    ...pageAndBelow(`${blog}/login`),
    ...pageAndBelow(`${blog}/create-post`),
    ...pageAndBelow(`${blog}/notifications`),
    // Internal search results (Google advises against crawling them).
    ...pageAndBelow(`${blog}/search`),
    // The post edit page and a member's profile form (`/profiles/{slug}/edit`).
    `${blog}/*/edit$`,
    `${blog}/*/edit?`,
    `${blog}/*/preview/`,
    // Comment edit pages, of either post address shape.
    `${blog}/*/edit-comment/`,
  ];
}

/**
 * Pages the edit rule would catch though they are listings: a tag, hashtag or member may be named
 * 'edit' ('edit' is reserved for posts and categories only). Longer, so they win (RFC 9309 §2.2.2).
 */
export function robotsAllowRules(blogBase: string): string[] {
  const blog = trimBase(blogBase);
  return ['tags', 'hashtags', 'profiles'].map((segment) => `${blog}/${segment}/edit$`);
}

/** The site's robots.txt: every crawler, the rules above, and the sitemap index's address. */
export function robotsTxt(site: { origin: string; blogBase: string }): string {
  const lines = [
    'User-agent: *',
    ...robotsDisallowRules(site.blogBase).map((rule) => `Disallow: ${rule}`),
    ...robotsAllowRules(site.blogBase).map((rule) => `Allow: ${rule}`),
    'Allow: /',
    '',
    `Sitemap: ${site.origin}${SITEMAP_INDEX_PATH}`,
  ];
  return `${lines.join('\n')}\n`;
}
