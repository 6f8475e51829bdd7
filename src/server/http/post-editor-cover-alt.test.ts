/**
 * The cover image's description (issue 23, decision 067) through the API: saved with the draft,
 * validated at the boundary (400 naming `coverImage.alt`), kept per post (never written to the
 * media row another post may share), and the only alt the cover gets on the post page and the
 * cards: none is "" (never the title beside it), decorative is "". Each test makes its own site.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALT_TEXT_MAX_LENGTH } from '../../domain/media';
import type { EditorPostView } from '../../domain/post-editor';
import type { FeedPageView } from '../../domain/views';
import { documentOf, paragraph } from '../../rich-content/document';
import { media } from '../db/schema.server';
import { createMember, createTestSite, type TestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true, pages: true });

const content = documentOf([paragraph('The harbour at low tide, seen from the pier.')]);

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

async function newBlog() {
  const site = await createTestSite(harness.db);
  const writer = await createMember(harness.db, site.id, { role: 'writer' });
  return { site, writer };
}

/** An uploaded image of the site, with the media row's own alt text (an imported picture's). */
async function imageOf(siteId: string, altText = '') {
  const id = randomUUID();
  await harness.db.insert(media).values({
    siteId,
    id,
    fileName: 'harbour.jpg',
    mimeType: 'image/jpeg',
    width: 1600,
    height: 900,
    altText,
  });
  return id;
}

async function draft(site: TestSite, as: Who, title: string): Promise<EditorPostView> {
  const created = await call(site, 'POST', '/api/editor/posts', { as, payload: { title } });
  expect(created.statusCode).toBe(201);
  return created.json<EditorPostView>();
}

async function save(site: TestSite, as: Who, post: EditorPostView, payload: object) {
  return call(site, 'PUT', `/api/editor/posts/${post.id}`, {
    as,
    payload: { revision: post.revision, ...payload },
  });
}

async function saved(site: TestSite, as: Who, post: EditorPostView, payload: object) {
  const response = await save(site, as, post, payload);
  expect(response.statusCode).toBe(200);
  return response.json<EditorPostView>();
}

async function publish(site: TestSite, as: Who, post: EditorPostView) {
  const response = await call(site, 'POST', `/api/editor/posts/${post.id}/publish`, {
    as,
    payload: { revision: post.revision },
  });
  expect(response.statusCode).toBe(200);
  return response.json<EditorPostView>();
}

/** The `alt` of the post page's cover <img> (inside `.post__cover`). */
async function pageCoverAlt(site: TestSite, post: EditorPostView): Promise<string | null> {
  const page = await call(site, 'GET', `/blog/${post.slug}`);
  expect(page.statusCode).toBe(200);
  const cover = /<div class="post__cover">([\s\S]*?)<\/div>/.exec(page.body)?.[1] ?? '';
  return /<img[^>]*\salt="([^"]*)"/.exec(cover)?.[1] ?? null;
}

async function cardCoverAlt(site: TestSite, postId: string): Promise<string | undefined> {
  const feed = await call(site, 'GET', '/api/posts?page=1&pageSize=50');
  expect(feed.statusCode).toBe(200);
  return feed.json<FeedPageView>().posts.find((p) => p.id === postId)?.cover?.alt;
}

describe('PUT /api/editor/posts/:id — the cover description', () => {
  it('saves it with the draft and gives it to the post page and the cards', async () => {
    const { site, writer } = await newBlog();
    const mediaId = await imageOf(site.id);
    let post = await draft(site, writer, 'Low tide');
    expect(post.coverImage).toEqual({
      isEnabled: true,
      mediaId: null,
      alt: '',
      isDecorative: false,
    });
    post = await saved(site, writer, post, {
      content,
      coverImage: { isEnabled: true, mediaId, alt: '  Boats lying on the mud  ' },
    });
    expect(post.coverImage).toEqual({
      isEnabled: true,
      mediaId,
      alt: 'Boats lying on the mud',
      isDecorative: false,
    });
    // Left out (an older client), the description stays.
    post = await saved(site, writer, post, { coverImage: { isEnabled: true, mediaId } });
    expect(post.coverImage.alt).toBe('Boats lying on the mud');
    expect(
      (await call(site, 'GET', `/api/editor/posts/${post.id}`, { as: writer })).json(),
    ).toEqual(post);

    post = await publish(site, writer, post);
    expect(await pageCoverAlt(site, post)).toBe('Boats lying on the mud');
    expect(await cardCoverAlt(site, post.id)).toBe('Boats lying on the mud');
  });

  it('gives a cover with no description, or a decorative one, alt="" and never the title', async () => {
    const { site, writer } = await newBlog();
    const mediaId = await imageOf(site.id);
    let post = await draft(site, writer, 'Harbour lights');
    post = await saved(site, writer, post, { content, coverImage: { isEnabled: true, mediaId } });
    post = await publish(site, writer, post);
    expect(await pageCoverAlt(site, post)).toBe('');
    expect(await cardCoverAlt(site, post.id)).toBe('');

    post = await saved(site, writer, post, {
      coverImage: { isEnabled: true, mediaId, alt: 'forgotten', isDecorative: true },
    });
    expect(post.coverImage).toMatchObject({ alt: '', isDecorative: true });
    expect(await pageCoverAlt(site, post)).toBe('');
    // Undecorated again, it asks for a description.
    post = await saved(site, writer, post, {
      coverImage: { isEnabled: true, mediaId, isDecorative: false },
    });
    expect(post.coverImage).toMatchObject({ alt: '', isDecorative: false });
  });

  it('keeps the description per post and never writes it to the shared media row', async () => {
    const { site, writer } = await newBlog();
    const mediaId = await imageOf(site.id, 'Imported description');
    const first = await draft(site, writer, 'Morning');
    const second = await draft(site, writer, 'Evening');
    // Chosen with no description of its own, a picture starts from the media row's.
    const evening = await saved(site, writer, second, { coverImage: { isEnabled: true, mediaId } });
    expect(evening.coverImage.alt).toBe('Imported description');
    const morning = await saved(site, writer, first, {
      coverImage: { isEnabled: true, mediaId, alt: 'The pier at sunrise' },
    });
    expect(morning.coverImage.alt).toBe('The pier at sunrise');
    const reloaded = await call(site, 'GET', `/api/editor/posts/${evening.id}`, { as: writer });
    expect(reloaded.json<EditorPostView>().coverImage.alt).toBe('Imported description');
    const [row] = await harness.db
      .select({ altText: media.altText })
      .from(media)
      .where(and(eq(media.siteId, site.id), eq(media.id, mediaId)));
    expect(row?.altText).toBe('Imported description');
  });

  it('refuses a description that is too long or not text, naming the field', async () => {
    const { site, writer } = await newBlog();
    const mediaId = await imageOf(site.id);
    const post = await draft(site, writer, 'Spring tide');
    for (const alt of ['x'.repeat(ALT_TEXT_MAX_LENGTH + 1), 'nul\u0000', 42]) {
      const response = await save(site, writer, post, {
        coverImage: { isEnabled: true, mediaId, alt },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['coverImage.alt']);
    }
    const decorative = await save(site, writer, post, {
      coverImage: { isEnabled: true, mediaId, isDecorative: 'yes' },
    });
    expect(decorative.statusCode).toBe(400);
    expect(Object.keys(decorative.json().error.fields)).toEqual(['coverImage.isDecorative']);
    // Nothing was written: the draft is as it was.
    const loaded = await call(site, 'GET', `/api/editor/posts/${post.id}`, { as: writer });
    expect(loaded.json<EditorPostView>()).toMatchObject({ revision: post.revision });
    // The longest allowed is taken.
    const longest = await saved(site, writer, post, {
      coverImage: { isEnabled: true, mediaId, alt: 'x'.repeat(ALT_TEXT_MAX_LENGTH) },
    });
    expect(longest.coverImage.alt).toHaveLength(ALT_TEXT_MAX_LENGTH);
  });
});
