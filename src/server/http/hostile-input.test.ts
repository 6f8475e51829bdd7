/**
 * Issue 15 "U+0000 gives 500" and "A JSON `null` body answers 200" (decision 027), through HTTP
 * on the real app with its pages, as a signed-in owner so that no permission check answers
 * first: every registered route (listed by Fastify's `onRoute` hook, the page catch-all walked
 * through the blog's route table) with U+0000 in each path parameter, in query strings and in
 * JSON bodies, answers without a 5xx; the fields the review named answer 400 naming the field.
 */
import { randomUUID } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_ACTOR } from '../../domain/permissions';
import { expandPattern, ROUTE_TABLE } from '../../domain/routes';
import { documentOf, paragraph, text } from '../../rich-content/document';
import { logInNewMember, TEST_PASSWORD, TestBrowser } from '../testing/auth.server';
import { setUpTestApp } from '../testing/test-app.server';

/** Every route the app registers, as Fastify announces it (`fastify.initialization`). */
const routes: { method: string; url: string }[] = [];
const initialization = channel('fastify.initialization');
function listRoutes(message: unknown) {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? '' });
  });
}
initialization.subscribe(listRoutes);

const harness = setUpTestApp({ pages: true, withTestRoutes: true });
let owner: TestBrowser;

beforeAll(async () => {
  initialization.unsubscribe(listRoutes);
  owner = await logInNewMember(harness, { role: 'owner' });
});

const NUL = 'a%00b';
const UNSAFE = 'a\u0000b';

/** A value a path parameter of this name accepts, so that only the attacked one is wrong. */
function usualValue(name: string): string {
  if (name === 'year') return '2024';
  if (['month', 'day', 'page', 'pageIndex'].includes(name)) return '1';
  if (name === 'widget') return 'blog';
  if (name === 'device') return 'desktop';
  if (name === 'targetType') return 'post';
  if (name === 'variant') return 'w640.webp';
  if (name === '*') return 'assets/x.js';
  return /id$/i.test(name) ? randomUUID() : 'hello';
}

/** `/a/:b/:c` with `attacked` set to `value` and the other parameters to usual values. */
function fill(url: string, attacked: string | null, value: string): string {
  return url
    .replace(/:(\w+)/g, (_, name: string) => (name === attacked ? value : usualValue(name)))
    .replace(/\*$/, attacked === '*' ? value : '');
}

function paramsOf(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!).concat(url.endsWith('*') ? ['*'] : []);
}

/** Every query parameter and body field name the API's schemas read, and the settings'. */
const QUERY_KEYS = ['q', 'page', 'pageSize', 'after', 'query', 'url', 'status', 'unread'];
const PAGE_QUERY_KEYS = [...QUERY_KEYS, 'token', 'mode', 'device', 'draft', 'renderMode'];
/** The body fields whose text could reach the database: each is sent alone, unsafe. */
const BODY_KEYS = [
  ...['email', 'password', 'name', 'token', 'about', 'title', 'excerpt', 'content', 'language'],
  ...['label', 'details', 'host', 'ownerEmail', 'ownerPassword', 'event', 'feed.allPostsLabel'],
];
/** Every field name the API's body schemas read (sent together, with a lone surrogate). */
const ALL_BODY_KEYS = [
  ...BODY_KEYS,
  ...['privacyStatus', 'imageId', 'scheduledFor', 'replyTo', 'enabled', 'targetType'],
  ...['targetId', 'reason', 'optionIds', 'value', 'widget', 'device', 'tab', 'memberId'],
];
// A walk makes hundreds of requests; on a busy machine that takes a while (a bound, not a wait).
const WALK_MS = 240_000;

// Logging out would make the rest of the walk a visitor's; the notification stream never ends
// (its own tests read it from a real socket).
const isSkipped = (url: string) =>
  url === '/api/auth/logout' || url === '/api/notifications/stream';

async function expectNo5xx(method: string, url: string, payload?: string) {
  const response = await owner.request(method as 'GET', url, {
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
  });
  expect(response.statusCode, `${method} ${url} ${payload ?? ''}`).toBeLessThan(500);
  return response;
}

describe('every registered route under hostile input', () => {
  const api = () => routes.filter((r) => r.method !== 'HEAD' && r.url !== '/*');

  it('lists the routes of the API, the media and the pages', () => {
    const urls = routes.map((r) => r.url);
    for (const url of ['/api/posts/slug/:slug', '/api/members/me', '/media/:mediaId/:variant']) {
      expect(urls).toContain(url);
    }
    expect(urls).toContain('/*');
    expect(api().length).toBeGreaterThan(60);
  });

  it('answers 404 to U+0000 in any path parameter', async () => {
    for (const { method, url } of api()) {
      for (const name of paramsOf(url)) {
        const response = await expectNo5xx(method, fill(url, name, NUL));
        expect(response.statusCode, `${method} ${url} :${name}`).toBe(404);
      }
    }
  });

  it('answers 404 to U+0000 in any parameter of every blog page', async () => {
    for (const route of Object.values(ROUTE_TABLE)) {
      for (const pattern of expandPattern(route.pattern)) {
        for (const name of paramsOf(pattern)) {
          for (const method of ['GET', 'POST']) {
            const url = `/blog${fill(pattern, name, NUL)}`;
            const response = await expectNo5xx(method, url);
            expect(response.statusCode, `${method} ${url}`).toBe(404);
          }
        }
      }
    }
    for (const url of ['/a%00b', '/blog/a%00b', '/blog/profiles/a%00b', '/editor?x=1']) {
      await expectNo5xx('GET', url);
    }
  });

  it(
    'never answers 5xx to U+0000 in a query parameter, on the API and the pages',
    async () => {
      for (const { method, url } of api()) {
        if (isSkipped(url)) continue;
        for (const key of QUERY_KEYS)
          await expectNo5xx(method, `${fill(url, null, '')}?${key}=${NUL}`);
      }
      // Every page parameter at once: a page reads few of them, and each render costs.
      const query = PAGE_QUERY_KEYS.map((key) => `${key}=${NUL}`).join('&');
      for (const route of Object.values(ROUTE_TABLE)) {
        const [pattern] = expandPattern(route.pattern);
        await expectNo5xx('GET', `/blog${fill(pattern!, null, '')}?${query}`);
      }
    },
    WALK_MS,
  );

  it(
    'answers 400 naming the body to a JSON body that is not an object, on every route',
    async () => {
      for (const { method, url } of api()) {
        if (method === 'GET') continue;
        for (const payload of ['null', '[]', '"text"']) {
          const response = await expectNo5xx(method, fill(url, null, ''), payload);
          expect(response.statusCode, `${method} ${url} ${payload}`).toBe(400);
          expect(response.json().error, `${method} ${url} ${payload}`).toMatchObject({
            code: 'validation_failed',
            fields: { body: expect.any(String) },
          });
        }
      }
    },
    WALK_MS,
  );

  it(
    'never answers 5xx to U+0000 or a lone surrogate in any JSON body field',
    async () => {
      const bodies = [
        ...BODY_KEYS.map((key) => JSON.stringify({ [key]: UNSAFE })),
        `{${ALL_BODY_KEYS.map((key) => `${JSON.stringify(key)}:"x\\ud800"`).join(',')}}`,
        JSON.stringify({ [UNSAFE]: 'key' }),
      ];
      for (const { method, url } of api()) {
        if (method === 'GET' || isSkipped(url)) continue;
        for (const payload of bodies) await expectNo5xx(method, fill(url, null, ''), payload);
      }
    },
    WALK_MS,
  );
});

describe('the fields the review named', () => {
  const doc = (value: string) => documentOf([paragraph(text(value))]);

  async function expectRefused(
    browser: TestBrowser,
    method: 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload: unknown,
    field: string,
  ) {
    const response = await browser.request(method, url, { payload: payload as object });
    expect(response.statusCode, `${method} ${url} ${field}`).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(Object.keys(response.json().error.fields), `${method} ${url}`).toContain(field);
  }

  it('answers 404, not 500, to U+0000 in a post slug or a member slug, API and pages', async () => {
    for (const url of [
      '/api/posts/slug/a%00b',
      '/api/members/a%00b',
      '/blog/a%00b',
      '/blog/profiles/a%00b',
    ]) {
      const response = await owner.request('GET', url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('refuses U+0000 in a post title, its content, a tag label, a profile name and bio', async () => {
    const created = await owner.request('POST', '/api/editor/posts', { payload: {} });
    expect(created.statusCode).toBe(201);
    const { id, revision } = created.json() as { id: string; revision: number };
    const post = `/api/editor/posts/${id}`;
    await expectRefused(owner, 'POST', '/api/editor/posts', { title: UNSAFE }, 'title');
    await expectRefused(owner, 'PUT', post, { revision, title: UNSAFE }, 'title');
    await expectRefused(owner, 'PUT', post, { revision, excerpt: 'x\ud800' }, 'excerpt');
    await expectRefused(
      owner,
      'PUT',
      post,
      { revision, content: doc(UNSAFE) },
      'content.nodes.0.nodes.0.textData.text',
    );
    await expectRefused(owner, 'POST', '/api/editor/tags', { label: UNSAFE }, 'label');
    await expectRefused(owner, 'PATCH', '/api/members/me', { name: UNSAFE }, 'name');
    await expectRefused(owner, 'PATCH', '/api/members/me', { about: `ok ${UNSAFE}` }, 'about');
    // Nothing was stored: the draft still has its first revision and no title.
    const stored = await owner.request('GET', post);
    expect(stored.json()).toMatchObject({ revision, title: '' });
  });

  it('refuses U+0000 in a comment, a report and a setting', async () => {
    const postId = randomUUID();
    await expectRefused(
      owner,
      'POST',
      `/api/posts/${postId}/comments`,
      { content: doc(UNSAFE) },
      'content.nodes.0.nodes.0.textData.text',
    );
    await expectRefused(
      owner,
      'PATCH',
      `/api/comments/${randomUUID()}`,
      { content: doc(`fine\ud800`) },
      'content.nodes.0.nodes.0.textData.text',
    );
    await expectRefused(
      owner,
      'POST',
      '/api/reports',
      { targetType: 'post', targetId: postId, reason: 'spam', details: UNSAFE },
      'details',
    );
    await expectRefused(
      owner,
      'PATCH',
      '/api/editor/settings/blog/desktop',
      { 'feed.allPostsLabel': UNSAFE },
      'feed.allPostsLabel',
    );
  });

  it('refuses U+0000 in a login email and a sign-up name', async () => {
    const visitor = new TestBrowser(harness.app, harness.site.host);
    await expectRefused(
      visitor,
      'POST',
      '/api/auth/login',
      { email: `x${UNSAFE}@example.test`, password: TEST_PASSWORD },
      'email',
    );
    await expectRefused(
      visitor,
      'POST',
      '/api/auth/signup',
      { email: `new-${randomUUID()}@example.test`, password: TEST_PASSWORD, name: UNSAFE },
      'name',
    );
  });

  it('has the read services treat a slug with U+0000 as not found (defence in depth)', async () => {
    const { services } = harness.app;
    const { site } = harness;
    expect(await services.reader.getPostBySlug(site, UNSAFE)).toBeNull();
    expect(await services.profiles.getProfilePage(ANONYMOUS_ACTOR, site, UNSAFE, 1)).toEqual({
      kind: 'not-found',
    });
    expect(await services.postEditor.findIdBySlug(ANONYMOUS_ACTOR, site, 'x\ud800')).toBeNull();
  });

  it('answers 400 naming the body to a JSON null for the profile and the settings draft', async () => {
    for (const url of ['/api/members/me', '/api/editor/settings/blog/desktop']) {
      const response = await owner.request('PATCH', url, {
        payload: 'null',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { body: expect.any(String) },
      });
    }
  });
});
