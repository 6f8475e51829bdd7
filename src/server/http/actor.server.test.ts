import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_ACTOR } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { createAccounts, type SessionRecord } from '../services/accounts.server';
import { createActorResolver, TEST_MEMBER_HEADER } from './actor.server';

const site = { id: '00000000-0000-4000-8000-000000000001', blogBase: '/blog' } as SiteView;
const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
/** A database no test here may touch. */
const untouchable = new Proxy({} as Database, {
  get() {
    throw new Error('no query expected');
  },
});

const record: SessionRecord = {
  actor: { memberId: 'm1', role: 'writer', isBlocked: false, privacy: 'PUBLIC' },
  member: { siteMemberId: 'm1', slug: 'ada', name: 'Ada', image: null, isBlocked: false },
  expiresAt: new Date(),
};

function resolverWith(found: SessionRecord | null, withTestRoutes = false) {
  const calls: (string | null)[] = [];
  const resolve = createActorResolver({
    db: untouchable,
    withTestRoutes,
    accounts: {
      findSession: async (_site, token) => {
        calls.push(token);
        return found;
      },
    },
  });
  return { resolve, calls };
}

describe('resolveActor', () => {
  it('is a visitor without a session cookie, asking nothing', async () => {
    const { resolve, calls } = resolverWith(record);
    expect(await resolve(request({}), site)).toEqual(ANONYMOUS_ACTOR);
    expect(calls).toEqual([]);
  });

  it("is the session's member, looked up once per request", async () => {
    const { resolve, calls } = resolverWith(record);
    const req = request({ cookie: 'a=b; inkwell_session=tok' });
    expect(await resolve(req, site)).toEqual(record.actor);
    const identity = await resolve.identity(req, site);
    expect(identity).toMatchObject({ via: 'session', sessionToken: 'tok', member: record.member });
    // With their profile's address, for the header's My profile.
    expect(identity.member?.link).toBe('/blog/profiles/ada');
    expect(calls).toEqual(['tok']);
  });

  it('marks a cookie that names no session, so it can be cleared', async () => {
    const { resolve } = resolverWith(null);
    const identity = await resolve.identity(request({ cookie: 'inkwell_session=old' }), site);
    expect(identity).toMatchObject({ actor: ANONYMOUS_ACTOR, hasDeadSessionCookie: true });
  });

  it('ignores the test header unless test routes are on', async () => {
    const { resolve, calls } = resolverWith(record);
    const req = request({ [TEST_MEMBER_HEADER]: 'not-a-uuid', cookie: 'inkwell_session=tok' });
    expect((await resolve.identity(req, site)).via).toBe('session');
    expect(calls).toEqual(['tok']);
    const testing = resolverWith(record, true);
    const identity = await testing.resolve.identity(req, site);
    // The header wins, and a header that names nobody is a visitor (no query of bad text).
    expect(identity).toMatchObject({ via: 'test-header', actor: ANONYMOUS_ACTOR });
    expect(testing.calls).toEqual([]);
  });
});

describe('findSession', () => {
  it('costs no query for a cookie that cannot be a token (the bench cookie)', async () => {
    const accounts = createAccounts({ db: untouchable, deliverResetLink: () => {} });
    expect(await accounts.findSession(site, 'bench')).toBeNull();
    expect(await accounts.findSession(site, null)).toBeNull();
  });
});
