/**
 * Serves the server-rendered pages: the React Router build behind Fastify, with a rendered-page
 * cache for visitors. Members (any request with a session cookie) always get a fresh render.
 * Route actions (form posts) need the anti-forgery token like the API (decision 017).
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createRequestHandler, isRouteErrorResponse, type ServerBuild } from 'react-router';
import en from '../../../locales/en.json';
import type { ClientMonitoringConfig } from '../../domain/health';
import { NOTIFICATIONS_PAGE_SIZE } from '../../domain/notifications';
import { type Actor, can } from '../../domain/permissions';
import type { EditorPostView } from '../../domain/post-editor';
import { canvasViewOf } from '../../domain/render-mode';
import { CSRF_ERROR_CODE, CSRF_FIELD, SESSION_COOKIE } from '../../domain/session';
import type { Device } from '../../domain/settings';
import type { PostDetail, SiteView } from '../../domain/views';
import type {
  BlogReader,
  EditorLookup,
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
import type { SiteGenerations } from '../cache/generations.server';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailableError,
} from '../db/database-errors.server';
import { NotFoundError, PermissionError } from '../errors.server';
import { type RequestIdentity, sessionMemberView } from '../http/actor.server';
import { chooseEncoding, type PageEncoding } from '../http/content-encoding.server';
import { isCsrfSatisfied, presentedCsrfToken, refreshIdentityCookies } from '../http/csrf.server';
import { readVisitorId } from '../http/visitor-id.server';
import type { AccountsService } from '../services/accounts.server';
import type { BlogReaderService } from '../services/blog-reader.server';
import { commentReadsFor } from '../services/comment-reads.server';
import { engagementReadsFor } from '../services/engagement.server';
import type { ErrorRecorder } from '../services/error-monitor/recorder.server';
import { buildPostRecords, type PostStatus } from '../services/post-records.server';
import type { RelatedPostsService } from '../services/related-posts.server';
import type { SearchService } from '../services/search.server';
import type { WidgetSettingsService } from '../services/widget-settings.server';
import { dashboardReadsFor } from './dashboard-reads.server';
import { pageAuthFor } from './page-auth.server';
import { responseBytes } from './page-sink.server';
import { createRenderQueue } from './render-queue.server';

/** A request carrying this cookie belongs to a member and is never served from the cache. */
export { SESSION_COOKIE };

export interface PagesOptions {
  build: ServerBuild;
  /** `build/client`: hashed assets under `assets/`, plus the favicon. */
  clientDir: string;
  mode?: 'production' | 'development';
  reader: BlogReaderService;
  search: SearchService;
  related: RelatedPostsService;
  settings: WidgetSettingsService;
  generations: SiteGenerations;
  /** Sign-up, login and reset for the login page's route actions. */
  accounts: AccountsService;
  /** How long a cached page may live even without writes (relative dates age). */
  cacheTtlMs?: number;
  /** Records pages whose render failed (decision 042). */
  errors?: Pick<ErrorRecorder, 'recordServer'>;
  /** What the pages' error reporter is told (the root loader's `monitoring`). */
  monitoring?: ClientMonitoringConfig;
}

/**
 * Page renders in progress at once (ssr/render-queue.ts): a few rather than one, so that one can
 * go on while another waits for PostgreSQL's socket; 8 let the tail of seconds come back.
 */
export const RENDER_CONCURRENCY = 4;

interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body compressed, by encoding, made when first asked for. */
  encoded: Partial<Record<PageEncoding, Buffer>>;
}

/**
 * Compresses a page, synchronously: async compression runs in the thread pool, where each call's
 * encoder state and each thread's malloc arena add native memory under load (decision 004).
 * A member's fresh page is compressed once and quickly (Brotli 1 takes about a fifth of gzip 1's
 * time for a feed page and comes out smaller); a cached page is compressed once, thoroughly.
 */
function compressPage(body: Buffer, encoding: PageEncoding, isFresh: boolean): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: isFresh ? 1 : 6 });
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: isFresh ? 1 : 5,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
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
            image: { id: view.coverImage.mediaId, width: 1500, height: 1000 },
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

/**
 * Whether a page said it is for one reader only (`cache-control: private` or `no-store`, as the
 * writer's and the member's pages do): such a page is never stored for the next visitor, even
 * when the request looked anonymous.
 */
function isPrivateResponse(headers: Record<string, string>): boolean {
  return /\b(private|no-store)\b/i.test(headers['cache-control'] ?? '');
}

/** Largest form body read for its `_csrf` field (a login form is a few hundred bytes). */
const FORM_TOKEN_MAX_BYTES = 64 * 1024;

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
 * The error screen for a page whose site or reader could not be looked up because the database
 * is away (no site, so none of the blog's own screens can render). Never cached.
 */
function sendDatabaseUnavailablePage(reply: FastifyReply) {
  const text = en.errors.technicalIssue.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return reply
    .status(503)
    .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title></head>` +
        `<body><main class="site-error"><h1>${text}</h1></main></body></html>`,
    );
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

function isMember(request: FastifyRequest): boolean {
  return request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
}

/**
 * A rendered response as the page cache keeps it: its headers without cookies (returned apart),
 * a member's page marked private, the database-outage screen as a 503 no cache may keep.
 */
async function storedPageOf(
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

/** The build's scripts, styles and favicon: immutable, pre-compressed files. */
async function registerStaticFiles(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    // scripts/compress-assets.mjs writes .br and .gz beside each script and stylesheet.
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
    decorateReply: false,
    // Source maps are the server's (decision 042): the build moves them out of this folder, and a
    // stray one is never served either.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
  });
  const favicon = readFileSync(path.join(clientDir, 'favicon.ico'));
  app.get('/favicon.ico', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/x-icon').send(favicon),
  );
}

/** Registers static assets and the catch-all page handler. */
export async function pageRoutes(app: FastifyInstance, options: PagesOptions) {
  const { build, clientDir, reader, search, related, settings, generations } = options;
  // Bodies go to the router untouched (form posts of route actions).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  await registerStaticFiles(app, clientDir);

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

  const cache = new LRUCache<string, CachedPage>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (page) =>
      page.body.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0) + 512,
    ttl: options.cacheTtlMs ?? 60_000,
  });

  async function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage, hit: string) {
    reply.status(page.status).headers(page.headers).header('x-page-cache', hit);
    const isText = /text|json|script/.test(page.headers['content-type'] ?? '');
    const encoding =
      isText && page.body.length > 1024 ? chooseEncoding(request.headers['accept-encoding']) : null;
    if (encoding) {
      page.encoded[encoding] ??= compressPage(page.body, encoding, hit === 'bypass');
      return reply
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(page.encoded[encoding]);
    }
    return reply.send(page.body);
  }

  app.all('/*', async (request, reply) => {
    let site: SiteView;
    let identity: RequestIdentity;
    try {
      site = await request.site;
      identity = await request.identity;
    } catch (error) {
      if (!isDatabaseUnavailableError(error)) throw error;
      request.log.warn({ err: error }, 'database unavailable');
      return sendDatabaseUnavailablePage(reply);
    }
    const { actor } = identity;
    const isCacheable =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isMember(request) &&
      actor.memberId === null;
    const device = request.device;
    const key = `${site.id}|${generations.get(site.id)}|${device}|${request.url}`;
    if (isCacheable) {
      const hit = cache.get(key);
      if (hit) return send(request, reply, hit, 'hit');
    }

    // The page's address is on the site's origin, never on the Host header (decision 028): the
    // page one request renders is cached for every visitor of the site.
    const url = pageUrlOf(request.url, site.origin);
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const webRequest = new Request(url, {
      method: request.method,
      headers: pageHeadersOf(request, site.origin),
      signal: controller.signal,
      ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    });
    // A route action changes state: its form (or script) must carry the anti-forgery token, bound
    // to a credential (the page that showed the form minted a visitor id if there was none).
    if (hasBody) {
      const presented = presentedCsrfToken(request) ?? (await formCsrfToken(request, webRequest));
      if (!isCsrfSatisfied(request, identity, presented, 'binding')) {
        return reply.status(403).send({
          error: { code: CSRF_ERROR_CODE, message: 'The anti-forgery token is missing or wrong' },
        });
      }
    }
    // The builder editor's canvas (issue 7): its device, and the draft settings for an owner.
    const canvas = canvasViewOf(url.searchParams, can(actor, 'settings:edit', {}));
    const pageDevice = canvas.device ?? device;
    const pageSettings = canvas.isDraft
      ? { getResolved: app.services.editorSettings.getDraftResolved }
      : settings;
    let hasAuthCookies = false;
    // Identity cookies in step: a member's token cookie back, a dead session cookie gone.
    refreshIdentityCookies(request, reply, identity);
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
      engagement: engagementReadsFor(app.services.engagement, site, actor, readVisitorId(request)),
      comments: commentReadsFor(app.services, site, actor),
      dashboard: dashboardReadsFor(app.services, site, actor),
      monitoring: options.monitoring ?? { sentryDsn: null, release: 'dev', testHooks: false },
      now: new Date().toISOString(),
      language: site.language,
      member: sessionMemberView(identity),
      auth: pageAuthFor(request, reply, site, identity, options.accounts, () => {
        hasAuthCookies = true;
      }),
    };
    const response = await renderTurn(async () =>
      // A client that left while waiting gets no render.
      controller.signal.aborted ? new Response(null, { status: 499 }) : handle(webRequest, context),
    );

    const isUnavailable = unavailableRenders.has(context);
    const { page, cookies } = await storedPageOf(response, identity, isUnavailable);
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (
      isCacheable &&
      !isUnavailable &&
      // A HEAD's answer has no body: stored, it would be every visitor's empty page. A HEAD is
      // answered from a GET's page when there is one.
      request.method === 'GET' &&
      cookies.length === 0 &&
      !hasAuthCookies &&
      !isPrivateResponse(page.headers) &&
      (response.status === 200 || response.status === 404)
    ) {
      cache.set(key, page);
    }
    return send(request, reply, page, isCacheable ? 'miss' : 'bypass');
  });
}
