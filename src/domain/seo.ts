/**
 * The blog on the open web (issue 19): the rules that decide what search engines, social networks
 * and feed readers are told about a post, in one place, so that the page's head, the editor's
 * previews, the feeds and the sitemaps say the same thing.
 *
 * Pure: pages, the editor and the server import it.
 */

/** The shapes a post's one address can take (the site's `post_url_shape`). */
export const POST_URL_SHAPES = ['slug', 'date'] as const;
export type PostUrlShape = (typeof POST_URL_SHAPES)[number];

/** What a feed item carries: the whole post or its excerpt (the site's `feed_content`). */
export const FEED_CONTENT_KINDS = ['full', 'excerpt'] as const;
export type FeedContentKind = (typeof FEED_CONTENT_KINDS)[number];

/** Bounds of the number of posts a feed carries (the site's `feed_item_count`). */
export const FEED_ITEM_COUNT_MIN = 1;
export const FEED_ITEM_COUNT_MAX = 100;
export const FEED_ITEM_COUNT_DEFAULT = 20;

/** Longest per-post SEO title and description (the same bounds as the blog's defaults). */
export const POST_SEO_TITLE_MAX_LENGTH = 120;
export const POST_SEO_DESCRIPTION_MAX_LENGTH = 320;
/** Longest canonical override (an absolute http(s) URL). */
export const POST_CANONICAL_URL_MAX_LENGTH = 2000;

/**
 * Lengths search engines show before cutting (the editor's hints): about 60 characters of a
 * title and 160 of a description.
 */
export const SEO_TITLE_SHOWN_LENGTH = 60;
export const SEO_DESCRIPTION_SHOWN_LENGTH = 160;

/** The social card image's size (Open Graph's recommended 1.91:1). */
export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;

/** A post's own SEO fields as stored (posts.seo_title, ...); '' and false are "not set". */
export interface PostSeoFields {
  seoTitle: string;
  seoDescription: string;
  canonicalUrl: string;
  noindex: boolean;
  /** The social image override, an uploaded image; null for the cover. */
  socialImage: { id: string; width: number; height: number } | null;
}

/** The post's SEO fields when it has none of its own. */
export const EMPTY_POST_SEO: PostSeoFields = {
  seoTitle: '',
  seoDescription: '',
  canonicalUrl: '',
  noindex: false,
  socialImage: null,
};

/**
 * The title search engines and social cards show for a post: its SEO title, else its title.
 * (The page's `<title>` adds the blog's name: `pageTitle`.)
 */
export function postSeoTitle(post: { title: string; seo: PostSeoFields }): string {
  return post.seo.seoTitle.trim() || post.title;
}

/** The description search engines and social cards show: the SEO description, else the excerpt. */
export function postSeoDescription(post: { excerpt: string; seo: PostSeoFields }): string {
  return post.seo.seoDescription.trim() || post.excerpt;
}

/** Whether `url` may be a canonical override: an absolute http(s) address. */
export function isCanonicalUrl(url: string): boolean {
  if (url.length > POST_CANONICAL_URL_MAX_LENGTH) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The size of the social card made from a stored image of `width`×`height` (decision 046): the
 * card's 1200:630 shape, 1200×630 when the image is big enough, else the largest box of that
 * shape the image holds without being enlarged (an upscaled card is blurred, and networks
 * accept cards from 600 wide). An unknown size (0) is taken as big enough.
 */
export function socialImageSize(width: number, height: number): { width: number; height: number } {
  const full = { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT };
  if (!(width > 0 && height > 0)) return full;
  if (width >= SOCIAL_IMAGE_WIDTH && height >= SOCIAL_IMAGE_HEIGHT) return full;
  const fitted = Math.min(width, Math.floor((height * SOCIAL_IMAGE_WIDTH) / SOCIAL_IMAGE_HEIGHT));
  const boxWidth = Math.max(1, fitted);
  return {
    width: boxWidth,
    height: Math.max(1, Math.round((boxWidth * SOCIAL_IMAGE_HEIGHT) / SOCIAL_IMAGE_WIDTH)),
  };
}

/**
 * The social card image of a stored image: a JPEG of `socialImageSize`, cropped to the image's
 * most salient part, made on first request and kept like the other media variants
 * (`GET /media/:id/social.jpg`).
 */
export function socialImageUrl(mediaId: string): string {
  return `/media/${mediaId}/social.jpg`;
}

/** What a social card shows as its image, relative to the site's origin. */
export interface SocialImageView {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A post's social card image: its social image override, else its cover; a stored image is
 * served at `socialImageSize` of its stored size (1200×630 unless it is smaller) at
 * `socialImageUrl`, an external one (a video's thumbnail) as it is. Null when it has neither.
 */
export function postSocialImage(post: {
  title: string;
  cover: {
    id: string | null;
    url: string | null;
    width: number;
    height: number;
    alt: string;
  } | null;
  seo: PostSeoFields;
}): SocialImageView | null {
  const override = post.seo.socialImage;
  if (override) {
    return {
      url: socialImageUrl(override.id),
      ...socialImageSize(override.width, override.height),
      alt: post.title,
    };
  }
  const { cover } = post;
  if (!cover) return null;
  const alt = cover.alt || post.title;
  if (cover.id) {
    return { url: socialImageUrl(cover.id), ...socialImageSize(cover.width, cover.height), alt };
  }
  return cover.url ? { url: cover.url, width: cover.width, height: cover.height, alt } : null;
}

/**
 * The address search engines and social cards are given for a post: the writer's canonical
 * override, else the post's own page (`link`, under the blog base) at the site's origin.
 */
export function postCanonicalUrl(
  post: { link: string; seo: Pick<PostSeoFields, 'canonicalUrl'> },
  origin: string,
): string {
  return post.seo.canonicalUrl.trim() || new URL(post.link, origin).href;
}

/**
 * `text` as a search result shows it: whitespace runs as one space and, past `shown`
 * characters, cut at the last word boundary that fits, with an ellipsis (search engines cut
 * titles near 60 characters and descriptions near 160: `SEO_TITLE_SHOWN_LENGTH`,
 * `SEO_DESCRIPTION_SHOWN_LENGTH`). The editor's previews show what the page head says, cut so.
 */
export function shownInSearch(text: string, shown: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // Counted in code points, so an emoji is one character and never split in half.
  const chars = Array.from(flat);
  if (chars.length <= shown) return flat;
  const head = chars.slice(0, shown - 1).join('');
  const isAtBoundary = chars[shown - 1] === ' ';
  const space = head.lastIndexOf(' ');
  // A word longer than the last third is cut where it is rather than losing the whole line.
  const cut = isAtBoundary || space <= (shown * 2) / 3 ? head : head.slice(0, space);
  return `${cut.replace(/[\s.,;:!?-]+$/u, '')}…`;
}
