/**
 * The writer's pages through HTTP (issue 4 "Writing"), on the production build: `/create-post`,
 * `/:postSlug/edit` and `/:postId/preview/:instance`, for a visitor, members of several roles and
 * the post's owner. Members act through the test-only header (there are no sessions yet).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { buildPost, createCategory, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  site: { name: 'Writers Test Site' },
});
const ids = { writer: '', otherWriter: '', user: '', editor: '', guestWriter: '' };
const posts = { published: { id: '', slug: '' }, draft: { id: '', slug: '' } };

beforeAll(async () => {
  const { app, db, site } = harness;
  ids.writer = (await createMember(db, site.id, { name: 'Wanda Writer', role: 'writer' })).id;
  ids.otherWriter = (await createMember(db, site.id, { name: 'Otto Other', role: 'writer' })).id;
  ids.user = (await createMember(db, site.id, { name: 'Ursula User', role: 'user' })).id;
  ids.editor = (await createMember(db, site.id, { name: 'Edna Editor', role: 'editor' })).id;
  await createCategory(db, site.id, { slug: 'garden', label: 'Garden notes' });
  const published = buildPost(site.id, ids.writer, {
    title: 'Tomatoes in November',
    body: 'The last green tomatoes ripen on the sill.',
  });
  await app.services.postWriter.insertPost(published);
  posts.published = { id: published.id, slug: published.slug };
  const draft = buildPost(site.id, ids.writer, {
    title: 'Secret draft about compost',
    body: 'Compost needs air.',
    status: 'unpublished',
    firstPublishedDate: null,
  });
  await app.services.postWriter.insertPost(draft);
  posts.draft = { id: draft.id, slug: draft.slug };
});

async function page(url: string, member?: string) {
  const response = await harness.app.inject({
    method: 'GET',
    url,
    headers: { host: harness.site.host, ...(member ? { [TEST_MEMBER_HEADER]: member } : {}) },
  });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

describe('/create-post', () => {
  it('asks a visitor to log in: title, description and a login button, status 401', async () => {
    const { status, html, headers } = await page('/blog/create-post');
    expect(status).toBe(401);
    expect(html).toContain('Log in to write a post');
    expect(html).toContain('Only members of this blog can write');
    expect(html).toMatch(/href="\/blog\/login\?next=%2Fblog%2Fcreate-post"/);
    expect(html).toContain('name="robots" content="noindex"');
    expect(headers['x-page-cache']).not.toBe('hit');
    // Not kept for the next visitor either.
    expect((await page('/blog/create-post')).headers['x-page-cache']).toBe('miss');
  });

  it('refuses a member whose role cannot create posts with 403', async () => {
    const { status, html } = await page('/blog/create-post', ids.user);
    expect(status).toBe(403);
    expect(html).toContain('You can’t write here');
    expect(html).not.toContain('Log in to write a post');
  });

  it('opens the editor for a writer, never cached, with the chosen category preselected', async () => {
    const { status, html, headers } = await page(
      '/blog/create-post?categorySlug=garden',
      ids.writer,
    );
    expect(status).toBe(200);
    expect(headers['x-page-cache']).toBe('bypass');
    expect(html).toContain('Add a catchy title');
    expect(html).toContain('name="robots" content="noindex"');
    expect(html).toContain('Garden notes');
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*\/><span>Garden notes/);
    expect(html).toContain('<title>New post · Writers Test Site</title>');
    expect(html).toContain('Publish');
  });
});

describe('/:postSlug/edit', () => {
  it('opens the owner’s published post by slug and a draft by id', async () => {
    const published = await page(`/blog/${posts.published.slug}/edit`, ids.writer);
    expect(published.status).toBe(200);
    expect(published.html).toContain('Tomatoes in November');
    expect(published.html).toContain('Update');
    expect(published.html).toContain('Revert to draft');
    expect(published.html).toContain(
      '<title>Edit “Tomatoes in November” · Writers Test Site</title>',
    );
    const draft = await page(`/blog/${posts.draft.id}/edit`, ids.writer);
    expect(draft.status).toBe(200);
    expect(draft.html).toContain('Secret draft about compost');
  });

  it('opens a draft by its slug for its owner and editors; nobody else learns it exists', async () => {
    const own = await page(`/blog/${posts.draft.slug}/edit`, ids.writer);
    expect(own.status).toBe(200);
    expect(own.html).toContain('Secret draft about compost');
    expect(own.html).toContain('Publish');
    expect((await page(`/blog/${posts.draft.slug}/edit`, ids.editor)).status).toBe(200);
    const other = await page(`/blog/${posts.draft.slug}/edit`, ids.otherWriter);
    expect(other.status).toBe(404);
    expect(other.html).not.toContain('Secret draft about compost');
    // A member who may not write is refused as for a post that does not exist.
    const user = await page(`/blog/${posts.draft.slug}/edit`, ids.user);
    expect(user.status).toBe((await page('/blog/no-such-post/edit', ids.user)).status);
    expect(user.html).not.toContain('Secret draft about compost');
    const visitor = await page(`/blog/${posts.draft.slug}/edit`);
    expect(visitor.status).toBe(401);
    expect(visitor.html).not.toContain('Secret draft about compost');
  });

  it('is a 404 for a post that is not the actor’s to edit, or that does not exist', async () => {
    expect((await page(`/blog/${posts.draft.id}/edit`, ids.otherWriter)).status).toBe(404);
    expect((await page(`/blog/${posts.published.slug}/edit`, ids.otherWriter)).status).toBe(404);
    expect((await page('/blog/no-such-post/edit', ids.writer)).status).toBe(404);
    expect((await page(`/blog/${crypto.randomUUID()}/edit`, ids.writer)).status).toBe(404);
  });

  it('lets an editor open anyone’s post, and asks a visitor to log in', async () => {
    expect((await page(`/blog/${posts.draft.id}/edit`, ids.editor)).status).toBe(200);
    const visitor = await page(`/blog/${posts.draft.id}/edit`);
    expect(visitor.status).toBe(401);
    expect(visitor.html).toContain('Log in to write a post');
    expect(visitor.html).not.toContain('Secret draft about compost');
  });
});

describe('/:postId/preview/:instance', () => {
  it('shows the owner a draft as the post page draws it, under a Preview banner', async () => {
    const { status, html, headers } = await page(`/blog/${posts.draft.id}/preview/3`, ids.writer);
    expect(status).toBe(200);
    expect(headers['cache-control']).toContain('no-store');
    expect(html).toContain(
      'class="post__title" lang="en" dir="auto">Secret draft about compost</h1>',
    );
    expect(html).toContain('Compost needs air.');
    expect(html).toContain('Wanda Writer');
    expect(html).toContain('Back to editing');
    expect(html).toContain(`href="/blog/${posts.draft.id}/edit"`);
    expect(html).toContain('name="robots" content="noindex"');
  });

  it('is only for members who may preview the post', async () => {
    const visitor = await page(`/blog/${posts.draft.id}/preview/1`);
    expect(visitor.status).toBe(401);
    expect(visitor.html).not.toContain('Compost needs air.');
    expect((await page(`/blog/${posts.draft.id}/preview/1`, ids.otherWriter)).status).toBe(404);
    const user = await page(`/blog/${posts.draft.id}/preview/1`, ids.user);
    expect(user.status).toBe(404);
    expect(user.html).not.toContain('Compost needs air.');
    expect((await page(`/blog/${posts.draft.id}/preview/1`, ids.editor)).status).toBe(200);
    expect((await page('/blog/not-a-uuid/preview/1', ids.writer)).status).toBe(404);
  });

  it("titles the preview with the draft's own SEO title (issue 19)", async () => {
    const draft = buildPost(harness.site.id, ids.writer, {
      title: 'Leaf mould',
      body: 'Leaves rot slowly into the best soil.',
      status: 'unpublished',
      firstPublishedDate: null,
    });
    await harness.app.services.postWriter.insertPost(draft);
    const saved = await harness.app.inject({
      method: 'PUT',
      url: `/api/editor/posts/${draft.id}`,
      headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: ids.writer },
      payload: {
        revision: 1,
        seoTitle: 'Making leaf mould',
        seoDescription: 'Two years, one bag.',
      },
    });
    expect(saved.statusCode).toBe(200);
    const { status, html } = await page(`/blog/${draft.id}/preview/1`, ids.writer);
    expect(status).toBe(200);
    expect(html).toMatch(/<title>Making leaf mould[^<]*<\/title>/);
    // The editor page draws the SEO section with its previews on the server.
    const editor = await page(`/blog/${draft.id}/edit`, ids.writer);
    expect(editor.html).toContain('Search engines and social cards');
    expect(editor.html).toContain('data-testid="seo-social-title">Making leaf mould</p>');
  });

  it('previews a published post exactly as its page', async () => {
    const { status, html } = await page(`/blog/${posts.published.id}/preview/1`, ids.writer);
    expect(status).toBe(200);
    expect(html).toContain('The last green tomatoes ripen on the sill.');
    expect(html).toContain('This is the published post as readers see it.');
  });
});
