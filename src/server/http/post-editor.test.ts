import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorPostView } from '../../domain/post-editor';
import type { FeedPageView } from '../../domain/views';
import { documentOf, heading, paragraph } from '../../rich-content/document';
import {
  categories,
  postCategories,
  postHashtags,
  posts,
  postTags,
  tags,
} from '../db/schema.server';
import {
  buildPost,
  createCategory,
  createMember,
  createTag,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });
let withoutTestRoutes: FastifyInstance;
let otherSite: TestSite;
let writer: { id: string };
let otherWriter: { id: string };
let guestWriter: { id: string };
let reader: { id: string };
let editor: { id: string };
let category: { id: string };
let tag: { id: string };
let otherSiteCategory: { id: string };

const body = documentOf([heading(2, 'Saving'), paragraph('Words about #trains and stations.')]);

beforeAll(async () => {
  const { db, site } = harness;
  withoutTestRoutes = await buildTestApp(harness.database);
  otherSite = await createTestSite(db);
  writer = await createMember(db, site.id, { role: 'writer' });
  otherWriter = await createMember(db, site.id, { role: 'writer' });
  guestWriter = await createMember(db, site.id, { role: 'guest-writer' });
  reader = await createMember(db, site.id, { role: 'user' });
  editor = await createMember(db, site.id, { role: 'editor' });
  category = await createCategory(db, site.id);
  tag = await createTag(db, site.id);
  otherSiteCategory = await createCategory(db, otherSite.id);
});

afterAll(async () => {
  await withoutTestRoutes.close();
});

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { as?: { id: string }; payload?: object; target?: FastifyInstance } = {},
) {
  const headers: Record<string, string> = { host: harness.site.host };
  if (options.as) headers[TEST_MEMBER_HEADER] = options.as.id;
  return (options.target ?? harness.app).inject({ method, url, headers, payload: options.payload });
}

async function createDraft(as: { id: string }, title = 'A new post'): Promise<EditorPostView> {
  const response = await call('POST', '/api/editor/posts', { as, payload: { title } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function feedIds(): Promise<string[]> {
  const response = await call('GET', '/api/posts?pageSize=50');
  return (response.json() as FeedPageView).posts.map((p) => p.id);
}

async function postCount(table: typeof categories | typeof tags, id: string) {
  const [row] = await harness.db
    .select({ count: table.postCount })
    .from(table)
    .where(and(eq(table.siteId, harness.site.id), eq(table.id, id)));
  return row!.count;
}

async function listingRows(postId: string) {
  const { db } = harness;
  const where = <T extends typeof postCategories | typeof postTags | typeof postHashtags>(
    table: T,
  ) => and(eq(table.siteId, harness.site.id), eq(table.postId, postId));
  return {
    categories: await db.select().from(postCategories).where(where(postCategories)),
    tags: await db.select().from(postTags).where(where(postTags)),
    hashtags: await db.select().from(postHashtags).where(where(postHashtags)),
  };
}

describe('the post editor API: a writer', () => {
  it('creates a draft, saves, is refused a stale save, publishes, schedules and reverts', async () => {
    const draft = await createDraft(writer, 'Night trains of Europe');
    expect(draft).toMatchObject({
      status: 'unpublished',
      revision: 1,
      title: 'Night trains of Europe',
      slug: 'night-trains-of-europe',
      ownerId: writer.id,
      permissions: { canEdit: true, canPublish: true, canRevertToDraft: false },
    });

    const saved = await call('PUT', `/api/editor/posts/${draft.id}`, {
      as: writer,
      payload: {
        revision: 1,
        title: 'Night trains',
        content: body,
        categoryIds: [category.id],
        tagIds: [tag.id],
        excerpt: 'Sleeping across borders.',
      },
    });
    expect(saved.statusCode).toBe(200);
    const afterSave: EditorPostView = saved.json();
    expect(afterSave).toMatchObject({
      revision: 2,
      title: 'Night trains',
      slug: 'night-trains',
      categoryIds: [category.id],
      tagIds: [tag.id],
      excerpt: 'Sleeping across borders.',
    });
    // A draft lists nowhere and counts nowhere, but its listing rows exist, unpublished.
    expect(await feedIds()).not.toContain(draft.id);
    expect(await postCount(categories, category.id)).toBe(0);
    const draftRows = await listingRows(draft.id);
    expect(draftRows.categories.map((r) => r.isPublished)).toEqual([false]);
    expect(draftRows.hashtags.map((r) => r.hashtag)).toEqual(['trains']);

    // Another tab still at revision 1: refused with the current revision, nothing overwritten.
    const stale = await call('PUT', `/api/editor/posts/${draft.id}`, {
      as: writer,
      payload: { revision: 1, title: 'Overwritten?' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'edit-conflict', revision: 2 });
    const loaded = await call('GET', `/api/editor/posts/${draft.id}`, { as: writer });
    expect(loaded.json()).toMatchObject({ title: 'Night trains', revision: 2 });

    const published = await call('POST', `/api/editor/posts/${draft.id}/publish`, {
      as: writer,
      payload: { revision: 2 },
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', revision: 3 });
    expect(published.json().firstPublishedDate).not.toBeNull();
    expect(await feedIds()).toContain(draft.id);
    const bySlug = await call('GET', '/api/posts/slug/night-trains');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().excerpt).toBe('Sleeping across borders.');
    expect(await postCount(categories, category.id)).toBe(1);
    expect(await postCount(tags, tag.id)).toBe(1);
    const publishedRows = await listingRows(draft.id);
    expect(publishedRows.categories.map((r) => r.isPublished)).toEqual([true]);
    expect(publishedRows.tags.map((r) => r.isPublished)).toEqual([true]);

    // Edits of a published post are live; its slug stays.
    const retitled = await call('PUT', `/api/editor/posts/${draft.id}`, {
      as: writer,
      payload: { revision: 3, title: 'Night trains, revisited', categoryIds: [] },
    });
    expect(retitled.json()).toMatchObject({ slug: 'night-trains', revision: 4 });
    expect(await postCount(categories, category.id)).toBe(0);

    const reverted = await call('POST', `/api/editor/posts/${draft.id}/unpublish`, {
      as: writer,
      payload: { revision: 4 },
    });
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json()).toMatchObject({ status: 'unpublished', revision: 5 });
    expect(await feedIds()).not.toContain(draft.id);
    expect(await postCount(tags, tag.id)).toBe(0);
    expect((await listingRows(draft.id)).tags.map((r) => r.isPublished)).toEqual([false]);

    const scheduledFor = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const scheduled = await call('POST', `/api/editor/posts/${draft.id}/publish`, {
      as: writer,
      payload: { scheduledFor },
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({
      status: 'scheduled',
      scheduledPublishDate: scheduledFor,
      permissions: { canRevertToDraft: true },
    });
    expect(await feedIds()).not.toContain(draft.id);

    const unscheduled = await call('POST', `/api/editor/posts/${draft.id}/unpublish`, {
      as: writer,
    });
    expect(unscheduled.json()).toMatchObject({ status: 'unpublished', scheduledPublishDate: null });
    const again = await call('POST', `/api/editor/posts/${draft.id}/unpublish`, { as: writer });
    expect(again.statusCode).toBe(409);
  });

  it('may save a draft incomplete but not publish it: 400 naming title or content', async () => {
    const draft = await createDraft(writer, '');
    expect(draft.slug).toMatch(/^draft-/);
    const noTitle = await call('PUT', `/api/editor/posts/${draft.id}`, {
      as: writer,
      payload: { revision: 1, content: body },
    });
    expect(noTitle.statusCode).toBe(200);
    const refused = await call('POST', `/api/editor/posts/${draft.id}/publish`, { as: writer });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'post_title_required',
      fields: { title: expect.any(String) },
    });

    const empty = await createDraft(writer, '');
    const both = await call('POST', `/api/editor/posts/${empty.id}/publish`, { as: writer });
    expect(both.json().error.code).toBe('post_fields_required');
    expect(Object.keys(both.json().error.fields).sort()).toEqual(['content', 'title']);

    const titled = await createDraft(writer, 'Only a title');
    const noContent = await call('POST', `/api/editor/posts/${titled.id}/publish`, {
      as: writer,
      payload: { scheduledFor: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(noContent.json().error).toMatchObject({
      code: 'post_content_required',
      fields: { content: expect.any(String) },
    });
  });

  it('gets 400 with the node path for bad content, storing nothing', async () => {
    const draft = await createDraft(writer);
    const response = await call('PUT', `/api/editor/posts/${draft.id}`, {
      as: writer,
      payload: {
        revision: 1,
        title: 'Changed',
        content: { nodes: [paragraph('fine'), { type: 'PARAGRAPH', id: 'x', nodes: [{}] }] },
      },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields)[0]).toMatch(/^content\.nodes\[1\]/);
    const loaded = await call('GET', `/api/editor/posts/${draft.id}`, { as: writer });
    expect(loaded.json()).toMatchObject({ title: 'A new post', revision: 1 });
  });

  it("gets 400 for another site's category, a bad schedule or a bad body", async () => {
    const draft = await createDraft(writer);
    const foreign = await call('PUT', `/api/editor/posts/${draft.id}`, {
      as: writer,
      payload: { revision: 1, categoryIds: [category.id, otherSiteCategory.id] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ 'categoryIds.1': expect.any(String) });

    const past = await call('POST', `/api/editor/posts/${draft.id}/publish`, {
      as: writer,
      payload: { scheduledFor: '2001-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);

    const noRevision = await call('PUT', `/api/editor/posts/${draft.id}`, {
      as: writer,
      payload: { title: 'x' },
    });
    expect(noRevision.statusCode).toBe(400);
    expect(noRevision.json().error.fields).toHaveProperty('revision');
  });
});

describe('the post editor API: permissions', () => {
  it('refuses a guest-writer publishing, even calling the API directly', async () => {
    const draft = await createDraft(guestWriter, 'Guest post');
    expect(draft.permissions.canPublish).toBe(false);
    await call('PUT', `/api/editor/posts/${draft.id}`, {
      as: guestWriter,
      payload: { revision: 1, content: body },
    });
    const publish = await call('POST', `/api/editor/posts/${draft.id}/publish`, {
      as: guestWriter,
    });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().error.code).toBe('forbidden');
    const schedule = await call('POST', `/api/editor/posts/${draft.id}/publish`, {
      as: guestWriter,
      payload: { scheduledFor: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(schedule.statusCode).toBe(403);
    expect(await feedIds()).not.toContain(draft.id);
  });

  it("refuses a guest-writer editing its published post's text, not its settings", async () => {
    const post = buildPost(harness.site.id, guestWriter.id);
    await harness.app.services.postWriter.insertPost(post);
    const text = await call('PUT', `/api/editor/posts/${post.id}`, {
      as: guestWriter,
      payload: { revision: 1, title: 'Sneaky change' },
    });
    expect(text.statusCode).toBe(403);
    const settings = await call('PUT', `/api/editor/posts/${post.id}`, {
      as: guestWriter,
      payload: { revision: 1, tagIds: [tag.id] },
    });
    expect(settings.statusCode).toBe(200);
    expect(await postCount(tags, tag.id)).toBe(1);
  });

  it('gives anonymous visitors 401 login-required', async () => {
    const draft = await createDraft(writer);
    const create = await call('POST', '/api/editor/posts', { payload: {} });
    expect(create.statusCode).toBe(401);
    expect(create.json().error.code).toBe('login-required');
    const load = await call('GET', `/api/editor/posts/${draft.id}`);
    expect(load.statusCode).toBe(401);
    const save = await call('PUT', `/api/editor/posts/${draft.id}`, {
      payload: { revision: 1, title: 'x' },
    });
    expect(save.statusCode).toBe(401);
    // Without test routes the header means nothing: everyone is a visitor until sessions.
    const ignored = await call('POST', '/api/editor/posts', {
      as: writer,
      payload: {},
      target: withoutTestRoutes,
    });
    expect(ignored.statusCode).toBe(401);
  });

  it("refuses a reader or another writer editing someone's post; an editor may", async () => {
    const draft = await createDraft(writer);
    const byReader = await call('PUT', `/api/editor/posts/${draft.id}`, {
      as: reader,
      payload: { revision: 1, title: 'Mine now' },
    });
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().error.code).toBe('forbidden');
    expect((await call('POST', '/api/editor/posts', { as: reader })).statusCode).toBe(403);
    const byOther = await call('GET', `/api/editor/posts/${draft.id}`, { as: otherWriter });
    expect(byOther.statusCode).toBe(403);
    const byEditor = await call('PUT', `/api/editor/posts/${draft.id}`, {
      as: editor,
      payload: { revision: 1, title: 'Edited by the editor' },
    });
    expect(byEditor.statusCode).toBe(200);
    expect(byEditor.json().ownerId).toBe(writer.id);
  });

  it('answers 404 for a post of another site and 400 for a bad id', async () => {
    const foreign = buildPost(otherSite.id, (await createMember(harness.db, otherSite.id)).id);
    await harness.app.services.postWriter.insertPost(foreign);
    expect((await call('GET', `/api/editor/posts/${foreign.id}`, { as: editor })).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/editor/posts/nope', { as: editor })).statusCode).toBe(400);
    const [row] = await harness.db.select().from(posts).where(eq(posts.id, foreign.id));
    expect(row!.revision).toBe(1);
  });
});
