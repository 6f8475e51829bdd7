/**
 * The blog's pages after the dashboard's category and tag writes (issue 17), on the production
 * build (`npm test` builds first): a former category or tag slug answers 301 to the current
 * address (the `category` route and the site's own prefix alike, subcategories too), a merged
 * tag's slug answers 301 to the survivor, and the header's navigation follows a reorder at once,
 * the cached page included.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardCategoryView } from '../../domain/dashboard-categories';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { buildPost, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  site: { name: 'Taxonomy Pages', categoryPath: 'topics' },
});
let editorId = '';

beforeAll(async () => {
  editorId = (await createMember(harness.db, harness.site.id, { role: 'editor' })).id;
});

function asEditor(method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) {
  return harness.app.inject({
    method,
    url,
    headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: editorId },
    payload,
  });
}

async function createCategory(input: object): Promise<DashboardCategoryView> {
  const response = await asEditor('POST', '/api/dashboard/categories', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A visitor's GET: the page cache's answer. */
function visit(url: string) {
  return harness.app.inject({ method: 'GET', url, headers: { host: harness.site.host } });
}

describe('former slugs answer 301', () => {
  it('sends a renamed category’s and subcategory’s old addresses to the new ones', async () => {
    const parent = await createCategory({ label: 'Trips' });
    const child = await createCategory({ label: 'Rail', parentId: parent.id });
    // Visited (and cached) before the rename.
    expect((await visit('/blog/category/trips')).statusCode).toBe(200);
    expect(
      (
        await asEditor('PUT', `/api/dashboard/categories/${parent.id}`, {
          label: 'Travel',
          slug: 'travel',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await asEditor('PUT', `/api/dashboard/categories/${child.id}`, {
          label: 'Trains',
          slug: 'trains',
        })
      ).statusCode,
    ).toBe(200);
    const cases: [string, string][] = [
      ['/blog/category/trips', '/blog/category/travel'],
      ['/blog/topics/trips', '/blog/topics/travel'],
      ['/blog/category/trips/rail', '/blog/category/travel/trains'],
      ['/blog/category/travel/rail', '/blog/category/travel/trains'],
      ['/blog/category/TRIPS/', '/blog/category/travel/'],
    ];
    for (const [from, to] of cases) {
      const response = await visit(from);
      expect(response.statusCode, from).toBe(301);
      expect(response.headers.location, from).toBe(to);
    }
    // Three segments under the site's prefix go through the post route's redirect to the
    // `category` form first (a 302 that predates issue 17), then the 301.
    const prefixed = await visit('/blog/topics/travel/rail');
    expect(prefixed.headers.location).toBe('/blog/category/travel/rail');
    expect((await visit('/blog/category/travel/trains')).statusCode).toBe(200);
    expect((await visit('/blog/category/never-was')).statusCode).toBe(404);
  });

  it('sends a renamed tag’s and a merged tag’s addresses to the surviving tag', async () => {
    const made = await Promise.all(
      ['Hiking', 'Trekking'].map(async (label) => {
        const response = await asEditor('POST', '/api/editor/tags', { label });
        return response.json<{ id: string; slug: string }>();
      }),
    );
    const hiking = made[0]!;
    const trekking = made[1]!;
    const post = buildPost(harness.site.id, editorId, { tagIds: [hiking.id, trekking.id] });
    await harness.app.services.postWriter.insertPost(post);
    expect((await visit('/blog/tags/hiking')).statusCode).toBe(200);
    await asEditor('PATCH', `/api/dashboard/tags/${hiking.id}`, { label: 'Hikes', slug: 'hikes' });
    const renamed = await visit('/blog/tags/hiking');
    expect(renamed.statusCode).toBe(301);
    expect(renamed.headers.location).toBe('/blog/tags/hikes');
    expect(
      (await asEditor('POST', `/api/dashboard/tags/${hiking.id}/merge`, { into: trekking.id }))
        .statusCode,
    ).toBe(200);
    for (const old of ['/blog/tags/hiking', '/blog/tags/hikes']) {
      const merged = await visit(old);
      expect(merged.statusCode, old).toBe(301);
      expect(merged.headers.location).toBe('/blog/tags/trekking');
    }
    const survivor = await visit('/blog/tags/trekking');
    expect(survivor.statusCode).toBe(200);
    expect(survivor.body).toContain(post.title);
  });
});

describe('the header follows a reorder at once', () => {
  it('lists the top-level categories in the new order, the cached page included', async () => {
    const first = await createCategory({ label: 'Alpha Section', menuLabel: 'Alpha Section' });
    const second = await createCategory({ label: 'Omega Section', menuLabel: 'Omega Section' });
    const order = async () => {
      const html = (await visit('/blog')).body;
      return html.indexOf('Alpha Section') - html.indexOf('Omega Section');
    };
    expect(await order()).toBeLessThan(0);
    const list = await harness.app.inject({
      method: 'GET',
      url: '/api/dashboard/categories',
      headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: editorId },
    });
    const tops = list
      .json<{ categories: DashboardCategoryView[] }>()
      .categories.filter((c) => c.parentId === null)
      .map((c) => c.id);
    const moved = [second.id, ...tops.filter((id) => id !== second.id)];
    expect(tops).toContain(first.id);
    const response = await asEditor('PUT', '/api/dashboard/categories/order', { ids: moved });
    expect(response.statusCode).toBe(200);
    expect(await order()).toBeGreaterThan(0);
  });
});

describe('the category page and the dashboard screens', () => {
  it('titles a category page with its SEO title and description', async () => {
    await createCategory({
      label: 'Quiet Corners',
      seoTitle: 'Quiet corners of the city',
      seoDescription: 'Places to sit and read.',
    });
    const response = await visit('/blog/category/quiet-corners');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<title>Quiet corners of the city[^<]*<\/title>/);
    expect(response.body).toContain('content="Places to sit and read."');
  });

  it('renders the categories and tags screens for an editor, and refuses a writer', async () => {
    await createCategory({ label: 'Screen Check' });
    await asEditor('POST', '/api/editor/tags', { label: 'Screen Tag' });
    const asMember = (member: string, url: string) =>
      harness.app.inject({
        method: 'GET',
        url,
        headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: member },
      });
    const categoriesPage = await asMember(editorId, '/dashboard/categories');
    expect(categoriesPage.statusCode).toBe(200);
    expect(categoriesPage.body).toContain('Screen Check');
    expect(categoriesPage.headers['cache-control']).toContain('no-store');
    const tagsPage = await asMember(editorId, '/dashboard/tags');
    expect(tagsPage.statusCode).toBe(200);
    expect(tagsPage.body).toContain('Screen Tag');
    const writer = (await createMember(harness.db, harness.site.id, { role: 'writer' })).id;
    expect((await asMember(writer, '/dashboard/categories')).statusCode).toBe(403);
    expect((await asMember(writer, '/dashboard/tags')).statusCode).toBe(403);
    expect((await visit('/dashboard/categories')).statusCode).toBe(401);
  });
});
