import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedPageView, PostDetail } from '../../domain/views';
import {
  buildPost,
  createCategory,
  createMember,
  createTag,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp();
let otherSite: TestSite;
const slugs: Record<string, string> = {};
let categorySlug = '';
let subcategorySlug = '';
let tagSlug = '';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

beforeAll(async () => {
  const { db, site } = harness;
  const writer = harness.app.services.postWriter;
  otherSite = await createTestSite(db);
  const author = await createMember(db, site.id, { name: 'Grace Author' });
  const stranger = await createMember(db, otherSite.id);
  const travel = await createCategory(db, site.id, {
    slug: 'travel',
    label: 'Travel',
    menuLabel: 'Trips',
  });
  const islands = await createCategory(db, site.id, {
    slug: 'islands',
    label: 'Islands',
    parentId: travel.id,
  });
  const tag = await createTag(db, site.id, { slug: 'slow-living', label: 'Slow living' });
  categorySlug = travel.slug;
  subcategorySlug = islands.slug;
  tagSlug = tag.slug;

  const posts = [
    buildPost(site.id, author.id, { title: 'Oldest', firstPublishedDate: day('2025-01-05') }),
    buildPost(site.id, author.id, {
      title: 'Pinned but old',
      isPinned: true,
      firstPublishedDate: day('2025-01-02'),
      categoryIds: [travel.id],
    }),
    buildPost(site.id, author.id, {
      title: 'Newest',
      firstPublishedDate: day('2025-03-20'),
      categoryIds: [travel.id, islands.id],
      tagIds: [tag.id],
      body: 'We took the ferry at dawn. #IslandHopping is slower than you think.',
    }),
    buildPost(site.id, author.id, {
      title: 'February post',
      firstPublishedDate: day('2025-02-14'),
      tagIds: [tag.id],
      body: 'Another day of #islandhopping.',
    }),
    buildPost(site.id, author.id, {
      title: 'A draft',
      status: 'unpublished',
      firstPublishedDate: null,
    }),
    buildPost(otherSite.id, stranger.id, {
      title: 'Other site post',
      firstPublishedDate: day('2025-04-01'),
    }),
  ];
  for (const post of posts) {
    await writer.insertPost(post);
    slugs[post.title] = post.slug;
  }
});

async function get<T>(url: string, host = harness.site.host) {
  const response = await harness.app.inject({ method: 'GET', url, headers: { host } });
  return { status: response.statusCode, body: response.json() as T };
}

describe('GET /api/posts', () => {
  it('lists published posts of the site, pinned first, then newest first', async () => {
    const { status, body } = await get<FeedPageView>('/api/posts');
    expect(status).toBe(200);
    expect(body.posts.map((p) => p.title)).toEqual([
      'Pinned but old',
      'Newest',
      'February post',
      'Oldest',
    ]);
    expect(body.entityCount).toBe(4);
    expect(body.lastPage).toBe(1);
  });

  it('presents a post card with its owner, main category, link and counters', async () => {
    const { body } = await get<FeedPageView>('/api/posts');
    const newest = body.posts.find((p) => p.title === 'Newest')!;
    expect(newest.owner?.name).toBe('Grace Author');
    expect(newest.mainCategory).toMatchObject({ label: 'Travel', link: '/blog/category/travel' });
    expect(newest.link).toBe(`/blog/${slugs.Newest}`);
    expect(newest.hashtags).toEqual(['islandhopping']);
    expect(newest.counters).toEqual({ viewCount: 0, totalComments: 0, likeCount: 0 });
    expect(newest).not.toHaveProperty('content');
    expect(newest).not.toHaveProperty('contentText');
  });

  it('pages with pageSize and keeps pages disjoint', async () => {
    const first = await get<FeedPageView>('/api/posts?page=1&pageSize=3');
    const second = await get<FeedPageView>('/api/posts?page=2&pageSize=3');
    expect(first.body.lastPage).toBe(2);
    expect(first.body.posts).toHaveLength(3);
    expect(second.body.posts.map((p) => p.title)).toEqual(['Oldest']);
  });

  it('answers 400 with the field for a bad page size', async () => {
    const { status, body } = await get<{ error: { code: string; fields: Record<string, string> } }>(
      '/api/posts?pageSize=51',
    );
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields)).toEqual(['pageSize']);
  });

  it('is scoped by site: another host sees only its own posts', async () => {
    const { body } = await get<FeedPageView>('/api/posts', otherSite.host);
    expect(body.posts.map((p) => p.title)).toEqual(['Other site post']);
  });
});

describe('feeds by category, tag, hashtag and month', () => {
  it('lists a category, pinned first', async () => {
    const { body } = await get<FeedPageView>(`/api/categories/${categorySlug}/posts`);
    expect(body.posts.map((p) => p.title)).toEqual(['Pinned but old', 'Newest']);
  });

  it('lists a subcategory on its own', async () => {
    const { body } = await get<FeedPageView>(`/api/categories/${subcategorySlug}/posts`);
    expect(body.posts.map((p) => p.title)).toEqual(['Newest']);
  });

  it('lists a tag', async () => {
    const { body } = await get<FeedPageView>(`/api/tags/${tagSlug}/posts`);
    expect(body.posts.map((p) => p.title)).toEqual(['Newest', 'February post']);
  });

  it('lists a hashtag whatever its case', async () => {
    const { body } = await get<FeedPageView>('/api/hashtags/IslandHopping/posts');
    expect(body.posts.map((p) => p.title)).toEqual(['Newest', 'February post']);
  });

  it('lists a month of the archive', async () => {
    const { body } = await get<FeedPageView>('/api/archive/2025/2/posts');
    expect(body.posts.map((p) => p.title)).toEqual(['February post']);
  });

  it('refuses a month that is not real', async () => {
    const { status, body } = await get<{ error: { fields: Record<string, string> } }>(
      '/api/archive/2025/13/posts',
    );
    expect(status).toBe(400);
    expect(body.error.fields).toHaveProperty('month');
  });

  it('answers 404 with a code for an unknown category or tag', async () => {
    const category = await get<{ error: { code: string } }>('/api/categories/nope/posts');
    const tag = await get<{ error: { code: string } }>('/api/tags/nope/posts');
    expect([category.status, category.body.error.code]).toEqual([404, 'category_not_found']);
    expect([tag.status, tag.body.error.code]).toEqual([404, 'tag_not_found']);
  });

  it('counts category and tag posts', async () => {
    const { body } = await get<{ categories: { slug: string; postCount: number; link: string }[] }>(
      '/api/categories',
    );
    expect(body.categories.find((c) => c.slug === 'travel')?.postCount).toBe(2);
    expect(body.categories.find((c) => c.slug === 'islands')?.link).toBe(
      '/blog/category/travel/islands',
    );
  });
});

describe('GET /api/posts/slug/:slug', () => {
  it('returns the post with its content, categories and tags', async () => {
    const { status, body } = await get<PostDetail>(`/api/posts/slug/${slugs.Newest}`);
    expect(status).toBe(200);
    expect(body.title).toBe('Newest');
    expect(body.categories.map((c) => c.slug)).toEqual(['travel', 'islands']);
    expect(body.tags.map((t) => t.slug)).toEqual(['slow-living']);
    expect(body.content).toMatchObject({ nodes: expect.any(Array) });
  });

  it('hides drafts and other sites’ posts', async () => {
    expect((await get(`/api/posts/slug/${slugs['A draft']}`)).status).toBe(404);
    expect((await get(`/api/posts/slug/${slugs['Other site post']}`)).status).toBe(404);
  });
});

describe('cache invalidation', () => {
  it('shows a new post right after it is written', async () => {
    const before = await get<FeedPageView>('/api/posts');
    const author = await createMember(harness.db, harness.site.id);
    const post = buildPost(harness.site.id, author.id, {
      title: 'Fresh',
      firstPublishedDate: new Date(),
    });
    await harness.app.services.postWriter.insertPost(post);
    const after = await get<FeedPageView>('/api/posts');
    expect(after.body.entityCount).toBe(before.body.entityCount + 1);
    expect(after.body.posts[1]?.title).toBe('Fresh');
  });
});
