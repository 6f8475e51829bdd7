/**
 * A member's own posts (SPEC §2 widget `my-posts-page`, feed source `my-posts`; the model is a blog
 * platform's "My Posts" member page): three tabs by status, each with its count and its own
 * order, paged; the addresses of a post from there; the query both the page and the API read.
 */
import { z } from 'zod';
import type { PostStatus } from './post-status';
import { postEditUrl, postUrl } from './routes';
import type { ImageView, PostSummary } from './views';

/** The tabs of the page, in the order they are shown. */
export const MY_POSTS_TABS = ['published', 'drafts', 'scheduled'] as const;

/** One tab of the page. */
export type MyPostsTab = (typeof MY_POSTS_TABS)[number];

/**
 * The SPEC §4 statuses each tab lists. Drafts are every post not yet out: unpublished, and those
 * waiting in review or moderation. Deleted posts are in no tab. The posts_owner_drafts_idx
 * index's predicate lists the same statuses (server/db/schema.ts).
 */
export const MY_POSTS_TAB_STATUSES: Readonly<Record<MyPostsTab, readonly PostStatus[]>> = {
  published: ['published'],
  drafts: ['unpublished', 'in_review', 'in_moderation'],
  scheduled: ['scheduled'],
};

/** The tab a post of `status` is listed under, or null (deleted). */
export function tabOfStatus(status: string): MyPostsTab | null {
  for (const tab of MY_POSTS_TABS) {
    if ((MY_POSTS_TAB_STATUSES[tab] as readonly string[]).includes(status)) return tab;
  }
  return null;
}

/** Posts per page (SPEC §9: pagination default 10). */
export const MY_POSTS_PAGE_SIZE = 10;

/** The address of the demo site's page that mounts the widget (src/routes.ts). */
export const MY_POSTS_PATH = '/my-posts';

/** `?status=&page=` of `GET /api/my-posts` and of the page. */
export const MyPostsQuerySchema = z.object({
  status: z.enum(MY_POSTS_TABS).default('published'),
  page: z.coerce.number().int().min(1).default(1),
});
export type MyPostsQuery = z.infer<typeof MyPostsQuerySchema>;

/**
 * The page's tab and page from its address. The page is forgiving where the API is strict: an
 * unknown tab or a page that is not a positive number shows the first page of Published.
 */
export function parseMyPostsParams(params: URLSearchParams): MyPostsQuery {
  const parsed = MyPostsQuerySchema.safeParse({
    status: params.get('status') ?? undefined,
    page: params.get('page') ?? undefined,
  });
  if (parsed.success) return parsed.data;
  const status = MyPostsQuerySchema.shape.status.safeParse(params.get('status') ?? undefined);
  return { status: status.success ? status.data : 'published', page: 1 };
}

/** The page's address for a tab and page; Published and page 1 are the bare path. */
export function myPostsUrl(tab: MyPostsTab, page = 1, path = MY_POSTS_PATH): string {
  const query = new URLSearchParams();
  if (tab !== 'published') query.set('status', tab);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Which date a row shows: when it went out, when it was last edited, or when it will go out. */
export type MyPostDateKind = 'published' | 'edited' | 'scheduled';

/** The dates of a post the rows choose from (ISO strings or Dates, as stored). */
export interface MyPostDates {
  firstPublishedDate: Date | string | null;
  updatedAt: Date | string;
  scheduledPublishDate: Date | string | null;
}

function isoOf(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * The date a row of `tab` shows: the publish date of a published post, the last edit of a
 * draft, the go-live time of a scheduled post; the last edit when the tab's own date is missing.
 */
export function myPostDate(
  tab: MyPostsTab,
  dates: MyPostDates,
): { kind: MyPostDateKind; iso: string } {
  if (tab === 'published' && dates.firstPublishedDate) {
    return { kind: 'published', iso: isoOf(dates.firstPublishedDate) };
  }
  if (tab === 'scheduled' && dates.scheduledPublishDate) {
    return { kind: 'scheduled', iso: isoOf(dates.scheduledPublishDate) };
  }
  return { kind: 'edited', iso: isoOf(dates.updatedAt) };
}

/**
 * Where a row leads. A published post's title opens its page and its Edit link opens the editor
 * by slug (the address a reader knows); a post not yet out has no page, so both open the editor,
 * by id (`/:postSlug/edit` finds unpublished posts by id only).
 */
export function myPostLinks(
  base: string,
  post: { id: string; slug: string; status: string },
): { link: string; editLink: string } {
  if (post.status === 'published') {
    return { link: postUrl(base, { slug: post.slug }), editLink: postEditUrl(base, post.slug) };
  }
  const editLink = postEditUrl(base, post.id);
  return { link: editLink, editLink };
}

/** A row of the page: what it shows, nothing more. */
export interface MyPostView {
  id: string;
  title: string;
  status: PostStatus;
  tab: MyPostsTab;
  /** The post's page when published, else the editor. */
  link: string;
  editLink: string;
  cover: ImageView | null;
  date: { kind: MyPostDateKind; iso: string };
  /** Views, comments and likes of a published post; null for the others. */
  counters: PostSummary['counters'] | null;
}

/** One page of a tab, the counts of every tab, and what the pagination needs. */
export interface MyPostsPageView {
  tab: MyPostsTab;
  posts: MyPostView[];
  counts: Record<MyPostsTab, number>;
  currentPage: number;
  pageSize: number;
  /** Posts in this tab. */
  entityCount: number;
  lastPage: number;
}
