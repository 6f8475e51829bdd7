/**
 * Composes the Fastify app: error handling, the API, media, static assets and the server-rendered
 * pages. `buildApp` never listens; `main.ts` does, and tests use `app.inject()`.
 */
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { ZodError } from 'zod';
import { createLimiterStore, type Limiter } from './auth/rate-limit.server';
import { SiteGenerations, SiteMemo } from './cache/generations.server';
import { SessionCache } from './cache/session-cache.server';
import type { DatabaseHandle } from './db/connection.server';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailableBody,
  isDatabaseUnavailableError,
} from './db/database-errors.server';
import type { HostPolicy, TrustProxy } from './env.server';
import { AppError } from './errors.server';
import { createActorResolver } from './http/actor.server';
import { apiRoutes } from './http/api-routes.server';
import { authRoutes } from './http/auth-routes.server';
import { commentRoutes } from './http/comment-routes.server';
import { registerCsrfGuard } from './http/csrf.server';
import { dashboardAnalyticsRoutes } from './http/dashboard-analytics-routes.server';
import { dashboardCategoriesRoutes } from './http/dashboard-categories-routes.server';
import { dashboardCommentsRoutes } from './http/dashboard-comments-routes.server';
import { dashboardHealthRoutes } from './http/dashboard-health-routes.server';
import { dashboardImportRoutes } from './http/dashboard-import-routes.server';
import { dashboardMembersRoutes } from './http/dashboard-members-routes.server';
import { dashboardPostsRoutes } from './http/dashboard-posts-routes.server';
import { dashboardReportsRoutes } from './http/dashboard-reports-routes.server';
import { dashboardRoutes } from './http/dashboard-routes.server';
import { dashboardSettingsRoutes } from './http/dashboard-settings-routes.server';
import { dashboardTagsRoutes } from './http/dashboard-tags-routes.server';
import { editorSettingsRoutes } from './http/editor-settings-routes.server';
import { engagementRoutes } from './http/engagement-routes.server';
import { ERROR_INTAKE_LIMIT, errorIntakeRoutes } from './http/error-intake-routes.server';
import { registerFeedRoutes } from './http/feed-routes.server';
import { healthRoutes } from './http/health-routes.server';
import { htmlFrameRoutes } from './http/html-frame-routes.server';
import { registerInputGuards } from './http/input-guards.server';
import { linkPreviewRoutes } from './http/link-preview-routes.server';
import { mediaRoutes } from './http/media-routes.server';
import { mediaUploadRoutes } from './http/media-upload-routes.server';
import { memberRoutes } from './http/member-routes.server';
import { myPostsRoutes } from './http/my-posts-routes.server';
import { notificationRoutes } from './http/notification-routes.server';
import { pollRoutes } from './http/poll-routes.server';
import { postEditorRoutes } from './http/post-editor-routes.server';
import {
  type RoutePolicy,
  requestContextPlugin,
  routeSubtree,
} from './http/request-context.server';
import { samplePostsRoutes } from './http/sample-posts-routes.server';
import { registerSecurityHeaders } from './http/security-headers.server';
import { registerSessionSlide } from './http/session-slide.server';
import { settingsRoutes } from './http/settings-routes.server';
import { sitemapRoutes } from './http/sitemap-routes.server';
import { tagRoutes } from './http/tag-routes.server';
import { createResetLinkLog, testSiteRoutes } from './http/test-site-routes.server';
import { registerViewRecording } from './http/view-recording.server';
import { enablePseudoLocale, installServerLocales } from './i18n/locales.server';
import { importedPostAddress } from './import/job/old-paths.server';
import { createTransfers } from './import/jobs/transfers.server';
import type { FetchPageOptions } from './link-preview/fetch-page.server';
import { createMediaLibrary } from './media/media-library.server';
import { type AuthLimits, createAccounts } from './services/accounts.server';
import { createBlogReader } from './services/blog-reader.server';
import { createBlogSettings } from './services/blog-settings.server';
import { createComments } from './services/comments.server';
import { createDashboardSummary } from './services/dashboard/summary.server';
import { createDashboardAnalytics } from './services/dashboard-analytics.server';
import { createDashboardCategories } from './services/dashboard-categories.server';
import { createDashboardHealth } from './services/dashboard-health.server';
import { createDashboardTags } from './services/dashboard-tags.server';
import { createEditorSettings } from './services/editor-settings.server';
import { createEngagement } from './services/engagement.server';
import { createErrorRecorder, type ErrorRecorder } from './services/error-monitor/recorder.server';
import { createSentryForwarder } from './services/error-monitor/sentry.server';
import { createStackMapper } from './services/error-monitor/stack-mapper.server';
import { createLinkPreviews } from './services/link-preview.server';
import { createMemberAdmin } from './services/member-admin.server';
import { createMyPosts } from './services/my-posts.server';
import { createNotificationHub } from './services/notification-hub.server';
import { createNotifications, type StoredNotification } from './services/notifications.server';
import { createPermissionSettings } from './services/permission-settings.server';
import { createPollService } from './services/polls.server';
import { createPostAdmin } from './services/post-admin.server';
import { createPostEditor } from './services/post-editor.server';
import { createViewCounter } from './services/post-views.server';
import { createPostWriter } from './services/post-writer.server';
import { createProfiles } from './services/profiles.server';
import { createReaderState } from './services/reader-state.server';
import { createRelatedPosts } from './services/related-posts.server';
import { createReports } from './services/reports.server';
import { createSamplePosts } from './services/sample-posts.server';
import { createSearch } from './services/search.server';
import { createSitemaps } from './services/sitemaps.server';
import { createSites } from './services/sites.server';
import { createSubscriptions } from './services/subscriptions.server';
import { createTagService } from './services/tags.server';
import { createUploadQuota, type UploadQuotaDeps } from './services/upload-quota.server';
import { createWidgetSettings } from './services/widget-settings.server';
import { type PagesOptions, pageRoutes } from './ssr/pages.server';

export interface AppOptions {
  database: DatabaseHandle;
  dataDir: string;
  /** The React Router server build and client folder; without it only the API and media run. */
  pages?: Omit<
    PagesOptions,
    | 'reader'
    | 'search'
    | 'related'
    | 'settings'
    | 'generations'
    | 'accounts'
    | 'errors'
    | 'monitoring'
    | 'now'
    | 'withTestRoutes'
  >;
  /** The pages' clock (tests compare two renders of one page); the real clock otherwise. */
  pageClock?: () => Date;
  logLevel?: string;
  /** Adds the unauthenticated routes browser tests use to arrange data (ENABLE_TEST_ROUTES). */
  withTestRoutes?: boolean;
  /** The upload quota's clock and limits (tests); domain `UPLOAD_QUOTA` on the real clock. */
  uploadQuota?: UploadQuotaDeps;
  /** The link preview fetch's limits; tests allow loopback (their pages are on 127.0.0.1). */
  linkPreview?: FetchPageOptions;
  /**
   * The identity endpoints' rate limits and the sessions' clock (tests); decision 028's defaults
   * otherwise. The limits count on the wall clock (tests fake `Date`).
   */
  auth?: { limits?: Partial<AuthLimits>; now?: () => Date };
  /** Where log lines go (tests read the logged reset link); standard output otherwise. */
  logStream?: { write(line: string): void };
  /** How hosts map to sites and the default site's origin (PUBLIC_URL); demo mode otherwise. */
  hosts?: HostPolicy;
  /** Whose forwarded headers are believed (TRUST_PROXY, decision 028); nobody's otherwise. */
  trustProxy?: TrustProxy;
  /** Redis for the login limits every server process shares (REDIS_URL); in-process otherwise. */
  redisUrl?: string;
  /** The prefix of the limits' Redis keys (tests give each app its own). */
  rateLimitKeyPrefix?: string;
  /** The readers' counts snapshot's clock in ms (tests move it); the real clock otherwise. */
  readerStateNow?: () => number;
  /** Error monitoring (issue 18; decision 042): release, source maps, Sentry, flush interval. */
  monitoring?: MonitoringOptions;
}

/** How errors are recorded (decision 042). */
export interface MonitoringOptions {
  /** This build's release (build/release.json); `dev` otherwise. */
  release?: string;
  /** Where the client build's hidden source maps were moved (`build/sourcemaps`). */
  sourceMapsDir?: string;
  /** SENTRY_DSN: server and job errors also go to Sentry, and pages load its browser SDK. */
  sentryDsn?: string;
  /** ms between writes of the recorder's buffer (tests flush by hand). */
  flushIntervalMs?: number;
}

/** Everything built at boot from the app's dependencies (CONVENTIONS: services from deps). */
export function createServices(
  database: DatabaseHandle,
  log?: { error(error: unknown, message: string): void },
  options: {
    hosts?: HostPolicy;
    readerStateNow?: () => number;
    errors?: ErrorRecorder;
    /** Where the dashboard's import and export files go (issue 21); a temporary folder otherwise. */
    dataDir?: string;
  } = {},
) {
  const generations = new SiteGenerations();
  // Resolved sessions (decision 051): accounts read through it, identity writes forget in it.
  const sessions = new SessionCache();
  const memo = new SiteMemo(generations);
  // A presented feed page is about 40 KB of objects: 300 of them stay well inside the heap bound.
  const feedMemo = new SiteMemo(generations, { maxEntries: 300 });
  const reader = createBlogReader({ db: database.db, memo, feedMemo });
  // A page of search results is about 30 KB of objects: 100 of them stay small.
  const searchMemo = new SiteMemo(generations, { maxEntries: 100 });
  // A post's related list is a few KB of objects: 1,000 of them stay small.
  const relatedMemo = new SiteMemo(generations, { maxEntries: 1000 });
  // Readers' counts, shared by the overlay endpoint and the writes that change them (decision 030).
  const readerState = createReaderState({ db: database.db, now: options.readerStateNow });
  const notifications = createNotifications({
    db: database.db,
    hub: createNotificationHub<StoredNotification>(),
    log,
    // A member's unread count as their pages know it changes with each notification (054).
    onStored: (siteId, memberIds) => {
      for (const memberId of memberIds) readerState.forgetMember(siteId, memberId);
    },
  });
  const settings = createWidgetSettings({ db: database.db, memo, generations });
  // The request's device's settings decide what a reader may do (decision 008).
  const permissionSettings = createPermissionSettings(settings);
  const postEditor = createPostEditor({ db: database.db, generations, notifications, log });
  const comments = createComments({
    db: database.db,
    generations,
    notifications,
    permissionSettings,
    log,
  });
  const reports = createReports({
    db: database.db,
    permissionSettings,
    generations,
    sessions,
    deletePost: postEditor.deletePost,
    deleteComment: comments.deleteComment,
  });
  return {
    generations,
    sessions,
    sites: createSites({ db: database.db, hosts: options.hosts, generations }),
    reader,
    search: createSearch({ db: database.db, memo, resultsMemo: searchMemo, reader }),
    related: createRelatedPosts({ db: database.db, memo: relatedMemo, reader }),
    postWriter: createPostWriter({ db: database.db, generations }),
    postEditor,
    postAdmin: createPostAdmin({ db: database.db, generations, notifications, memo }),
    tags: createTagService({ db: database.db, generations }),
    dashboardCategories: createDashboardCategories({ db: database.db, generations }),
    dashboardTags: createDashboardTags({ db: database.db, generations }),
    blogSettings: createBlogSettings({ db: database.db, generations }),
    // robots.txt and the sitemaps (issue 19; decision 049), cached per site generation.
    sitemaps: createSitemaps({ db: database.db, generations }),
    dashboardAnalytics: createDashboardAnalytics({ db: database.db }),
    polls: createPollService({ db: database.db }),
    myPosts: createMyPosts({ db: database.db }),
    dashboardSummary: createDashboardSummary({
      db: database.db,
      counts: {
        inReview: postEditor.countInReview,
        openReports: reports.countOpenReports,
        heldComments: comments.countHeldComments,
      },
    }),
    profiles: createProfiles({ db: database.db, reader, generations, sessions }),
    notifications,
    settings,
    editorSettings: createEditorSettings({ db: database.db, settings, generations }),
    samplePosts: createSamplePosts({ db: database.db, generations }),
    engagement: createEngagement({
      db: database.db,
      settings,
      notifications,
      log,
      counters: readerState,
    }),
    readerState,
    views: createViewCounter({ db: database.db, log }),
    comments,
    subscriptions: createSubscriptions({ db: database.db, permissionSettings }),
    reports,
    health: createDashboardHealth({ db: database.db, droppedCount: options.errors?.droppedCount }),
    members: createMemberAdmin({ db: database.db, generations, sessions, notifications, log }),
    // Issue 21: the dashboard's import and export jobs, their files under the data folder.
    transfers: createTransfers({
      db: database.db,
      generations,
      dataDir: options.dataDir ?? path.join(os.tmpdir(), 'inkwell-transfers'),
      log,
    }),
  };
}

/** One route subtree: its routes, what they are handed, and what the whole subtree declares. */
interface RouteEntry {
  // biome-ignore lint/suspicious/noExplicitAny: each entry's options are checked by `entry`.
  routes: (app: FastifyInstance, options: any) => Promise<void>;
  options: object;
  /** Caching and authentication, said once for the subtree (http/request-context.server.ts). */
  policy: RoutePolicy;
  /** `/api` unless named. */
  prefix?: string;
}

/** An entry whose options are type-checked against its route module's. */
function entry<Options extends object>(
  routes: (app: FastifyInstance, options: Options) => Promise<void>,
  options: Options,
  policy: RoutePolicy = {},
  prefix?: string,
): RouteEntry {
  return { routes, options, policy, prefix };
}

/**
 * The app's route subtrees, in registration order. `noStore`: every answer is one reader's
 * (`private, no-store`); `auth: 'member'`: visitors are refused before the handler.
 */
function routeTable(
  options: AppOptions,
  services: ReturnType<typeof createServices>,
  accounts: ReturnType<typeof createAccounts>,
  errors: { recorder: ErrorRecorder; limiter: Limiter },
  resetLinks: ReturnType<typeof createResetLinkLog> | null = null,
): RouteEntry[] {
  const withTestRoutes = options.withTestRoutes ?? false;
  const mediaLibrary = createMediaLibrary({ db: options.database.db, dataDir: options.dataDir });
  return [
    // Identity answers are one browser's: never stored by a browser or a proxy.
    entry(authRoutes, { accounts }, { noStore: true }),
    entry(apiRoutes, { reader: services.reader, search: services.search }),
    entry(settingsRoutes, { settings: services.settings, withTestRoutes }),
    entry(editorSettingsRoutes, { editorSettings: services.editorSettings }, { noStore: true }),
    entry(samplePostsRoutes, { samplePosts: services.samplePosts }, { noStore: true }),
    ...(withTestRoutes
      ? [
          entry(
            testSiteRoutes,
            {
              db: options.database.db,
              dataDir: options.dataDir,
              forgetHosts: services.sites.forget,
              lastResetLink: resetLinks?.last,
            },
            { noStore: true },
          ),
        ]
      : []),
    entry(postEditorRoutes, { editor: services.postEditor }),
    entry(myPostsRoutes, { myPosts: services.myPosts }, { noStore: true, auth: 'member' }),
    entry(
      dashboardPostsRoutes,
      { postAdmin: services.postAdmin },
      { noStore: true, auth: 'member' },
    ),
    entry(
      dashboardRoutes,
      { summary: services.dashboardSummary },
      { noStore: true, auth: 'member' },
    ),
    entry(
      notificationRoutes,
      { notifications: services.notifications, withTestRoutes },
      { noStore: true, auth: 'member' },
    ),
    entry(memberRoutes, { profiles: services.profiles }),
    entry(tagRoutes, { tags: services.tags }),
    entry(
      dashboardCategoriesRoutes,
      { categories: services.dashboardCategories },
      { noStore: true, auth: 'member' },
    ),
    entry(dashboardTagsRoutes, { tags: services.dashboardTags }, { noStore: true, auth: 'member' }),
    entry(
      dashboardSettingsRoutes,
      { blogSettings: services.blogSettings },
      { noStore: true, auth: 'member' },
    ),
    entry(
      dashboardAnalyticsRoutes,
      { analytics: services.dashboardAnalytics },
      { noStore: true, auth: 'member' },
    ),
    entry(
      linkPreviewRoutes,
      { previews: createLinkPreviews({ fetch: options.linkPreview }) },
      { noStore: true },
    ),
    // A like, a rating and the readers' overlay are one reader's.
    entry(
      engagementRoutes,
      { engagement: services.engagement, readerState: services.readerState },
      { noStore: true },
    ),
    // Answers name the asker's own comments and subscriptions: never shared.
    entry(
      commentRoutes,
      {
        comments: services.comments,
        subscriptions: services.subscriptions,
        reports: services.reports,
      },
      { noStore: true },
    ),
    entry(pollRoutes, { polls: services.polls }, { noStore: true }),
    entry(
      dashboardCommentsRoutes,
      { comments: services.comments },
      { noStore: true, auth: 'member' },
    ),
    entry(dashboardReportsRoutes, { reports: services.reports }, { noStore: true, auth: 'member' }),
    entry(dashboardHealthRoutes, { health: services.health }, { noStore: true, auth: 'member' }),
    // The pages' error reports (decision 042): anyone's, limited per client.
    entry(errorIntakeRoutes, errors, { noStore: true }),
    entry(
      dashboardMembersRoutes,
      { members: services.members, accounts },
      { noStore: true, auth: 'member' },
    ),
    entry(
      dashboardImportRoutes,
      { transfers: services.transfers, accounts, db: options.database.db },
      { noStore: true, auth: 'member' },
    ),
    entry(mediaUploadRoutes, {
      library: mediaLibrary,
      quota: createUploadQuota(options.uploadQuota),
    }),
    entry(mediaRoutes, { dataDir: options.dataDir, library: mediaLibrary }, {}, '/media'),
    // At the site's root, where crawlers look for them.
    entry(sitemapRoutes, { sitemaps: services.sitemaps }, {}, ''),
  ];
}

/** Builds the app without listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Feeds, exports and e-mails speak the site's language: its files are read on first use.
  installServerLocales();
  // Browser specs render a blog in the pseudo-locale to find text that does not fit (issue 22).
  if (options.withTestRoutes) enablePseudoLocale();
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Per-request log lines cost more than the cached page itself; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Forwarded headers only from the proxies the operator named (decision 028): believing
    // anyone's X-Forwarded-For let a client pick its own address and escape the login limits.
    trustProxy: options.trustProxy ?? false,
  });
  // First of the hooks: every response carries the security headers, refusals too (decision 029).
  registerSecurityHeaders(app);
  const errors = await createMonitoring(options, app);
  const services = createServices(
    options.database,
    { error: (error, message) => app.log.error({ err: error }, message) },
    {
      hosts: options.hosts,
      readerStateNow: options.readerStateNow,
      errors,
      dataDir: options.dataDir,
    },
  );
  app.addHook('onClose', () => services.transfers.close());
  app.decorate('services', services);
  // No mail server (decision 017): the one-time reset link goes to the server log (and, with test
  // routes on, to the test route that hands it to browser specs).
  const resetLinks = options.withTestRoutes ? createResetLinkLog() : null;
  // The login limits' one store, Redis when several processes must share it (decision 028).
  const limiterStore = createLimiterStore({
    redisUrl: options.redisUrl,
    keyPrefix: options.rateLimitKeyPrefix,
    log: {
      error: (error, message) => app.log.error({ err: error }, message),
      info: (message) => app.log.info(message),
    },
  });
  app.addHook('onClose', () => limiterStore.close());
  await limiterStore.ready();
  const accounts = createAccounts({
    db: options.database.db,
    limits: options.auth?.limits,
    limiterStore,
    now: options.auth?.now,
    sessions: services.sessions,
    deliverResetLink: ({ siteId, email, url, expiresAt }) => {
      app.log.info({ email, url, expiresAt }, 'password reset link (no mail transport: logged)');
      resetLinks?.note(siteId, email, url);
    },
  });
  app.decorate('accounts', accounts);
  // Sessions (issue 5); with test routes on, tests may also name a member by a header.
  const resolveActor = createActorResolver({
    db: options.database.db,
    accounts,
    withTestRoutes: options.withTestRoutes ?? false,
  });

  // The request's site and identity, once per request, for every hook and route below.
  await app.register(requestContextPlugin, {
    // The host name as Fastify reads it: the Host header, or X-Forwarded-Host from a trusted proxy.
    siteOf: (request) => services.sites.siteFor(request.hostname),
    identityOf: resolveActor.identity,
  });
  // A member's write (a like, a rating, a follow, a comment, notifications read: any request of
  // theirs that changes state) changes what their pages show of them: what earlier pages read of
  // them is forgotten before the answer leaves, so the next page reads it again (decision 054).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
      return payload;
    }
    try {
      const [site, identity] = await Promise.all([request.site, request.identity]);
      const { memberId } = identity.actor;
      if (memberId !== null) services.readerState.forgetMember(site.id, memberId);
    } catch {
      // No site or no reader to be had (an unknown host, the database away): nothing to forget.
    }
    return payload;
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ZodError) {
      const fields = Object.fromEntries(
        error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]),
      );
      return reply
        .status(400)
        .send({ error: { code: 'validation_failed', message: 'Some fields are invalid', fields } });
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        error: { ...error.details, code: error.code, message: error.message, fields: error.fields },
      });
    }
    // The database away is an outage, not a bug: 503 and when to come back (decision 026).
    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send(databaseUnavailableBody());
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      recordRequestError(errors, request, error);
      return reply
        .status(500)
        .send({ error: { code: 'internal_error', message: 'Something went wrong on our side' } });
    }
    return reply.status(status).send({
      error: {
        code: (error as { code?: string }).code ?? 'bad_request',
        message: (error as Error).message,
      },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: {
        code: 'route_not_found',
        message: `No route for ${request.method} ${request.url}`,
      },
    });
  });

  await app.register(healthRoutes, { database: options.database });
  // Issue 15: unstorable text in a path is a 404, a JSON body is an object, unread bodies drain.
  registerInputGuards(app);
  registerCsrfGuard(app, { withTestRoutes: options.withTestRoutes ?? false });
  // A session in use with under half its life left gets 30 days more (decision 017).
  registerSessionSlide(app, { accounts, resolveActor });
  registerViewRecording(app, {
    views: services.views,
    log: { error: (error, message) => app.log.error({ err: error }, message) },
  });
  for (const { routes, options: routeOptions, policy, prefix } of routeTable(
    options,
    services,
    accounts,
    { recorder: errors, limiter: limiterStore.limiter('error-intake', ERROR_INTAKE_LIMIT) },
    resetLinks,
  )) {
    await app.register(routeSubtree(routes, policy), { prefix: prefix ?? '/api', ...routeOptions });
  }
  await app.register(htmlFrameRoutes);
  // Issue 19: the feeds and their aliases, before the pages' catch-all.
  registerFeedRoutes(app, {
    db: options.database.db,
    reader: services.reader,
    generations: services.generations,
  });
  if (options.pages) {
    await app.register(pageRoutes, {
      ...options.pages,
      reader: services.reader,
      search: services.search,
      related: services.related,
      settings: services.settings,
      generations: services.generations,
      accounts,
      errors,
      now: options.pageClock,
      withTestRoutes: options.withTestRoutes ?? false,
      movedTo: (site, pathname) => importedPostAddress(options.database.db, site, pathname),
      monitoring: {
        sentryDsn: options.monitoring?.sentryDsn ?? null,
        release: errors.release,
        testHooks: options.withTestRoutes ?? false,
      },
    });
  }
  return app;
}

/**
 * The error recorder (decision 042), with Sentry when a DSN is set; its buffer is written when
 * the app closes.
 */
async function createMonitoring(options: AppOptions, app: FastifyInstance): Promise<ErrorRecorder> {
  const release = options.monitoring?.release ?? 'dev';
  const log = {
    error: (error: unknown, message: string) => app.log.error({ err: error }, message),
  };
  const recorder = createErrorRecorder({
    db: options.database.db,
    mapper: createStackMapper(options.monitoring?.sourceMapsDir),
    release,
    log,
    flushIntervalMs: options.monitoring?.flushIntervalMs,
    forwarder: await createSentryForwarder({ dsn: options.monitoring?.sentryDsn, release }),
  });
  app.decorate('errors', recorder);
  app.addHook('onClose', () => recorder.stop());
  return recorder;
}

/** A request that answered 5xx, recorded against its site when the site could be read. */
function recordRequestError(errors: ErrorRecorder, request: FastifyRequest, error: unknown) {
  const path = request.url.split('?')[0] ?? request.url;
  void Promise.resolve()
    .then(() => request.site)
    .then(
      (site) => site.id,
      () => null,
    )
    .then((siteId) => errors.recordServer(siteId, error, `${request.method} ${path}`));
}

declare module 'fastify' {
  interface FastifyInstance {
    services: ReturnType<typeof createServices>;
    /** Accounts and sessions (decision 017); main.ts sweeps their expired rows. */
    accounts: ReturnType<typeof createAccounts>;
    /** The error recorder (decision 042): main.ts records its jobs' failures in it. */
    errors: ErrorRecorder;
  }
}
