/**
 * The app's route config for React Router, generated from the domain route table (SPEC §2) so
 * that the URL patterns exist once. Each blog page kind is its own route module, which makes the
 * post page its own chunk.
 */
import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { expandPattern, ROUTE_TABLE, type RouteKey } from './domain/routes';

/** The route module of each blog route key that has a page today. */
const BLOG_PAGE_MODULES: Partial<Record<RouteKey, string>> = {
  feed: 'widget/routes/feed.tsx',
  category: 'widget/routes/category.tsx',
  categoryPrefixed: 'widget/routes/category.tsx',
  tag: 'widget/routes/tag.tsx',
  hashtag: 'widget/routes/hashtag.tsx',
  archive: 'widget/routes/archive.tsx',
  search: 'widget/routes/search.tsx',
  // Date slugs come before the prefixed category: both have three free segments, and the post
  // loader hands a non-date first segment back to the category route (see post.tsx).
  postWithDate: 'widget/routes/post.tsx',
  post: 'widget/routes/post.tsx',
  notFound: 'widget/routes/not-found.tsx',
  // The writer's pages (issue 4): the editor is one module for new and existing posts.
  createPost: 'widget/routes/post-editor.tsx',
  postEdit: 'widget/routes/post-editor.tsx',
  postPreview: 'widget/routes/post-preview.tsx',
  // Log in, sign up, forgot and reset password (issue 5, decision 017).
  login: 'widget/routes/login.tsx',
  // Member profiles and the member's own form (issue 5).
  profile: 'widget/routes/profile.tsx',
  profileEdit: 'widget/routes/profile-edit.tsx',
  // The member's notifications (issue 5).
  notifications: 'widget/routes/notifications.tsx',
  // A member's own comment to edit (issue 6; SPEC §2 comment edit, both shapes).
  commentEdit: 'widget/routes/comment-edit.tsx',
  commentEditWithDate: 'widget/routes/comment-edit.tsx',
};

/** Route order matters only between equally specific paths (React Router ranks the rest). */
const BLOG_ROUTE_ORDER: RouteKey[] = [
  'notFound',
  'feed',
  'category',
  'tag',
  'hashtag',
  'archive',
  'search',
  'login',
  'createPost',
  // Before the post's edit route: '/profiles/x' and '/:postSlug/edit' rank alike.
  'profile',
  'profileEdit',
  'notifications',
  'postEdit',
  'postPreview',
  'commentEdit',
  'commentEditWithDate',
  'postWithDate',
  'categoryPrefixed',
  'post',
];

function blogRoutes() {
  return BLOG_ROUTE_ORDER.flatMap((key) => {
    const file = BLOG_PAGE_MODULES[key];
    if (!file) return [];
    return expandPattern(ROUTE_TABLE[key].pattern).map((path, i) => {
      const id = `blog-${key}-${i}`;
      const relative = path.replace(/^\//, '');
      return relative === '' ? index(file, { id }) : route(relative, file, { id });
    });
  });
}

export default [
  // The website builder's editor (issue 7): its own shell around the site in a canvas.
  route('editor', 'editor/builder/editor-page.tsx'),
  // The dashboard (issue 17): management for writers, editors and owners, its own shell.
  route('dashboard', 'dashboard/dashboard-layout.tsx', [
    index('dashboard/routes/overview.tsx'),
    route('posts', 'dashboard/routes/posts.tsx'),
    route('categories', 'dashboard/routes/categories.tsx'),
    route('tags', 'dashboard/routes/tags.tsx'),
    route('comments', 'dashboard/routes/comments.tsx'),
    route('reports', 'dashboard/routes/reports.tsx'),
    route('members', 'dashboard/routes/members.tsx'),
    route('analytics', 'dashboard/routes/analytics.tsx'),
    route('analytics/posts/:id', 'dashboard/routes/analytics-post.tsx'),
    route('settings', 'dashboard/routes/settings.tsx'),
    route('import', 'dashboard/routes/import.tsx'),
    route('audit', 'dashboard/routes/audit.tsx'),
    route('health', 'dashboard/routes/health.tsx'),
    // Issue 22: the member's own preferences (their dashboard and editors' language).
    route('preferences', 'dashboard/routes/preferences.tsx'),
  ]),
  layout('editor/site/site-layout.tsx', [
    index('editor/site/home.tsx'),
    route('about', 'editor/site/about.tsx'),
    // The member's own posts (SPEC §2 widget my-posts-page), a page of the site like in a
    // website builder's member area; domain/my-posts.ts MY_POSTS_PATH names it.
    route('my-posts', 'editor/site/my-posts.tsx'),
    route('blog', 'widget/routes/blog-layout.tsx', [
      ...blogRoutes(),
      route('*', 'widget/routes/not-found.tsx', { id: 'blog-catch-all' }),
    ]),
    route('ui-kit', 'editor/site/ui-kit.tsx'),
    route('*', 'editor/site/not-found.tsx'),
  ]),
] satisfies RouteConfig;
