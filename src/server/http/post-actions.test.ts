/**
 * The post actions of SPEC §6 that change a post (delete to the trash, duplicate, pin and unpin)
 * through HTTP, on the production build's pages, PGlite and PostgreSQL, with real sessions and
 * the anti-forgery token. A deleted post leaves every reader (feeds, post page, search, related
 * posts, my-posts, post counts) and the cached pages at once; a copy is a draft of its maker; a
 * pin moves a post to the top of the feeds, the cached feed page included. Who may do what is the
 * permission table's (src/domain/permissions.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyPostsPageView, MyPostsTab } from '../../domain/my-posts';
import type { Role } from '../../domain/permissions';
import type { EditorPostView } from '../../domain/post-editor';
import type { SearchResultsView } from '../../domain/search';
import type { CategoryView, FeedPageView } from '../../domain/views';
import { documentOf, heading, paragraph } from '../../rich-content/document';
import { media, posts } from '../db/schema.server';
import type { PostWrite } from '../services/post-records.server';
import { createMemberWithPassword, TestBrowser } from '../testing/auth.server';
import { buildPost, createCategory, createTag } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({ pages: true, site: { name: 'Post Actions Blog' } });

interface SignedIn {
  id: string;
  browser: TestBrowser;
}

let writer: SignedIn;
let otherWriter: SignedIn;
let editor: SignedIn;
let reader: SignedIn;
let visitor: TestBrowser;
let category: { id: string; slug: string };
let tag: { id: string; slug: string };

async function signIn(role: Role): Promise<SignedIn> {
  const member = await createMemberWithPassword(harness.db, harness.site.id, { role });
  const browser = new TestBrowser(harness.app, harness.site.host);
  const response = await browser.logIn(member.email, member.password);
  expect(response.statusCode).toBe(200);
  return { id: member.id, browser };
}

beforeAll(async () => {
  const { db, site } = harness;
  writer = await signIn('writer');
  otherWriter = await signIn('writer');
  editor = await signIn('editor');
  reader = await signIn('user');
  visitor = new TestBrowser(harness.app, site.host);
  category = await createCategory(db, site.id);
  tag = await createTag(db, site.id);
});

/** A published post stored through the post writer, as the product stores one. */
async function publishedPost(
  ownerId: string,
  overrides: Partial<PostWrite> & { body?: string } = {},
): Promise<PostWrite> {
  const post = buildPost(harness.site.id, ownerId, overrides);
  await harness.app.services.postWriter.insertPost(post);
  return post;
}

/** A GET as an anonymous visitor with no cookies: the one the page cache serves. */
function anonymousGet(url: string) {
  return harness.app.inject({ method: 'GET', url, headers: { host: harness.site.host } });
}

async function feedIds(url = '/api/posts?page=1&pageSize=50'): Promise<string[]> {
  const response = await anonymousGet(url);
  expect(response.statusCode).toBe(200);
  return response.json<FeedPageView>().posts.map((p) => p.id);
}

async function myPosts(as: SignedIn, tab: MyPostsTab): Promise<MyPostsPageView> {
  const response = await as.browser.request('GET', `/api/my-posts?status=${tab}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function categoryCount(id: string): Promise<number> {
  const response = await anonymousGet('/api/categories');
  const found = response.json<{ categories: CategoryView[] }>().categories.find((c) => c.id === id);
  return found!.postCount;
}

async function storedPost(id: string) {
  const [row] = await harness.db
    .select()
    .from(posts)
    .where(and(eq(posts.siteId, harness.site.id), eq(posts.id, id)));
  return row!;
}

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; fields?: Record<string, string> } }).error;

/** `who` asks `method url` and is refused with `status` and `code`. */
async function expectRefused(
  who: TestBrowser,
  method: 'PUT' | 'POST' | 'DELETE',
  url: string,
  status: number,
  code: string,
) {
  const refused = await who.request(method, url);
  expect(refused.statusCode).toBe(status);
  expect(errorOf(refused).code).toBe(code);
}

/** Another writer and a reader are refused (403), a visitor asked to log in (401). */
async function expectRefusedToOthers(method: 'POST' | 'DELETE', url: string) {
  await expectRefused(otherWriter.browser, method, url, 403, 'forbidden');
  await expectRefused(reader.browser, method, url, 403, 'forbidden');
  await expectRefused(visitor, method, url, 401, 'login-required');
}

describe('DELETE /api/editor/posts/:id', () => {
  it("moves a writer's own post to the trash: gone from every reader and cached page, 404 after", async () => {
    const post = await publishedPost(writer.id, {
      title: 'Lighthouses of the north',
      body: 'Notes on lighthouses and #foghorns along the coast.',
      categoryIds: [category.id],
      tagIds: [tag.id],
    });
    const neighbour = await publishedPost(writer.id, {
      title: 'Harbours',
      categoryIds: [category.id],
    });
    // Before: listed everywhere, counted, and its page cached for visitors.
    expect(await feedIds()).toContain(post.id);
    for (const url of [
      `/api/categories/${category.slug}/posts?pageSize=50`,
      `/api/tags/${tag.slug}/posts?pageSize=50`,
      '/api/hashtags/foghorns/posts?pageSize=50',
    ]) {
      expect(await feedIds(url)).toContain(post.id);
    }
    const found = await anonymousGet('/api/search?q=lighthouses');
    expect(found.json<SearchResultsView>().posts.map((p) => p.id)).toContain(post.id);
    const related = await harness.app.services.related.listRelatedPosts(
      harness.site,
      neighbour.id,
      'related',
      3,
    );
    expect(related.map((p) => p.id)).toContain(post.id);
    expect(await categoryCount(category.id)).toBe(2);
    const before = await myPosts(writer, 'published');
    expect(before.posts.map((p) => p.id)).toContain(post.id);
    expect((await anonymousGet(`/blog/${post.slug}`)).statusCode).toBe(200);
    const cached = await anonymousGet(`/blog/${post.slug}`);
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['x-page-cache']).toBe('hit');

    const deleted = await writer.browser.request('DELETE', `/api/editor/posts/${post.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');

    expect(await feedIds()).not.toContain(post.id);
    expect(await feedIds()).toContain(neighbour.id);
    for (const url of [
      `/api/categories/${category.slug}/posts?pageSize=50`,
      `/api/tags/${tag.slug}/posts?pageSize=50`,
      '/api/hashtags/foghorns/posts?pageSize=50',
    ]) {
      expect(await feedIds(url)).not.toContain(post.id);
    }
    const searched = await anonymousGet('/api/search?q=lighthouses');
    expect(searched.json<SearchResultsView>().posts).toEqual([]);
    const relatedAfter = await harness.app.services.related.listRelatedPosts(
      harness.site,
      neighbour.id,
      'related',
      3,
    );
    expect(relatedAfter.map((p) => p.id)).not.toContain(post.id);
    expect(await categoryCount(category.id)).toBe(1);
    expect((await anonymousGet(`/api/posts/slug/${post.slug}`)).statusCode).toBe(404);
    // The cached page dropped with the site's generation.
    expect((await anonymousGet(`/blog/${post.slug}`)).statusCode).toBe(404);
    const after = await myPosts(writer, 'published');
    expect(after.posts.map((p) => p.id)).not.toContain(post.id);
    expect(after.counts.published).toBe(before.counts.published - 1);

    // A soft delete: the row stays, in the trash.
    expect((await storedPost(post.id)).status).toBe('deleted');
    const again = await writer.browser.request('DELETE', `/api/editor/posts/${post.id}`);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('post_not_found');
    const load = await writer.browser.request('GET', `/api/editor/posts/${post.id}`);
    expect(load.statusCode).toBe(404);
  });

  it("deletes a writer's draft too: it leaves my-posts' drafts", async () => {
    const created = await writer.browser.request('POST', '/api/editor/posts', {
      payload: { title: 'A draft to throw away' },
    });
    const draft = created.json<EditorPostView>();
    const before = await myPosts(writer, 'drafts');
    expect(before.posts.map((p) => p.id)).toContain(draft.id);
    const deleted = await writer.browser.request('DELETE', `/api/editor/posts/${draft.id}`);
    expect(deleted.statusCode).toBe(204);
    const after = await myPosts(writer, 'drafts');
    expect(after.posts.map((p) => p.id)).not.toContain(draft.id);
    expect(after.counts.drafts).toBe(before.counts.drafts - 1);
  });

  it("refuses another writer (403) and a reader (403), asks a visitor to log in (401); an editor may delete anyone's post", async () => {
    const post = await publishedPost(writer.id);
    await expectRefusedToOthers('DELETE', `/api/editor/posts/${post.id}`);
    expect((await storedPost(post.id)).status).toBe('published');
    expect(await feedIds()).toContain(post.id);

    const byEditor = await editor.browser.request('DELETE', `/api/editor/posts/${post.id}`);
    expect(byEditor.statusCode).toBe(204);
    expect((await storedPost(post.id)).status).toBe('deleted');
    expect(await feedIds()).not.toContain(post.id);
  });

  it('answers 400 naming the id for a bad id, 404 for an unknown one, 403 without the token', async () => {
    const bad = await editor.browser.request('DELETE', '/api/editor/posts/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'validation_failed' });
    expect(errorOf(bad).fields).toHaveProperty('id');
    const unknown = await editor.browser.request(
      'DELETE',
      '/api/editor/posts/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('post_not_found');

    const post = await publishedPost(writer.id);
    const forged = await writer.browser.request('DELETE', `/api/editor/posts/${post.id}`, {
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect(errorOf(forged).code).toBe('csrf_invalid');
    expect((await storedPost(post.id)).status).toBe('published');
  });
});

describe('POST /api/editor/posts/:id/duplicate', () => {
  it('copies a post into a draft of the actor, with a slug of its own, leaving the source as it was', async () => {
    // The source, written through the editor: every field the copy takes.
    const [cover] = await harness.db
      .insert(media)
      .values({
        siteId: harness.site.id,
        id: randomUUID(),
        fileName: 'cover.jpg',
        mimeType: 'image/jpeg',
        width: 1200,
        height: 800,
      })
      .returning();
    const created = await writer.browser.request('POST', '/api/editor/posts', {
      payload: { title: 'Tide tables' },
    });
    const draft = created.json<EditorPostView>();
    const content = documentOf([heading(2, 'Tides'), paragraph('High water at noon. #tides')]);
    const saved = await writer.browser.request('PUT', `/api/editor/posts/${draft.id}`, {
      payload: {
        revision: 1,
        content,
        excerpt: 'When the sea comes in.',
        categoryIds: [category.id],
        tagIds: [tag.id],
        coverImage: { isEnabled: true, mediaId: cover!.id },
        isCommentsDisabled: true,
      },
    });
    expect(saved.statusCode).toBe(200);
    const published = await writer.browser.request('POST', `/api/editor/posts/${draft.id}/publish`);
    expect(published.statusCode).toBe(200);
    const source = published.json<EditorPostView>();
    expect(
      (await editor.browser.request('PUT', `/api/editor/posts/${source.id}/pin`)).statusCode,
    ).toBe(200);
    await harness.db
      .update(posts)
      .set({ viewCount: 12, likeCount: 3 })
      .where(and(eq(posts.siteId, harness.site.id), eq(posts.id, source.id)));
    const sourceBefore = await storedPost(source.id);
    const countBefore = await categoryCount(category.id);

    const response = await writer.browser.request(
      'POST',
      `/api/editor/posts/${source.id}/duplicate`,
    );
    expect(response.statusCode).toBe(201);
    const copy = response.json<EditorPostView>();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      status: 'unpublished',
      revision: 1,
      ownerId: writer.id,
      title: 'Tide tables',
      excerpt: 'When the sea comes in.',
      content: source.content,
      categoryIds: [category.id],
      tagIds: [tag.id],
      coverImage: { isEnabled: true, mediaId: cover!.id },
      language: source.language,
      isCommentsDisabled: true,
      firstPublishedDate: null,
      lastPublishedDate: null,
      scheduledPublishDate: null,
      permissions: { canEdit: true, canPublish: true, canRevertToDraft: false },
    });
    expect(copy.slug).not.toBe(source.slug);
    expect(copy.slug).toMatch(/^tide-tables-/);
    // The same shape the editor loads.
    const loaded = await writer.browser.request('GET', `/api/editor/posts/${copy.id}`);
    expect(loaded.json()).toEqual(copy);

    const copyRow = await storedPost(copy.id);
    expect(copyRow).toMatchObject({
      isPinned: false,
      isFeatured: false,
      viewCount: 0,
      likeCount: 0,
    });
    expect(copyRow.hashtags).toEqual(['tides']);
    // The source is untouched; the copy, a draft, lists nowhere and counts nowhere.
    expect(await storedPost(source.id)).toEqual(sourceBefore);
    expect(await categoryCount(category.id)).toBe(countBefore);
    expect(await feedIds()).not.toContain(copy.id);
    expect((await myPosts(writer, 'drafts')).posts.map((p) => p.id)).toContain(copy.id);

    // A second copy gets yet another slug.
    const second = await writer.browser.request('POST', `/api/editor/posts/${source.id}/duplicate`);
    expect(second.statusCode).toBe(201);
    expect([source.slug, copy.slug]).not.toContain(second.json<EditorPostView>().slug);

    // An editor's copy of the writer's post is the editor's.
    const byEditor = await editor.browser.request(
      'POST',
      `/api/editor/posts/${source.id}/duplicate`,
    );
    expect(byEditor.statusCode).toBe(201);
    expect(byEditor.json<EditorPostView>().ownerId).toBe(editor.id);

    // A deleted source cannot be copied.
    await writer.browser.request('DELETE', `/api/editor/posts/${source.id}`);
    const ofDeleted = await writer.browser.request(
      'POST',
      `/api/editor/posts/${source.id}/duplicate`,
    );
    expect(ofDeleted.statusCode).toBe(404);
    expect(errorOf(ofDeleted).code).toBe('post_not_found');
  });

  it("refuses a writer copying another writer's post (own posts only below editor), a reader, and a visitor", async () => {
    const post = await publishedPost(writer.id);
    await expectRefusedToOthers('POST', `/api/editor/posts/${post.id}/duplicate`);
    const bad = await writer.browser.request('POST', '/api/editor/posts/nope/duplicate');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('id');
    const mine = await myPosts(otherWriter, 'drafts');
    expect(mine.counts.drafts).toBe(0);
  });
});

describe('PUT and DELETE /api/editor/posts/:id/pin', () => {
  it('moves a post to the top of the feeds and back, idempotently, without a new revision', async () => {
    const old = await publishedPost(writer.id, {
      title: 'An old post',
      firstPublishedDate: new Date(Date.UTC(2019, 0, 1)),
      categoryIds: [category.id],
    });
    await publishedPost(writer.id, { categoryIds: [category.id] });
    const feedBefore = await feedIds();
    const categoryFeed = `/api/categories/${category.slug}/posts?pageSize=50`;
    const categoryBefore = await feedIds(categoryFeed);
    expect(feedBefore[0]).not.toBe(old.id);
    expect(categoryBefore[0]).not.toBe(old.id);
    const revision = (await storedPost(old.id)).revision;

    for (let press = 0; press < 2; press += 1) {
      const pinned = await editor.browser.request('PUT', `/api/editor/posts/${old.id}/pin`);
      expect(pinned.statusCode).toBe(200);
      expect(pinned.json()).toEqual({ isPinned: true });
      expect((await feedIds('/api/posts?page=1'))[0]).toBe(old.id);
      expect((await feedIds(categoryFeed))[0]).toBe(old.id);
    }
    expect((await storedPost(old.id)).revision).toBe(revision);
    // The writer's open editor saves on from its revision, and the save keeps the pin.
    const saved = await writer.browser.request('PUT', `/api/editor/posts/${old.id}`, {
      payload: { revision, title: 'An old post, pinned' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await storedPost(old.id)).isPinned).toBe(true);

    for (let press = 0; press < 2; press += 1) {
      const unpinned = await editor.browser.request('DELETE', `/api/editor/posts/${old.id}/pin`);
      expect(unpinned.statusCode).toBe(200);
      expect(unpinned.json()).toEqual({ isPinned: false });
      expect(await feedIds()).toEqual(feedBefore);
      expect(await feedIds(categoryFeed)).toEqual(categoryBefore);
    }
  });

  it('is for editors on published posts (the permission table): writers, readers, visitors and drafts are refused', async () => {
    const own = await publishedPost(writer.id);
    const others = await publishedPost(otherWriter.id);
    for (const [who, id, status, code] of [
      [writer.browser, own.id, 403, 'forbidden'],
      [writer.browser, others.id, 403, 'forbidden'],
      [reader.browser, own.id, 403, 'forbidden'],
      [visitor, own.id, 401, 'login-required'],
    ] as const) {
      for (const method of ['PUT', 'DELETE'] as const) {
        await expectRefused(who, method, `/api/editor/posts/${id}/pin`, status, code);
      }
    }
    expect((await storedPost(own.id)).isPinned).toBe(false);

    const draft = await editor.browser.request('POST', '/api/editor/posts', {
      payload: { title: 'Not out yet' },
    });
    const ofDraft = await editor.browser.request(
      'PUT',
      `/api/editor/posts/${draft.json<EditorPostView>().id}/pin`,
    );
    expect(ofDraft.statusCode).toBe(403);
    expect(errorOf(ofDraft).code).toBe('forbidden');

    const bad = await editor.browser.request('PUT', '/api/editor/posts/1234/pin');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('id');
    const unknown = await editor.browser.request(
      'PUT',
      '/api/editor/posts/00000000-0000-4000-8000-000000000000/pin',
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('post_not_found');
  });

  it("changes a visitor's cached feed page: the pinned post comes first", async () => {
    const old = await publishedPost(writer.id, {
      title: 'Zebra crossings revisited',
      firstPublishedDate: new Date(Date.UTC(2018, 5, 1)),
    });
    const newest = await publishedPost(writer.id, {
      title: 'Quayside market today',
      firstPublishedDate: new Date(),
    });
    expect((await anonymousGet('/blog')).statusCode).toBe(200);
    const cached = await anonymousGet('/blog');
    expect(cached.headers['x-page-cache']).toBe('hit');
    const oldAt = cached.body.indexOf(old.title);
    const newestAt = cached.body.indexOf(newest.title);
    expect(newestAt).toBeGreaterThan(0);
    expect(oldAt === -1 || oldAt > newestAt).toBe(true);

    const pinned = await editor.browser.request('PUT', `/api/editor/posts/${old.id}/pin`);
    expect(pinned.statusCode).toBe(200);

    const after = await anonymousGet('/blog');
    expect(after.headers['x-page-cache']).toBe('miss');
    const pinnedAt = after.body.indexOf(old.title);
    expect(pinnedAt).toBeGreaterThan(0);
    expect(pinnedAt).toBeLessThan(after.body.indexOf(newest.title));
  });
});
