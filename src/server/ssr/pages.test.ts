/**
 * The server-rendered pages through HTTP, on the production build (`npm test` builds first).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildPost,
  createCategory,
  createMember,
  createTag,
  createTestSite,
} from '../testing/factories.server';
import { loadPageBuild } from '../testing/page-build.server';
import { setUpTestApp } from '../testing/test-app.server';
import { SESSION_COOKIE } from './pages.server';

const harness = setUpTestApp({ pages: true, site: { name: 'Page Test Site' } });
let authorId = '';
const firstSlug = { value: '' };

beforeAll(async () => {
  const { db, site } = harness;
  const author = await createMember(db, site.id, { name: 'Mary Shelley' });
  authorId = author.id;
  await createCategory(db, site.id, { slug: 'quiet', label: 'Quiet corner' });
  const food = await createCategory(db, site.id, {
    slug: 'food',
    label: 'Food',
    menuLabel: 'Food & Drink',
    description: 'Recipes and restaurants.',
  });
  const tag = await createTag(db, site.id, { slug: 'bread', label: 'Bread' });
  // 45 posts: three pages of 20 (the feed's page size).
  for (let i = 0; i < 45; i++) {
    const post = buildPost(site.id, author.id, {
      title: `Sourdough diary day ${i + 1}`,
      firstPublishedDate: new Date(Date.UTC(2025, 5, 1 + i, 9)),
      categoryIds: i % 2 === 0 ? [food.id] : [],
      tagIds: i % 3 === 0 ? [tag.id] : [],
      body: `Day ${i + 1} of feeding the starter. #sourdough`,
    });
    if (i === 0) firstSlug.value = post.slug;
    await harness.app.services.postWriter.insertPost(post);
  }
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await harness.app.inject({
    method: 'GET',
    url,
    headers: { host: harness.site.host, ...headers },
  });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

describe('feed pages', () => {
  it('renders the all-posts feed with cards, newest first, and pagination', async () => {
    const { status, html } = await page('/blog');
    expect(status).toBe(200);
    expect(html).toContain('<title>Blog · Page Test Site</title>');
    expect(html.indexOf('Sourdough diary day 45')).toBeLessThan(
      html.indexOf('Sourdough diary day 44'),
    );
    expect(html).toContain('Mary Shelley');
    expect(html).toContain('href="/blog/page/2"');
    expect(html).toContain('aria-current="page"');
  });

  it('renders page 2 and 3, and 404s past the last page or for a malformed page', async () => {
    expect((await page('/blog/page/2')).status).toBe(200);
    const last = await page('/blog/page/3');
    expect(last.status).toBe(200);
    expect(last.html).toContain('Sourdough diary day 1<');
    for (const url of ['/blog/page/4', '/blog/page/0', '/blog/page/01', '/blog/page/two']) {
      const response = await page(url);
      expect(response.status, url).toBe(404);
      expect(response.html, url).toContain('Back to Home');
    }
  });

  it('renders a category with its menu label and description', async () => {
    const { status, html } = await page('/blog/category/food');
    expect(status).toBe(200);
    expect(html).toContain('Food &amp; Drink');
    expect(html).toContain('Recipes and restaurants.');
    expect(html).toContain('Sourdough diary day 45');
    expect(html).not.toContain('Sourdough diary day 44<');
  });

  it('tells visitors an empty category’s posts are coming, with no prompt to create', async () => {
    const { status, html } = await page('/blog/category/quiet');
    expect(status).toBe(200);
    expect(html).toContain('Posts are coming soon');
    expect(html).toContain('explore other categories');
    // The prompt to write the first post is for members who may create (SPEC §2, §6).
    expect(html).not.toContain('waiting for its first post');
    expect(html).not.toContain('create-post?categorySlug=quiet');
  });

  it('renders tag, hashtag and archive feeds', async () => {
    expect((await page('/blog/tags/bread')).html).toContain('Sourdough diary day 43');
    expect((await page('/blog/hashtags/sourdough')).html).toContain('Sourdough diary day 45');
    const archive = await page('/blog/archive/2025/6');
    expect(archive.status).toBe(200);
    expect(archive.html).toContain('June 2025');
  });

  it('404s for unknown categories, tags and unreal months', async () => {
    for (const url of ['/blog/category/nope', '/blog/tags/nope', '/blog/archive/2025/13']) {
      expect((await page(url)).status, url).toBe(404);
    }
  });
});

describe('post pages', () => {
  it('renders a post by slug; its date slug answers 301 to it (issue 19: one address)', async () => {
    const bySlug = await page(`/blog/${firstSlug.value}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.html).toContain(
      '<h1 class="post__title" lang="en" dir="auto">Sourdough diary day 1</h1>',
    );
    expect(bySlug.html).toContain('Day 1 of feeding the starter.');
    const byDate = await page(`/blog/2025/06/01/${firstSlug.value}`);
    expect(byDate.status).toBe(301);
    expect(byDate.headers.location).toBe(`/blog/${firstSlug.value}`);
  });

  it('answers 404 for unknown slugs, reserved words and bad dates', async () => {
    for (const url of [
      '/blog/no-such-post',
      // A reserved word with no page (create-post and login have one: their own tests).
      '/blog/sign-in',
      '/blog/404',
      `/blog/20x5/06/${firstSlug.value}`,
      '/blog/a/b/c/d/e/f',
    ]) {
      const response = await page(url);
      expect(response.status, url).toBe(404);
      expect(response.html, url).toContain('Back to Home');
    }
  });
});

describe('visitor page cache', () => {
  it('serves visitors from the cache and members the same page with their state laid over', async () => {
    const url = '/blog/page/2';
    await page(url);
    expect((await page(url)).headers['x-page-cache']).toBe('hit');
    const member = await page(url, { cookie: 'inkwell_session=abc' });
    expect(member.headers['x-page-cache']).toBe('overlay');
    expect(member.headers['cache-control']).toBe('private, no-cache');
  });

  it('drops cached pages when a post is written', async () => {
    await page('/blog');
    expect((await page('/blog')).headers['x-page-cache']).toBe('hit');
    await harness.app.services.postWriter.insertPost(
      buildPost(harness.site.id, authorId, {
        title: 'Brand new loaf',
        firstPublishedDate: new Date(),
      }),
    );
    const fresh = await page('/blog');
    expect(fresh.headers['x-page-cache']).toBe('miss');
    expect(fresh.html).toContain('Brand new loaf');
  });

  it('never stores the empty answer to a HEAD request for the next visitor', async () => {
    const post = buildPost(harness.site.id, authorId, { title: 'Asked about by HEAD first' });
    await harness.app.services.postWriter.insertPost(post);
    const url = `/blog/${post.slug}`;
    const head = await harness.app.inject({
      method: 'HEAD',
      url,
      headers: { host: harness.site.host },
    });
    expect(head.statusCode).toBe(200);
    const visitor = await page(url);
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain('Asked about by HEAD first');
    // The rendered page, with its own policy (its inline scripts' hashes), is what is cached.
    expect(visitor.headers['content-security-policy']).toContain("'sha256-");
    const again = await page(url);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.html).toBe(visitor.html);
    const headHit = await harness.app.inject({
      method: 'HEAD',
      url,
      headers: { host: harness.site.host },
    });
    expect(headHit.headers['x-page-cache']).toBe('hit');
    expect(headHit.body).toBe('');
  });

  it('compresses pages with Brotli, or gzip for browsers without it, and decodes to the page', async () => {
    const plain = await page('/blog', { cookie: `${SESSION_COOKIE}=member` });
    for (const [accept, visitorEncoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      // A member's page laid over the shared one and a visitor's cached one are each compressed
      // on their own; the member's is gzip, spliced from parts compressed beforehand (054).
      for (const cookie of [`${SESSION_COOKIE}=member`, '']) {
        const response = await harness.app.inject({
          method: 'GET',
          url: '/blog',
          headers: { host: harness.site.host, 'accept-encoding': accept, cookie },
        });
        const encoding = cookie ? 'gzip' : visitorEncoding;
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toBe('accept-encoding');
        const decoded = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(
          response.rawPayload,
        );
        expect(decoded.toString('utf8')).toContain('Sourdough diary day 45');
        if (cookie) expect(decoded.length).toBe(Buffer.byteLength(plain.html));
      }
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('serves the built scripts precompressed', async () => {
    const script = readdirSync(path.join((await loadPageBuild()).clientDir, 'assets')).find(
      (name) => /^entry\.client-.*\.js$/.test(name),
    );
    const url = `/assets/${script}`;
    const br = await harness.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const plain = await harness.app.inject({ method: 'GET', url });
    expect(br.headers['content-encoding']).toBe('br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('settings', () => {
  it('renders the desktop and the mobile layout by device, each cached on its own', async () => {
    const desktop = await page('/blog/page/3');
    expect(desktop.html).toContain('post-list post-list--grid');
    const mobile = await page('/blog/page/3', { 'user-agent': IPHONE });
    expect(mobile.html).toContain('post-list post-list--mobile-side-by-side');
    expect((await page('/blog/page/3', { 'user-agent': IPHONE })).headers['x-page-cache']).toBe(
      'hit',
    );
    expect((await page('/blog/page/3')).html).toContain('post-list--grid');
  });

  it('shows a saved change at once, for the device it was made for', async () => {
    await harness.app.services.settings.save(harness.site.id, 'blog', 'desktop', {
      'feed.layout': 'list',
      'feed.postsPerPage': 10,
      'feed.paginationType': 'pages',
    });
    const { html } = await page('/blog');
    expect(html).toContain('post-list post-list--list');
    expect(html.match(/<article class="post-card/g)).toHaveLength(10);
    expect((await page('/blog/page/5')).status).toBe(200);
    expect((await page('/blog/page/5', { 'user-agent': IPHONE })).status).toBe(404);
    await harness.app.services.settings.save(harness.site.id, 'blog', 'desktop', {
      'feed.layout': null,
      'feed.postsPerPage': null,
      'feed.paginationType': null,
    });
    expect((await page('/blog/page/5')).status).toBe(404);
  });

  it('says posts are on the way on a blog without posts', async () => {
    const empty = await createTestSite(harness.db, { name: 'Empty Blog' });
    const response = await harness.app.inject({ url: '/blog', headers: { host: empty.host } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Posts are on the way');
    const inEditor = await harness.app.inject({
      url: '/blog?renderMode=editor',
      headers: { host: empty.host },
    });
    expect(inEditor.body).toContain('Your blog is ready for its first post');
    expect(inEditor.body).toContain('data-render-mode="editor"');
  });

  it('on a multilingual site, says posts in the reader’s language are on the way', async () => {
    const english = await createTestSite(harness.db, { languages: ['en', 'fr'] });
    const response = await harness.app.inject({ url: '/blog', headers: { host: english.host } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Posts in English are on the way');
    expect(response.body).not.toContain('Posts are on the way');
    // A French blog says it in French, naming the language in French (issue 22).
    const french = await createTestSite(harness.db, { language: 'fr', languages: ['fr', 'en'] });
    const inFrench = await harness.app.inject({ url: '/blog', headers: { host: french.host } });
    expect(inFrench.body).toContain('<html lang="fr" dir="ltr"');
    expect(inFrench.body).toContain('Les articles en français arrivent bientôt');
  });
});

describe('site pages', () => {
  it('renders the demo website around the blog and 404s elsewhere', async () => {
    expect((await page('/')).status).toBe(200);
    expect((await page('/about')).status).toBe(200);
    expect((await page('/nowhere')).status).toBe(404);
  });
});
