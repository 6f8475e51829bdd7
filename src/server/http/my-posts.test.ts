/**
 * `GET /api/my-posts` (SPEC §2 feed source `my-posts`) through HTTP: a member sees only their own
 * posts, by tab, with every tab's count, in each tab's order and paged; another member's posts
 * and another site's never appear; a visitor is asked to log in; bad input names its field.
 * Members act through the test-only header (there are no sessions yet).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyPostsPageView } from '../../domain/my-posts';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });
let otherSite: TestSite;
const ids = { writer: '', other: '', reader: '', blocked: '', otherSiteWriter: '' };
const writerPosts: Record<string, { id: string; slug: string }> = {};

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

beforeAll(async () => {
  const { app, db, site } = harness;
  otherSite = await createTestSite(db);
  ids.writer = (await createMember(db, site.id, { role: 'writer' })).id;
  ids.other = (await createMember(db, site.id, { role: 'writer' })).id;
  ids.reader = (await createMember(db, site.id, { role: 'user' })).id;
  ids.blocked = (await createMember(db, site.id, { role: 'writer', isBlocked: true })).id;
  ids.otherSiteWriter = (await createMember(db, otherSite.id, { role: 'writer' })).id;

  const draft = (title: string, status: 'unpublished' | 'in_review', edited: string) =>
    buildPost(site.id, ids.writer, {
      title,
      status,
      firstPublishedDate: null,
      updatedAt: at(edited),
    });
  const writes = [
    // The writer's 12 published posts: two pages of 10.
    ...Array.from({ length: 12 }, (_, i) =>
      buildPost(site.id, ids.writer, {
        title: `Published ${String(i + 1).padStart(2, '0')}`,
        firstPublishedDate: at(`2025-01-${String(i + 1).padStart(2, '0')}`),
        counters: { viewCount: 100 + i, commentCount: i, likeCount: 2 * i },
      }),
    ),
    draft('Draft edited in March', 'unpublished', '2025-03-10'),
    draft('Draft edited in May', 'unpublished', '2025-05-10'),
    draft('In review since April', 'in_review', '2025-04-10'),
    buildPost(site.id, ids.writer, {
      title: 'Scheduled for July',
      status: 'scheduled',
      firstPublishedDate: null,
      scheduledPublishDate: at('2099-07-01'),
    }),
    buildPost(site.id, ids.writer, {
      title: 'Scheduled for June',
      status: 'scheduled',
      firstPublishedDate: null,
      scheduledPublishDate: at('2099-06-01'),
    }),
    buildPost(site.id, ids.writer, {
      title: 'In the trash',
      status: 'deleted',
      firstPublishedDate: null,
    }),
    // Someone else's posts, on this site and on another.
    buildPost(site.id, ids.other, { title: 'Other writer published' }),
    buildPost(site.id, ids.other, {
      title: 'Other writer draft',
      status: 'unpublished',
      firstPublishedDate: null,
    }),
    buildPost(site.id, ids.other, {
      title: 'Other writer scheduled',
      status: 'scheduled',
      firstPublishedDate: null,
      scheduledPublishDate: at('2099-01-01'),
    }),
    buildPost(otherSite.id, ids.otherSiteWriter, { title: 'Other site published' }),
  ];
  for (const write of writes) {
    await app.services.postWriter.insertPost(write);
    writerPosts[write.title] = { id: write.id, slug: write.slug };
  }
});

async function myPosts(query: string, as?: string, host = harness.site.host) {
  const headers: Record<string, string> = { host };
  if (as) headers[TEST_MEMBER_HEADER] = as;
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/my-posts${query}`,
    headers,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const titles = (view: MyPostsPageView) => view.posts.map((post) => post.title);

describe('GET /api/my-posts', () => {
  it('lists the member’s published posts newest first, ten a page, with every tab’s count', async () => {
    const { status, body, headers } = await myPosts('', ids.writer);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('private, no-store');
    const view = body as MyPostsPageView;
    expect(view.tab).toBe('published');
    expect(view.counts).toEqual({ published: 12, drafts: 3, scheduled: 2 });
    expect(view).toMatchObject({ currentPage: 1, pageSize: 10, entityCount: 12, lastPage: 2 });
    expect(titles(view)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Published ${String(12 - i).padStart(2, '0')}`),
    );
    const second = (await myPosts('?status=published&page=2', ids.writer)).body as MyPostsPageView;
    expect(titles(second)).toEqual(['Published 02', 'Published 01']);
  });

  it('presents a published row with its page, its editor, its publish date and counters', async () => {
    const view = (await myPosts('?page=2', ids.writer)).body as MyPostsPageView;
    const row = view.posts.find((post) => post.title === 'Published 02')!;
    const { id, slug } = writerPosts['Published 02']!;
    expect(row).toEqual({
      id,
      title: 'Published 02',
      status: 'published',
      tab: 'published',
      link: `/blog/${slug}`,
      editLink: `/blog/${slug}/edit`,
      cover: null,
      date: { kind: 'published', iso: '2025-01-02T12:00:00.000Z' },
      counters: { viewCount: 101, totalComments: 1, likeCount: 2 },
    });
  });

  it('lists drafts, in review included, by last edit, each leading to the editor', async () => {
    const view = (await myPosts('?status=drafts', ids.writer)).body as MyPostsPageView;
    expect(view.entityCount).toBe(3);
    expect(titles(view)).toEqual([
      'Draft edited in May',
      'In review since April',
      'Draft edited in March',
    ]);
    const [first] = view.posts;
    const { id } = writerPosts['Draft edited in May']!;
    expect(first).toMatchObject({
      status: 'unpublished',
      tab: 'drafts',
      link: `/blog/${id}/edit`,
      editLink: `/blog/${id}/edit`,
      date: { kind: 'edited', iso: '2025-05-10T12:00:00.000Z' },
      counters: null,
    });
    expect(view.posts[1]!.status).toBe('in_review');
  });

  it('lists scheduled posts by the time they go out, the next one first', async () => {
    const view = (await myPosts('?status=scheduled', ids.writer)).body as MyPostsPageView;
    expect(titles(view)).toEqual(['Scheduled for June', 'Scheduled for July']);
    expect(view.posts[0]!.date).toEqual({ kind: 'scheduled', iso: '2099-06-01T12:00:00.000Z' });
  });

  it('never shows another member’s posts, nor another site’s, nor deleted ones', async () => {
    const everything: string[] = [];
    for (const tab of ['published', 'drafts', 'scheduled']) {
      for (const page of [1, 2]) {
        const view = (await myPosts(`?status=${tab}&page=${page}`, ids.writer))
          .body as MyPostsPageView;
        everything.push(...titles(view));
      }
    }
    expect(everything).toHaveLength(17);
    expect(everything.filter((title) => /Other|trash/.test(title))).toEqual([]);

    const other = (await myPosts('?status=drafts', ids.other)).body as MyPostsPageView;
    expect(other.counts).toEqual({ published: 1, drafts: 1, scheduled: 1 });
    expect(titles(other)).toEqual(['Other writer draft']);
  });

  it('gives a member without posts empty tabs', async () => {
    const { status, body } = await myPosts('?status=drafts', ids.reader);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      posts: [],
      counts: { published: 0, drafts: 0, scheduled: 0 },
      entityCount: 0,
      lastPage: 1,
    });
  });

  it('returns no posts past the last page', async () => {
    const view = (await myPosts('?page=3', ids.writer)).body as MyPostsPageView;
    expect(view.posts).toEqual([]);
    expect(view).toMatchObject({ currentPage: 3, lastPage: 2, entityCount: 12 });
  });

  it('asks a visitor to log in (401), and so a member of another site', async () => {
    const visitor = await myPosts('');
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.code).toBe('login-required');
    expect(visitor.headers['cache-control']).toBe('private, no-store');
    // The header names a member of the request's site only; elsewhere it is a visitor.
    const elsewhere = await myPosts('', ids.otherSiteWriter);
    expect(elsewhere.status).toBe(401);
  });

  it('refuses a blocked member (403), never asking them to log in again', async () => {
    const { status, body } = await myPosts('', ids.blocked);
    expect(status).toBe(403);
    expect(body.error.code).toBe('forbidden');
  });

  it.each([
    ['?status=trash', 'status'],
    ['?status=unpublished', 'status'],
    ['?page=0', 'page'],
    ['?page=-2', 'page'],
    ['?page=abc', 'page'],
    ['?page=1.5', 'page'],
  ])('answers %s with a 400 naming %s', async (query, field) => {
    const { status, body } = await myPosts(query, ids.writer);
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields)).toEqual([field]);
  });
});
