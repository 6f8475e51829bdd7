/**
 * The contract between the pages and the server (issue 16 §2: one module): what React Router
 * hands to every loader as its load context, that is the request's site and actor, the read
 * services bound to them, and the server-only work a page may ask for. The server implements it
 * (server/ssr/pages.server.ts builds it per request); pages only see these types (pages never
 * import the server).
 */

import type { Context, ReactNode } from 'react';
import type { DashboardAnalyticsReads } from './domain/analytics';
import type { AuthFormResult } from './domain/auth';
import type { DashboardSettingsReads } from './domain/blog-settings';
import type {
  CommentsPageView,
  CommentView,
  SubscriptionTarget,
  SubscriptionView,
} from './domain/comments';
import type { DashboardSummary } from './domain/dashboard';
import type { DashboardCategoryReads } from './domain/dashboard-categories';
import type {
  DashboardCommentsQuery,
  DashboardCommentsScreenView,
} from './domain/dashboard-comments';
import type { DashboardAuditReads, DashboardMemberReads } from './domain/dashboard-members';
import type { DashboardPostReads } from './domain/dashboard-posts';
import type { DashboardReportsQuery, DashboardReportsScreenView } from './domain/dashboard-reports';
import type { DashboardTagReads } from './domain/dashboard-tags';
import type { PostEngagementView } from './domain/engagement';
import type { ClientMonitoringConfig, DashboardHealthReads } from './domain/health';
import type { DashboardImportReads } from './domain/import-export';
import type { MyPostsPageView, MyPostsQuery } from './domain/my-posts';
import type { NotificationsPageView } from './domain/notifications';
import type { Actor } from './domain/permissions';
import type { EditorPostView } from './domain/post-editor';
import type { RelatedPostType } from './domain/post-extras';
import type { OwnProfileView, ProfileLookup } from './domain/profiles';
import type { ReaderView } from './domain/reader-state';
import type { RenderMode } from './domain/render-mode';
import type { SearchResultsView } from './domain/search';
import type { SessionMemberView } from './domain/session';
import type { Device, ResolvedSettings } from './domain/settings';
import type {
  CategoryView,
  FeedPageView,
  PostDetail,
  PostSummary,
  SiteView,
  TagView,
} from './domain/views';
import type { HighlightedCode } from './rich-content/code-tokens';
import type { RichDocument } from './rich-content/document';

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
  /**
   * The page's UI language: the site's, or on a page a member works in (dashboard, editors) the
   * one they chose (issue 22).
   */
  language: string;
  /** Whose settings apply: the browser's device (SPEC §1). */
  device: Device;
  /** Where the widget renders (SPEC §1 render modes). */
  renderMode: RenderMode;
  /** Who is asking, for `can()` (DESIGN.md "How a request flows"). */
  actor: Actor;
};

/** Why a writer's page refuses (SPEC §6): log in first, not allowed, or no such post for you. */
export type EditorRefusal = 'login-required' | 'forbidden' | 'not-found';

/** A post the writer's pages asked for, or why not. */
export type EditorLookup<T> = { ok: true; value: T } | { ok: false; reason: EditorRefusal };

/** The post editor's reads for the writer's pages (issue 4), bound to the site and the actor. */
export interface PostEditorReads {
  /** `/:postSlug/edit`: the post with this slug (a published post's) or id, opened for editing. */
  forEditing(slugOrId: string): Promise<EditorLookup<EditorPostView>>;
  /** `/:postId/preview/:instance`: the post in any status as its page shows it (`post:preview`). */
  forPreview(postId: string): Promise<EditorLookup<PostDetail>>;
}

/** What a member's own page asked for, or why not: log in first, or a blocked member. */
export type MemberLookup<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'login-required' | 'forbidden' };

/** A tab of the actor's own posts, or why not. */
export type MyPostsLookup = MemberLookup<MyPostsPageView>;

/** The my-posts page's read (SPEC §2 `my-posts-page`), bound to the site and the actor. */
export interface MyPostsReads {
  list(query: MyPostsQuery): Promise<MyPostsLookup>;
}

/** The actor's own profile record for their form, or why not. */
export type OwnProfileLookup = MemberLookup<OwnProfileView>;

/** The profile pages' reads (issue 5), bound to the site and the actor. */
export interface ProfileReads {
  /** A member's profile by slug (or id) with page `page` of their published posts. */
  page(slugOrId: string, page: number): Promise<ProfileLookup>;
  /** The actor's own record, for the form that edits it. */
  own(): Promise<OwnProfileLookup>;
}

/**
 * The login page's identity actions (issue 5; decision 017), bound to the request: each sets or
 * clears the session cookies on success and says what went wrong otherwise. Inputs are the form's
 * fields; the server parses them with the schemas of domain/auth.ts.
 */
export interface PageAuth {
  /** The request's anti-forgery token for a form's `_csrf` field (may mint a visitor id). */
  csrfToken(): string;
  signUp(input: Record<string, unknown>): Promise<AuthFormResult>;
  logIn(input: Record<string, unknown>): Promise<AuthFormResult>;
  requestReset(input: Record<string, unknown>): Promise<AuthFormResult>;
  resetPassword(input: Record<string, unknown>): Promise<AuthFormResult>;
  logOut(): Promise<void>;
}

/** A page of the actor's notifications, or why not. */
export type NotificationsLookup = MemberLookup<NotificationsPageView>;

/** The actor's notifications (issue 5), bound to the site and the actor. */
export interface NotificationReads {
  /** The unread count for the header's badge; null for a visitor or a blocked member. */
  unreadCount(): Promise<number | null>;
  /** A page of the notifications page, newest first; the unread lines only with `unread`. */
  list(page: number, options?: { unread?: boolean }): Promise<NotificationsLookup>;
}

/**
 * The asker's engagement with what a page shows (issue 6; decision 020), read per request beside
 * the shared post data (decision 002), in one query per page: fresh counters and whether they like
 * each post. Null for a visitor: their pages are one page for every visitor (the page cache).
 */
export interface EngagementReads {
  forPosts(postIds: readonly string[]): Promise<Record<string, PostEngagementView> | null>;
  /** The member's own rating of a post; null for a visitor or before they rate. */
  myRating(postId: string): Promise<number | null>;
  /** The comments among `commentIds` the member likes; empty for a visitor. */
  likedComments(commentIds: readonly string[]): Promise<string[]>;
}

/** A comment for its edit page, with the post it is on, or why not. */
export type CommentEditLookup =
  | {
      ok: true;
      /** `post.link` is the post's one address (issue 19: `postLink`). */
      value: {
        comment: CommentView;
        post: { id: string; slug: string; title: string; link: string };
      };
    }
  | { ok: false; reason: 'login-required' | 'forbidden' | 'not-found' };

/** The comment pages' reads (issue 6), bound to the site and the actor. */
export interface CommentReads {
  /** The first page of a post's comments; null when the reader may not read them (SPEC §6 plan). */
  firstPage(postId: string): Promise<CommentsPageView | null>;
  /** A member's stored role (the post's owner: SPEC §6 refuses reporting an owner's post). */
  ownerRole(memberId: string): Promise<string>;
  /** Which of these the actor follows (all false for a visitor). */
  following(
    keys: readonly { targetType: SubscriptionTarget; targetId: string }[],
  ): Promise<SubscriptionView[]>;
  /** `/:postSlug/edit-comment/:commentId`: the actor's own comment. */
  forEditing(commentId: string): Promise<CommentEditLookup>;
}

/**
 * The dashboard's reads (issue 17), bound to the site and the actor: one property per area, each
 * calling the services its API calls. Every read refuses as its API does (a `PermissionError`
 * becomes the page's login-required or forbidden screen in the dashboard's layout).
 */
export interface DashboardReads {
  /** The navigation's badges and the overview's counts. */
  summary(): Promise<DashboardSummary>;
  /** The Posts screen's list and its filters' choices. */
  posts: DashboardPostReads;
  /** The categories screen (issue 17 § Categories). */
  categories: DashboardCategoryReads;
  /** The tags screen (issue 17 § Tags). */
  tags: DashboardTagReads;
  /** The Comments screen (issue 17): a page of the blog's comments and the hold switch. */
  comments: { screen(query: DashboardCommentsQuery): Promise<DashboardCommentsScreenView> };
  /** The Reports screen (issue 17): reported posts and comments, grouped. */
  reports: { screen(query: DashboardReportsQuery): Promise<DashboardReportsScreenView> };
  /** The Health screen (issue 18 § Error monitoring): the site's error groups. */
  health: DashboardHealthReads;
  /** The blog settings screen (issue 18 § Blog settings). */
  settings: DashboardSettingsReads;
  /** The Import and export screen (issue 21): the site's latest import and export jobs. */
  import: DashboardImportReads;
  /** The members screen and the audit log (issue 18 § Members and contributors). */
  members: DashboardMemberReads & { audit: DashboardAuditReads };
  /** The Analytics screens (issue 18): the site's and one post's. */
  analytics: DashboardAnalyticsReads;
}

/** A hole of a shared render: what to render again for each reader (decision 050). */
export interface CapturedHole {
  element: ReactNode;
  /** The contexts the hole was rendered in, to render it again in the same ones. */
  contexts: [Context<unknown>, unknown][];
  /**
   * The hole's HTML as a plain function of the view, when it has one (the page's JSON copy of
   * the view): drawn at serve time without a React render (decision 054).
   */
  html?: (view: ReaderView) => string;
}

/** What a render learns of its holes (widget/reader/reader.tsx `Personal`). */
export interface HoleRecorder {
  holes: CapturedHole[];
  /**
   * What the holes show: `post:<id>`, `comment:<id>`, `follow:<type>:<id>`, and `own:<condition>`
   * for a reader to whom the page every reader shares cannot show what they see.
   */
  targets: Set<string>;
  /** Reads of the reader outside any hole (by what was read): the page cannot be laid over. */
  strays: string[];
}

/** How the server renders readers: their view, and the recorder of the page's holes. */
export interface ReaderRender {
  view: ReaderView;
  holes?: HoleRecorder;
}

/**
 * The site's stylesheet as the renderer inlines its critical part (decision 052): the rules that
 * can apply to a page with these class names, as CSS text.
 */
export interface CriticalStylesheet {
  cssFor(classNames: ReadonlySet<string>): string;
}

/**
 * What a page's loader receives (server/ssr/pages.server.ts builds it per request). A type, not
 * an interface: React Router's AppLoadContext has an index signature only aliases satisfy.
 */
export type PageLoadContext = RequestContext & {
  /** The document's code blocks highlighted, by node id (rich-content/highlight.server.ts). */
  highlightCode(document: RichDocument): Promise<Record<string, HighlightedCode>>;
  postEditor: PostEditorReads;
  /** The actor's own posts; a page that reads them is the actor's only (never cached). */
  myPosts: MyPostsReads;
  /** The actor's notifications; a page that reads them is the actor's only (never cached). */
  notifications: NotificationReads;
  /** The signed-in member (the header's profile area); null for a visitor. */
  member: SessionMemberView | null;
  /** Sign-up, login, reset and logout for the login page's actions. */
  auth: PageAuth;
  /** Member profiles; the actor's own profile is theirs only (never cached). */
  profiles: ProfileReads;
  /** Comments and subscriptions (issue 6); a member's follows are theirs only (never cached). */
  comments: CommentReads;
  /** The member's likes, ratings and fresh counters; nothing for visitors (issue 6). */
  engagement: EngagementReads;
  /** The dashboard's screens (issue 17); every read is the actor's own (never cached). */
  dashboard: DashboardReads;
  /** What the pages' error reporter is told (decision 042). */
  monitoring: ClientMonitoringConfig;
  /**
   * Where the browser loads the words of the page's language (the build's locale folder, issue
   * 22); null for English, whose words come with the code.
   */
  localeAssets: string | null;
  /**
   * The signed-in member's own choice of UI language for the pages they work in (issue 22), null
   * when they follow the site's language or nobody is signed in.
   */
  memberLanguage: string | null;
  /**
   * Who the page is rendered for, as its `<Personal>` parts see them, and in a render of the
   * page every reader shares the recorder of those parts (issue 20; decision 050).
   */
  readerRender: ReaderRender;
  /**
   * The built stylesheet at `href` (`/assets/site-*.css`), parsed for its critical CSS; null when
   * there is no such file (a development server). The renderer inlines it on island pages.
   */
  criticalStylesheet(href: string): CriticalStylesheet | null;
};

declare module 'react-router' {
  interface AppLoadContext extends PageLoadContext {}
}
