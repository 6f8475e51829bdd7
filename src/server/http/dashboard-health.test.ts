/**
 * Error monitoring through HTTP (issue 18 § Error monitoring; decision 042), on PGlite and
 * PostgreSQL: `POST /api/errors` (validation naming the field, bounded body, no anti-forgery token
 * needed, rate limit per client, never a 500), a 5xx recorded, and `/api/dashboard/health` for
 * owners only (editors, writers, readers 403; visitors 401): the list newest last seen first,
 * a group's details, resolve / ignore / open again.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorGroupDetailView, ErrorGroupView, HealthPageView } from '../../domain/health';
import { ERROR_INTAKE_PER_MINUTE } from '../../domain/health';
import type { Role } from '../../domain/permissions';
import { createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({
  withTestRoutes: true,
  app: {
    rateLimitKeyPrefix: `inkwell-test:${randomUUID()}`,
    monitoring: { release: '9.9.9+test', flushIntervalMs: 60_000 },
  },
});

type Method = 'GET' | 'POST' | 'PATCH';
const ROLES: Role[] = ['owner', 'editor', 'writer', 'guest-writer', 'open-blog-writer', 'user'];
const members = {} as Record<Role, string>;
let clientCount = 0;

beforeAll(async () => {
  for (const role of ROLES) {
    members[role] = (await createMember(harness.db, harness.site.id, { role })).id;
  }
  // A route that fails as a bug would (the 5xx path of the error handler).
  harness.app.get('/api/test-health/boom', async () => {
    throw new RangeError('handler broke on item 17');
  });
});

function call(member: string | null, method: Method, url: string, payload?: unknown) {
  const headers: Record<string, string> = { host: harness.site.host };
  if (member) headers[TEST_MEMBER_HEADER] = member;
  return harness.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A report from its own client address (the intake limits per client). */
function report(payload: unknown, options: { ip?: string; raw?: string; type?: string } = {}) {
  clientCount += 1;
  return harness.app.inject({
    method: 'POST',
    url: '/api/errors',
    remoteAddress: options.ip ?? `10.0.${Math.floor(clientCount / 250)}.${clientCount % 250}`,
    headers: {
      host: harness.site.host,
      'content-type': options.type ?? 'application/json',
      'user-agent': 'TestBrowser/1.0',
      // A visitor's cookie: the intake still needs no anti-forgery token.
      cookie: 'inkwell_visitor=abc',
    },
    payload: options.raw ?? JSON.stringify(payload),
  });
}

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; fields?: Record<string, string> } }).error;

const clientError = (message: string, extra: object = {}) => ({
  source: 'error',
  message,
  stack: `Error: ${message}\n    at render (https://blog.test/assets/post-card-B1x9_aZq.js:1:42)`,
  url: 'https://blog.test/blog/a-post',
  ...extra,
});

async function ownerList(status?: string): Promise<HealthPageView> {
  const response = await call(
    members.owner,
    'GET',
    `/api/dashboard/health${status ? `?status=${status}` : ''}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function groupWith(message: string, status?: string): Promise<ErrorGroupView | undefined> {
  await harness.app.errors.flush();
  return (await ownerList(status)).groups.find((g) => g.message === message);
}

describe('POST /api/errors', () => {
  it('takes a batch (202), and the group appears for the owner with count, kind and release', async () => {
    const response = await report({
      reports: [clientError('Error: Alpha broke'), clientError('Error: Alpha broke', { count: 4 })],
    });
    expect(response.statusCode).toBe(202);
    const group = await groupWith('Error: Alpha broke');
    expect(group).toMatchObject({
      kind: 'client',
      source: 'error',
      count: 5,
      status: 'open',
      release: '9.9.9+test',
      location: 'https://blog.test/assets/post-card-B1x9_aZq.js:1:42',
    });
  });

  it('answers 400 naming the field for a bad batch, and never a 500', async () => {
    let response = await report({ reports: [clientError('x', { source: 'nope' })] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['reports.0.source']);
    response = await report({ reports: [clientError('x'.repeat(1001))] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toHaveProperty(['reports.0.message']);
    response = await report({ reports: [] });
    expect(errorOf(response).fields).toHaveProperty('reports');
    response = await report({ reports: [clientError('x', { count: 0 })] });
    expect(errorOf(response).fields).toHaveProperty(['reports.0.count']);
    response = await report({ reports: [clientError('x')], extra: true });
    expect(response.statusCode).toBe(400);
    response = await report(null, { raw: '{"reports": [' });
    expect(response.statusCode).toBe(400);
    response = await report(null, { raw: '[1,2]' });
    expect(response.statusCode).toBe(400);
    response = await report(null, { raw: 'hello', type: 'text/plain' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('bounds the body (413)', async () => {
    const response = await report(null, {
      raw: JSON.stringify({ reports: [clientError('x', { stack: 'y'.repeat(200_000) })] }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('limits each client address (429 with Retry-After), not the others', async () => {
    const ip = '192.0.2.77';
    const batch = { reports: [clientError('Error: Limited')] };
    for (let i = 0; i < ERROR_INTAKE_PER_MINUTE; i += 1) {
      expect((await report(batch, { ip })).statusCode).toBe(202);
    }
    const refused = await report(batch, { ip });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('too_many_reports');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await report(batch, { ip: '192.0.2.78' })).statusCode).toBe(202);
  });
});

describe('server errors', () => {
  it('records a 5xx answer as a server group, its message kept from the client', async () => {
    const response = await call(null, 'GET', '/api/test-health/boom');
    expect(response.statusCode).toBe(500);
    expect(JSON.stringify(response.json())).not.toContain('item 17');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const group = await groupWith('RangeError: handler broke on item 17');
    expect(group).toMatchObject({ kind: 'server', count: 1 });
    expect(group?.location).toContain('dashboard-health.test.ts');
  });
});

describe('/api/dashboard/health', () => {
  it('is the owners’: 401 for visitors, 403 for every other role, on every route', async () => {
    await report({ reports: [clientError('Error: Guarded')] });
    const group = await groupWith('Error: Guarded');
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/dashboard/health'],
      ['GET', `/api/dashboard/health/${group?.id}`],
      ['PATCH', `/api/dashboard/health/${group?.id}`, { status: 'resolved' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
      for (const role of ROLES.filter((r) => r !== 'owner')) {
        const response = await call(members[role], method, url, payload);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await groupWith('Error: Guarded'))?.status).toBe('open');
  });

  it('lists newest last seen first and pages by cursor', async () => {
    await report({ reports: [clientError('Error: Older one')] });
    await harness.app.errors.flush();
    await report({ reports: [clientError('Error: Newer one')] });
    await harness.app.errors.flush();
    const { groups } = await ownerList();
    const names = groups.map((g) => g.message);
    expect(names.indexOf('Error: Newer one')).toBeLessThan(names.indexOf('Error: Older one'));
    const bad = await call(members.owner, 'GET', '/api/dashboard/health?cursor=nope');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('cursor');
    const badStatus = await call(members.owner, 'GET', '/api/dashboard/health?status=lost');
    expect(errorOf(badStatus).fields).toHaveProperty('status');
  });

  it('opens a group with its sample, and resolves, ignores and opens it again', async () => {
    await report({ reports: [clientError('Error: Lifecycle')] });
    const group = await groupWith('Error: Lifecycle');
    const detail = await call(members.owner, 'GET', `/api/dashboard/health/${group?.id}`);
    expect(detail.json<ErrorGroupDetailView>()).toMatchObject({
      url: 'https://blog.test/blog/a-post',
      userAgent: 'TestBrowser/1.0',
      firstRelease: '9.9.9+test',
      frames: [expect.objectContaining({ functionName: 'render', line: 1, column: 42 })],
    });

    const resolved = await call(members.owner, 'PATCH', `/api/dashboard/health/${group?.id}`, {
      status: 'resolved',
    });
    expect(resolved.json<ErrorGroupView>().status).toBe('resolved');
    expect(await groupWith('Error: Lifecycle')).toBeUndefined();
    expect(await groupWith('Error: Lifecycle', 'resolved')).toBeDefined();
    // It happens again: open again, counted on.
    await report({ reports: [clientError('Error: Lifecycle')] });
    expect(await groupWith('Error: Lifecycle')).toMatchObject({ status: 'open', count: 2 });

    await call(members.owner, 'PATCH', `/api/dashboard/health/${group?.id}`, { status: 'ignored' });
    await report({ reports: [clientError('Error: Lifecycle')] });
    expect(await groupWith('Error: Lifecycle', 'ignored')).toMatchObject({ count: 3 });
  });

  it('answers 400 for a bad id or status and 404 for a group of no one', async () => {
    const bad = await call(members.owner, 'PATCH', '/api/dashboard/health/not-a-uuid', {
      status: 'resolved',
    });
    expect(errorOf(bad).fields).toHaveProperty('id');
    const missing = await call(members.owner, 'PATCH', `/api/dashboard/health/${randomUUID()}`, {
      status: 'resolved',
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('error_group_not_found');
    const { groups } = await ownerList();
    const badStatus = await call(members.owner, 'PATCH', `/api/dashboard/health/${groups[0]?.id}`, {
      status: 'gone',
    });
    expect(errorOf(badStatus).fields).toHaveProperty('status');
  });

  it('never shows another site’s groups', async () => {
    const other = await harness.app.inject({
      method: 'GET',
      url: `/api/dashboard/health/${(await groupWith('Error: Alpha broke'))?.id}`,
      headers: { host: 'elsewhere.invalid', [TEST_MEMBER_HEADER]: members.owner },
    });
    expect(other.statusCode).not.toBe(200);
  });
});
