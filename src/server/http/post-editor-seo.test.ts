/**
 * Per-post SEO in the editor (issue 19, decision 047) through the API: the SEO fields saved and
 * presented, the slug (reserved words, taken, history), the canonical override, the social image,
 * and who may set them (`post:toggle-seo`). Each test makes its own site.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EditorPostView } from '../../domain/post-editor';
import { documentOf, paragraph } from '../../rich-content/document';
import { media } from '../db/schema.server';
import { createMember, createTestSite, type TestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });

const content = documentOf([paragraph('Tides come in twice a day along this coast.')]);

type Who = { id: string };

function call(
  site: TestSite,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { as?: Who; payload?: object } = {},
) {
  const headers: Record<string, string> = { host: site.host };
  if (options.as) headers[TEST_MEMBER_HEADER] = options.as.id;
  return harness.app.inject({ method, url, headers, payload: options.payload });
}

/** A site with a writer, a guest writer, an editor and a plain member. */
async function newBlog() {
  const site = await createTestSite(harness.db);
  const [writer, guestWriter, editor, user] = await Promise.all([
    createMember(harness.db, site.id, { role: 'writer' }),
    createMember(harness.db, site.id, { role: 'guest-writer' }),
    createMember(harness.db, site.id, { role: 'editor' }),
    createMember(harness.db, site.id, { role: 'user' }),
  ]);
  return { site, writer, guestWriter, editor, user };
}

async function draft(site: TestSite, as: Who, title: string): Promise<EditorPostView> {
  const created = await call(site, 'POST', '/api/editor/posts', { as, payload: { title } });
  expect(created.statusCode).toBe(201);
  const post = created.json<EditorPostView>();
  const saved = await call(site, 'PUT', `/api/editor/posts/${post.id}`, {
    as,
    payload: { revision: post.revision, content },
  });
  expect(saved.statusCode).toBe(200);
  return saved.json<EditorPostView>();
}

async function published(site: TestSite, as: Who, title: string): Promise<EditorPostView> {
  const post = await draft(site, as, title);
  const response = await call(site, 'POST', `/api/editor/posts/${post.id}/publish`, {
    as,
    payload: { revision: post.revision },
  });
  expect(response.statusCode).toBe(200);
  return response.json<EditorPostView>();
}

function save(site: TestSite, as: Who, post: EditorPostView, payload: object) {
  return call(site, 'PUT', `/api/editor/posts/${post.id}`, {
    as,
    payload: { revision: post.revision, ...payload },
  });
}

async function imageOf(siteId: string, kind = 'image') {
  const id = randomUUID();
  await harness.db.insert(media).values({
    siteId,
    id,
    kind,
    fileName: 'card.jpg',
    mimeType: kind === 'image' ? 'image/jpeg' : 'video/mp4',
    width: 1600,
    height: 900,
  });
  return id;
}

describe('PUT /api/editor/posts/:id — SEO fields', () => {
  it('saves the SEO title, description, canonical address, noindex and social image', async () => {
    const { site, writer } = await newBlog();
    const post = await draft(site, writer, 'Tide tables');
    const imageId = await imageOf(site.id);
    const response = await save(site, writer, post, {
      seoTitle: '  Tide tables for the whole coast ',
      seoDescription: 'When the water comes and goes.',
      canonicalUrl: 'https://example.org/tides',
      noindex: true,
      socialImageId: imageId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<EditorPostView>().seo).toEqual({
      seoTitle: 'Tide tables for the whole coast',
      seoDescription: 'When the water comes and goes.',
      canonicalUrl: 'https://example.org/tides',
      noindex: true,
      socialImage: { id: imageId, width: 1600, height: 900 },
    });
    // Loaded again, and the published page reads them.
    const loaded = await call(site, 'GET', `/api/editor/posts/${post.id}`, { as: writer });
    expect(loaded.json<EditorPostView>().seo.seoTitle).toBe('Tide tables for the whole coast');
    const live = await call(site, 'POST', `/api/editor/posts/${post.id}/publish`, { as: writer });
    expect(live.statusCode).toBe(200);
    const page = await call(site, 'GET', `/api/posts/slug/${post.slug}`);
    expect(page.json()).toMatchObject({
      seo: { seoTitle: 'Tide tables for the whole coast', noindex: true },
    });
  });

  it('removes the social image and clears the fields', async () => {
    const { site, writer } = await newBlog();
    const post = await draft(site, writer, 'Clearing');
    const imageId = await imageOf(site.id);
    const first = await save(site, writer, post, { seoTitle: 'Set', socialImageId: imageId });
    const cleared = await save(site, writer, first.json<EditorPostView>(), {
      seoTitle: '',
      socialImageId: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<EditorPostView>().seo).toMatchObject({ seoTitle: '', socialImage: null });
  });

  it('refuses a canonical address that is not an absolute http(s) URL (400 canonicalUrl)', async () => {
    const { site, writer } = await newBlog();
    const post = await draft(site, writer, 'Canonical');
    for (const canonicalUrl of ['/relative/path', 'javascript:alert(1)', 'ftp://example.org/x']) {
      const response = await save(site, writer, post, { canonicalUrl });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain('canonicalUrl');
    }
  });

  it('refuses an SEO title and description over their limits', async () => {
    const { site, writer } = await newBlog();
    const post = await draft(site, writer, 'Limits');
    const response = await save(site, writer, post, {
      seoTitle: 'x'.repeat(121),
      seoDescription: 'y'.repeat(321),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual([
      'seoDescription',
      'seoTitle',
    ]);
  });

  it('refuses a social image that is not an image of this blog (400 socialImageId)', async () => {
    const { site, writer } = await newBlog();
    const other = await createTestSite(harness.db);
    const post = await draft(site, writer, 'Images');
    for (const socialImageId of [await imageOf(other.id), await imageOf(site.id, 'video')]) {
      const response = await save(site, writer, post, { socialImageId });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('socialImageId');
    }
  });
});

describe('PUT /api/editor/posts/:id — slug', () => {
  it('refuses a reserved word or a malformed slug (400 slug)', async () => {
    const { site, writer } = await newBlog();
    const post = await draft(site, writer, 'Reserved');
    for (const slug of ['search', 'create-post', 'Has Spaces', 'trailing-', '']) {
      const response = await save(site, writer, post, { slug });
      expect(response.statusCode, slug).toBe(400);
      expect(response.json().error.fields).toHaveProperty('slug');
    }
  });

  it('refuses a slug another post of the blog has (409 slug_taken naming slug)', async () => {
    const { site, writer } = await newBlog();
    const first = await draft(site, writer, 'Harbour lights');
    const second = await draft(site, writer, 'Second post');
    const response = await save(site, writer, second, { slug: first.slug });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'slug_taken' });
    expect(response.json().error.fields).toHaveProperty('slug');
    // Another blog's post does not count.
    const elsewhere = await newBlog();
    const theirs = await draft(elsewhere.site, elsewhere.writer, 'Other');
    const free = await save(elsewhere.site, elsewhere.writer, theirs, { slug: first.slug });
    expect(free.statusCode).toBe(200);
  });

  it("keeps a draft's chosen slug when its title changes; a derived one follows the title", async () => {
    const { site, writer } = await newBlog();
    const post = await draft(site, writer, 'First title');
    expect(post.slug).toBe('first-title');
    const renamed = await save(site, writer, post, { title: 'Second title' });
    expect(renamed.json<EditorPostView>().slug).toBe('second-title');
    const chosen = await save(site, writer, renamed.json<EditorPostView>(), { slug: 'my-own' });
    expect(chosen.json<EditorPostView>().slug).toBe('my-own');
    const retitled = await save(site, writer, chosen.json<EditorPostView>(), {
      title: 'Third title',
    });
    expect(retitled.json<EditorPostView>().slug).toBe('my-own');
  });

  it("changes a published post's slug only when asked, and the old slug still finds it", async () => {
    const { site, writer } = await newBlog();
    const post = await published(site, writer, 'Lighthouse keepers');
    expect(post.slug).toBe('lighthouse-keepers');
    const retitled = await save(site, writer, post, { title: 'Keepers of the light' });
    expect(retitled.json<EditorPostView>().slug).toBe('lighthouse-keepers');
    const moved = await save(site, writer, retitled.json<EditorPostView>(), { slug: 'keepers' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<EditorPostView>().slug).toBe('keepers');
    for (const slug of ['keepers', 'lighthouse-keepers']) {
      const page = await call(site, 'GET', `/api/posts/slug/${slug}`);
      expect(page.statusCode, slug).toBe(200);
      expect(page.json()).toMatchObject({ id: post.id, slug: 'keepers' });
    }
    // Back to the old slug: it is the post's own history, not another post's.
    const back = await save(site, writer, moved.json<EditorPostView>(), {
      slug: 'lighthouse-keepers',
    });
    expect(back.json<EditorPostView>().slug).toBe('lighthouse-keepers');
    const still = await call(site, 'GET', '/api/posts/slug/keepers');
    expect(still.json()).toMatchObject({ id: post.id, slug: 'lighthouse-keepers' });
  });

  it("moves the site's generation when a published post's slug changes (the feed shows the new link)", async () => {
    const { site, writer } = await newBlog();
    const post = await published(site, writer, 'Cached link');
    const before = await call(site, 'GET', '/api/posts');
    expect(JSON.stringify(before.json())).toContain('/cached-link');
    await save(site, writer, post, { slug: 'fresh-link' });
    const after = await call(site, 'GET', '/api/posts');
    const text = JSON.stringify(after.json());
    expect(text).toContain('/fresh-link');
    expect(text).not.toContain('/cached-link"');
  });
});

describe('PUT /api/editor/posts/:id — who may set SEO (post:toggle-seo)', () => {
  it('lets a guest writer set SEO on their own post, not on another writer’s', async () => {
    const { site, writer, guestWriter } = await newBlog();
    const own = await draft(site, guestWriter, 'Guest notes');
    expect(own.permissions.canEditSeo).toBe(true);
    const mine = await save(site, guestWriter, own, { seoTitle: 'Guest SEO', slug: 'guest-seo' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<EditorPostView>()).toMatchObject({
      slug: 'guest-seo',
      seo: { seoTitle: 'Guest SEO' },
    });
    const theirs = await draft(site, writer, 'Writer notes');
    const refused = await save(site, guestWriter, theirs, { seoTitle: 'Not mine' });
    expect([403, 404]).toContain(refused.statusCode);
  });

  it('lets an editor set SEO on any post; refuses a member (403) and a visitor (401)', async () => {
    const { site, writer, editor, user } = await newBlog();
    const post = await draft(site, writer, 'Anyone');
    const byEditor = await save(site, editor, post, { noindex: true });
    expect(byEditor.statusCode).toBe(200);
    const next = byEditor.json<EditorPostView>();
    const byUser = await save(site, user, next, { noindex: false });
    expect(byUser.statusCode).toBe(403);
    const byVisitor = await call(site, 'PUT', `/api/editor/posts/${post.id}`, {
      payload: { revision: next.revision, noindex: false },
    });
    expect(byVisitor.statusCode).toBe(401);
    const loaded = await call(site, 'GET', `/api/editor/posts/${post.id}`, { as: writer });
    expect(loaded.json<EditorPostView>().seo.noindex).toBe(true);
  });
});
