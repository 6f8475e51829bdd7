/**
 * A page's head as React Router meta descriptors (issue 19 § Pages' heads): title, description,
 * canonical, robots, Open Graph, Twitter card, feed autodiscovery and JSON-LD, from one
 * description of the page. The pages' loaders call the page builders of `page-heads.ts`, which
 * describe their page and hand it here; the route modules' `meta` only reads the result
 * (meta.ts), so none of this is in the pages' scripts (decision 045). Pure.
 */
import type { MetaDescriptor } from 'react-router';
import { FEED_FILES, FEED_FORMATS, type FeedScope, feedUrl } from '../../domain/feeds';
import type { HeadContext, HeadImage } from './head-site';

/** Robots meta of pages kept out of search engines whose links may still be followed. */
export const ROBOTS_NOINDEX = 'noindex, follow';

/** What the `article:*` properties say about a post. */
export interface ArticleFacts {
  publishedTime: string | null;
  modifiedTime: string;
  /** The author's profile, absolute. */
  authorUrl: string | null;
  section: string | null;
  tags: string[];
}

/** A feed of the page besides the blog's own (a category's, a tag's, an author's). */
export interface OwnFeed {
  scope: FeedScope;
  /** What the feed is of, for its link's title ("Travel · Blog name"). */
  name: string;
}

/** A page search engines and social networks may show. */
export interface PublicHead {
  /** The whole `<title>`. */
  title: string;
  /** The title social cards show (without the blog's name). */
  socialTitle: string;
  description: string;
  /** The one address of the page, absolute, no query string. */
  canonical: string;
  /** Set to keep the page out of search results (a post's noindex, search pages). */
  robots?: string;
  type: 'website' | 'article' | 'profile';
  image: HeadImage | null;
  /** Whether the image is a wide card image (a post's) rather than a logo or an avatar. */
  isLargeImage: boolean;
  article?: ArticleFacts;
  jsonLd: readonly object[];
  feeds?: readonly OwnFeed[];
}

/**
 * Open Graph's locale (`en_US`) of a language tag: the tag's own region, else the likeliest one
 * (`en` → `en_US`, `fr` → `fr_FR`, `pt-BR` → `pt_BR`).
 */
export function ogLocale(language: string): string {
  try {
    const locale = new Intl.Locale(language).maximize();
    return locale.region ? `${locale.language}_${locale.region}` : locale.language;
  } catch {
    return 'en_US';
  }
}

/** The autodiscovery links of the blog's feeds, then of the page's own. */
export function feedLinks(head: HeadContext, own: readonly OwnFeed[] = []): MetaDescriptor[] {
  const scopes: OwnFeed[] = [{ scope: { kind: 'blog' }, name: head.site.name }, ...own];
  return scopes.flatMap(({ scope, name }) =>
    FEED_FORMATS.map((format) => ({
      tagName: 'link',
      rel: 'alternate',
      type: FEED_FILES[format].type,
      title: head.t(`meta.feed.${format}`, { name }),
      href: new URL(feedUrl(head.site.base, format, scope), `${head.site.origin}/`).href,
    })),
  );
}

function openGraph(head: HeadContext, page: PublicHead): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { property: 'og:type', content: page.type },
    { property: 'og:title', content: page.socialTitle },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: page.canonical },
    { property: 'og:site_name', content: head.site.name },
    { property: 'og:locale', content: ogLocale(head.site.language) },
  ];
  if (page.image) {
    tags.push(
      { property: 'og:image', content: page.image.url },
      { property: 'og:image:width', content: String(page.image.width) },
      { property: 'og:image:height', content: String(page.image.height) },
      { property: 'og:image:alt', content: page.image.alt },
    );
  }
  const { article } = page;
  if (article) {
    if (article.publishedTime) {
      tags.push({ property: 'article:published_time', content: article.publishedTime });
    }
    tags.push({ property: 'article:modified_time', content: article.modifiedTime });
    if (article.authorUrl) tags.push({ property: 'article:author', content: article.authorUrl });
    if (article.section) tags.push({ property: 'article:section', content: article.section });
    for (const tag of article.tags) tags.push({ property: 'article:tag', content: tag });
  }
  return tags;
}

function twitterCard(page: PublicHead): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    {
      name: 'twitter:card',
      content: page.image && page.isLargeImage ? 'summary_large_image' : 'summary',
    },
    { name: 'twitter:title', content: page.socialTitle },
    { name: 'twitter:description', content: page.description },
  ];
  if (page.image) {
    tags.push(
      { name: 'twitter:image', content: page.image.url },
      { name: 'twitter:image:alt', content: page.image.alt },
    );
  }
  return tags;
}

/** Every tag of a public page's head. */
export function publicHead(head: HeadContext, page: PublicHead): MetaDescriptor[] {
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: page.canonical },
    ...(page.robots ? [{ name: 'robots', content: page.robots }] : []),
    ...openGraph(head, page),
    ...twitterCard(page),
    ...feedLinks(head, page.feeds),
    ...page.jsonLd.map((block) => ({ 'script:ld+json': block })),
  ];
}

/**
 * A page that is one member's or one visitor's (an editor, a form, notifications) or a refusal:
 * its title, kept out of search engines, with the blog's feeds.
 */
export function privateHead(head: HeadContext, name: string): MetaDescriptor[] {
  return [
    { title: head.t('meta.pageTitle', { name, site: head.site.name }) },
    { name: 'robots', content: 'noindex' },
    ...feedLinks(head),
  ];
}

/** The heads of a page whose loader failed, by why: a title, never indexed (decision 045). */
export interface ErrorHeads {
  notFound: MetaDescriptor[];
  failed: MetaDescriptor[];
}

/**
 * The heads of the 404 page and of any page whose loader failed (an unknown slug keeps a
 * `<title>` and is never indexed). The blog layout's loader builds them for its pages' `meta`.
 */
export function errorHeads(head: HeadContext): ErrorHeads {
  const of = (key: string): MetaDescriptor[] => [
    { title: head.t('meta.pageTitle', { name: head.t(key), site: head.site.name }) },
    { name: 'robots', content: 'noindex' },
    ...feedLinks(head),
  ];
  return { notFound: of('meta.notFoundTitle'), failed: of('meta.errorTitle') };
}
