/**
 * The blog's feeds (issue 19): RSS 2.0, Atom 1.0 and JSON Feed 1.1 for the whole blog, each
 * category, each tag and each author. Their addresses live here, so the pages' autodiscovery
 * links, the feed routes and the README name the same ones:
 *
 *   {base}/rss.xml                        {base}/atom.xml                  {base}/feed.json
 *   {base}/category/{slug}/rss.xml        .../atom.xml                     .../feed.json
 *   {base}/tags/{slug}/rss.xml            .../atom.xml                     .../feed.json
 *   {base}/profiles/{slug}/rss.xml        .../atom.xml                     .../feed.json
 *
 * A category's feed sits under the category route's own `category` segment whatever the site's
 * category prefix is (that route always exists; slugs are unique per site, subcategories too).
 *
 * Pure: pages and the server import it.
 */
import { trimBase } from './routes';

export const FEED_FORMATS = ['rss', 'atom', 'json'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** Each format's file name and media type (for `<link rel="alternate" type=...>`). */
export const FEED_FILES: Readonly<Record<FeedFormat, { file: string; type: string }>> = {
  rss: { file: 'rss.xml', type: 'application/rss+xml' },
  atom: { file: 'atom.xml', type: 'application/atom+xml' },
  json: { file: 'feed.json', type: 'application/feed+json' },
};

/** Whose posts a feed carries: the whole blog, or one category, tag or author. */
export type FeedScope =
  | { kind: 'blog' }
  | { kind: 'category'; slug: string }
  | { kind: 'tag'; slug: string }
  | { kind: 'author'; slug: string };

const SCOPE_SEGMENT: Record<Exclude<FeedScope['kind'], 'blog'>, string> = {
  category: 'category',
  tag: 'tags',
  author: 'profiles',
};

/** A feed's address under the blog base (relative to the site's origin). */
export function feedUrl(
  base: string,
  format: FeedFormat,
  scope: FeedScope = { kind: 'blog' },
): string {
  const file = FEED_FILES[format].file;
  if (scope.kind === 'blog') return `${trimBase(base)}/${file}`;
  return `${trimBase(base)}/${SCOPE_SEGMENT[scope.kind]}/${encodeURIComponent(scope.slug)}/${file}`;
}
