/**
 * The builder editor's pages through HTTP on the production build (issue 7; decision 022): the
 * owner's canvas (`?renderMode=editor`) shows the draft, on the device it names; visitors, on any
 * address and through the page cache, see only what is published; publishing reaches them at
 * once. /editor is the owner's: a visitor gets the login-required screen (401), another member a
 * 403. Members act through the test-only header.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { buildPost, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  site: { name: 'Canvas Test Site' },
});
const ids = { owner: '', writer: '' };

beforeAll(async () => {
  const { app, db, site } = harness;
  ids.owner = (await createMember(db, site.id, { role: 'owner', name: 'Olga Owner' })).id;
  ids.writer = (await createMember(db, site.id, { role: 'writer' })).id;
  for (let i = 0; i < 3; i++) {
    await app.services.postWriter.insertPost(
      buildPost(site.id, ids.writer, {
        title: `Canvas post ${i + 1}`,
        firstPublishedDate: new Date(Date.UTC(2025, 4, 1 + i, 9)),
      }),
    );
  }
});

function page(url: string, member?: string) {
  return harness.app.inject({
    url,
    headers: { host: harness.site.host, ...(member ? { [TEST_MEMBER_HEADER]: member } : {}) },
  });
}

function api(method: 'PATCH' | 'POST', url: string, payload: Record<string, unknown>) {
  return harness.app.inject({
    method,
    url,
    headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: ids.owner },
    payload,
  });
}

/** The feed layout a page's HTML draws. */
function layoutOf(html: string): string | undefined {
  return /class="post-list post-list--([a-z-]+)/.exec(html)?.[1];
}

describe('the editor canvas and the visitors', () => {
  it('shows the draft in the owner canvas only, and publishing reaches visitors at once', async () => {
    const first = await page('/blog');
    expect(layoutOf(first.body)).toBe('grid');
    expect((await page('/blog')).headers['x-page-cache']).toBe('hit');

    const saved = await api('PATCH', '/api/editor/settings/blog/desktop', {
      'feed.layout': 'masonry',
    });
    expect(saved.statusCode).toBe(200);

    // Visitors: the cached page is still right (a draft bumps nothing), and asking for the
    // editor's render mode does not show them the draft either.
    const cached = await page('/blog');
    expect(cached.headers['x-page-cache']).toBe('hit');
    expect(layoutOf(cached.body)).toBe('grid');
    const asCanvas = await page('/blog?renderMode=editor');
    expect(layoutOf(asCanvas.body)).toBe('grid');
    expect(asCanvas.body).toContain('data-render-mode="editor"');
    // A member who may not edit settings sees the published settings in the canvas too.
    expect(layoutOf((await page('/blog?renderMode=editor', ids.writer)).body)).toBe('grid');

    // The owner: the draft in the canvas and the preview, the published site elsewhere.
    expect(layoutOf((await page('/blog?renderMode=editor', ids.owner)).body)).toBe('masonry');
    expect(layoutOf((await page('/blog?renderMode=preview', ids.owner)).body)).toBe('masonry');
    expect(layoutOf((await page('/blog', ids.owner)).body)).toBe('grid');
    // The canvas's phone view gets the mobile settings in a desktop browser.
    const phone = await page('/blog?renderMode=editor&device=mobile', ids.owner);
    expect(layoutOf(phone.body)).toBe('mobile-side-by-side');
    // Outside the editor the device stays the browser's.
    expect(layoutOf((await page('/blog?device=mobile', ids.owner)).body)).toBe('grid');

    const published = await api('POST', '/api/editor/settings/publish', { widget: 'blog' });
    expect(published.statusCode).toBe(200);
    const after = await page('/blog');
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(layoutOf(after.body)).toBe('masonry');
  });
});

describe('/editor', () => {
  it('is the owner tool: login-required for visitors, 403 for other members', async () => {
    const visitor = await page('/editor');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).toContain('Log in to edit your site');
    expect(visitor.body).toContain('/blog/login?next=%2Feditor');
    expect(visitor.body).not.toContain('<iframe');

    const writer = await page('/editor', ids.writer);
    expect(writer.statusCode).toBe(403);
    expect(writer.body).toContain('Only owners can edit the site');

    const owner = await page('/editor', ids.owner);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect(owner.body).toContain('src="/blog?renderMode=editor&amp;device=desktop"');
    expect(owner.body).toContain('Site editor');
  });
});
