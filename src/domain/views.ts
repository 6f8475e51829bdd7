/**
 * What the API and the page loaders return (SPEC §3 entities as the reader sees them). The
 * server's presenters build these from rows as allowlists; pages and API clients read them.
 * Dates travel as ISO strings so that the same objects serialise to JSON and hydrate unchanged.
 */
import type { PostEngagementView } from './engagement';
import { mediaIdFromUrl } from './media';
import type { FeedContentKind, PostSeoFields, PostUrlShape } from './seo';
import { isPlayableVideo, isSafeThumbnailUrl } from './video';

/** A stored image with its intrinsic size; URLs for each width come from `mediaSrcSet`. */
export interface ImageView {
  id: string | null;
  /** A fixed URL for external images (e.g. a video host's thumbnail); null for stored media. */
  url: string | null;
  width: number;
  height: number;
  alt: string;
}

/** A member as shown beside their posts and comments (SPEC §3 owner). */
export interface MemberSummary {
  siteMemberId: string;
  slug: string;
  name: string;
  image: ImageView | null;
  /**
   * Their profile's address (domain/profiles.ts `profileUrl`), built by the server so that the
   * feed's script needs no builder to link an author's name (decision 009's budget). Posts'
   * owners always have it.
   */
  link?: string;
}

/** A category link as shown on a post card (SPEC §3 mainCategory: label, link). */
export interface CategoryLink {
  id: string;
  slug: string;
  label: string;
  menuLabel: string;
  /** The category's URL under the blog base. */
  link: string;
}

export interface TagView {
  id: string;
  slug: string;
  label: string;
  postCount: number;
  link: string;
}

export interface CategoryView extends CategoryLink {
  /** Former slugs (SPEC §3 Category slugs): their addresses answer 301 to the current one. */
  slugs: string[];
  description: string;
  /** The page's title and description for search engines; empty uses the label's (issue 17). */
  seoTitle: string;
  seoDescription: string;
  language: string;
  parentId: string | null;
  displayPosition: number;
  postCount: number;
  coverImage: ImageView | null;
  translations: { language: string; categoryId: string; url: string }[];
}

/** The embedded video of a post (SPEC §3 media.embedMedia). */
export interface EmbedMediaView {
  thumbnail: { url: string; width: number; height: number } | null;
  video: { url: string; width: number; height: number } | null;
}

/** A post in a list: everything a card shows, nothing more (no content). */
export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** The post's URL under the blog base. */
  link: string;
  status: string;
  isPinned: boolean;
  isFeatured: boolean;
  firstPublishedDate: string | null;
  lastPublishedDate: string | null;
  timeToRead: number;
  owner: MemberSummary | null;
  mainCategory: CategoryLink | null;
  categoryIds: string[];
  tagIds: string[];
  hashtags: string[];
  /** The cover chosen by SPEC §4's rules; null when none or disabled. */
  cover: ImageView | null;
  media: EmbedMediaView | null;
  counters: { viewCount: number; totalComments: number; likeCount: number };
  ratings: { averageRating: number; totalRatings: number };
  language: string;
  isCommentsDisabled: boolean;
}

/** What a feed card shows; loaders send this rather than the whole summary (less to render). */
export type PostCardView = Pick<
  PostSummary,
  | 'id'
  | 'title'
  | 'excerpt'
  | 'link'
  | 'isPinned'
  | 'firstPublishedDate'
  | 'timeToRead'
  | 'owner'
  | 'mainCategory'
  | 'cover'
  | 'counters'
  | 'ratings'
  | 'lastPublishedDate'
  | 'language'
> & {
  hasVideo: boolean;
  /** The video a card can play in place (SPEC §4 "Video in post list"); null if none playable. */
  video: PostVideoView | null;
  /**
   * The member likes this post (issue 6): set on a member's pages only, which read it per request
   * (decision 002); absent on visitors' pages, which every visitor shares.
   */
  isLiked?: boolean;
};

/**
 * A post's playable video (SPEC §5 playable sources): the stored link, known to be playable, its
 * size, and the thumbnail to show until it plays.
 */
export interface PostVideoView {
  url: string;
  width: number;
  height: number;
  thumbnail: ImageView | null;
}

/** The playable video of a post, or null when it has none we can play (SPEC §5). */
export function postVideoOf(post: Pick<PostSummary, 'media' | 'title'>): PostVideoView | null {
  const video = post.media?.video;
  if (!video || !isPlayableVideo(video.url)) return null;
  const thumb = post.media?.thumbnail;
  let thumbnail: ImageView | null = null;
  if (thumb && isSafeThumbnailUrl(thumb.url)) {
    // A thumbnail stored by us is addressed by URL; its media id gives it a srcset.
    const id = mediaIdFromUrl(thumb.url);
    const { width, height } = thumb;
    thumbnail = { id, url: id ? null : thumb.url, width, height, alt: post.title };
  }
  return { url: video.url, width: video.width, height: video.height, thumbnail };
}

/** The card of a post summary. */
export function toPostCard(post: PostSummary): PostCardView {
  return {
    id: post.id,
    title: post.title,
    excerpt: post.excerpt,
    link: post.link,
    isPinned: post.isPinned,
    firstPublishedDate: post.firstPublishedDate,
    timeToRead: post.timeToRead,
    owner: post.owner,
    mainCategory: post.mainCategory,
    cover: post.cover,
    counters: post.counters,
    ratings: post.ratings,
    lastPublishedDate: post.lastPublishedDate,
    language: post.language,
    hasVideo: Boolean(post.media?.video),
    video: postVideoOf(post),
  };
}

/**
 * Cards with the member's engagement laid over them (issue 6): fresh like counts and ratings, and
 * which posts they like. New card objects; the shared ones (memoised feeds) are never changed.
 */
export function withEngagement<T extends Pick<PostCardView, 'id' | 'counters' | 'ratings'>>(
  cards: readonly T[],
  engagement: Readonly<Record<string, PostEngagementView>> | null,
): (T & { isLiked?: boolean })[] {
  if (!engagement) return cards as T[];
  return cards.map((card) => {
    const fresh = engagement[card.id];
    if (!fresh) return card;
    return {
      ...card,
      counters: { ...card.counters, likeCount: fresh.likeCount },
      ratings: { averageRating: fresh.averageRating, totalRatings: fresh.totalRatings },
      isLiked: fresh.isLiked,
    };
  });
}

/** A feed page as the page loaders send it: cards instead of summaries. */
export type FeedCardsView = Omit<FeedPageView, 'posts'> & { posts: PostCardView[] };

/** Turns a feed page into its cards. */
export function toFeedCards(feed: FeedPageView): FeedCardsView {
  return { ...feed, posts: feed.posts.map(toPostCard) };
}

/** A post page: the summary plus its content and where it belongs. */
export interface PostDetail extends PostSummary {
  /** The rich-content document (SPEC §3), validated when it was saved. */
  content: unknown;
  categories: CategoryLink[];
  tags: TagView[];
  paidPlansGroupIds: string[];
  /** Issue 19: the post's own SEO fields (domain/seo.ts decides what they resolve to). */
  seo: PostSeoFields;
  /** When the post last changed (`posts.updated_at`), for article:modified_time and feeds. */
  updatedAt: string;
}

/** One page of a feed, with what the pagination needs (SPEC §3 pagination state). */
export interface FeedPageView {
  posts: PostSummary[];
  currentPage: number;
  pageSize: number;
  entityCount: number;
  lastPage: number;
}

/** The site and blog the request is for (the host selects it). */
export interface SiteView {
  id: string;
  name: string;
  /**
   * Where the site lives: scheme, primary domain (and port), no trailing slash
   * (`https://blog.example.com`). Every absolute URL of the site is built on it, never on a
   * request's Host header, which anyone can set (decision 028).
   */
  origin: string;
  blogBase: string;
  categoryPath: string;
  language: string;
  /** Every language the site is published in, `language` included (at least one). */
  languages: string[];
  timeZone: string;
  /**
   * A showcase site nobody writes to (SPEC §4 "In demo mode clicks open a demo-mode modal"):
   * gated actions open the demo-mode modal and the server refuses them.
   */
  isDemoMode: boolean;
  /** Issue 18 (blog settings): the blog's description and logo, shown by the site's header. */
  description: string;
  logo: { id: string; width: number; height: number } | null;
  /** Issue 18: the blog home's title and description for search engines ('' = the defaults). */
  seoTitle: string;
  seoDescription: string;
  /** Issue 18: category prefixes used before; their addresses answer a 301 to the current one. */
  formerCategoryPaths: string[];
  /** Issue 19: the shape of every post's one address (`postLink` in domain/routes.ts builds it). */
  postUrlShape: PostUrlShape;
  /** Issue 19: how many posts each feed carries, and whether whole posts or their excerpts. */
  feedItemCount: number;
  feedContent: FeedContentKind;
}
