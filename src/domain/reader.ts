/**
 * The contract between the page loaders and the server: what a loader may read, bound to the
 * request's site. The server implements it; pages only see this interface (pages never import
 * the server).
 */
import type { CategoryView, FeedPageView, PostDetail, SiteView, TagView } from './views';

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
}

/** What every page loader receives as its load context. */
export type RequestContext = {
  site: SiteView;
  reader: BlogReader;
  /** The request's time, so that server and browser format relative dates alike. */
  now: string;
  language: string;
};

/** SPEC §9: the feed's page size (the settings table makes it configurable). */
export const FEED_PAGE_SIZE = 20;
/** SPEC §5: posts per page 1–50. */
export const PAGE_SIZE_MAX = 50;
