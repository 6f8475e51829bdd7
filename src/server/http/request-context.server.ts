/**
 * The request's context, resolved once (issue 16 §2; DESIGN.md "How a request flows"): every hook,
 * route and the page handler read `request.site`, `request.identity` and `request.actor` instead
 * of looking the site up by host or resolving the session again.
 *
 * The three are memoised getters, not a hook: nearly every request needs the site, only some the
 * actor, and static files and media need neither; a getter costs nothing until it is read, and a
 * second read is the same promise. Measured (issue 16, 2 loaded CPUs; CPU per injected request
 * of a route that reads site and identity, 6 interleaved rounds of 20,000): getters 50 µs median,
 * the former direct calls with the resolver's WeakMap 51 µs, one `onRequest` hook resolving both
 * within noise of either; the hook would also cost assets and media a site lookup, and answer an
 * unknown host (421 `host_unknown`) before routes that never ask for the site.
 *
 * Route subtrees declare their policy once (`routeSubtree`): `config.noStore` sets
 * `cache-control: private, no-store` before the handler runs (the answer is one reader's), and
 * `config.auth: 'member'` refuses a visitor with 401 `login-required` before the handler runs.
 */
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { deviceFromHeaders } from '../../domain/device';
import type { Actor } from '../../domain/permissions';
import type { Device } from '../../domain/settings';
import type { SiteView } from '../../domain/views';
import { PermissionError } from '../errors.server';
import type { RequestIdentity } from './actor.server';

/** How the context is found: by the app's site directory and actor resolver (or a test's). */
export interface RequestContextOptions {
  /** The site a request's host names (the Host header, or X-Forwarded-Host from a trusted proxy). */
  siteOf(request: FastifyRequest): Promise<SiteView>;
  /** Who the request is on that site (the session cookie, or the test-only member header). */
  identityOf(request: FastifyRequest, site: SiteView): Promise<RequestIdentity>;
}

/** What a route may declare for itself or for its whole subtree (`config`). */
export interface RoutePolicy {
  /** The answer is one reader's: `cache-control: private, no-store`. */
  noStore?: boolean;
  /** `member`: a visitor is refused (401 `login-required`) before the handler runs. */
  auth?: 'member' | 'none';
}

/** The header value a `noStore` route answers with. */
export const NO_STORE = 'private, no-store';

const SITE = Symbol('inkwell.request.site');
const IDENTITY = Symbol('inkwell.request.identity');

type ContextFields = {
  [SITE]: Promise<SiteView> | null;
  [IDENTITY]: Promise<RequestIdentity> | null;
};

async function requestContext(app: FastifyInstance, options: RequestContextOptions) {
  // Declared up front so that every request object keeps one shape (Fastify's advice).
  app.decorateRequest(SITE, null);
  app.decorateRequest(IDENTITY, null);
  app.decorateRequest('site', {
    getter(this: FastifyRequest) {
      const fields = this as unknown as ContextFields;
      fields[SITE] ??= options.siteOf(this);
      return fields[SITE];
    },
  });
  app.decorateRequest('identity', {
    getter(this: FastifyRequest) {
      const fields = this as unknown as ContextFields;
      fields[IDENTITY] ??= this.site.then((site) => options.identityOf(this, site));
      return fields[IDENTITY];
    },
  });
  app.decorateRequest('device', {
    getter(this: FastifyRequest) {
      return deviceFromHeaders(
        this.headers['user-agent'],
        this.headers['sec-ch-ua-mobile'] as string | undefined,
      );
    },
  });
  app.decorateRequest('actor', {
    getter(this: FastifyRequest) {
      return this.identity.then((identity) => identity.actor);
    },
  });
}

/**
 * Decorates every request with its `site`, `identity` and `actor` (memoised promises). Register
 * it before any hook or route that reads them.
 */
export const requestContextPlugin = fastifyPlugin(requestContext, {
  name: 'inkwell-request-context',
  fastify: '5.x',
});

/** A route's declarations as its own `onRequest` hooks: routes that declare nothing pay nothing. */
function applyPolicy(route: RouteOptions): void {
  const policy = route.config as RoutePolicy | undefined;
  const hooks: onRequestAsyncHookHandler[] = [];
  if (policy?.noStore) {
    hooks.push(async (_request, reply) => {
      reply.header('cache-control', NO_STORE);
    });
  }
  if (policy?.auth === 'member') {
    hooks.push(async (request) => {
      if ((await request.actor).memberId === null) throw new PermissionError('login-required');
    });
  }
  if (hooks.length === 0) return;
  const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
  route.onRequest = [...own, ...hooks] as RouteOptions['onRequest'];
}

/**
 * Registers `routes` as a subtree whose every route declares `policy` (a route's own `config`
 * wins): caching and authentication said once, where the subtree is mounted. The declarations
 * become hooks of each route (set before the handler: a refusal is no-store too).
 */
export function routeSubtree<Options extends object>(
  routes: (app: FastifyInstance, options: Options) => Promise<void>,
  policy: RoutePolicy = {},
) {
  return async function subtree(app: FastifyInstance, options: Options) {
    app.addHook('onRoute', (route) => {
      route.config = { ...policy, ...(route.config as object) } as RouteOptions['config'];
      applyPolicy(route);
    });
    await routes(app, options);
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The site the request's host names; looked up once per request, on first read. */
    readonly site: Promise<SiteView>;
    /** Who is asking, and how we know (session, test header, visitor); once per request. */
    readonly identity: Promise<RequestIdentity>;
    /**
     * The device whose settings apply (SPEC §1: desktop and mobile customised apart): to the page
     * and to every action taken from it, so an action is allowed by the settings of the page that
     * offered it (issue 16 §4: one place decides).
     */
    readonly device: Device;
    /** `identity`'s actor: what permissions are checked against. */
    readonly actor: Promise<Actor>;
  }
  interface FastifyContextConfig extends RoutePolicy {}
}
