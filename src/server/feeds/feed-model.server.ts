/**
 * One feed, whatever its format (issue 19 § Feeds): the channel and its items with absolute
 * URLs, built once from the site, the scope's subject and its posts; `feed-formats.server.ts`
 * writes it as RSS 2.0, Atom 1.0 or JSON Feed 1.1.
 */
import { FEED_FORMATS, type FeedFormat, type FeedScope, feedUrl } from '../../domain/feeds';
import { mediaFileUrl, mediaUrl } from '../../domain/media';
import type { SiteView } from '../../domain/views';
import { createTranslator } from '../../rich-content/i18n';
import { absoluteUrl, renderFeedHtml } from './feed-html.server';
import { type FeedPost, type FeedSubject, newestChange } from './feed-posts.server';

/** A post's cover as an enclosure / media element / JSON Feed image. */
export interface FeedImage {
  url: string;
  type: string;
  /** Bytes; 0 when unknown (the RSS Advisory Board's advice for an unknown length). */
  length: number;
  width: number;
  height: number;
  alt: string;
}

export interface FeedTerm {
  /** The slug (Atom `term`). */
  term: string;
  label: string;
  /** The term's page (RSS `domain`, Atom `scheme`). */
  link: string;
}

export interface FeedEntry {
  /** A stable id: the post id as a URN, whatever the post's address becomes. */
  id: string;
  title: string;
  link: string;
  published: Date;
  updated: Date;
  summary: string;
  /** Feed-safe HTML of the whole post; null when the site sends excerpts. */
  contentHtml: string | null;
  author: { name: string; link: string } | null;
  categories: FeedTerm[];
  tags: FeedTerm[];
  image: FeedImage | null;
}

export interface FeedModel {
  title: string;
  description: string;
  /** The page the feed mirrors. */
  link: string;
  /** This feed's own address in each format. */
  self: Record<FeedFormat, string>;
  /** A permanent id for the feed (Atom `id`). */
  id: string;
  language: string;
  /** The newest change among the items (the site's creation epoch for an empty feed). */
  updated: Date;
  logo: string | null;
  entries: FeedEntry[];
}

const translators = new Map<string, ReturnType<typeof createTranslator>>();
function translatorFor(language: string) {
  let translator = translators.get(language);
  if (!translator) {
    translator = createTranslator(language);
    translators.set(language, translator);
  }
  return translator;
}

/** The MIME type of an image URL by its extension; JPEG when it says nothing. */
function imageTypeOf(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  if (extension === 'webp') return 'image/webp';
  if (extension === 'png') return 'image/png';
  if (extension === 'gif') return 'image/gif';
  return 'image/jpeg';
}

/** The cover as the feed carries it: our stored original (its size known) or the external URL. */
function coverOf(post: FeedPost, origin: string): FeedImage | null {
  const { cover } = post;
  if (!cover) return null;
  if (cover.id) {
    return {
      url: absoluteUrl(mediaFileUrl(cover.id, 'webp'), origin)!,
      type: 'image/webp',
      length: post.coverBytes ?? 0,
      width: cover.width,
      height: cover.height,
      alt: cover.alt,
    };
  }
  const url = absoluteUrl(cover.url, origin);
  if (!url) return null;
  return {
    url,
    type: imageTypeOf(url),
    length: 0,
    width: cover.width,
    height: cover.height,
    alt: cover.alt,
  };
}

function entryOf(
  site: SiteView,
  post: FeedPost,
  t: (key: string, options?: Record<string, unknown>) => string,
): FeedEntry {
  const link = absoluteUrl(post.link, site.origin)!;
  const published = new Date(post.firstPublishedDate ?? post.updatedAt);
  return {
    id: `urn:uuid:${post.id}`,
    title: post.title,
    link,
    published,
    updated: post.updatedAt > published ? post.updatedAt : published,
    summary: post.excerpt,
    contentHtml:
      site.feedContent === 'full'
        ? renderFeedHtml(post.content, {
            origin: site.origin,
            postLink: link,
            blogBase: site.blogBase,
            t,
          })
        : null,
    author: post.owner
      ? { name: post.owner.name, link: absoluteUrl(post.owner.link, site.origin)! }
      : null,
    categories: post.categories.map((c) => ({
      term: c.slug,
      label: c.label,
      link: absoluteUrl(c.link, site.origin)!,
    })),
    tags: post.tags.map((tag) => ({
      term: tag.slug,
      label: tag.label,
      link: absoluteUrl(tag.link, site.origin)!,
    })),
    image: coverOf(post, site.origin),
  };
}

/** The feed of `scope` on `site` with its posts, newest first. */
export function buildFeedModel(
  site: SiteView,
  scope: FeedScope,
  subject: FeedSubject,
  items: readonly FeedPost[],
): FeedModel {
  const { t } = translatorFor(site.language);
  const self = Object.fromEntries(
    FEED_FORMATS.map((format) => [
      format,
      absoluteUrl(feedUrl(site.blogBase, format, scope), site.origin)!,
    ]),
  ) as Record<FeedFormat, string>;
  return {
    title: subject.name
      ? t('feeds.scopedTitle', { name: subject.name, site: site.name })
      : t('feeds.title', { site: site.name }),
    description: site.description || t('meta.blogDescription', { site: site.name }),
    link: absoluteUrl(subject.link, site.origin)!,
    self,
    id: scope.kind === 'blog' ? `urn:uuid:${site.id}` : self.atom,
    language: site.language,
    updated: newestChange(items) ?? new Date(0),
    logo: site.logo ? absoluteUrl(mediaUrl(site.logo.id, 320), site.origin)! : null,
    entries: items.map((post) => entryOf(site, post, t)),
  };
}
