/**
 * Serves the server-rendered pages: the React Router build behind Fastify, with a rendered-page
 * cache for visitors. Members (any request with a session cookie) always get a fresh render.
 * Route actions (form posts) need the anti-forgery token like the API (decision 017).
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import en from '../../../locales/en.json';
import type { ClientMonitoringConfig } from '../../domain/health';
import { type MemberLanguageHandle, pageLanguageOf } from '../../domain/member-preferences';
import { canvasViewOf } from '../../domain/render-mode';
import { SESSION_COOKIE } from '../../domain/session';
import type { SiteView } from '../../domain/views';
import type { SiteGenerations } from '../cache/generations.server';
import { growingUpTo } from '../cache/growing-lru.server';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailableError,
} from '../db/database-errors.server';
import { type RequestIdentity, VISITOR_IDENTITY } from '../http/actor.server';
import { acceptsGzip, chooseEncoding, type PageEncoding } from '../http/content-encoding.server';
import { refreshIdentityCookies } from '../http/csrf.server';
import { readVisitorId } from '../http/visitor-id.server';
import type { AccountsService } from '../services/accounts.server';
import type { BlogReaderService } from '../services/blog-reader.server';
import type { ErrorRecorder } from '../services/error-monitor/recorder.server';
import type { RelatedPostsService } from '../services/related-posts.server';
import type { SearchService } from '../services/search.server';
import type { WidgetSettingsService } from '../services/widget-settings.server';
import { joinPage, readerGzipPage, type SplitPage } from './overlay.server';
import { type CachedPage, createPageRenderer, isMember } from './page-render.server';
import { hasReaderState, pageTargetsOf, readerViewOf } from './reader-views.server';

/** Test-only: asks for a member's page rendered whole (decision 050's page test). */
export const TEST_WHOLE_RENDER_HEADER = 'x-inkwell-test-whole-render';

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
  /** The pages' clock (`now` of the load context); the real one unless a test fixes it. */
  now?: () => Date;
  /**
   * Test-only answers: `x-inkwell-test-whole-render` renders a member's page whole, in one pass
   * with their view known beforehand, which the overlay's page must equal (decision 050).
   */
  withTestRoutes?: boolean;
  /** Records pages whose render failed (decision 042). */
  errors?: Pick<ErrorRecorder, 'recordServer'>;
  /** What the pages' error reporter is told (the root loader's `monitoring`). */
  monitoring?: ClientMonitoringConfig;
  /**
   * Issue 21: where an old address of an imported post moved to (null when it is none); asked
   * only for a read the pages answered 404, so other pages pay nothing.
   */
  movedTo?: (site: SiteView, pathname: string) => Promise<string | null>;
}

/** What a page's route handles say about it, by path (`routeFactsMatcher`). */
interface RouteFacts {
  /** One of the pages members share with visitors (the leaf's `isSharedWithMembers`, 050). */
  isSharedWithMembers: boolean;
  /**
   * A page a member works in (any matched route's `usesMemberLanguage`: the dashboard's shell,
   * the editors), which renders in the member's own language (issue 22, decision 064).
   */
  usesMemberLanguage: boolean;
}

/**
 * What the route handles of the page at a path say (`RouteFacts`), matched as the router will
 * match it.
 */
function routeFactsMatcher(build: ServerBuild): (pathname: string) => RouteFacts {
  const children = new Map<string | undefined, ServerBuild['routes'][string][]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map(
      (route) =>
        ({
          id: route!.id,
          path: route!.path,
          index: route!.index,
          caseSensitive: route!.caseSensitive,
          children: route!.index ? undefined : tree(route!.id),
        }) as RouteObject,
    );
  const routes = tree(undefined);
  type Handle = ({ isSharedWithMembers?: boolean } & MemberLanguageHandle) | undefined;
  const handleOf = (id: string | undefined) =>
    (id ? build.routes[id]?.module.handle : undefined) as Handle;
  // Matching was about a twentieth of a member's page's CPU: each path's answer is kept.
  const known = new LRUCache<string, RouteFacts>(growingUpTo(10_000));
  return (pathname) => {
    let facts = known.get(pathname);
    if (facts === undefined) {
      const matches = matchRoutes(routes, pathname) ?? [];
      facts = {
        isSharedWithMembers: handleOf(matches.at(-1)?.route.id)?.isSharedWithMembers === true,
        usesMemberLanguage: matches.some(
          (match) => handleOf(match.route.id)?.usesMemberLanguage === true,
        ),
      };
      known.set(pathname, facts);
    }
    return facts;
  };
}

/**
 * The page path a React Router data request (`/dashboard/posts.data`, `/_root.data`) loads for,
 * as the router strips it; any other path as it is.
 */
function pagePathOf(pathname: string): string {
  if (!pathname.endsWith('.data')) return pathname;
  const path = pathname.slice(0, -'.data'.length);
  return path === '/_root' ? '/' : path;
}

/** Whether an address asks for the builder's canvas (a render mode other than the live site's). */
function hasCanvasParams(rawUrl: string): boolean {
  const query = rawUrl.indexOf('?');
  if (query < 0) return false;
  return canvasViewOf(new URLSearchParams(rawUrl.slice(query + 1)), false).renderMode !== 'site';
}

/**
 * Compresses a page, synchronously: async compression runs in the thread pool, where each call's
 * encoder state and each thread's malloc arena add native memory under load (decision 004).
 * A member's fresh page is compressed once and quickly (Brotli 1 takes about a fifth of gzip 1's
 * time for a feed page and comes out smaller); a cached page is compressed once, thoroughly.
 */
function compressPage(body: Buffer, encoding: PageEncoding, isStored: boolean): Buffer {
  const isFresh = !isStored;
  if (encoding === 'gzip') return gzipSync(body, { level: isFresh ? 1 : 6 });
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: isFresh ? 1 : 5,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * Whether a page said it is for one reader only (`cache-control: private` or `no-store`, as the
 * writer's and the member's pages do): such a page is never stored for the next visitor, even
 * when the request looked anonymous.
 */
function isPrivateResponse(headers: Record<string, string>): boolean {
  return /\b(private|no-store)\b/i.test(headers['cache-control'] ?? '');
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

/** Bytes of V8's heap the cached pages' holes may hold, by the estimate below. */
const HOLES_HEAP_BUDGET_BYTES = 24 * 1024 * 1024;
/**
 * The heap a page's holes hold per byte of its fixed text, estimated on the high side: the text
 * itself, and the elements and router contexts (the page's loader data) the holes keep.
 */
const HOLES_HEAP_FACTOR = 6;

/**
 * The rendered pages, and their holes apart.
 */
function pageCaches(ttlMs: number) {
  // The pages' bytes live outside V8's heap (Buffers); a page's holes do not: their elements and
  // the router contexts they were captured in hold about the page's data several times over, in
  // a heap of OLD_GENERATION_MB. So the holes have a store of their own, bounded by an estimate
  // of that heap; a member's page whose holes were dropped is rendered again (decision 050).
  const cache = new LRUCache<string, CachedPage>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (page) =>
      page.body.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0) + 512,
    ttl: ttlMs,
  });
  const holeCache = new LRUCache<string, SplitPage>({
    maxSize: HOLES_HEAP_BUDGET_BYTES,
    sizeCalculation: (split) =>
      split.fixed.reduce((sum, text) => sum + text.length, 0) * HOLES_HEAP_FACTOR + 1024,
    ttl: ttlMs,
  });
  return { cache, holeCache };
}

/** Sends a page, compressed once per encoding asked for (kept with a cached page). */
async function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage, hit: string) {
  reply.status(page.status).headers(page.headers).header('x-page-cache', hit);
  const isText = /text|json|script/.test(page.headers['content-type'] ?? '');
  const encoding =
    isText && page.body.length > 1024 ? chooseEncoding(request.headers['accept-encoding']) : null;
  if (encoding) {
    page.encoded[encoding] ??= compressPage(page.body, encoding, hit === 'hit' || hit === 'miss');
    return reply
      .header('content-encoding', encoding)
      .header('vary', 'accept-encoding')
      .send(page.encoded[encoding]);
  }
  return reply.send(page.body);
}

/** A page made for one reader: never stored, by us or anyone. */
function sendOwn(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  html: string | null,
  label: string,
) {
  const cacheControl = page.headers['cache-control'] ?? '';
  const own: CachedPage = {
    ...page,
    headers: {
      ...page.headers,
      'cache-control': /no-store/.test(cacheControl) ? cacheControl : 'private, no-cache',
    },
    body: html === null ? page.body : Buffer.from(html, 'utf8'),
    encoded: {},
  };
  return send(request, reply, own, label);
}

/**
 * A reader's page made from the shared one: gzip from the page's parts compressed beforehand
 * when the client takes gzip (decision 054), else joined and sent as a page of their own.
 */
function sendOverlay(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  split: SplitPage,
  parts: string[],
  /** Whose page it is (their last one over this page may be the same bytes again). */
  readerKey: string,
) {
  if (!acceptsGzip(request.headers['accept-encoding'])) {
    return sendOwn(request, reply, page, joinPage(split, parts), 'overlay');
  }
  return reply
    .status(page.status)
    .headers(page.headers)
    .header('cache-control', 'private, no-cache')
    .header('x-page-cache', 'overlay')
    .header('content-encoding', 'gzip')
    .header('vary', 'accept-encoding')
    .send(readerGzipPage(split, parts, readerKey));
}

/** Registers static assets and the catch-all page handler. */
export async function pageRoutes(app: FastifyInstance, options: PagesOptions) {
  const { build, clientDir, generations } = options;
  // Bodies go to the router untouched (form posts of route actions).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  await registerStaticFiles(app, clientDir);

  const routeFactsOf = routeFactsMatcher(build);
  const { render: renderPage, overlaid } = createPageRenderer(app, options);

  /**
   * Renders the page; a read the pages answer 404 may be an imported post's old address, which
   * answers a 301 instead (the reply is sent, so null as for any answered request). The 404 page
   * cached for an address that is not one drops when an import moves the site's generation.
   */
  async function render(...args: Parameters<typeof renderPage>) {
    const rendered = await renderPage(...args);
    const [request, reply, site] = args;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (rendered?.status !== 404 || !isRead || !options.movedTo) return rendered;
    const target = await options.movedTo(site, request.url.split('?', 1)[0]!);
    if (target === null) return rendered;
    reply.redirect(target, 301);
    return null;
  }

  const { cache, holeCache } = pageCaches(options.cacheTtlMs ?? 60_000);

  /**
   * Test-only (decision 050's proof): the member's page rendered whole, in one pass, with the view
   * their overlaid page was given (its holes' targets read beforehand).
   */
  async function wholeRenderForTest(
    request: FastifyRequest,
    reply: FastifyReply,
    site: SiteView,
    identity: RequestIdentity,
  ) {
    const shared = await render(request, reply, site, VISITOR_IDENTITY, true);
    const split = shared?.page.split;
    if (!split) return reply.status(400).send({ error: { code: 'no_holes', message: 'No page' } });
    const view = await readerViewOf(
      app.services,
      identity,
      readVisitorId(request),
      site,
      await options.settings.getResolved(site, 'blog', request.device),
      pageTargetsOf(split.targets),
      true,
    );
    if (view === 'own-page') throw new Error('a whole render is always the reader’s own');
    const whole = await render(request, reply, site, identity, false, view);
    if (!whole) return reply;
    return sendOwn(request, reply, whole.page, null, 'whole');
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
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
    if (options.withTestRoutes && request.headers[TEST_WHOLE_RENDER_HEADER] !== undefined) {
      return wholeRenderForTest(request, reply, site, identity);
    }
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const isMemberRequest = isMember(request) || actor.memberId !== null;
    const visitorId = readVisitorId(request);
    const device = request.device;
    // Identity cookies in step: a member's token cookie back, a dead session cookie gone.
    refreshIdentityCookies(request, reply, identity);
    // The page every reader shares (decision 050): every visitor's read, and a member's read of a
    // page that says it is theirs too; anything the builder's canvas shows is the owner's own.
    const pathname = request.url.split('?', 1)[0]!;
    const facts = routeFactsOf(pathname);
    const isShared =
      isRead && (!isMemberRequest || (facts.isSharedWithMembers && !hasCanvasParams(request.url)));
    if (isShared) {
      const key = `${site.id}|${generations.get(site.id)}|${device}|${request.url}`;
      let page = cache.get(key);
      let label = 'hit';
      let cookies: string[] = [];
      const wantsHoles = (isMemberRequest || visitorId !== null) && request.method === 'GET';
      let split = page?.hasHoles && wantsHoles ? holeCache.get(key) : undefined;
      if (!page || (wantsHoles && page.hasHoles && !split)) {
        const sharedIdentity = isMemberRequest ? VISITOR_IDENTITY : identity;
        const rendered = await render(request, reply, site, sharedIdentity, true);
        if (!rendered) return reply;
        ({ page, cookies } = rendered);
        split = page.split;
        label = 'miss';
        const isStored =
          !rendered.isUnavailable &&
          // A HEAD's answer has no body: stored, it would be every visitor's empty page. A HEAD
          // is answered from a GET's page when there is one.
          request.method === 'GET' &&
          cookies.length === 0 &&
          !rendered.hasAuthCookies &&
          !isPrivateResponse(page.headers) &&
          (rendered.status === 200 || rendered.status === 404);
        if (isStored) {
          // The page for the cache, and its holes apart (the same page object keeps them for this
          // request's own overlay).
          cache.set(key, { ...page, split: undefined, hasHoles: page.split !== undefined });
          if (page.split) holeCache.set(key, page.split);
        }
        // A member never gets what was rendered for visitors unless every visitor could have.
        else if (isMemberRequest) page = undefined;
      }
      if (page) {
        const canLayOver = split !== undefined && !page.strays && request.method === 'GET';
        if (canLayOver && wantsHoles) {
          const parts = await overlaid(split!, site, identity, visitorId, device, false);
          const readerKey = actor.memberId ?? `visitor:${visitorId ?? ''}`;
          if (parts !== null) return sendOverlay(request, reply, page, split!, parts, readerKey);
        } else if (!isMemberRequest || !(split || page.hasHoles)) {
          if (cookies.length > 0) reply.header('set-cookie', cookies);
          return isMemberRequest
            ? sendOwn(request, reply, page, null, label)
            : send(request, reply, page, label);
        }
      }
    }

    // A page of the reader's own: rendered for them, their state laid over its holes; in their
    // own language when it is a page they work in (issue 22; a shared page is in the site's).
    // A data request of a client navigation loads in the language of the page it loads for.
    const { usesMemberLanguage } = routeFactsOf(pagePathOf(pathname));
    const language = pageLanguageOf(site.language, identity.uiLanguage, usesMemberLanguage);
    const rendered = await render(request, reply, site, identity, false, undefined, language);
    if (!rendered) return reply;
    const { page, cookies } = rendered;
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const needsState = page.split !== undefined && request.method === 'GET';
    const parts =
      needsState && hasReaderState(identity, visitorId)
        ? await overlaid(page.split!, site, identity, visitorId, device, true)
        : null;
    const html = parts === null ? null : joinPage(page.split!, parts);
    return html === null && !isMemberRequest
      ? send(request, reply, page, 'bypass')
      : sendOwn(request, reply, page, html, 'bypass');
  }

  app.all('/*', async (request, reply) => {
    try {
      return await servePage(request, reply);
    } catch (error) {
      if (!isDatabaseUnavailableError(error)) throw error; // settings read for the view (050)
      return sendDatabaseUnavailablePage(reply);
    }
  });
}
