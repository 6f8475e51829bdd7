/**
 * The pages' structured data (issue 19 § Pages' heads), typed by `schema-dts` so that a property
 * schema.org does not have, or a value of the wrong type, does not compile. Each builder returns
 * one JSON-LD block; React Router renders it as `<script type="application/ld+json">` with `<`,
 * `>` and `&` escaped (`\u003c`…), so a title cannot close the script.
 */
import type {
  BlogPosting,
  BreadcrumbList,
  CollectionPage,
  ImageObject,
  Organization,
  Person,
  ProfilePage,
  SearchAction,
  WebSite,
  WithContext,
} from 'schema-dts';
import { homeUrl, searchUrl } from '../../domain/routes';
import { absoluteUrl, type HeadImage, type HeadSite } from './head-site';

const CONTEXT = 'https://schema.org' as const;

/** Google shows at most 110 characters of a headline. */
export const HEADLINE_MAX_LENGTH = 110;

/** One step of a breadcrumb trail: its name and absolute URL. */
export interface Crumb {
  name: string;
  url: string;
}

function imageObject(image: HeadImage): ImageObject {
  return {
    '@type': 'ImageObject',
    url: image.url,
    width: { '@type': 'QuantitativeValue', value: image.width, unitCode: 'E37' },
    height: { '@type': 'QuantitativeValue', value: image.height, unitCode: 'E37' },
  };
}

/** The blog as a publisher: its name, home and logo. */
export function publisherLd(site: HeadSite): Organization {
  return {
    '@type': 'Organization',
    name: site.name,
    url: absoluteUrl(site.origin, homeUrl(site.base)),
    ...(site.logo ? { logo: imageObject(site.logo) } : {}),
  };
}

/** A person with their profile's absolute URL. */
export function personLd(person: { name: string; url: string; image?: string | null }): Person {
  return {
    '@type': 'Person',
    name: person.name,
    url: person.url,
    ...(person.image ? { image: person.image } : {}),
  };
}

/** What a post's `BlogPosting` says. */
export interface PostingFacts {
  headline: string;
  description: string;
  url: string;
  image: string | null;
  datePublished: string | null;
  dateModified: string;
  author: { name: string; url: string } | null;
  wordCount: number;
  keywords: string[];
  section: string | null;
}

/** A post (SPEC §2 post page) as a `BlogPosting`. */
export function blogPostingLd(site: HeadSite, post: PostingFacts): WithContext<BlogPosting> {
  const headline =
    post.headline.length > HEADLINE_MAX_LENGTH
      ? `${post.headline.slice(0, HEADLINE_MAX_LENGTH - 1)}…`
      : post.headline;
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline,
    description: post.description,
    url: post.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': post.url },
    ...(post.image ? { image: [post.image] } : {}),
    ...(post.datePublished ? { datePublished: post.datePublished } : {}),
    dateModified: post.dateModified,
    ...(post.author ? { author: personLd(post.author) } : {}),
    publisher: publisherLd(site),
    wordCount: post.wordCount,
    ...(post.keywords.length > 0 ? { keywords: post.keywords.join(', ') } : {}),
    ...(post.section ? { articleSection: post.section } : {}),
    inLanguage: site.language,
  };
}

/** A trail of pages, from the blog's home down to the page. */
export function breadcrumbLd(crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** The search page's address template (`searchUrl` with the query as the last segment). */
export function searchTarget(site: HeadSite): string {
  return `${absoluteUrl(site.origin, searchUrl(site.base))}/{search_term_string}`;
}

/** The blog as a `WebSite` whose search page search engines may offer (a `SearchAction`). */
export function webSiteLd(site: HeadSite): WithContext<WebSite> {
  // schema-dts types `query-input` nowhere (it is a property-value specification in text form).
  const action: SearchAction & { 'query-input': string } = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: searchTarget(site) },
    'query-input': 'required name=search_term_string',
  };
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: site.name,
    url: absoluteUrl(site.origin, homeUrl(site.base)),
    ...(site.description ? { description: site.description } : {}),
    inLanguage: site.language,
    publisher: publisherLd(site),
    potentialAction: action,
  };
}

/** A page listing posts (the feed, a category, a tag, a hashtag, a month) with its posts. */
export function collectionPageLd(
  site: HeadSite,
  page: { name: string; description: string; url: string; posts: readonly Crumb[] },
): WithContext<CollectionPage> {
  return {
    '@context': CONTEXT,
    '@type': 'CollectionPage',
    name: page.name,
    description: page.description,
    url: page.url,
    inLanguage: site.language,
    isPartOf: {
      '@type': 'WebSite',
      name: site.name,
      url: absoluteUrl(site.origin, homeUrl(site.base)),
    },
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: page.posts.length,
      itemListElement: page.posts.map((post, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: post.url,
        name: post.name,
      })),
    },
  };
}

/** A member's public profile: a `ProfilePage` about the `Person`. */
export function profilePageLd(
  site: HeadSite,
  member: { name: string; url: string; description: string; image: string | null },
): WithContext<ProfilePage> {
  return {
    '@context': CONTEXT,
    '@type': 'ProfilePage',
    url: member.url,
    inLanguage: site.language,
    mainEntity: {
      '@type': 'Person',
      name: member.name,
      url: member.url,
      ...(member.image ? { image: member.image } : {}),
      ...(member.description ? { description: member.description } : {}),
    },
  };
}
