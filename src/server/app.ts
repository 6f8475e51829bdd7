/**
 * Composes the Fastify app: error handling, the API, media, static assets and the server-rendered
 * pages. `buildApp` never listens; `main.ts` does, and tests use `app.inject()`.
 */
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { ZodError } from 'zod';
import type { SiteView } from '../domain/views';
import { SiteGenerations, SiteMemo } from './cache/generations.server';
import type { DatabaseHandle } from './db/connection.server';
import { AppError } from './errors';
import { apiRoutes } from './http/api-routes';
import { mediaRoutes } from './http/media-routes';
import { createBlogReader } from './services/blog-reader.server';
import { createPostWriter } from './services/post-writer.server';
import { createSites } from './services/sites.server';
import { type PagesOptions, pageRoutes } from './ssr/pages.server';

export interface AppOptions {
  database: DatabaseHandle;
  dataDir: string;
  /** The React Router server build and client folder; without it only the API and media run. */
  pages?: Omit<PagesOptions, 'reader' | 'siteOf' | 'generations'>;
  logLevel?: string;
}

/** Everything built at boot from the app's dependencies (CONVENTIONS: services from deps). */
export function createServices(database: DatabaseHandle) {
  const generations = new SiteGenerations();
  const memo = new SiteMemo(generations);
  // A presented feed page is about 40 KB of objects: 300 of them stay well inside the heap bound.
  const feedMemo = new SiteMemo(generations, { maxEntries: 300 });
  return {
    generations,
    sites: createSites({ db: database.db }),
    reader: createBlogReader({ db: database.db, memo, feedMemo }),
    postWriter: createPostWriter({ db: database.db, generations }),
  };
}

/** Builds the app without listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    // Per-request log lines cost more than the cached page itself; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
  });
  const services = createServices(options.database);
  app.decorate('services', services);

  async function siteOf(request: FastifyRequest): Promise<SiteView> {
    const site = await services.sites.resolve(request.headers.host);
    if (!site) throw new AppError(503, 'site_not_configured', 'No site is set up yet');
    return site;
  }

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
        error: { code: error.code, message: error.message, fields: error.fields },
      });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
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

  await app.register(apiRoutes, { prefix: '/api', reader: services.reader, siteOf });
  await app.register(mediaRoutes, { prefix: '/media', dataDir: options.dataDir, siteOf });
  if (options.pages) {
    await app.register(pageRoutes, {
      ...options.pages,
      reader: services.reader,
      siteOf,
      generations: services.generations,
    });
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: ReturnType<typeof createServices>;
  }
}
