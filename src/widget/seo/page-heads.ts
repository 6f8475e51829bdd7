/**
 * Each blog page kind's head (issue 19 § Pages' heads): what its title, description, canonical
 * address, image and structured data are, from the page's loader data and the site. The pages'
 * loaders call these and hand the result to `meta` as their data's `head` (meta.ts). Pure.
 */
import type { MetaDescriptor } from 'react-router';
import { monthName } from '../../domain/dates';
import {
  archiveUrl,
  feedPageUrl,
  hashtagUrl,
  homeUrl,
  pageSuffix,
  searchUrl,
} from '../../domain/routes';
import {
  type PostSeoFields,
  postSeoDescription,
  postSeoTitle,
  postSocialImage,
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_WIDTH,
  socialImageUrl,
} from '../../domain/seo';
import type { ImageView } from '../../domain/views';
import { type OwnFeed, privateHead, publicHead, ROBOTS_NOINDEX } from './head';
import { absoluteUrl, type HeadContext, type HeadImage, servedImage } from './head-site';
import {
  blogPostingLd,
  breadcrumbLd,
  type Crumb,
  collectionPageLd,
  profilePageLd,
  webSiteLd,
} from './json-ld';

/** A post of a listed page, as its `ItemList` names it. */
interface ListedPost {
  title: string;
  link: string;
}

/** One page of a feed as the heads need it. */
interface ListedPage {
  currentPage: number;
  posts: readonly ListedPost[];
}

function url(head: HeadContext, path: string): string {
  return absoluteUrl(head.site.origin, path);
}

function homeCrumb(head: HeadContext): Crumb {
  return { name: head.site.name, url: url(head, homeUrl(head.site.base)) };
}

function listed(head: HeadContext, page: ListedPage): Crumb[] {
  return page.posts.map((post) => ({ name: post.title, url: url(head, post.link) }));
}

/** `name · site`, or `name · Page N · site` past the first page. */
function pagedTitle(head: HeadContext, name: string, page: number): string {
  const site = head.site.name;
  return page > 1
    ? head.t('meta.pagedTitle', { name, page, site })
    : head.t('meta.pageTitle', { name, site });
}

/** A stored image's social card (1200×630), or an external one as it is; else the blog's logo. */
function cardImage(head: HeadContext, image: ImageView | null, alt: string): HeadImage | null {
  if (image?.id) {
    return {
      url: url(head, socialImageUrl(image.id)),
      width: SOCIAL_IMAGE_WIDTH,
      height: SOCIAL_IMAGE_HEIGHT,
      alt: image.alt || alt,
    };
  }
  if (image?.url) return { ...image, url: url(head, image.url), alt: image.alt || alt };
  return head.site.logo;
}

/** What a listing page (the feed, a category, a tag…) says; the rest is common to them. */
interface ListingPage {
  name: string;
  title: string;
  description: string;
  path: string;
  page: ListedPage;
  image?: HeadImage | null;
  crumbs?: Crumb[];
  feeds?: OwnFeed[];
  extraLd?: object[];
}

function listingHead(head: HeadContext, listing: ListingPage): MetaDescriptor[] {
  const canonical = url(head, listing.path);
  const image = listing.image === undefined ? head.site.logo : listing.image;
  return publicHead(head, {
    title: listing.title,
    socialTitle: listing.name,
    description: listing.description,
    canonical,
    type: 'website',
    image,
    isLargeImage: image !== null && image !== head.site.logo,
    feeds: listing.feeds,
    jsonLd: [
      ...(listing.extraLd ?? []),
      collectionPageLd(head.site, {
        name: listing.name,
        description: listing.description,
        url: canonical,
        posts: listed(head, listing.page),
      }),
      ...(listing.crumbs ? [breadcrumbLd(listing.crumbs)] : []),
    ],
  });
}

/** The all-posts feed (SPEC §2 feed page): the blog's SEO title, the `WebSite` on its home. */
export function feedHead(
  head: HeadContext,
  data: { feed: ListedPage; seo: { title: string; description: string } },
): MetaDescriptor[] {
  const { t, site } = head;
  const page = data.feed.currentPage;
  const blogTitle = data.seo.title || t('meta.blogTitle', { site: site.name });
  return listingHead(head, {
    name: data.seo.title || site.name,
    title: page > 1 ? t('meta.blogPageTitle', { page, site: site.name }) : blogTitle,
    description: data.seo.description || t('meta.blogDescription', { site: site.name }),
    path: feedPageUrl(site.base, page),
    page: data.feed,
    extraLd: page === 1 ? [webSiteLd(site)] : [],
  });
}

/** A category page's data as its head needs it. */
export interface CategoryHeadData {
  category: {
    slug: string;
    label: string;
    link: string;
    description: string;
    seoTitle: string;
    seoDescription: string;
    coverImage: ImageView | null;
  };
  parent: { menuLabel: string; link: string } | null;
  feed: ListedPage;
}

/** A category (or subcategory) page: its own SEO title and description, its cover, its feeds. */
export function categoryHead(head: HeadContext, data: CategoryHeadData): MetaDescriptor[] {
  const { category, parent, feed } = data;
  const name = category.seoTitle || category.label;
  const description =
    category.seoDescription ||
    category.description ||
    head.t('meta.categoryDescription', { category: category.label, site: head.site.name });
  return listingHead(head, {
    name,
    title: pagedTitle(head, name, feed.currentPage),
    description,
    path: `${category.link}${pageSuffix(feed.currentPage)}`,
    page: feed,
    image: cardImage(head, category.coverImage, category.label),
    crumbs: [
      homeCrumb(head),
      ...(parent ? [{ name: parent.menuLabel, url: url(head, parent.link) }] : []),
      { name: category.label, url: url(head, category.link) },
    ],
    feeds: [
      {
        scope: { kind: 'category', slug: category.slug },
        name: `${category.label} · ${head.site.name}`,
      },
    ],
  });
}

/** A tag's page, with the tag's feeds. */
export function tagHead(
  head: HeadContext,
  data: { tag: { slug: string; label: string; link: string }; feed: ListedPage },
): MetaDescriptor[] {
  const { tag, feed } = data;
  const name = `#${tag.label}`;
  return listingHead(head, {
    name,
    title: pagedTitle(head, name, feed.currentPage),
    description: head.t('meta.tagDescription', { tag: name, site: head.site.name }),
    path: `${tag.link}${pageSuffix(feed.currentPage)}`,
    page: feed,
    crumbs: [homeCrumb(head), { name, url: url(head, tag.link) }],
    feeds: [{ scope: { kind: 'tag', slug: tag.slug }, name: `${name} · ${head.site.name}` }],
  });
}

/** A hashtag's page (posts whose text carries it). */
export function hashtagHead(
  head: HeadContext,
  data: { hashtag: string; feed: ListedPage },
): MetaDescriptor[] {
  const { hashtag, feed } = data;
  const name = `#${hashtag}`;
  return listingHead(head, {
    name,
    title: pagedTitle(head, name, feed.currentPage),
    description: head.t('meta.hashtagDescription', { hashtag, site: head.site.name }),
    path: hashtagUrl(head.site.base, hashtag, feed.currentPage),
    page: feed,
  });
}

/** A month of the archive. */
export function archiveHead(
  head: HeadContext,
  data: { year: number; month: number; language: string; feed: ListedPage },
): MetaDescriptor[] {
  const name = monthName(data.year, data.month, data.language);
  return listingHead(head, {
    name,
    title: pagedTitle(head, name, data.feed.currentPage),
    description: head.t('meta.archiveDescription', { month: name, site: head.site.name }),
    path: archiveUrl(head.site.base, data.year, data.month, data.feed.currentPage),
    page: data.feed,
  });
}

/**
 * The search page: never indexed (its results are not pages of their own), but its links are
 * followed; its canonical is the query's address without the page number (`?page=N`).
 */
export function searchHead(
  head: HeadContext,
  data: { results: { query: string; currentPage: number } },
): MetaDescriptor[] {
  const { query } = data.results;
  const name =
    query === '' ? head.t('search.metaTitle') : head.t('search.metaTitleQuery', { query });
  return publicHead(head, {
    title: head.t('meta.pageTitle', { name, site: head.site.name }),
    socialTitle: name,
    description: head.t('meta.searchDescription', { site: head.site.name }),
    canonical: url(head, searchUrl(head.site.base, query)),
    robots: ROBOTS_NOINDEX,
    type: 'website',
    image: head.site.logo,
    isLargeImage: false,
    jsonLd: [],
  });
}

/** A post page's data as its head needs it. */
export interface PostHeadData {
  post: {
    title: string;
    excerpt: string;
    link: string;
    firstPublishedDate: string | null;
    updatedAt: string;
    owner: { name: string; link?: string } | null;
    mainCategory: { label: string; link: string } | null;
    tags: readonly { label: string }[];
    cover: ImageView | null;
    seo: PostSeoFields;
  };
  /** Words of the post's text (rich-content `wordCount`), counted by the loader. */
  wordCount: number;
}

/**
 * A post: its SEO title and description, its one address (or the writer's canonical override),
 * its social card image, `article:*`, `BlogPosting` and the breadcrumb blog → category → post.
 */
export function postHead(head: HeadContext, data: PostHeadData): MetaDescriptor[] {
  const { post } = data;
  const { site } = head;
  const title = postSeoTitle(post);
  const description = postSeoDescription(post) || site.description || title;
  const canonical = post.seo.canonicalUrl || url(head, post.link);
  const social = postSocialImage(post);
  const image = social ? { ...social, url: url(head, social.url) } : site.logo;
  const authorUrl = post.owner?.link ? url(head, post.owner.link) : null;
  const section = post.mainCategory?.label ?? null;
  const keywords = post.tags.map((tag) => tag.label);
  const crumbs: Crumb[] = [homeCrumb(head)];
  if (post.mainCategory) {
    crumbs.push({ name: post.mainCategory.label, url: url(head, post.mainCategory.link) });
  }
  crumbs.push({ name: title, url: url(head, post.link) });
  return publicHead(head, {
    title: head.t('meta.pageTitle', { name: title, site: site.name }),
    socialTitle: title,
    description,
    canonical,
    robots: post.seo.noindex ? ROBOTS_NOINDEX : undefined,
    type: 'article',
    image,
    isLargeImage: social !== null,
    article: {
      publishedTime: post.firstPublishedDate,
      modifiedTime: post.updatedAt,
      authorUrl,
      section,
      tags: keywords,
    },
    jsonLd: [
      blogPostingLd(site, {
        headline: title,
        description,
        url: canonical,
        image: image?.url ?? null,
        datePublished: post.firstPublishedDate,
        dateModified: post.updatedAt,
        author: post.owner && authorUrl ? { name: post.owner.name, url: authorUrl } : null,
        wordCount: data.wordCount,
        keywords,
        section,
      }),
      breadcrumbLd(crumbs),
    ],
  });
}

/** A public profile's data as its head needs it. */
export interface ProfileHeadData {
  member: { name: string; slug: string; about: string; link: string; image: ImageView | null };
  posts: { currentPage: number };
}

/** A member's public profile: `ProfilePage` about the `Person`, with the author's feeds. */
export function profileHead(head: HeadContext, profile: ProfileHeadData): MetaDescriptor[] {
  const { member } = profile;
  const description = member.about || head.t('profiles.meta.description', { name: member.name });
  const page = profile.posts.currentPage;
  const canonical = url(head, `${member.link}${pageSuffix(page)}`);
  const avatar = member.image?.id
    ? servedImage(head.site.origin, { ...member.image, id: member.image.id }, member.name)
    : null;
  return publicHead(head, {
    title: pagedTitle(head, member.name, page),
    socialTitle: member.name,
    description,
    canonical,
    type: 'profile',
    image: avatar ?? head.site.logo,
    isLargeImage: false,
    feeds: [
      { scope: { kind: 'author', slug: member.slug }, name: `${member.name} · ${head.site.name}` },
    ],
    jsonLd: [
      profilePageLd(head.site, {
        name: member.name,
        url: url(head, member.link),
        description: member.about,
        image: avatar?.url ?? null,
      }),
    ],
  });
}

export { privateHead };
