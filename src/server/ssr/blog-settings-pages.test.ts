/**
 * The blog follows its settings at once (issue 18 § Blog settings), through the rendered pages
 * on PGlite and PostgreSQL: a new name and logo in the site header and the page titles, the
 * default SEO texts on the blog home, the monthly archive computed in the blog's time zone
 * around a month boundary (SPEC §7 `timeZone`), and a changed category prefix whose former
 * addresses answer 301. Each page is read once before the change, so a cached copy would show.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema.server';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import {
  buildPost,
  createCategory,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { withoutCriticalCss } from './critical-css-head.server';

const harness = setUpTestApp({ pages: true, withTestRoutes: true });

interface Blog {
  site: TestSite;
  owner: string;
}

async function newBlog(overrides: Parameters<typeof createTestSite>[1] = {}): Promise<Blog> {
  const site = await createTestSite(harness.db, overrides);
  const owner = await createMember(harness.db, site.id, { role: 'owner', name: 'Olga Owner' });
  return { site, owner: owner.id };
}

async function save(blog: Blog, patch: Record<string, unknown>) {
  const response = await harness.app.inject({
    method: 'PATCH',
    url: '/api/dashboard/settings',
    headers: { host: blog.site.host, [TEST_MEMBER_HEADER]: blog.owner },
    payload: patch,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A visitor's read of a page (the shared, cacheable one). */
async function visit(blog: Blog, url: string) {
  const response = await harness.app.inject({
    method: 'GET',
    url,
    headers: { host: blog.site.host },
  });
  return { status: response.statusCode, html: response.body, location: response.headers.location };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const descriptionOf = (html: string) =>
  /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';

describe('name, logo and SEO texts', () => {
  let blog: Blog;
  beforeAll(async () => {
    blog = await newBlog({ name: 'Old Garden' });
    const author = await createMember(harness.db, blog.site.id, { name: 'Wren Writer' });
    await harness.app.services.postWriter.insertPost(
      buildPost(blog.site.id, author.id, { title: 'Tomatoes in November' }),
    );
  });

  it('shows the new name and logo in the header and titles right after saving', async () => {
    const before = await visit(blog, '/blog');
    expect(before.status).toBe(200);
    expect(before.html).toContain('Old Garden');
    expect(withoutCriticalCss(before.html)).not.toContain('site-logo__image');

    const logo = randomUUID();
    await harness.db.insert(media).values({
      siteId: blog.site.id,
      id: logo,
      kind: 'image',
      fileName: 'logo.png',
      mimeType: 'image/webp',
      width: 600,
      height: 200,
      ownerId: blog.owner,
    });
    await save(blog, { name: 'Night Garden', logoMediaId: logo });

    for (const url of ['/blog', '/']) {
      const after = await visit(blog, url);
      expect(after.status, url).toBe(200);
      expect(after.html, url).toContain('Night Garden');
      expect(after.html, url).not.toContain('Old Garden');
      expect(after.html, url).toMatch(
        new RegExp(`class="site-logo__image" src="/media/${logo}/w320.webp"`),
      );
    }
    expect(titleOf((await visit(blog, '/blog')).html)).toContain('Night Garden');
  });

  it('uses the default SEO title and description on the blog home, and falls back', async () => {
    await save(blog, { seoTitle: 'Garden notes, weekly', seoDescription: 'What grows and why.' });
    let home = await visit(blog, '/blog');
    expect(titleOf(home.html)).toBe('Garden notes, weekly');
    expect(descriptionOf(home.html)).toBe('What grows and why.');
    await save(blog, { seoTitle: '', seoDescription: '', description: 'A small garden.' });
    home = await visit(blog, '/blog');
    expect(titleOf(home.html)).toContain('Night Garden');
    expect(descriptionOf(home.html)).toBe('A small garden.');
  });
});

describe('the language', () => {
  it('is the pages’ language at once; strings not yet translated fall back to English', async () => {
    const blog = await newBlog();
    expect((await visit(blog, '/blog')).html).toContain('<html lang="en"');
    await save(blog, { language: 'de' });
    const page = await visit(blog, '/blog');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="de"');
    await save(blog, { language: 'ar' });
    expect((await visit(blog, '/blog')).html).toContain('<html lang="ar" dir="rtl"');
  });
});

describe('the monthly archive follows the blog’s time zone (SPEC §7 timeZone)', () => {
  it('files a post of 31 October 12:00 UTC under November in Auckland, October in UTC', async () => {
    const blog = await newBlog({ timeZone: 'Pacific/Auckland' });
    const author = await createMember(harness.db, blog.site.id, { name: 'Tui Writer' });
    // 2026-10-31T12:00Z is 2026-11-01 01:00 in Auckland (NZDT, UTC+13).
    await harness.app.services.postWriter.insertPost(
      buildPost(blog.site.id, author.id, {
        title: 'Midnight planting',
        firstPublishedDate: new Date(Date.UTC(2026, 9, 31, 12)),
      }),
    );
    const november = () => visit(blog, '/blog/archive/2026/11');
    const october = () => visit(blog, '/blog/archive/2026/10');
    expect((await november()).html).toContain('Midnight planting');
    expect((await october()).html).not.toContain('Midnight planting');

    await save(blog, { timeZone: 'UTC' });
    expect((await october()).html).toContain('Midnight planting');
    expect((await november()).html).not.toContain('Midnight planting');

    // The API's archive reads the same zone.
    const api = await harness.app.inject({
      method: 'GET',
      url: '/api/archive/2026/10/posts',
      headers: { host: blog.site.host },
    });
    expect(api.body).toContain('Midnight planting');
  });
});

describe('the category prefix (SPEC §2 second category route)', () => {
  it('serves the new prefix and answers 301 from former ones, keeping the rest', async () => {
    const blog = await newBlog();
    await createCategory(harness.db, blog.site.id, { slug: 'travel', label: 'Travel' });
    expect((await visit(blog, '/blog/topics/travel')).status).toBe(404);

    await save(blog, { categoryPath: 'topics' });
    const topics = await visit(blog, '/blog/topics/travel');
    expect(topics.status).toBe(200);
    expect(topics.html).toContain('Travel');

    await save(blog, { categoryPath: 'themes' });
    expect((await visit(blog, '/blog/themes/travel')).status).toBe(200);
    const moved = await visit(blog, '/blog/topics/travel');
    expect(moved.status).toBe(301);
    expect(moved.location).toBe('/blog/themes/travel');
    const paged = await visit(blog, '/blog/topics/travel/page/2/');
    expect(paged.status).toBe(301);
    expect(paged.location).toBe('/blog/themes/travel/page/2/');
    // The category route itself never moves; a prefix never used is not found.
    expect((await visit(blog, '/blog/category/travel')).status).toBe(200);
    expect((await visit(blog, '/blog/subjects/travel')).status).toBe(404);

    // Back to the default: former prefixes lead to the category route.
    await save(blog, { categoryPath: 'category' });
    const back = await visit(blog, '/blog/themes/travel');
    expect(back.status).toBe(301);
    expect(back.location).toBe('/blog/category/travel');
  });
});

describe('the settings screen (/dashboard/settings)', () => {
  it('renders the owner’s form with the stored values; an editor gets the refusal', async () => {
    const blog = await newBlog({ name: 'Screen Garden', timeZone: 'Europe/Lisbon' });
    const page = (member: string) =>
      harness.app.inject({
        method: 'GET',
        url: '/dashboard/settings',
        headers: { host: blog.site.host, [TEST_MEMBER_HEADER]: member },
      });
    const owner = await page(blog.owner);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect(owner.body).toContain('value="Screen Garden"');
    expect(owner.body).toMatch(/<option value="Europe\/Lisbon" selected="">/);
    const editor = await createMember(harness.db, blog.site.id, { role: 'editor' });
    const refused = await page(editor.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Screen Garden"');
  });
});
