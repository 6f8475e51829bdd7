/**
 * Renders a page (issue 20; decision 050): the page every reader shares, as a visitor sees it,
 * or a page of one reader's own, and in both cases cut at its `<Personal>` holes
 * (overlay.server.ts), so that each reader's own state can be laid over it (`overlaid`). Builds
 * the load context the loaders see: the read services bound to the site, the device and the
 * actor, each with the same permission checks as the API.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, isRouteErrorResponse, type ServerBuild } from 'react-router';
import { NOTIFICATIONS_PAGE_SIZE } from '../../domain/notifications';
import { type Actor, can } from '../../domain/permissions';
import type { EditorPostView } from '../../domain/post-editor';
import type { ReaderView } from '../../domain/reader-state';
import { canvasViewOf } from '../../domain/render-mode';
import { CSRF_ERROR_CODE, CSRF_FIELD, SESSION_COOKIE } from '../../domain/session';
import type { Device } from '../../domain/settings';
import type { PostDetail, SiteView } from '../../domain/views';
import type {
  BlogReader,
  CapturedHole,
  EditorLookup,
  HoleRecorder,
  MemberLookup,
  MyPostsReads,
  NotificationReads,
  PageLoadContext,
  PostEditorReads,
  ProfileReads,
} from '../../load-context';
import type { RichDocument } from '../../rich-content/document';
import { upgradeStoredDocument } from '../../rich-content/nodes/upgrades';
import { hasCodeBlock } from '../../rich-content/text';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailableError,
} from '../db/database-errors.server';
import { NotFoundError, PermissionError } from '../errors.server';
import { type RequestIdentity, sessionMemberView } from '../http/actor.server';
import type { PageEncoding } from '../http/content-encoding.server';
import { isCsrfSatisfied, presentedCsrfToken } from '../http/csrf.server';
import { readVisitorId } from '../http/visitor-id.server';
import { localeAssetFolders, PSEUDO_LANGUAGE, PSEUDO_LOCALE_ASSETS } from '../i18n/locales.server';
import type { BlogReaderService } from '../services/blog-reader.server';
import { commentReadsFor } from '../services/comment-reads.server';
import { engagementReadsFor } from '../services/engagement.server';
import type { ErrorRecorder } from '../services/error-monitor/recorder.server';
import { buildPostRecords, type PostStatus } from '../services/post-records.server';
import type { RelatedPostsService } from '../services/related-posts.server';
import type { SearchService } from '../services/search.server';
import type { WidgetSettingsService } from '../services/widget-settings.server';
import { criticalStylesheetsIn } from './critical-css.server';
import { dashboardReadsFor } from './dashboard-reads.server';
import { joinPage, type SplitPage, splitPage, withoutMarkers } from './overlay.server';
import { pageAuthFor } from './page-auth.server';
import { responseBytes } from './page-sink.server';
import type { PagesOptions } from './pages.server';
import { pageTargetsOf, readerViewOf, shellView } from './reader-views.server';
import { createRenderQueue } from './render-queue.server';

/**
 * Page renders in progress at once (ssr/render-queue.ts): a few rather than one, so that one can
 * go on while another waits for PostgreSQL's socket; 8 let the tail of seconds come back.
 */
export const RENDER_CONCURRENCY = 4;

/** A rendered response as the page cache keeps it. */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body compressed, by encoding, made when first asked for. */
  encoded: Partial<Record<PageEncoding, Buffer>>;
  /** The page cut at its holes, for each reader's own state (decision 050). */
  split?: SplitPage;
  /** A cached page that had holes (kept apart, in the hole store, and maybe dropped from it). */
  hasHoles?: boolean;
  /** What the render read of the reader outside its holes: laid over for nobody then. */
  strays?: string[];
}

/** src/entry.server.tsx's `renderHoles`: a shared page's holes rendered for one reader. */
export type RenderHoles = (holes: readonly CapturedHole[], view: ReaderView) => Promise<string[]>;

/** Whether a response is a page (HTML), which may have holes. */
function isHtml(page: CachedPage): boolean {
  return page.headers['content-type']?.startsWith('text/html') === true;
}

/** Binds the read services to one site and device, which is what a loader may see. */
function readerFor(
  service: BlogReaderService,
  search: SearchService,
  related: RelatedPostsService,
  settings: Pick<WidgetSettingsService, 'getResolved'>,
  site: SiteView,
  device: Device,
): BlogReader {
  return {
    getSettings: () => settings.getResolved(site, 'blog', device),
    getFeaturedPost: () => service.getFeaturedPost(site),
    listCategories: () => service.listCategories(site),
    listTags: () => service.listTags(site),
    listFeed: (query, page, pageSize) => service.listFeed(site, query, page, pageSize),
    getPostBySlug: (slug) => service.getPostBySlug(site, slug),
    getCategoryBySlug: (slug) => service.getCategoryBySlug(site, slug),
    getTagBySlug: (slug) => service.getTagBySlug(site, slug),
    searchPosts: (query, page) => search.searchPosts(site, query, page),
    listRelatedPosts: (postId, type, count) => related.listRelatedPosts(site, postId, type, count),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The post editor's reads for the writer's pages (issue 4), bound to the site and actor: the same
 * service calls and permission checks as the editor API, with refusals as values, not throws.
 */
function postEditorReadsFor(
  services: FastifyInstance['services'],
  site: SiteView,
  actor: Actor,
): PostEditorReads {
  const { postEditor, reader } = services;
  async function attempt<T>(work: () => Promise<T | null>): Promise<EditorLookup<T>> {
    try {
      const value = await work();
      return value === null ? { ok: false, reason: 'not-found' } : { ok: true, value };
    } catch (error) {
      if (error instanceof NotFoundError) return { ok: false, reason: 'not-found' };
      if (error instanceof PermissionError) {
        return { ok: false, reason: error.code === 'login-required' ? error.code : 'forbidden' };
      }
      throw error;
    }
  }
  /** A post not yet published, as its page would show it once it is (preview, SPEC §2). */
  async function unpublishedDetail(view: EditorPostView): Promise<PostDetail> {
    const content = upgradeStoredDocument(view.content);
    const { post: row } = buildPostRecords({
      id: view.id,
      slug: view.slug,
      title: view.title,
      excerpt: view.excerpt,
      ownerId: view.ownerId,
      categoryIds: view.categoryIds,
      tagIds: view.tagIds,
      language: view.language,
      isCommentsDisabled: view.isCommentsDisabled,
      siteId: site.id,
      status: view.status as PostStatus,
      content,
      firstPublishedDate: view.firstPublishedDate ? new Date(view.firstPublishedDate) : null,
      lastPublishedDate: view.lastPublishedDate ? new Date(view.lastPublishedDate) : null,
      // The editor's view names the cover's media, not its size: the image's own ratio applies
      // once it loads (a 3:2 box until then).
      coverImage: view.coverImage.mediaId
        ? {
            isEnabled: view.coverImage.isEnabled,
            isCustom: true,
            image: {
              id: view.coverImage.mediaId,
              width: 1500,
              height: 1000,
              alt: view.coverImage.alt,
            },
            isDecorative: view.coverImage.isDecorative,
          }
        : { isEnabled: view.coverImage.isEnabled, isCustom: false, image: null },
    });
    const [[summary], categories, tags] = await Promise.all([
      reader.presentSummaries(site, [row as Parameters<typeof reader.presentSummaries>[1][0]]),
      reader.listCategories(site),
      reader.listTags(site),
    ]);
    return {
      ...summary!,
      content,
      paidPlansGroupIds: [],
      // The preview's head says what the published page will (issue 19).
      seo: view.seo,
      updatedAt: view.updatedAt,
      categories: view.categoryIds.flatMap((id) => {
        const c = categories.find((category) => category.id === id);
        return c
          ? [{ id: c.id, slug: c.slug, label: c.label, menuLabel: c.menuLabel, link: c.link }]
          : [];
      }),
      tags: tags.filter((t) => view.tagIds.includes(t.id)),
    };
  }
  return {
    forEditing: (slugOrId) =>
      attempt(async () => {
        // Drafts are opened by slug too; one the actor may not read is not found.
        const id = UUID.test(slugOrId)
          ? slugOrId
          : await postEditor.findIdBySlug(actor, site, slugOrId);
        return id ? postEditor.getForEditing(actor, site, id) : null;
      }),
    forPreview: (postId) =>
      attempt(async () => {
        if (!UUID.test(postId)) return null;
        const view = await postEditor.getForEditing(actor, site, postId);
        const post = { ownerId: view.ownerId, status: view.status as PostStatus };
        if (!can(actor, 'post:preview', { post })) throw new PermissionError('forbidden');
        return view.status === 'published'
          ? reader.getPostBySlug(site, view.slug)
          : unpublishedDetail(view);
      }),
  };
}

/** A service call for a member's own page, its permission refusal as the page's reason. */
async function memberLookup<T>(work: () => Promise<T>): Promise<MemberLookup<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof PermissionError) {
      return { ok: false, reason: error.code === 'login-required' ? error.code : 'forbidden' };
    }
    throw error;
  }
}

/** The my-posts page's read, bound to the site and actor: the API's service call and refusals. */
function myPostsReadsFor(
  services: FastifyInstance['services'],
  site: SiteView,
  actor: Actor,
): MyPostsReads {
  return {
    list: (query) => memberLookup(() => services.myPosts.listMyPosts(actor, site, query)),
  };
}

/** The profile pages' reads, bound to the site and actor: the members API's service calls. */
function profileReadsFor(
  services: FastifyInstance['services'],
  site: SiteView,
  actor: Actor,
): ProfileReads {
  return {
    page: (slugOrId, page) => services.profiles.getProfilePage(actor, site, slugOrId, page),
    own: () => memberLookup(() => services.profiles.getOwnProfile(actor, site)),
  };
}

/** The actor's notifications for the header's badge and the notifications page. */
function notificationReadsFor(
  services: FastifyInstance['services'],
  site: SiteView,
  actor: Actor,
): NotificationReads {
  const isMember = actor.memberId !== null && !actor.isBlocked;
  return {
    unreadCount: async () =>
      isMember ? services.notifications.unreadCount(actor, site) : Promise.resolve(null),
    list: (page, options) =>
      memberLookup(() =>
        services.notifications.list(actor, site, {
          page,
          pageSize: NOTIFICATIONS_PAGE_SIZE,
          unread: options?.unread === true,
        }),
      ),
  };
}

/** Largest form body read for its `_csrf` field (a login form is a few hundred bytes). */
const FORM_TOKEN_MAX_BYTES = 64 * 1024;

/**
 * A route action changes state: its form (or script) must carry the anti-forgery token, bound to
 * a credential (the page that showed the form minted a visitor id if there was none). True, and
 * the 403 sent, when it does not.
 */
async function isForged(
  request: FastifyRequest,
  reply: FastifyReply,
  identity: RequestIdentity,
  webRequest: Request,
): Promise<boolean> {
  const presented = presentedCsrfToken(request) ?? (await formCsrfToken(request, webRequest));
  if (isCsrfSatisfied(request, identity, presented, 'binding')) return false;
  reply.status(403).send({
    error: { code: CSRF_ERROR_CODE, message: 'The anti-forgery token is missing or wrong' },
  });
  return true;
}

/** The anti-forgery token of a route action's form (`_csrf`), when it is a small form post. */
async function formCsrfToken(request: FastifyRequest, webRequest: Request): Promise<string | null> {
  const type = request.headers['content-type'] ?? '';
  const length = Number(request.headers['content-length'] ?? Number.NaN);
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
  if (!(length <= FORM_TOKEN_MAX_BYTES)) return null;
  try {
    const value = (await webRequest.clone().formData()).get(CSRF_FIELD);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * A page's address on the site's origin (decision 028): only the path and query of what the
 * client sent, whatever host or absolute form it named; `/` when it cannot be read.
 */
export function pageUrlOf(rawUrl: string, origin: string): URL {
  let sent: URL;
  try {
    sent = new URL(rawUrl, 'http://path.invalid');
  } catch {
    return new URL('/', origin);
  }
  // Concatenated, not resolved: a path such as `//evil.example/` must stay a path.
  return new URL(`${origin}${sent.pathname}${sent.search}`);
}

/**
 * The headers the router sees. React Router refuses an action whose `Origin` differs from the
 * page's address; the page's address is the site's origin, so a same-origin post (from the
 * address the browser used: an alias, or 127.0.0.1 in demo mode) says the site's origin.
 */
function pageHeadersOf(request: FastifyRequest, origin: string): Record<string, string> {
  const headers = { ...(request.headers as Record<string, string>) };
  if (headers.origin === `${request.protocol}://${request.host}`) headers.origin = origin;
  return headers;
}

export function isMember(request: FastifyRequest): boolean {
  return request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
}

/**
 * A rendered response as the page cache keeps it: its headers without cookies (returned apart),
 * a member's page marked private, the database-outage screen as a 503 no cache may keep.
 */
export async function storedPageOf(
  response: Response,
  identity: RequestIdentity,
  isUnavailable: boolean,
): Promise<{ page: CachedPage; cookies: string[] }> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  // A member's page names them (the header's profile area): no shared cache may keep it.
  if (identity.member && !headers['cache-control']) headers['cache-control'] = 'private, no-cache';
  if (isUnavailable) {
    // The error screen, as a 503 that says when to come back and that no cache may keep.
    headers['retry-after'] = String(DATABASE_RETRY_AFTER_SECONDS);
    headers['cache-control'] = 'no-store';
  }
  const body = await responseBytes(response);
  const page: CachedPage = {
    status: isUnavailable ? 503 : response.status,
    headers,
    body,
    encoded: {},
  };
  return { page, cookies };
}

/**
 * The page build with its error hook told apart: a loader that failed because the database is
 * away marks its request's load context (the page then answers 503, decision 026); every other
 * error is logged as React Router logs it by default.
 */
function withDatabaseOutages(
  build: ServerBuild,
  unavailable: WeakSet<object>,
  errors?: Pick<ErrorRecorder, 'recordServer'>,
): ServerBuild {
  const handleError = build.entry.module.handleError;
  return {
    ...build,
    entry: {
      ...build.entry,
      module: {
        ...build.entry.module,
        handleError(error, args) {
          if (isDatabaseUnavailableError(errorOf(error))) {
            unavailable.add(args.context as object);
            return;
          }
          // A page that failed on the server is recorded as a 5xx (decision 042).
          if (!args.request.signal.aborted && !isClientErrorResponse(error)) {
            const site = (args.context as Partial<PageLoadContext>).site;
            errors?.recordServer(site?.id ?? null, errorOf(error), pagePathOf(args.request));
          }
          if (handleError) return handleError(error, args);
          if (!args.request.signal.aborted) console.error(errorOf(error));
        },
      },
    },
  };
}

/** A thrown 4xx (not found, refused): an answer, not a failure. */
function isClientErrorResponse(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status < 500;
}

/** `GET /blog/post` of a page request, for the error's sample. */
function pagePathOf(request: Request): string {
  return `${request.method} ${new URL(request.url).pathname}`;
}

/** The error a route error response wraps, or the error itself. */
function errorOf(error: unknown): unknown {
  return isRouteErrorResponse(error) && (error as { error?: unknown }).error
    ? (error as { error?: unknown }).error
    : error;
}

/**
 * Each language's locale folder for `<html data-locales>`. Test routes serve the pseudo-locale's
 * files too, so pages in it hydrate in it (issue 22).
 */
function pageLocaleAssets(options: PagesOptions) {
  const extra: Record<string, string> = options.withTestRoutes
    ? { [PSEUDO_LANGUAGE]: PSEUDO_LOCALE_ASSETS }
    : {};
  return localeAssetFolders(options.clientDir, extra);
}

/** The page renderer: `render` a page, and lay a reader's state over it (`overlaid`). */
export function createPageRenderer(app: FastifyInstance, options: PagesOptions) {
  const { build } = options;
  // Load contexts of renders whose loaders met the database away (decision 026).
  const unavailableRenders = new WeakSet<object>();
  const handle = createRequestHandler(
    withDatabaseOutages(build, unavailableRenders, options.errors),
    options.mode ?? 'production',
  );
  // highlight.js and its grammars load with the first post that has code, not at start-up: a
  // server that only serves feeds never holds them (memory, cold start).
  let highlighter: Promise<typeof import('../../rich-content/highlight.server')> | undefined;
  async function highlightCode(document: RichDocument) {
    if (!hasCodeBlock(document)) return {};
    highlighter ??= import('../../rich-content/highlight.server');
    return (await highlighter).highlightDocument(document);
  }
  const renderTurn = createRenderQueue(RENDER_CONCURRENCY);
  // The site stylesheet's rules, for island pages' critical CSS (decision 052).
  const criticalStylesheet = criticalStylesheetsIn(options.clientDir);
  const localeAssetsOf = pageLocaleAssets(options);
  // The renderer's own export (src/entry.server.tsx): the server never imports pages.
  const { renderHoles } = build.entry.module as unknown as { renderHoles: RenderHoles };
  const { reader, search, related, settings } = options;
  /** A page's render, as every reader shares it or for one reader, split at its holes. */
  interface Rendered {
    page: CachedPage;
    cookies: string[];
    hasAuthCookies: boolean;
    isUnavailable: boolean;
    status: number;
  }

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    site: SiteView,
    identity: RequestIdentity,
    /** The page every reader shares: rendered as for a visitor, without the request's cookies. */
    isShared: boolean,
    /** The reader's whole view, known beforehand: one pass, no holes (tests compare, 050). */
    wholeView?: ReaderView,
    /** The page's UI language (issue 22; pages.server.ts decides it, `pageLanguageOf`). */
    language: string = site.language,
  ): Promise<Rendered | null> {
    const { actor } = identity;
    // The page's address is on the site's origin, never on the Host header (decision 028): the
    // page one request renders is cached for every visitor of the site.
    const url = pageUrlOf(request.url, site.origin);
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const headers = pageHeadersOf(request, site.origin);
    if (isShared && identity.actor.memberId === null && isMember(request)) delete headers.cookie;
    const webRequest = new Request(url, {
      method: request.method,
      headers,
      signal: controller.signal,
      ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    });
    if (hasBody && (await isForged(request, reply, identity, webRequest))) return null;
    // The builder editor's canvas (issue 7): its device, and the draft settings for an owner.
    const canvas = canvasViewOf(url.searchParams, can(actor, 'settings:edit', {}));
    const pageDevice = canvas.device ?? request.device;
    const pageSettings = canvas.isDraft
      ? { getResolved: app.services.editorSettings.getDraftResolved }
      : settings;
    const blogSettings = await pageSettings.getResolved(site, 'blog', pageDevice);
    let hasAuthCookies = false;
    const recorder: HoleRecorder = { holes: [], targets: new Set(), strays: [] };
    const context: PageLoadContext = {
      site,
      reader: readerFor(reader, search, related, pageSettings, site, pageDevice),
      device: pageDevice,
      renderMode: canvas.renderMode,
      actor,
      highlightCode,
      postEditor: postEditorReadsFor(app.services, site, actor),
      myPosts: myPostsReadsFor(app.services, site, actor),
      notifications: notificationReadsFor(app.services, site, actor),
      profiles: profileReadsFor(app.services, site, actor),
      engagement: engagementReadsFor(
        app.services.engagement,
        site,
        actor,
        isShared ? null : readVisitorId(request),
      ),
      comments: commentReadsFor(app.services, site, actor),
      dashboard: dashboardReadsFor(app.services, site, actor),
      monitoring: options.monitoring ?? { sentryDsn: null, release: 'dev', testHooks: false },
      now: (options.now?.() ?? new Date()).toISOString(),
      language,
      localeAssets: localeAssetsOf(language),
      memberLanguage: identity.uiLanguage ?? null,
      member: sessionMemberView(identity),
      auth: pageAuthFor(request, reply, site, identity, options.accounts, () => {
        hasAuthCookies = true;
      }),
      // Rendered with the reader's shell (who they are), their state of the page's posts and
      // comments laid over its holes once the render has named them (decision 050).
      readerRender: wholeView
        ? { view: wholeView }
        : { view: shellView(identity, site, blogSettings), holes: recorder },
      criticalStylesheet,
    };
    const response = await renderTurn(async () =>
      // A client that left while waiting gets no render.
      controller.signal.aborted ? new Response(null, { status: 499 }) : handle(webRequest, context),
    );
    const isUnavailable = unavailableRenders.has(context);
    const { page, cookies } = await storedPageOf(response, identity, isUnavailable);
    if (isHtml(page)) splitAtHoles(page, recorder, request);
    return { page, cookies, hasAuthCookies, isUnavailable, status: response.status };
  }

  /** Cuts a rendered page at its holes; the body becomes the page as rendered, without markers. */
  function splitAtHoles(page: CachedPage, recorder: HoleRecorder, request: FastifyRequest) {
    const html = page.body.toString('utf8');
    const split = splitPage(html, recorder);
    if (split === null) {
      request.log.warn({ url: request.url }, 'page holes do not pair up: served as rendered');
      page.body = Buffer.from(withoutMarkers(html), 'utf8');
      return;
    }
    page.body = Buffer.from(joinPage(split, split.rendered), 'utf8');
    // A read of the reader outside any hole: this page shows the visitor's there, so it is laid
    // over for nobody (members get their own render).
    if (recorder.strays.length > 0) {
      request.log.warn({ url: request.url, strays: recorder.strays }, 'reader read outside a hole');
      page.strays = recorder.strays;
    }
    page.split = split;
  }

  /**
   * The holes of the page for this reader, rendered with their view (`joinPage` puts them in);
   * null when the shared page cannot show what they see (a page of their own is then rendered).
   */
  async function overlaid(
    split: SplitPage,
    site: SiteView,
    identity: RequestIdentity,
    visitorId: string | null,
    device: Device,
    isOwnPage: boolean,
  ): Promise<string[] | null> {
    const blogSettings = await settings.getResolved(site, 'blog', device);
    const view = await readerViewOf(
      app.services,
      identity,
      visitorId,
      site,
      blogSettings,
      pageTargetsOf(split.targets),
      isOwnPage,
    );
    if (view === 'own-page') return null;
    return renderHoles(split.holes, view);
  }

  return { render, overlaid };
}
