/**
 * The contract between the page loaders and the server: what a loader may read, bound to the
 * request's site. The server implements it; pages only see this interface (pages never import
 * the server).
 */
import type { Actor } from './permissions';
import type { RelatedPostType } from './post-extras';
import type { RenderMode } from './render-mode';
import type { SearchResultsView } from './search';
import type { Device, ResolvedSettings } from './settings';
import type {
  CategoryView,
  FeedPageView,
  PostDetail,
  PostSummary,
  SiteView,
  TagView,
} from './views';

/** Which feed to list (SPEC §2 feed sources and §7 data fetches). */
export type FeedQuery =
  | { source: 'homepage' }
  | { source: 'category'; categoryId: string }
  | { source: 'tags'; tagId: string }
  | { source: 'hashtag'; hashtag: string }
  | { source: 'archive'; year: number; month: number };

/** Reads of the blog, already scoped to the request's site. */
export interface BlogReader {
  listCategories(): Promise<CategoryView[]>;
  listTags(): Promise<TagView[]>;
  listFeed(query: FeedQuery, page: number, pageSize: number): Promise<FeedPageView>;
  getPostBySlug(slug: string): Promise<PostDetail | null>;
  getCategoryBySlug(slug: string): Promise<CategoryView | null>;
  getTagBySlug(slug: string): Promise<TagView | null>;
  /** The newest published featured post, if any (SPEC §2 featured-post banner). */
  getFeaturedPost(): Promise<PostSummary | null>;
  /** The Blog widget's settings for the request's device, defaults filled in. */
  getSettings(): Promise<ResolvedSettings>;
  /** One page of the published posts matching a search query, best first (issue 3). */
  searchPosts(query: string, page: number): Promise<SearchResultsView>;
  /**
   * `count` published posts to show below a post (SPEC §2): the most related (shared categories
   * and tags, then newest) filled up with recent ones, or the recent ones; never the post itself.
   */
  listRelatedPosts(postId: string, type: RelatedPostType, count: number): Promise<PostSummary[]>;
}

/** What every page loader receives as its load context. */
export type RequestContext = {
  site: SiteView;
  reader: BlogReader;
  /** The request's time, so that server and browser format relative dates alike. */
  now: string;
  language: string;
  /** Whose settings apply: the browser's device (SPEC §1). */
  device: Device;
  /** Where the widget renders (SPEC §1 render modes). */
  renderMode: RenderMode;
  /** Who is asking, for `can()` (DESIGN.md "How a request flows"). */
  actor: Actor;
};

/** SPEC §9: the feed's page size when a request names none (the settings choose the page's). */
export {
  DEFAULT_POSTS_PER_PAGE as FEED_PAGE_SIZE,
  POSTS_PER_PAGE_MAX as PAGE_SIZE_MAX,
} from './settings';
