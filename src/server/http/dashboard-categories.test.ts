/**
 * `/api/dashboard/categories` through HTTP (issue 17 § Categories), on PGlite and PostgreSQL:
 * every action × role (editors and owners may; writers, guest writers and readers get 403; a
 * visitor 401), SPEC §8's label rule, the slug rules (SPEC §2 reserved words, unique, lowercased),
 * two levels only, a cover from the site's media, the reorder the public list and the header
 * follow at once, and a delete that moves or leaves the posts with the counts kept exact.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardCategoryView } from '../../domain/dashboard-categories';
import type { Role } from '../../domain/permissions';
import type { CategoryView } from '../../domain/views';
import { categories, media, postCategories, posts } from '../db/schema.server';
import { buildPost, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ROLES_ALLOWED: Role[] = ['editor', 'owner'];
const ROLES_REFUSED: Role[] = ['writer', 'guest-writer', 'open-blog-writer', 'user'];
const members = {} as Record<Role, string>;

beforeAll(async () => {
  for (const role of [...ROLES_ALLOWED, ...ROLES_REFUSED]) {
    members[role] = (await createMember(harness.db, harness.site.id, { role })).id;
  }
});

function call(member: string | null, method: Method, url: string, payload?: unknown) {
  const headers: Record<string, string> = { host: harness.site.host };
  if (member) headers[TEST_MEMBER_HEADER] = member;
  return harness.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const asEditor = (method: Method, url: string, payload?: unknown) =>
  call(members.editor, method, url, payload);

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; fields?: Record<string, string> } }).error;

async function create(input: Record<string, unknown>): Promise<DashboardCategoryView> {
  const response = await asEditor('POST', '/api/dashboard/categories', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function publicCategories(): Promise<CategoryView[]> {
  const response = await call(null, 'GET', '/api/categories');
  expect(response.statusCode).toBe(200);
  return response.json<{ categories: CategoryView[] }>().categories;
}

async function publishedPostIn(
  categoryIds: string[],
  status: 'published' | 'unpublished' = 'published',
) {
  const post = buildPost(harness.site.id, members.editor, { categoryIds, status });
  await harness.app.services.postWriter.insertPost(post);
  return post.id;
}

async function storedPost(id: string) {
  const [row] = await harness.db
    .select()
    .from(posts)
    .where(and(eq(posts.siteId, harness.site.id), eq(posts.id, id)));
  return row!;
}

async function listingCategories(postId: string): Promise<string[]> {
  const rows = await harness.db
    .select({ categoryId: postCategories.categoryId })
    .from(postCategories)
    .where(and(eq(postCategories.siteId, harness.site.id), eq(postCategories.postId, postId)));
  return rows.map((r) => r.categoryId).sort();
}

describe('who may manage categories (SPEC §6: editors and owners)', () => {
  it('lets editors and owners do every action, and refuses the others 403 and visitors 401', async () => {
    for (const role of ROLES_ALLOWED) {
      const as = members[role];
      const list = await call(as, 'GET', '/api/dashboard/categories');
      expect(list.statusCode).toBe(200);
      const created = await call(as, 'POST', '/api/dashboard/categories', { label: `By ${role}` });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<DashboardCategoryView>();
      const edited = await call(as, 'PUT', `/api/dashboard/categories/${id}`, {
        label: `By ${role} again`,
      });
      expect(edited.statusCode).toBe(200);
      const tops = (await publicCategories()).filter((c) => c.parentId === null).map((c) => c.id);
      const order = await call(as, 'PUT', '/api/dashboard/categories/order', {
        ids: [...tops].reverse(),
      });
      expect(order.statusCode).toBe(200);
      const removed = await call(as, 'DELETE', `/api/dashboard/categories/${id}`, {});
      expect(removed.statusCode).toBe(200);
    }
    const target = await create({ label: 'Not yours' });
    const tops = (await publicCategories()).filter((c) => c.parentId === null).map((c) => c.id);
    const attempts: [Method, string, unknown][] = [
      ['GET', '/api/dashboard/categories', undefined],
      ['POST', '/api/dashboard/categories', { label: 'Sneaky' }],
      ['PUT', `/api/dashboard/categories/${target.id}`, { label: 'Renamed' }],
      ['PUT', '/api/dashboard/categories/order', { ids: [...tops].reverse() }],
      ['DELETE', `/api/dashboard/categories/${target.id}`, {}],
    ];
    for (const [method, url, payload] of attempts) {
      for (const role of ROLES_REFUSED) {
        const refused = await call(members[role], method, url, payload);
        expect(refused.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(errorOf(refused).code).toBe('forbidden');
      }
      const visitor = await call(null, method, url, payload);
      expect(visitor.statusCode, `visitor ${method} ${url}`).toBe(401);
    }
    // Nothing the refused asked for happened.
    const after = await publicCategories();
    expect(after.find((c) => c.id === target.id)?.label).toBe('Not yours');
    expect(after.some((c) => c.label === 'Sneaky')).toBe(false);
    expect(after.filter((c) => c.parentId === null).map((c) => c.id)).toEqual(tops);
  });
});

describe('POST /api/dashboard/categories', () => {
  it('stores every field, the menu label defaulting to the label and the slug from the label', async () => {
    const category = await create({
      label: 'Café Stories',
      description: 'Coffee and people.',
      seoTitle: 'Café stories, weekly',
      seoDescription: 'Stories from cafés.',
    });
    expect(category).toMatchObject({
      label: 'Café Stories',
      menuLabel: 'Café Stories',
      slug: 'cafe-stories',
      slugs: [],
      description: 'Coffee and people.',
      seoTitle: 'Café stories, weekly',
      seoDescription: 'Stories from cafés.',
      parentId: null,
      postCount: 0,
      cover: null,
    });
    expect(category.link).toMatch(/\/category\/cafe-stories$/);
    const listed = await asEditor('GET', '/api/dashboard/categories');
    expect(listed.json<{ categories: DashboardCategoryView[] }>().categories).toContainEqual(
      category,
    );
  });

  it('refuses a missing label with SPEC §8 rule, naming the field', async () => {
    const response = await asEditor('POST', '/api/dashboard/categories', { label: '   ' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'category_label_required',
      fields: { label: expect.any(String) },
    });
  });

  it('refuses a reserved word as the slug, naming the word in fields.slug', async () => {
    const response = await asEditor('POST', '/api/dashboard/categories', {
      label: 'Search things',
      slug: 'search',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('slug_reserved');
    expect(errorOf(response).fields?.slug).toContain('search');
    // A label that slugifies to a reserved word gets a free slug instead.
    expect((await create({ label: 'About' })).slug).toBe('about-category');
  });

  it('lowercases a typed slug, refuses a malformed one and one another category has', async () => {
    expect((await create({ label: 'Upper', slug: '  Road-TRIPS ' })).slug).toBe('road-trips');
    const duplicate = await asEditor('POST', '/api/dashboard/categories', {
      label: 'Other trips',
      slug: 'road-trips',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(errorOf(duplicate)).toMatchObject({
      code: 'slug_taken',
      fields: { slug: expect.any(String) },
    });
    const malformed = await asEditor('POST', '/api/dashboard/categories', {
      label: 'Spaces',
      slug: 'two words',
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed)).toMatchObject({
      code: 'slug_invalid',
      fields: { slug: expect.any(String) },
    });
    // The same label twice gets a numbered slug, never a 500.
    expect((await create({ label: 'Upper' })).slug).toBe('upper');
    expect((await create({ label: 'Upper' })).slug).toBe('upper-2');
  });

  it('keeps two levels: a child cannot be a parent, a parent with children cannot get one', async () => {
    const parent = await create({ label: 'Travel' });
    const child = await create({ label: 'Trains', parentId: parent.id });
    expect(child.parentId).toBe(parent.id);
    expect(child.link).toMatch(/\/category\/travel\/trains$/);
    const grandchild = await asEditor('POST', '/api/dashboard/categories', {
      label: 'Sleepers',
      parentId: child.id,
    });
    expect(grandchild.statusCode).toBe(400);
    expect(errorOf(grandchild).fields).toHaveProperty('parentId');
    const other = await create({ label: 'Food' });
    const nested = await asEditor('PUT', `/api/dashboard/categories/${parent.id}`, {
      label: 'Travel',
      parentId: other.id,
    });
    expect(nested.statusCode).toBe(400);
    expect(errorOf(nested).fields).toHaveProperty('parentId');
    const unknown = await asEditor('POST', '/api/dashboard/categories', {
      label: 'Orphan',
      parentId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('takes a cover from the site’s images only', async () => {
    const mediaId = randomUUID();
    await harness.db.insert(media).values({
      siteId: harness.site.id,
      id: mediaId,
      kind: 'image',
      fileName: 'cover.jpg',
      mimeType: 'image/jpeg',
      width: 1200,
      height: 800,
    });
    const category = await create({ label: 'With cover', coverMediaId: mediaId });
    expect(category.cover).toMatchObject({ id: mediaId, width: 1200, height: 800 });
    const wrong = await asEditor('POST', '/api/dashboard/categories', {
      label: 'Bad cover',
      coverMediaId: randomUUID(),
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toHaveProperty('coverMediaId');
  });
});

describe('PUT /api/dashboard/categories/:id', () => {
  it('keeps the former slug, so the old address can answer for the category', async () => {
    const category = await create({ label: 'Baking' });
    const edited = await asEditor('PUT', `/api/dashboard/categories/${category.id}`, {
      label: 'Bread',
      slug: 'bread',
      menuLabel: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ slug: 'bread', slugs: ['baking'], menuLabel: 'Bread' });
    // The public read finds it by either slug.
    const byOld = await call(null, 'GET', '/api/categories/baking');
    expect(byOld.statusCode).toBe(200);
    expect(byOld.json()).toMatchObject({ id: category.id, slug: 'bread' });
    // A new category of the old name keeps clear of the old address, which keeps answering.
    expect((await create({ label: 'Baking' })).slug).toBe('baking-2');
    expect((await call(null, 'GET', '/api/categories/baking')).json()).toMatchObject({
      id: category.id,
    });
    // A 404 for a category that does not exist, a 400 for a bad id.
    expect(
      (await asEditor('PUT', `/api/dashboard/categories/${randomUUID()}`, { label: 'X' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await asEditor('PUT', '/api/dashboard/categories/nope', { label: 'X' })).statusCode,
    ).toBe(400);
  });
});

describe('PUT /api/dashboard/categories/order', () => {
  it('puts siblings in the new order; the public list and the header follow at once', async () => {
    const before = (await publicCategories()).filter((c) => c.parentId === null).map((c) => c.id);
    const reversed = [...before].reverse();
    const response = await asEditor('PUT', '/api/dashboard/categories/order', { ids: reversed });
    expect(response.statusCode).toBe(200);
    const answered = response
      .json<{ categories: DashboardCategoryView[] }>()
      .categories.filter((c) => c.parentId === null)
      .map((c) => c.id);
    expect(answered).toEqual(reversed);
    // The memoised public list is stale at once (writeSiteContent moved the generation).
    const after = (await publicCategories()).filter((c) => c.parentId === null).map((c) => c.id);
    expect(after).toEqual(reversed);
  });

  it('reorders the children of one parent, and refuses a list that is not one whole sibling set', async () => {
    const parent = await create({ label: 'Music' });
    const a = await create({ label: 'Jazz', parentId: parent.id });
    const b = await create({ label: 'Folk', parentId: parent.id });
    const c = await create({ label: 'Blues', parentId: parent.id });
    const ok = await asEditor('PUT', '/api/dashboard/categories/order', {
      ids: [c.id, a.id, b.id],
    });
    expect(ok.statusCode).toBe(200);
    const children = (await publicCategories())
      .filter((x) => x.parentId === parent.id)
      .map((x) => x.id);
    expect(children).toEqual([c.id, a.id, b.id]);
    for (const ids of [
      [c.id, a.id],
      [c.id, a.id, b.id, parent.id],
      [c.id, c.id, a.id, b.id],
      [randomUUID()],
    ]) {
      const refused = await asEditor('PUT', '/api/dashboard/categories/order', { ids });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields).toHaveProperty('ids');
    }
  });
});

describe('DELETE /api/dashboard/categories/:id', () => {
  it('moves its posts to another category without twins, with exact counts', async () => {
    const from = await create({ label: 'Old news' });
    const to = await create({ label: 'News' });
    const other = await create({ label: 'Sports' });
    const onlyFrom = await publishedPostIn([from.id, other.id]);
    const both = await publishedPostIn([from.id, to.id]);
    const draft = await publishedPostIn([from.id], 'unpublished');
    expect((await publicCategories()).find((c) => c.id === to.id)?.postCount).toBe(1);
    const response = await asEditor('DELETE', `/api/dashboard/categories/${from.id}`, {
      movePostsTo: to.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ postsMoved: 3, postsLeft: 0 });
    const list = await publicCategories();
    expect(list.some((c) => c.id === from.id)).toBe(false);
    expect(list.find((c) => c.id === to.id)?.postCount).toBe(2);
    expect(list.find((c) => c.id === other.id)?.postCount).toBe(1);
    expect(await storedPost(onlyFrom)).toMatchObject({
      categoryIds: [to.id, other.id],
      mainCategoryId: to.id,
    });
    expect((await storedPost(both)).categoryIds).toEqual([to.id]);
    expect((await storedPost(draft)).categoryIds).toEqual([to.id]);
    expect(await listingCategories(onlyFrom)).toEqual([to.id, other.id].sort());
    expect(await listingCategories(both)).toEqual([to.id]);
    // The category's feed lists the moved published posts.
    const feed = await call(null, 'GET', '/api/categories/news/posts?page=1');
    expect(feed.statusCode).toBe(200);
    expect(
      feed
        .json<{ posts: { id: string }[] }>()
        .posts.map((p) => p.id)
        .sort(),
    ).toEqual([onlyFrom, both].sort());
  });

  it('leaves its posts without it when asked, the main category following', async () => {
    const gone = await create({ label: 'Gone' });
    const stays = await create({ label: 'Stays' });
    const post = await publishedPostIn([gone.id, stays.id]);
    const response = await asEditor('DELETE', `/api/dashboard/categories/${gone.id}`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ postsMoved: 0, postsLeft: 1 });
    expect(await storedPost(post)).toMatchObject({
      categoryIds: [stays.id],
      mainCategoryId: stays.id,
    });
    expect(await listingCategories(post)).toEqual([stays.id]);
    const [row] = await harness.db
      .select()
      .from(categories)
      .where(and(eq(categories.siteId, harness.site.id), eq(categories.id, gone.id)));
    expect(row).toBeUndefined();
    const alone = await create({ label: 'Alone' });
    const lonely = await publishedPostIn([alone.id]);
    await asEditor('DELETE', `/api/dashboard/categories/${alone.id}`);
    expect(await storedPost(lonely)).toMatchObject({ categoryIds: [], mainCategoryId: null });
  });

  it('refuses a parent with subcategories, a move to itself or elsewhere, an unknown id', async () => {
    const parent = await create({ label: 'Parent' });
    await create({ label: 'Child', parentId: parent.id });
    const refused = await asEditor('DELETE', `/api/dashboard/categories/${parent.id}`, {});
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('category_has_subcategories');
    const single = await create({ label: 'Single' });
    for (const movePostsTo of [single.id, randomUUID()]) {
      const bad = await asEditor('DELETE', `/api/dashboard/categories/${single.id}`, {
        movePostsTo,
      });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).fields).toHaveProperty('movePostsTo');
    }
    expect(
      (await asEditor('DELETE', `/api/dashboard/categories/${randomUUID()}`, {})).statusCode,
    ).toBe(404);
  });
});
