/**
 * Reading the blog: feeds (all posts, category, tag, hashtag, monthly archive), post pages,
 * categories and tags. The API handlers and the page loaders both call these functions, the
 * pages in-process through the load context (DESIGN.md "How a request flows").
 *
 * One module per use case in `blog-reader/` (issue 16 §3): `feed` (feed pages, their counts and
 * the featured post), `feed-source` (where each feed's posts are listed, the archive's month
 * included), `post` (a post's page), `taxonomy` (categories and tags), `present` (rows as cards)
 * and `rows` (the dependencies and the card's columns). This factory only binds the dependencies.
 */
import { bindDeps } from './bind-deps.server';
import { feedPageKeysQuery, getFeaturedPost, listFeed } from './blog-reader/feed.server';
import { getPostBySlug } from './blog-reader/post.server';
import { presentSummaries } from './blog-reader/present.server';
import type { BlogReaderDeps } from './blog-reader/rows.server';
import {
  getCategoryBySlug,
  getTagBySlug,
  listCategories,
  listTags,
} from './blog-reader/taxonomy.server';

export { presentCover } from './blog-reader/present.server';
export { type BlogReaderDeps, type SummaryRow, summaryColumns } from './blog-reader/rows.server';

/** Builds the read service. Every call takes the site it reads, and every query is scoped by it. */
export function createBlogReader(deps: BlogReaderDeps) {
  const bind = bindDeps(deps);
  return {
    listCategories: bind(listCategories),
    listTags: bind(listTags),
    listFeed: bind(listFeed),
    getPostBySlug: bind(getPostBySlug),
    getCategoryBySlug: bind(getCategoryBySlug),
    getTagBySlug: bind(getTagBySlug),
    getFeaturedPost: bind(getFeaturedPost),
    feedPageKeysQuery: bind(feedPageKeysQuery),
    presentSummaries: bind(presentSummaries),
  };
}

export type BlogReaderService = ReturnType<typeof createBlogReader>;
