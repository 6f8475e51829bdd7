/**
 * The per-post SEO part of the editor's draft (issue 19 "Per-post SEO in the editor"): what the
 * writer typed, what a save sends of it, and what the previews show. The previews are built with
 * the page head's own rules (`postSeoTitle`, `postSeoDescription`, `postSocialImage`,
 * `postCanonicalUrl` in domain/seo.ts), so the editor shows what the page will say.
 */

import { mediaUrl } from '../../domain/media';
import {
  CanonicalUrlSchema,
  type EditorPostView,
  type PostSave,
  PostSlugSchema,
} from '../../domain/post-editor';
import { postUrl } from '../../domain/routes';
import {
  type PostSeoFields,
  postCanonicalUrl,
  postSeoDescription,
  postSeoTitle,
  postSocialImage,
  SEO_DESCRIPTION_SHOWN_LENGTH,
  SEO_TITLE_SHOWN_LENGTH,
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_WIDTH,
  shownInSearch,
} from '../../domain/seo';

/** The SEO fields as the writer edits them. */
export interface SeoDraft {
  seoTitle: string;
  seoDescription: string;
  canonicalUrl: string;
  noindex: boolean;
  /** The social image override (a media id of the site), or null for the cover. */
  socialImageId: string | null;
  /**
   * The slug the writer typed, or null while they have not touched it: the server then keeps
   * it (or, for a draft, derives it from the title).
   */
  slug: string | null;
}

/** A new post's SEO fields: none of its own. */
export const EMPTY_SEO_DRAFT: SeoDraft = {
  seoTitle: '',
  seoDescription: '',
  canonicalUrl: '',
  noindex: false,
  socialImageId: null,
  slug: null,
};

/** The SEO fields of a post as the server has it. */
export function seoDraftOf(post: EditorPostView): SeoDraft {
  return {
    seoTitle: post.seo.seoTitle,
    seoDescription: post.seo.seoDescription,
    canonicalUrl: post.seo.canonicalUrl,
    noindex: post.seo.noindex,
    socialImageId: post.seo.socialImage?.id ?? null,
    slug: null,
  };
}

/** Whether the typed slug is one the server would take (its shape, not a reserved word). */
export function isSlugAcceptable(slug: string): boolean {
  return PostSlugSchema.safeParse(slug).success;
}

/** Whether the typed canonical address is '' or an absolute http(s) URL. */
export function isCanonicalAcceptable(url: string): boolean {
  return CanonicalUrlSchema.safeParse(url).success;
}

/**
 * What a save sends of the SEO fields. A slug or canonical address still being typed (not yet
 * valid) is left out, so autosave keeps the last good one; the field says what is wrong.
 */
export function seoSaveFields(seo: SeoDraft): Partial<PostSave> {
  const fields: Partial<PostSave> = {
    seoTitle: seo.seoTitle,
    seoDescription: seo.seoDescription,
    noindex: seo.noindex,
    socialImageId: seo.socialImageId,
  };
  if (isCanonicalAcceptable(seo.canonicalUrl)) fields.canonicalUrl = seo.canonicalUrl.trim();
  if (seo.slug !== null && isSlugAcceptable(seo.slug)) fields.slug = seo.slug;
  return fields;
}

/** The draft's SEO fields as the page head reads them (`PostSeoFields`). */
export function seoFieldsOf(seo: SeoDraft): PostSeoFields {
  return {
    seoTitle: seo.seoTitle,
    seoDescription: seo.seoDescription,
    canonicalUrl: isCanonicalAcceptable(seo.canonicalUrl) ? seo.canonicalUrl.trim() : '',
    noindex: seo.noindex,
    socialImage: seo.socialImageId
      ? { id: seo.socialImageId, width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT }
      : null,
  };
}

/** What the search result and social card previews show. */
export interface SeoPreview {
  /** The full title and description the page head carries (the social card shows them). */
  title: string;
  description: string;
  /** The search result's lines, cut where search engines cut. */
  searchTitle: string;
  searchDescription: string;
  /** The post's canonical address. */
  url: string;
  /** The site's host name, as a social card shows it. */
  host: string;
  /** The social card's image, absolute; null when the post has neither override nor cover. */
  image: string | null;
  /**
   * A resized copy of the same stored image, shown while the 1200×630 social image is not served
   * (it is made on first request; an older server has no such route).
   */
  imageFallback: string | null;
}

/** The previews of a post being edited, from the same rules as the page head. */
export function seoPreviewOf(input: {
  title: string;
  /** The excerpt the page would show: the writer's, else the one derived from the content. */
  excerpt: string;
  seo: SeoDraft;
  /** The slug the post's address uses now. */
  slug: string;
  coverMediaId: string | null;
  origin: string;
  base: string;
}): SeoPreview {
  const post = {
    title: input.title,
    excerpt: input.excerpt,
    seo: seoFieldsOf(input.seo),
    link: postUrl(input.base, { slug: input.slug }),
    cover: input.coverMediaId
      ? { id: input.coverMediaId, url: null, width: 0, height: 0, alt: '' }
      : null,
  };
  const title = postSeoTitle(post);
  const description = postSeoDescription(post);
  const image = postSocialImage(post);
  const imageId = input.seo.socialImageId ?? input.coverMediaId;
  return {
    title,
    description,
    searchTitle: shownInSearch(title, SEO_TITLE_SHOWN_LENGTH),
    searchDescription: shownInSearch(description, SEO_DESCRIPTION_SHOWN_LENGTH),
    url: postCanonicalUrl(post, input.origin),
    host: new URL(input.origin).host,
    image: image ? new URL(image.url, input.origin).href : null,
    imageFallback: imageId ? mediaUrl(imageId, 640) : null,
  };
}
