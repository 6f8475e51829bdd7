/**
 * Pages rendered in a render thread (decision 024) through HTTP, on the production build (`npm
 * test` builds first, build/node/render-worker.js included): the same bytes as a render in the
 * server's own thread, for visitors and members, pages, data requests, not-found pages and a form
 * post that signs a member in.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD, SESSION_COOKIE } from '../../domain/session';
import { buildApp } from '../app';
import { createMemberWithPassword, TestBrowser } from '../testing/auth';
import { buildPost, createCategory } from '../testing/factories';
import { loadPageBuild } from '../testing/page-build';
import { setUpTestApp } from '../testing/test-app';
import { createRenderPool, type RenderPool } from './render-pool';

const buildDir = path.resolve(import.meta.dirname, '../../../build');
// The in-thread app renders as `npm start` did before decision 024; the other renders in a thread.
const harness = setUpTestApp({ pages: true, site: { name: 'Render Thread Site' } });
let pool: RenderPool;
let threaded: FastifyInstance;
let member: Awaited<ReturnType<typeof createMemberWithPassword>>;
let postSlug = '';

beforeAll(async () => {
  const { database, db, site, app } = harness;
  pool = createRenderPool({
    workerUrl: pathToFileURL(path.join(buildDir, 'node/render-worker.js')),
    buildUrl: pathToFileURL(path.join(buildDir, 'server/index.js')).href,
    size: 2,
  });
  await pool.ready;
  const { clientDir } = await loadPageBuild();
  threaded = await buildApp({
    database,
    dataDir: '/nonexistent',
    logLevel: 'silent',
    pages: { clientDir, renderer: pool.render },
  });
  member = await createMemberWithPassword(db, site.id, { name: 'Thea Thread', role: 'writer' });
  const category = await createCategory(db, site.id, { slug: 'threads', label: 'Threads' });
  for (let i = 0; i < 25; i++) {
    const post = buildPost(site.id, member.id, {
      title: `Spinning yarn, part ${i + 1}`,
      firstPublishedDate: new Date(Date.UTC(2025, 2, 1 + i, 9)),
      categoryIds: [category.id],
      body: `Part ${i + 1} of the spinning notes. #yarn`,
    });
    if (i === 0) postSlug = post.slug;
    await app.services.postWriter.insertPost(post);
  }
});

afterAll(async () => {
  await threaded?.close();
  await pool?.close();
});

/** A page with the request's time (its `now`, in the loader data) taken out. */
function withoutNow(body: string): string {
  return body.replace(/(\\?"now\\?",\\?")[^"\\]+/g, '$1…');
}

/** The same request to both apps. */
async function both(url: string, headers: Record<string, string> = {}) {
  const request = { url, headers: { host: harness.site.host, ...headers } };
  const [inThread, inRenderThread] = await Promise.all([
    harness.app.inject(request),
    threaded.inject(request),
  ]);
  return { inThread, inRenderThread };
}

describe('pages rendered in a render thread', () => {
  it.each([
    ['the feed', '/blog', 200],
    ['a category feed', '/blog/category/threads', 200],
    ['a hashtag feed', '/blog/hashtags/yarn', 200],
    ['a data request of client navigation', '/blog/page/2.data', 200],
    ['a reserved word (the 404 page)', '/blog/page', 404],
  ])('serve %s as the server thread renders it', async (_name, url, status) => {
    const { inThread, inRenderThread } = await both(url);
    expect(inRenderThread.statusCode).toBe(status);
    expect(inRenderThread.statusCode).toBe(inThread.statusCode);
    expect(inRenderThread.headers['content-type']).toBe(inThread.headers['content-type']);
    expect(inRenderThread.body.length).toBeGreaterThan(0);
    expect(withoutNow(inRenderThread.body)).toBe(withoutNow(inThread.body));
  });

  it('serve the post page with its content', async () => {
    const { inThread, inRenderThread } = await both(`/blog/${postSlug}`);
    expect(inRenderThread.statusCode).toBe(200);
    expect(inRenderThread.body).toContain('Part 1 of the spinning notes.');
    expect(withoutNow(inRenderThread.body)).toBe(withoutNow(inThread.body));
  });

  it('sign a member in through the login form, then give them their own page', async () => {
    const browser = new TestBrowser(threaded, harness.site.host);
    const login = await browser.request('GET', '/blog/login');
    expect(login.statusCode).toBe(200);
    const token = new RegExp(`name="${CSRF_FIELD}" value="([^"]+)"`).exec(login.body)?.[1];
    expect(token).toBeTruthy();
    const posted = await browser.request('POST', '/blog/login?next=%2Fblog%2Fabout', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        [CSRF_FIELD]: token!,
        intent: 'login',
        email: member.email,
        password: member.password,
      }).toString(),
      csrf: false,
    });
    expect(posted.statusCode).toBe(302);
    expect(posted.headers.location).toBe('/blog/about');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);

    const feed = await browser.request('GET', '/blog');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['x-page-cache']).toBe('bypass');
    expect(feed.headers['cache-control']).toBe('private, no-cache');
    expect(feed.body).toContain('Thea Thread');
  });

  it('keep a wrong password’s answer and the address typed', async () => {
    const browser = new TestBrowser(threaded, harness.site.host);
    const login = await browser.request('GET', '/blog/login');
    const token = new RegExp(`name="${CSRF_FIELD}" value="([^"]+)"`).exec(login.body)?.[1];
    const posted = await browser.request('POST', '/blog/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        [CSRF_FIELD]: token!,
        intent: 'login',
        email: member.email,
        password: 'not the password',
      }).toString(),
      csrf: false,
    });
    expect(posted.statusCode).toBe(401);
    expect(posted.body).toContain('The email or the password is wrong');
    expect(posted.body).toContain(`value="${member.email}"`);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('render many pages at once across the threads, each its own', async () => {
    const pages = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        threaded.inject({ url: `/blog/page/${(i % 2) + 1}`, headers: { host: harness.site.host } }),
      ),
    );
    for (const [i, page] of pages.entries()) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(
        i % 2 === 0 ? 'Spinning yarn, part 25' : 'Spinning yarn, part 1<',
      );
    }
  });
});
