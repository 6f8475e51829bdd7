import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_ACTOR } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import { AppError } from '../errors.server';
import type { RequestIdentity } from './actor.server';
import { NO_STORE, requestContextPlugin, routeSubtree } from './request-context.server';

const MEMBER_ID = '00000000-0000-4000-8000-000000000001';

/** An app whose site and identity lookups are counted; `x-member` makes the request a member. */
async function buildContextApp(register: (app: FastifyInstance) => Promise<void>) {
  const calls = { site: 0, identity: 0 };
  const app = Fastify({ logger: false });
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof AppError ? error.status : 500;
    return reply.status(status).send({ code: (error as AppError).code });
  });
  await app.register(requestContextPlugin, {
    siteOf: async (request) => {
      calls.site += 1;
      return { id: 'site-1', name: request.hostname } as unknown as SiteView;
    },
    identityOf: async (request) => {
      calls.identity += 1;
      const isMember = request.headers['x-member'] === 'yes';
      return {
        actor: isMember
          ? { memberId: MEMBER_ID, role: 'writer', isBlocked: false, privacy: 'PUBLIC' }
          : ANONYMOUS_ACTOR,
        member: null,
        sessionToken: null,
        via: isMember ? 'test-header' : 'none',
        hasDeadSessionCookie: false,
      } satisfies RequestIdentity;
    },
  });
  await register(app);
  return { app, calls };
}

describe('the request context', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it('looks the site and the identity up once per request, however often they are read', async () => {
    const built = await buildContextApp(async (instance) => {
      // A hook asks first (as the anti-forgery guard does), then the handler asks again.
      const onRequest = async (request: FastifyRequest) => {
        await request.identity;
      };
      instance.get('/twice', { onRequest }, async (request) => {
        const [site, again] = await Promise.all([request.site, request.site]);
        const actor = await request.actor;
        const identity = await request.identity;
        return { same: site === again, memberId: actor.memberId, via: identity.via };
      });
      instance.get('/nothing', async () => ({ ok: true }));
    });
    app = built.app;
    const answer = await app.inject({ url: '/twice', headers: { 'x-member': 'yes' } });
    expect(answer.json()).toEqual({ same: true, memberId: MEMBER_ID, via: 'test-header' });
    expect(built.calls).toEqual({ site: 1, identity: 1 });
    // A route that reads neither pays for neither.
    await app.inject({ url: '/nothing' });
    expect(built.calls).toEqual({ site: 1, identity: 1 });
    // Each request its own.
    await app.inject({ url: '/twice' });
    expect(built.calls).toEqual({ site: 2, identity: 2 });
  });

  it('gives a noStore subtree private, no-store, refusals too, and a route may opt out', async () => {
    const built = await buildContextApp(async (instance) => {
      const routes = async (sub: FastifyInstance) => {
        sub.get('/mine', async () => ({ ok: true }));
        sub.get('/fails', async () => {
          throw new AppError(409, 'conflict', 'No');
        });
        sub.get('/shared', { config: { noStore: false } }, async () => ({ ok: true }));
      };
      await instance.register(routeSubtree(routes, { noStore: true }), { prefix: '/api' });
      await instance.register(routeSubtree(routes), { prefix: '/open' });
    });
    app = built.app;
    expect((await app.inject({ url: '/api/mine' })).headers['cache-control']).toBe(NO_STORE);
    const failed = await app.inject({ url: '/api/fails' });
    expect(failed.statusCode).toBe(409);
    expect(failed.headers['cache-control']).toBe(NO_STORE);
    expect((await app.inject({ url: '/api/shared' })).headers['cache-control']).toBeUndefined();
    expect((await app.inject({ url: '/open/mine' })).headers['cache-control']).toBeUndefined();
    // Declaring a policy resolves nothing by itself.
    expect(built.calls).toEqual({ site: 0, identity: 0 });
  });

  it("refuses a visitor on an auth: 'member' subtree before the handler, and lets a member in", async () => {
    let handled = 0;
    const built = await buildContextApp(async (instance) => {
      const routes = async (sub: FastifyInstance) => {
        sub.get('/inbox', async () => {
          handled += 1;
          return { ok: true };
        });
        sub.post('/test/arrange', { config: { auth: 'none' } }, async () => ({ ok: true }));
      };
      await instance.register(routeSubtree(routes, { noStore: true, auth: 'member' }), {
        prefix: '/api',
      });
    });
    app = built.app;
    const visitor = await app.inject({ url: '/api/inbox' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ code: 'login-required' });
    expect(visitor.headers['cache-control']).toBe(NO_STORE);
    expect(handled).toBe(0);
    const member = await app.inject({ url: '/api/inbox', headers: { 'x-member': 'yes' } });
    expect(member.statusCode).toBe(200);
    expect(handled).toBe(1);
    expect((await app.inject({ method: 'POST', url: '/api/test/arrange' })).statusCode).toBe(200);
  });
});
