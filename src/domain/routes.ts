import { calendarDayIn } from './dates';
import type { PostUrlShape } from './seo';
import { isReservedSlug } from './slugs';

/** Every route of the blog (SPEC §2 Route patterns). */
export type RouteKey =
  | 'notFound'
  | 'feed'
  | 'category'
  | 'categoryPrefixed'
  | 'search'
  | 'hashtag'
  | 'archive'
  | 'tag'
  | 'login'
  | 'createPost'
  | 'post'
  | 'postWithDate'
  | 'postEdit'
  | 'postPreview'
  | 'commentEdit'
  | 'commentEditWithDate'
  | 'notifications'
  | 'profile'
  | 'profileEdit';

/** The page a route shows (SPEC §2 Page kinds). */
export type PageKind =
  | 'page_not_found'
  | 'search_results'
  | 'post_page'
  | 'post_page_preview'
  | 'post_edit_page'
  | 'comment_edit_page'
  | 'feed_page'
  | 'categories_page'
  | 'create_post'
  | 'archive_page'
  | 'notifications_page'
  | 'member_profile_page'
  | 'member_profile_edit_page';

/** A route's pattern, in the SPEC's notation with optional groups in parentheses. */
export interface RouteDefinition {
  pattern: string;
  pageKind: PageKind | null;
}

function deepFreeze<T extends Record<string, object>>(table: T): Readonly<T> {
  for (const entry of Object.values(table)) Object.freeze(entry);
  return Object.freeze(table);
}

/**
 * SPEC §2: the blog's routes, relative to the blog base, and the page each shows. `login` has
 * no page kind of its own. `categoryPrefixed` is the site's own category path (e.g. 'topics').
 * `notifications` is the member's notifications page (issue 5; SPEC §7 navigateToNotifications),
 * which SPEC §2's table does not list: its page kind is ours, its segment a reserved word.
 * `profile` and `profileEdit` are a member's profile and their own form to edit it (issue 5; SPEC
 * §2 "Member profile links use siteMemberId and slug"), under the reserved word 'profiles'; their
 * URL builders are in domain/profiles.ts, apart from this module, which every feed page loads.
 */
export const ROUTE_TABLE: Readonly<Record<RouteKey, RouteDefinition>> = /* @__PURE__ */ deepFreeze({
  notFound: { pattern: '/404', pageKind: 'page_not_found' },
  feed: { pattern: '/(page/:page)(/)', pageKind: 'feed_page' },
  category: {
    pattern: '/category/:categorySlug(/:subcategorySlug)(/page/:page)(/)',
    pageKind: 'categories_page',
  },
  categoryPrefixed: {
    pattern: '/:categoryPrefix/:categorySlug(/:subcategorySlug)(/page/:page)(/)',
    pageKind: 'categories_page',
  },
  search: { pattern: '/search(/:query)', pageKind: 'search_results' },
  hashtag: { pattern: '/hashtags/:hashtag(/page/:pageIndex)', pageKind: 'feed_page' },
  archive: { pattern: '/archive/:year/:month(/page/:pageIndex)', pageKind: 'archive_page' },
  tag: { pattern: '/tags/:tagSlug(/page/:page)', pageKind: 'feed_page' },
  login: { pattern: '/login', pageKind: null },
  createPost: { pattern: '/create-post', pageKind: 'create_post' },
  post: { pattern: '/:postSlug', pageKind: 'post_page' },
  postWithDate: { pattern: '/:year/:month(/:day)/:postSlug(/)', pageKind: 'post_page' },
  postEdit: { pattern: '/:postSlug/edit', pageKind: 'post_edit_page' },
  postPreview: { pattern: '/:postId/preview/:instance', pageKind: 'post_page_preview' },
  commentEdit: {
    pattern: '/:postSlug/edit-comment/:commentId',
    pageKind: 'comment_edit_page',
  },
  commentEditWithDate: {
    pattern: '/:year/:month(/:day)/:postSlug/edit-comment/:commentId',
    pageKind: 'comment_edit_page',
  },
  notifications: { pattern: '/notifications', pageKind: 'notifications_page' },
  profile: { pattern: '/profiles/:memberSlug(/page/:page)', pageKind: 'member_profile_page' },
  profileEdit: { pattern: '/profiles/:memberSlug/edit', pageKind: 'member_profile_edit_page' },
});

/**
 * The order `matchBlogPath` tries routes in: literal routes, then the prefixed category, then
 * post with date, then edit/preview/comment edit, then the bare post slug.
 */
export const ROUTE_MATCH_ORDER: readonly RouteKey[] = /* @__PURE__ */ Object.freeze([
  'notFound',
  'feed',
  'category',
  'search',
  'hashtag',
  'archive',
  'tag',
  'login',
  'createPost',
  'notifications',
  'profile',
  'profileEdit',
  'categoryPrefixed',
  'postWithDate',
  'postEdit',
  'postPreview',
  'commentEdit',
  'commentEditWithDate',
  'post',
] satisfies RouteKey[]);

/** The default category path segment; the `category` route uses it literally. */
export const DEFAULT_CATEGORY_PATH = 'category';

/** SPEC §2: the older search path shape writes '#' as this token. */
export const LEGACY_HASH_TOKEN = '.hash.';

/** SPEC §8: the error thrown for a route key without a page. */
export const ROUTE_NOT_IMPLEMENTED_MESSAGE = 'Route is not implemented';

/**
 * Params that only match digits, so '/2026/05/my-post' is a dated post and '/my-post/edit'
 * is not: a 4-digit year, a 1–2 digit month and day ('5' and '05' both match).
 */
const PARAM_CONSTRAINTS: Readonly<Record<string, RegExp>> = {
  year: /^\d{4}$/,
  month: /^\d{1,2}$/,
  day: /^\d{1,2}$/,
};

/** The page a route shows. SPEC §2/§8: throws 'Route is not implemented' when it has none. */
export function pageKindForRoute(key: RouteKey): PageKind {
  const pageKind = ROUTE_TABLE[key].pageKind;
  if (pageKind === null) throw new Error(ROUTE_NOT_IMPLEMENTED_MESSAGE);
  return pageKind;
}

/** A parsed pattern: text, or a nested list for an optional group. */
type PatternPart = string | PatternPart[];

function parsePattern(pattern: string): PatternPart[] {
  const root: PatternPart[] = [];
  const stack: PatternPart[][] = [root];
  let text = '';
  const flush = () => {
    if (text !== '') stack[stack.length - 1]?.push(text);
    text = '';
  };
  for (const char of pattern) {
    if (char === '(') {
      flush();
      const group: PatternPart[] = [];
      stack[stack.length - 1]?.push(group);
      stack.push(group);
    } else if (char === ')') {
      flush();
      if (stack.length === 1) throw new Error(`Unbalanced ')' in route pattern '${pattern}'`);
      stack.pop();
    } else {
      text += char;
    }
  }
  flush();
  if (stack.length !== 1) throw new Error(`Unclosed '(' in route pattern '${pattern}'`);
  return root;
}

/** Every string the parts allow; for each group the variant with it comes first. */
function expandParts(parts: PatternPart[]): string[] {
  let results = [''];
  for (const part of parts) {
    const options = typeof part === 'string' ? [part] : [...expandParts(part), ''];
    results = results.flatMap((prefix) => options.map((option) => prefix + option));
  }
  return results;
}

function normalizePath(path: string): string {
  const collapsed = `/${path}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/**
 * Every concrete path a pattern's optional groups allow, in React Router path syntax, most
 * specific first: '/(page/:page)(/)' gives ['/page/:page', '/']. Groups may nest. Variants that
 * differ only by a trailing slash collapse into one, as React Router ignores trailing slashes.
 * Throws on unbalanced parentheses.
 */
export function expandPattern(pattern: string): string[] {
  return [...new Set(expandParts(parsePattern(pattern)).map(normalizePath))];
}

/** The route a blog path matched and its URI-decoded params. */
export interface RouteMatch {
  key: RouteKey;
  params: Record<string, string>;
}

/** Options of `matchBlogPath`. */
export interface MatchBlogPathOptions {
  /** The site's own category path segment (e.g. 'topics'); 'category' or '' turns it off. */
  categoryPrefix: string;
}

type PathSegment = { kind: 'literal'; value: string } | { kind: 'param'; name: string };

interface CompiledRoute {
  key: RouteKey;
  segments: PathSegment[];
}

function toSegments(path: string): PathSegment[] {
  if (path === '/') return [];
  return path
    .slice(1)
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? { kind: 'param', name: segment.slice(1) }
        : { kind: 'literal', value: segment.toLowerCase() },
    );
}

// Compiled on first use rather than at load: browsers that only build URLs never pay for it.
let compiledRoutes: readonly CompiledRoute[] | null = null;
function compiledRoutesOf(): readonly CompiledRoute[] {
  compiledRoutes ??= ROUTE_MATCH_ORDER.flatMap((key) =>
    expandPattern(ROUTE_TABLE[key].pattern).map((path) => ({ key, segments: toSegments(path) })),
  );
  return compiledRoutes;
}

const NOT_FOUND: RouteKey = 'notFound';

/** Splits a blog-relative path into decoded segments; null when it is malformed. */
function splitPath(pathname: string): string[] | null {
  const path = pathname.replace(/^\//, '').replace(/\/$/, '');
  if (path === '') return [];
  const segments = path.split('/');
  if (segments.includes('')) return null;
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

function matchSegments(
  route: CompiledRoute,
  segments: string[],
  categoryPrefix: string,
): Record<string, string> | null {
  if (route.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, pattern] of route.segments.entries()) {
    const segment = segments[index] ?? '';
    if (pattern.kind === 'literal') {
      // React Router matches literal segments case-insensitively.
      if (segment.toLowerCase() !== pattern.value) return null;
      continue;
    }
    if (pattern.name === 'categoryPrefix' && segment.toLowerCase() !== categoryPrefix) return null;
    if (!(PARAM_CONSTRAINTS[pattern.name]?.test(segment) ?? true)) return null;
    params[pattern.name] = segment;
  }
  return params;
}

/**
 * Finds the route of a path relative to the blog base ('' and '/' are the feed), in the order
 * of `ROUTE_MATCH_ORDER`. Params are URI-decoded; page params are not validated here (see
 * `parsePageParam`). SPEC §2: a single segment that is a reserved word is not a post and gives
 * notFound, as does anything unmatched or malformed. The prefixed category route only matches
 * when the first segment is `options.categoryPrefix` (case-insensitive).
 */
export function matchBlogPath(pathname: string, options: MatchBlogPathOptions): RouteMatch {
  const segments = splitPath(pathname);
  if (segments === null) return { key: NOT_FOUND, params: {} };
  const prefix = options.categoryPrefix.replace(/^\/+|\/+$/g, '').toLowerCase();
  const hasPrefixRoute = prefix !== '' && prefix !== DEFAULT_CATEGORY_PATH && !prefix.includes('/');

  for (const route of compiledRoutesOf()) {
    if (route.key === 'categoryPrefixed' && !hasPrefixRoute) continue;
    const params = matchSegments(route, segments, prefix);
    if (params === null) continue;
    if (route.key === 'post' && isReservedSlug(params.postSlug ?? '')) break;
    return { key: route.key, params };
  }
  return { key: NOT_FOUND, params: {} };
}

/**
 * The part of a site path under the blog base ('/blog/tags/x' under '/blog' is '/tags/x'), or
 * null when the path is outside the blog. The base ends at a segment boundary.
 */
export function blogRelativePath(pathname: string, base: string): string | null {
  const root = trimBase(base);
  if (root === '') return pathname.startsWith('/') ? pathname : `/${pathname}`;
  if (pathname === root) return '/';
  return pathname.startsWith(`${root}/`) ? pathname.slice(root.length) : null;
}

/** The base without its trailing slashes ('/blog/' is '/blog', '/' is ''). */
export function trimBase(base: string): string {
  return base.replace(/\/+$/, '');
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/** The '/page/N' suffix of paginated URLs; none for page 1 or anything but an integer above 1. */
export function pageSuffix(page?: number): string {
  return page !== undefined && Number.isInteger(page) && page > 1 ? `/page/${page}` : '';
}

/** SPEC §2: home links go to the base URL ('/' for a blog at the site root). */
export function homeUrl(base: string): string {
  const root = trimBase(base);
  return root === '' ? '/' : root;
}

/** A page of the all-posts feed; page 1 is home. */
export function feedPageUrl(base: string, page: number): string {
  const suffix = pageSuffix(page);
  return suffix === '' ? homeUrl(base) : `${trimBase(base)}${suffix}`;
}

/** SPEC §2: {base}/archive/{year}/{month}, the month without zero padding. */
export function archiveUrl(base: string, year: number, month: number, page?: number): string {
  return `${trimBase(base)}/archive/${year}/${month}${pageSuffix(page)}`;
}

/** SPEC §2: {base}/tags/{tagSlug}. */
export function tagUrl(base: string, tagSlug: string, page?: number): string {
  return `${trimBase(base)}/tags/${encodeURIComponent(tagSlug)}${pageSuffix(page)}`;
}

/** Options of `categoryUrl`. */
export interface CategoryUrlOptions {
  trailingSlash?: boolean;
  subcategorySlug?: string;
  page?: number;
}

/**
 * SPEC §2: {base}/{categoryPath}/{slug}, then the subcategory and page if any, with the
 * trailing slash preserved when asked. An empty category path means 'category'.
 */
export function categoryUrl(
  base: string,
  categoryPath: string,
  slug: string,
  options: CategoryUrlOptions = {},
): string {
  const path = categoryPath.replace(/^\/+|\/+$/g, '') || DEFAULT_CATEGORY_PATH;
  const subcategory =
    options.subcategorySlug === undefined ? '' : `/${encodeURIComponent(options.subcategorySlug)}`;
  const url = `${trimBase(base)}/${path}/${encodeURIComponent(slug)}${subcategory}${pageSuffix(options.page)}`;
  return options.trailingSlash ? `${url}/` : url;
}

/** SPEC §2: {base}/hashtags/{encoded hashtag}, the word without its '#'. */
export function hashtagUrl(base: string, hashtag: string, page?: number): string {
  const word = hashtag.replace(/^#/, '');
  return `${trimBase(base)}/hashtags/${encodeURIComponent(word)}${pageSuffix(page)}`;
}

/** The search page, with the encoded query when there is one. */
export function searchUrl(base: string, query?: string): string {
  const suffix = query ? `/${encodeURIComponent(query)}` : '';
  return `${trimBase(base)}/search${suffix}`;
}

/**
 * SPEC §2: the older search path shape, relative to the blog base:
 * /search/{lowercased text with # replaced by .hash.}.
 */
export function legacySearchPath(text: string): string {
  if (text === '') return '/search';
  const segment = text.toLowerCase().replaceAll('#', LEGACY_HASH_TOKEN);
  return `/search/${encodeURIComponent(segment)}`;
}

/**
 * Reads a decoded search query of the older shape back into text ('.hash.tag' → '#tag'); null
 * when it is not of that shape: no '.hash.' token, or a '#' or capital letter the old shape
 * cannot hold.
 */
export function parseLegacySearchQuery(segment: string): string | null {
  if (!segment.includes(LEGACY_HASH_TOKEN)) return null;
  if (segment.includes('#') || segment !== segment.toLowerCase()) return null;
  return segment.replaceAll(LEGACY_HASH_TOKEN, '#');
}

/** The publish date parts of a dated post URL. */
export interface PostUrlDate {
  year: number;
  month: number;
  day?: number;
}

/**
 * SPEC §2: a post page, {base}/{slug}, or {base}/{YYYY}/{MM}/{DD}/{slug} (day optional) when a
 * date is given. Search results link each post this way.
 */
export function postUrl(
  base: string,
  post: { slug: string },
  options: { date?: PostUrlDate } = {},
): string {
  const slug = encodeURIComponent(post.slug);
  const { date } = options;
  if (!date) return `${trimBase(base)}/${slug}`;
  const day = date.day === undefined ? '' : `/${pad(date.day, 2)}`;
  return `${trimBase(base)}/${pad(date.year, 4)}/${pad(date.month, 2)}${day}/${slug}`;
}

/** What `postLink` needs of a site: its blog base, its post address shape and its time zone. */
export interface PostLinkSite {
  blogBase: string;
  postUrlShape: PostUrlShape;
  timeZone: string;
}

/** What `postLink` needs of a post: its current slug and when it was first published. */
export interface PostLinkPost {
  slug: string;
  firstPublishedDate?: Date | string | null;
}

/**
 * Issue 19: a post's one public address, the only one the product links to. The site's shape
 * decides: 'slug' is {base}/{slug}; 'date' is {base}/{YYYY}/{MM}/{DD}/{slug} on the first-published
 * day in the site's time zone. A post never published has no date, so it keeps the slug form
 * (a draft's link is only shown to its writers; it becomes dated when it is published).
 */
export function postLink(site: PostLinkSite, post: PostLinkPost): string {
  if (site.postUrlShape !== 'date' || !post.firstPublishedDate) {
    return postUrl(site.blogBase, post);
  }
  const day = calendarDayIn(post.firstPublishedDate, site.timeZone);
  return postUrl(site.blogBase, post, day ? { date: day } : {});
}

/** The params of a post page's address as they were asked for (`/:year/:month(/:day)/:postSlug`). */
export interface RequestedPostAddress {
  postSlug: string;
  year?: string;
  month?: string;
  day?: string;
}

/**
 * Issue 19: where a post page asked for at `requested` must send the reader, or null when that is
 * already the post's one address (`postLink`). The other shape, a date that is not the post's (or
 * lacks its day, or its zero padding) and a former slug all answer with the one address; the
 * query string is not kept (a 301 names one address, never a tracking variant of it).
 */
export function postAddressRedirect(
  site: PostLinkSite,
  post: PostLinkPost,
  requested: RequestedPostAddress,
): string | null {
  const canonical = postLink(site, post);
  const slug = encodeURIComponent(requested.postSlug);
  const { year, month, day } = requested;
  const asked =
    year === undefined
      ? `${trimBase(site.blogBase)}/${slug}`
      : `${trimBase(site.blogBase)}/${[year, month, day].filter((part) => part !== undefined).join('/')}/${slug}`;
  return asked === canonical ? null : canonical;
}

/** The post edit page, {base}/{slug}/edit. */
export function postEditUrl(base: string, postSlug: string): string {
  return `${trimBase(base)}/${encodeURIComponent(postSlug)}/edit`;
}

/** The post preview page, {base}/{postId}/preview/{instance}. */
export function postPreviewUrl(base: string, postId: string, instance: string): string {
  return `${trimBase(base)}/${encodeURIComponent(postId)}/preview/${encodeURIComponent(instance)}`;
}

/** SPEC §2: the new-post page, with the optional categorySlug query parameter. */
export function createPostUrl(base: string, categorySlug?: string): string {
  const query = categorySlug ? `?categorySlug=${encodeURIComponent(categorySlug)}` : '';
  return `${trimBase(base)}/create-post${query}`;
}

/** The dashboard, management for writers, editors and owners (issue 17; DESIGN.md). */
export const DASHBOARD_PATH = '/dashboard';

/** The member's own preferences in the dashboard: their dashboard and editors' language (22). */
export const MEMBER_PREFERENCES_PATH = '/dashboard/preferences';

/** The website builder's editor, where owners customise the blog (issue 7; DESIGN.md). */
export const BUILDER_PATH = '/editor';

/** The login page, {base}/login. */
export function loginUrl(base: string): string {
  return `${trimBase(base)}/login`;
}

/** The not-found page, {base}/404. */
export function notFoundUrl(base: string): string {
  return `${trimBase(base)}/404`;
}
