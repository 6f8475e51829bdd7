/**
 * The dashboard's Posts screen (issue 17 "Posts"): its tabs, sorts, query and bulk schemas, the
 * shapes the API answers with, and the cursor of its keyset pagination. Shared by the screen and
 * `GET /api/dashboard/posts`, so the form shows the bounds the server enforces.
 */
import { z } from 'zod';
import type { PostStatus } from './post-status';
import { type PostLinkSite, postEditUrl, postLink, postPreviewUrl } from './routes';
import { SEARCH_QUERY_MAX } from './search';

/** The Posts screen's tabs, in the order it shows them. */
export const DASHBOARD_POST_TABS = [
  'published',
  'scheduled',
  'drafts',
  'in_review',
  'trash',
] as const;

/** One tab of the Posts screen. */
export type DashboardPostTab = (typeof DASHBOARD_POST_TABS)[number];

/**
 * The statuses each tab lists (SPEC §4). Drafts are `unpublished`; both review statuses show
 * under In review (decision 034 reads in_review as submitted by a guest writer, in_moderation as
 * held for moderation: an editor acts on both); Trash is `deleted`. The database derives the same
 * mapping in the generated `dashboard_tab` column (schema.server.ts).
 */
export const DASHBOARD_TAB_STATUSES: Readonly<Record<DashboardPostTab, readonly PostStatus[]>> = {
  published: ['published'],
  scheduled: ['scheduled'],
  drafts: ['unpublished'],
  in_review: ['in_review', 'in_moderation'],
  trash: ['deleted'],
};

/** The tab a status shows under. */
export function dashboardTabOf(status: string): DashboardPostTab {
  for (const tab of DASHBOARD_POST_TABS) {
    if ((DASHBOARD_TAB_STATUSES[tab] as readonly string[]).includes(status)) return tab;
  }
  return 'drafts';
}

/** How a list may be sorted; each newest or largest first. */
export const DASHBOARD_POST_SORTS = ['date', 'views', 'likes', 'comments'] as const;
export type DashboardPostSort = (typeof DASHBOARD_POST_SORTS)[number];

/** Rows per page when the query names none. */
export const DASHBOARD_POSTS_LIMIT_DEFAULT = 20;
/** The most rows one page may ask for. */
export const DASHBOARD_POSTS_LIMIT_MAX = 100;
/** The most posts one bulk call acts on; more is refused with `bulk_too_large`. */
export const DASHBOARD_BULK_MAX = 1000;
/** "Select all N matching" counts up to this many; above it the screen says "more than". */
export const DASHBOARD_MATCHING_COUNT_MAX = 10_000;
/** The most categories a post may be moved to at once from the dashboard. */
export const DASHBOARD_POST_CATEGORIES_MAX = 10;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The filters a list and a "select all matching" bulk call share. */
export const DashboardPostsFilterSchema = z.object({
  status: z.enum(DASHBOARD_POST_TABS).default('published'),
  q: z.preprocess(emptyToUndefined, z.string().trim().max(SEARCH_QUERY_MAX).optional()),
  author: z.preprocess(emptyToUndefined, z.uuid().optional()),
  category: z.preprocess(emptyToUndefined, z.uuid().optional()),
  tag: z.preprocess(emptyToUndefined, z.uuid().optional()),
});
export type DashboardPostsFilter = z.infer<typeof DashboardPostsFilterSchema>;

/** `GET /api/dashboard/posts` query. */
export const DashboardPostsQuerySchema = DashboardPostsFilterSchema.extend({
  sort: z.preprocess(emptyToUndefined, z.enum(DASHBOARD_POST_SORTS).default('date')),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(DASHBOARD_POSTS_LIMIT_MAX)
      .default(DASHBOARD_POSTS_LIMIT_DEFAULT),
  ),
});
export type DashboardPostsQuery = z.infer<typeof DashboardPostsQuerySchema>;

/** The words of a search, as prefixes (letters and digits only: safe in a tsquery). */
export function searchPrefixes(q: string | undefined): string[] {
  if (!q) return [];
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

// ---------------------------------------------------------------------------------------------
// The cursor: the sort's key of the last row and its id, opaque to the client.

/** The last row of a page as a keyset position. */
export interface DashboardCursor {
  sort: DashboardPostSort;
  /** An ISO date for `date`, a count for the others. */
  value: string | number;
  id: string;
}

const CursorSchema = z.object({
  s: z.enum(DASHBOARD_POST_SORTS),
  v: z.union([z.iso.datetime({ offset: true }), z.number().int().min(0)]),
  i: z.uuid(),
});

/** `text` as base64url (cursors). */
export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The text of base64url `text`, or null when it is not base64. */
export function fromBase64Url(text: string): string | null {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Encodes a keyset position. */
export function encodeDashboardCursor(cursor: DashboardCursor): string {
  return toBase64Url(JSON.stringify({ s: cursor.sort, v: cursor.value, i: cursor.id }));
}

/** Decodes a cursor for `sort`; null when it is malformed or was made for another sort. */
export function decodeDashboardCursor(
  text: string,
  sort: DashboardPostSort,
): DashboardCursor | null {
  const json = fromBase64Url(text);
  if (json === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = CursorSchema.safeParse(raw);
  if (!parsed.success || parsed.data.s !== sort) return null;
  const isDate = typeof parsed.data.v === 'string';
  if (isDate !== (sort === 'date')) return null;
  return { sort, value: parsed.data.v, id: parsed.data.i };
}

// ---------------------------------------------------------------------------------------------
// What the API answers

/** A member as a row or a picker names them. */
export interface DashboardMemberRef {
  id: string;
  name: string;
}

/** A row of the Posts list: an allowlist, no content. */
export interface DashboardPostRow {
  id: string;
  title: string;
  slug: string;
  status: PostStatus;
  tab: DashboardPostTab;
  author: DashboardMemberRef;
  categories: { id: string; label: string }[];
  tags: { id: string; label: string }[];
  dates: {
    createdAt: string;
    updatedAt: string;
    firstPublishedAt: string | null;
    scheduledFor: string | null;
    trashedAt: string | null;
  };
  counts: { views: number; likes: number; comments: number };
  isPinned: boolean;
  isFeatured: boolean;
  hasOpenReports: boolean;
  /** The status a post in the trash returns to when restored. */
  restoresTo: PostStatus | null;
  links: { edit: string; preview: string; view: string | null; report: string | null };
}

/** Posts per tab, in the actor's scope (everyone's for editors, their own for writers). */
export type DashboardPostCounts = Record<DashboardPostTab, number>;

/** `GET /api/dashboard/posts`. */
export interface DashboardPostsPage {
  posts: DashboardPostRow[];
  counts: DashboardPostCounts;
  /** How many posts the filter matches in the tab, at most DASHBOARD_MATCHING_COUNT_MAX + 1. */
  matching: number;
  nextCursor: string | null;
  /** Whether the list is everyone's posts (editors, owners) or the actor's own. */
  scope: 'all' | 'own';
}

/** The choices of the filters and pickers (the screen's loader and the API share them). */
export interface DashboardPostsOptions {
  /** Members who may own posts: the author filter and the change-owner picker. */
  authors: (DashboardMemberRef & { role: string })[];
  categories: { id: string; label: string }[];
  tags: { id: string; label: string }[];
}

/** The dashboard's reports screen, filtered to one post (the reports engineer's screen). */
export function dashboardReportsUrl(postId: string): string {
  return `/dashboard/reports?post=${encodeURIComponent(postId)}`;
}

/** Where a row's actions lead. Edit by slug once published (the address a writer knows). */
export function dashboardPostLinks(
  site: PostLinkSite,
  post: {
    id: string;
    slug: string;
    status: string;
    revision: number;
    hasOpenReports: boolean;
    firstPublishedDate?: Date | string | null;
  },
): DashboardPostRow['links'] {
  const isPublished = post.status === 'published';
  const base = site.blogBase;
  return {
    edit: postEditUrl(base, isPublished ? post.slug : post.id),
    preview: postPreviewUrl(base, post.id, String(post.revision)),
    view: isPublished ? postLink(site, post) : null,
    report: post.hasOpenReports ? dashboardReportsUrl(post.id) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Row and bulk actions

/** `PUT /api/dashboard/posts/:id/owner`. */
export const DashboardOwnerSchema = z.object({ ownerId: z.uuid() });

/** `PUT /api/dashboard/posts/:id/categories`: the post's categories after the move. */
export const DashboardCategoriesSchema = z.object({
  categoryIds: z.array(z.uuid()).max(DASHBOARD_POST_CATEGORIES_MAX),
});

/** What a bulk call may do. */
export const DASHBOARD_BULK_ACTIONS = [
  'publish',
  'revert-to-draft',
  'trash',
  'restore',
  'delete-forever',
  'add-category',
  'remove-category',
  'change-owner',
] as const;
export type DashboardBulkAction = (typeof DASHBOARD_BULK_ACTIONS)[number];

/** The bulk actions that cannot be undone from the screen, confirmed first. */
export const DESTRUCTIVE_BULK_ACTIONS: ReadonlySet<DashboardBulkAction> = new Set([
  'trash',
  'delete-forever',
  'revert-to-draft',
]);

/**
 * `POST /api/dashboard/posts/bulk`: the action on the posts named (`ids`) or on every post the
 * filter matches ("select all N matching"), with what the action needs.
 */
export const DashboardBulkSchema = z
  .object({
    action: z.enum(DASHBOARD_BULK_ACTIONS),
    ids: z.array(z.uuid()).min(1).max(DASHBOARD_BULK_MAX).optional(),
    filter: DashboardPostsFilterSchema.optional(),
    categoryId: z.uuid().optional(),
    ownerId: z.uuid().optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.ids === undefined) === (input.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'give either ids or filter' });
    }
    if (
      (input.action === 'add-category' || input.action === 'remove-category') &&
      input.categoryId === undefined
    ) {
      ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'is required' });
    }
    if (input.action === 'change-owner' && input.ownerId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ownerId'], message: 'is required' });
    }
  });
export type DashboardBulk = z.infer<typeof DashboardBulkSchema>;

/** A post a bulk call could not act on, and why (an error code). */
export interface DashboardBulkFailure {
  id: string;
  title: string;
  code: string;
}

/** The answer of a bulk call. */
export interface DashboardBulkResult {
  done: number;
  failed: DashboardBulkFailure[];
}

/** The Posts screen's reads in a page's load context (load-context.ts `dashboard.posts`). */
export interface DashboardPostReads {
  /** One page of a tab for the request's actor (refuses as the API does). */
  list(query: DashboardPostsQuery): Promise<DashboardPostsPage>;
  /** The filters' and pickers' choices for the request's actor. */
  options(): Promise<DashboardPostsOptions>;
}

/** The query string of a list (the screen's URL and the API's), without empty or default parts. */
export function dashboardPostsSearch(
  query: Partial<DashboardPostsQuery>,
  options: { keepDefaults?: boolean } = {},
): string {
  const params = new URLSearchParams();
  const put = (key: string, value: string | number | undefined, fallback?: string | number) => {
    if (value === undefined || value === '') return;
    if (!options.keepDefaults && value === fallback) return;
    params.set(key, String(value));
  };
  put('status', query.status, 'published');
  put('q', query.q);
  put('author', query.author);
  put('category', query.category);
  put('tag', query.tag);
  put('sort', query.sort, 'date');
  put('cursor', query.cursor);
  put('limit', query.limit, DASHBOARD_POSTS_LIMIT_DEFAULT);
  const text = params.toString();
  return text ? `?${text}` : '';
}
