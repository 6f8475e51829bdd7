/**
 * A member's own posts (SPEC §2 widget `my-posts-page`, feed source `my-posts`; the model is a blog
 * platform's "My Posts" member page): three tabs by status, each with its count and its own
 * order, paged; the addresses of a post from there; the query both the page and the API read.
 */
import { DEFAULT_TIME_ZONE, isValidTimeZone, resolveLocale } from './dates';
import { parsePageParam } from './pagination';
import type { PostStatus } from './post-status';
import { type PostLinkSite, postEditUrl, postLink } from './routes';
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

/** Whether a text names a tab. */
export function isMyPostsTab(value: unknown): value is MyPostsTab {
  return (MY_POSTS_TABS as readonly unknown[]).includes(value);
}

/**
 * What the page and `GET /api/my-posts` ask for: a tab and a page. The API parses it strictly
 * (`MyPostsQuerySchema` in api.ts), the page forgivingly (`parseMyPostsParams`). No zod here: the
 * page's script imports this module.
 */
export interface MyPostsQuery {
  status: MyPostsTab;
  page: number;
}

/**
 * The page's tab and page from its address. The page forgives what the API refuses: an unknown
 * tab shows Published, a page that is not a plain positive number the first page.
 */
export function parseMyPostsParams(params: URLSearchParams): MyPostsQuery {
  const status = params.get('status');
  return {
    status: isMyPostsTab(status) ? status : 'published',
    page: parsePageParam(params.get('page') ?? undefined) ?? 1,
  };
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
 * by id: its slug may still change with its title, its id never does.
 */
export function myPostLinks(
  site: PostLinkSite,
  post: { id: string; slug: string; status: string; firstPublishedDate?: Date | string | null },
): { link: string; editLink: string } {
  if (post.status === 'published') {
    return { link: postLink(site, post), editLink: postEditUrl(site.blogBase, post.slug) };
  }
  const editLink = postEditUrl(site.blogBase, post.id);
  return { link: editLink, editLink };
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The time of day an instant shows in `timeZone` ('9:00 AM'): when a scheduled post goes out,
 * beside its date from `formatPublishDate` (SPEC §4: a future date is never relative). Null for
 * an invalid date; an unknown locale or time zone falls back as dates.ts does. It lives here, not
 * in dates.ts, because dates.ts ships with every feed page and only this page needs it.
 */
export function timeOfDay(
  date: Date | string,
  locale: string,
  timeZone = DEFAULT_TIME_ZONE,
): string | null {
  const instant = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(instant.getTime())) return null;
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const key = `${locale}|${zone}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(resolveLocale(locale), {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: zone,
    });
    timeFormatters.set(key, formatter);
  }
  return formatter.format(instant);
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
