/**
 * Every island by name (decision 053): the component its `<Island name>` wrapper is rendered
 * again with, each a chunk of its own that loads when its island is first needed. An island's
 * component takes exactly the props its wrapper embeds. To add one: wrap the component's server
 * HTML in `<Island name="…" props={…}>` and name it here.
 */
import type { ComponentType } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: each island takes its own props, parsed from JSON
type IslandComponent = ComponentType<any>;

/** Loads island `name`'s component. */
export const ISLANDS: Record<string, () => Promise<IslandComponent>> = {
  header: () => import('../components/blog-header').then((m) => m.BlogHeader),
  'feed-list': () => import('./feed-list-island').then((m) => m.FeedListIsland),
  like: () => import('../engagement/like-button').then((m) => m.LikeButton),
  'card-menu': () => import('../components/card-more-options').then((m) => m.CardMoreOptions),
  'category-follow': () => import('../components/category-follow').then((m) => m.CategoryFollow),
  'search-field': () => import('./search-field-island').then((m) => m.SearchFieldIsland),
  // The post page's (branch post-islands).
  'post-menu': () => import('../comments/readers-post-actions').then((m) => m.PostMenu),
  'share-bar': () => import('../sharing/readers-share-bar').then((m) => m.PostShareBar),
  comments: () => import('../comments/readers-comments').then((m) => m.PostComments),
  rating: () => import('../engagement/post-rating').then((m) => m.PostRating),
  'video-cover': () => import('../components/video-cover').then((m) => m.VideoCover),
  'related-posts': () => import('../components/related-posts').then((m) => m.RelatedPosts),
  'rc-image': () => import('../../rich-content/nodes/image/render').then((m) => m.ImageFrame),
  'rc-gallery': () => import('../../rich-content/nodes/gallery/render').then((m) => m.GalleryBlock),
  'rc-video': () => import('../../rich-content/nodes/video/render').then((m) => m.VideoBox),
  'rc-poll': () => import('../engagement/content-islands').then((m) => m.PollIsland),
  'rc-frame': () => import('../../rich-content/nodes/html/render').then((m) => m.SandboxedHtml),
  'rc-spoiler': () => import('../../rich-content/render/spoiler').then((m) => m.SpoilerIsland),
};
