/**
 * The dashboard's Posts API (issue 17) through HTTP, on PGlite and PostgreSQL: who may list whose
 * posts (SPEC §6 extended), every row action × role with the UI bypassed (403, 401 for a
 * visitor), the trash's round trip back to the status a post had, delete forever with the
 * counters kept right, bulk actions with partial failure and one generation bump, and keyset
 * paging that returns every post once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  DashboardBulkResult,
  DashboardPostsOptions,
  DashboardPostsPage,
} from '../../domain/dashboard-posts';
import type { Role } from '../../domain/permissions';
import { documentOf, paragraph } from '../../rich-content/document';
import { categories, comments, likes, members, posts } from '../db/schema.server';
import type { PostWrite } from '../services/post-records.server';
import {
  buildPost,
  createCategory,
  createMember,
  createTag,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Each test makes a site of its own, so no test reads another's posts or counts. */
interface Blog {
  site: TestSite;
  member: Record<Role, string>;
  /** A second writer and a second guest writer: "someone else's post". */
  otherWriter: string;
  call(
    method: Method,
    url: string,
    as: Role | string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  post(ownerId: string, overrides?: Partial<PostWrite>): Promise<PostWrite>;
  stored(id: string): Promise<typeof posts.$inferSelect | undefined>;
}

const ROLES_WITH_MEMBERS: Role[] = [
  'user',
  'open-blog-writer',
  'guest-writer',
  'writer',
  'editor',
  'owner',
];

async function newBlog(): Promise<Blog> {
  const site = await createTestSite(harness.db, { name: `Dashboard ${randomUUID().slice(0, 6)}` });
  const member = {} as Record<Role, string>;
  for (const role of ROLES_WITH_MEMBERS) {
    member[role] = (await createMember(harness.db, site.id, { role, name: `The ${role}` })).id;
  }
  const otherWriter = (await createMember(harness.db, site.id, { role: 'writer', name: 'Zed' })).id;
  return {
    site,
    member,
    otherWriter,
    call(method, url, as, payload) {
      const memberId = as === null ? null : (member[as as Role] ?? as);
      return harness.app.inject({
        method,
        url,
        headers: { host: site.host, ...(memberId ? { [TEST_MEMBER_HEADER]: memberId } : {}) },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    },
    async post(ownerId, overrides = {}) {
      const post = buildPost(site.id, ownerId, overrides);
      await harness.app.services.postWriter.insertPost(post);
      return post;
    },
    async stored(id) {
      const [row] = await harness.db
        .select()
        .from(posts)
        .where(and(eq(posts.siteId, site.id), eq(posts.id, id)));
      return row;
    },
  };
}

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; fields?: Record<string, string> } }>().error;

async function list(blog: Blog, as: Role | string, query = ''): Promise<DashboardPostsPage> {
  const response = await blog.call('GET', `/api/dashboard/posts?${query}`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const ids = (page: DashboardPostsPage) => page.posts.map((p) => p.id).sort();

describe('GET /api/dashboard/posts: who sees whose posts', () => {
  let blog: Blog;
  let mine: Record<string, PostWrite>;

  beforeAll(async () => {
    blog = await newBlog();
    mine = {};
    for (const role of ['open-blog-writer', 'guest-writer', 'writer', 'editor'] as const) {
      mine[role] = await blog.post(blog.member[role], { title: `A post by the ${role}` });
    }
    mine.other = await blog.post(blog.otherWriter, { title: 'Someone else entirely' });
  });

  it('asks a visitor to log in and refuses a plain member', async () => {
    const visitor = await blog.call('GET', '/api/dashboard/posts', null);
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor).code).toBe('login-required');
    const user = await blog.call('GET', '/api/dashboard/posts', 'user');
    expect(user.statusCode).toBe(403);
    expect(errorOf(user).code).toBe('forbidden');
  });

  it.each(['open-blog-writer', 'guest-writer', 'writer'] as const)(
    'shows a %s their own posts only, and counts only theirs',
    async (role) => {
      const page = await list(blog, role);
      expect(page.scope).toBe('own');
      expect(ids(page)).toEqual([mine[role]!.id]);
      expect(page.counts.published).toBe(1);
      // Naming another author does not widen a writer's scope.
      const narrowed = await list(blog, role, `author=${blog.otherWriter}`);
      expect(narrowed.posts).toEqual([]);
    },
  );

  it.each(['editor', 'owner'] as const)('shows an %s everyone’s posts', async (role) => {
    const page = await list(blog, role);
    expect(page.scope).toBe('all');
    expect(ids(page)).toEqual(
      Object.values(mine)
        .map((p) => p.id)
        .sort(),
    );
    expect(page.counts.published).toBe(5);
    const byAuthor = await list(blog, role, `author=${blog.otherWriter}`);
    expect(ids(byAuthor)).toEqual([mine.other!.id]);
    expect(byAuthor.matching).toBe(1);
  });

  it('names a bad query field in a 400', async () => {
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['status=archived', 'status'],
      ['sort=title', 'sort'],
      ['cursor=not-a-cursor', 'cursor'],
      ['author=nobody', 'author'],
    ] as const) {
      const response = await blog.call('GET', `/api/dashboard/posts?${query}`, 'editor');
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {}), query).toContain(field);
    }
  });

  it('gives the author and category choices of the actor’s scope', async () => {
    const response = await blog.call('GET', '/api/dashboard/posts/options', 'editor');
    expect(response.statusCode).toBe(200);
    const options = response.json<DashboardPostsOptions>();
    const authorIds = options.authors.map((a) => a.id);
    expect(authorIds).toContain(blog.otherWriter);
    expect(authorIds).not.toContain(blog.member.user);
    const own = (
      await blog.call('GET', '/api/dashboard/posts/options', 'writer')
    ).json<DashboardPostsOptions>();
    expect(own.authors.map((a) => a.id)).toEqual([blog.member.writer]);
  });
});

describe('tabs, filters, search and sorts', () => {
  it('puts each status under its tab, filters by category, tag and text', async () => {
    const blog = await newBlog();
    const owner = blog.member.writer;
    const category = await createCategory(harness.db, blog.site.id);
    const tag = await createTag(harness.db, blog.site.id);
    const published = await blog.post(owner, {
      title: 'Sourdough starters explained',
      categoryIds: [category.id],
      tagIds: [tag.id],
    });
    const plain = await blog.post(owner, { title: 'Bicycles of Amsterdam' });
    const draft = await blog.post(owner, { status: 'unpublished', firstPublishedDate: null });
    const scheduled = await blog.post(owner, {
      status: 'scheduled',
      firstPublishedDate: null,
      scheduledPublishDate: new Date(Date.now() + 86_400_000),
    });
    const inReview = await blog.post(owner, { status: 'in_review', firstPublishedDate: null });
    const inModeration = await blog.post(owner, {
      status: 'in_moderation',
      firstPublishedDate: null,
    });
    const trash = await blog.call('POST', `/api/dashboard/posts/${plain.id}/trash`, 'editor');
    expect(trash.statusCode, trash.body).toBe(204);

    const page = await list(blog, 'editor', 'status=published');
    expect(page.counts).toEqual({ published: 1, scheduled: 1, drafts: 1, in_review: 2, trash: 1 });
    expect(ids(page)).toEqual([published.id]);
    expect(page.posts[0]!.categories).toEqual([{ id: category.id, label: category.label }]);
    expect(page.posts[0]!.links.view).toMatch(new RegExp(`/${published.slug}$`));
    expect(ids(await list(blog, 'editor', 'status=drafts'))).toEqual([draft.id]);
    expect(ids(await list(blog, 'editor', 'status=scheduled'))).toEqual([scheduled.id]);
    expect(ids(await list(blog, 'editor', 'status=in_review'))).toEqual(
      [inReview.id, inModeration.id].sort(),
    );
    const trashed = await list(blog, 'editor', 'status=trash');
    expect(ids(trashed)).toEqual([plain.id]);
    expect(trashed.posts[0]!.restoresTo).toBe('published');

    expect(ids(await list(blog, 'editor', `category=${category.id}`))).toEqual([published.id]);
    expect(ids(await list(blog, 'editor', `tag=${tag.id}`))).toEqual([published.id]);
    // Words as prefixes, title or text, any status in the tab.
    expect(ids(await list(blog, 'editor', 'q=sourd'))).toEqual([published.id]);
    const none = await list(blog, 'editor', 'q=zeppelin');
    expect(none.posts).toEqual([]);
    expect(none.matching).toBe(0);
  });

  it('finds words of scripts written without spaces, and Latin words glued to them (issue 22)', async () => {
    const blog = await newBlog();
    const owner = blog.member.writer;
    const chinese = await blog.post(owner, { title: '我们今天去北京旅游' });
    const mixed = await blog.post(owner, { title: '東京タワーはTokyo Tower' });
    const q = async (text: string) =>
      ids(await list(blog, 'editor', `q=${encodeURIComponent(text)}`));
    expect(await q('北京')).toEqual([chinese.id]);
    expect(await q('北京旅')).toEqual([chinese.id]);
    expect(await q('京')).toEqual([chinese.id, mixed.id].sort());
    expect(await q('タワー')).toEqual([mixed.id]);
    expect(await q('tok')).toEqual([mixed.id]);
    expect(await q('東京 tow')).toEqual([mixed.id]);
    expect(await q('上海')).toEqual([]);
  });

  it('pages by cursor through every post once, in each sort, ties included', async () => {
    const blog = await newBlog();
    const made: string[] = [];
    for (let i = 0; i < 23; i++) {
      const post = await blog.post(blog.member.writer, {});
      made.push(post.id);
      // Views in few distinct values, so that pages split inside ties.
      await harness.db
        .update(posts)
        .set({ viewCount: i % 3, likeCount: i % 2, commentCount: 0 })
        .where(and(eq(posts.siteId, blog.site.id), eq(posts.id, post.id)));
    }
    for (const sort of ['date', 'views', 'likes', 'comments'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      let previous: number | null = null;
      do {
        const query: string = `sort=${sort}&limit=5${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await list(blog, 'editor', query);
        for (const row of page.posts) {
          seen.push(row.id);
          if (sort === 'views') {
            if (previous !== null) expect(row.counts.views).toBeLessThanOrEqual(previous);
            previous = row.counts.views;
          }
        }
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 10);
      expect(seen.length, sort).toBe(23);
      expect(new Set(seen).size, sort).toBe(23);
      expect([...seen].sort()).toEqual([...made].sort());
      expect(pages).toBe(5);
    }
    // A cursor of another sort is refused, not misread.
    const first = await list(blog, 'editor', 'sort=views&limit=5');
    const crossed = await blog.call(
      'GET',
      `/api/dashboard/posts?sort=date&cursor=${first.nextCursor}`,
      'editor',
    );
    expect(crossed.statusCode).toBe(400);
  });
});

/** A row action as each role on someone else's published post, with who may do it. */
const ROW_ACTIONS: {
  name: string;
  method: Method;
  path: string;
  payload?: (blog: Blog) => unknown;
  allowed: Role[];
  /** Whether the action's owner (a writer) may do it to their own post. */
  ownAllowed: boolean;
}[] = [
  {
    name: 'duplicate',
    method: 'POST',
    path: 'duplicate',
    allowed: ['editor', 'owner'],
    ownAllowed: true,
  },
  { name: 'pin', method: 'PUT', path: 'pin', allowed: ['editor', 'owner'], ownAllowed: false },
  { name: 'unpin', method: 'DELETE', path: 'pin', allowed: ['editor', 'owner'], ownAllowed: false },
  {
    name: 'feature',
    method: 'PUT',
    path: 'feature',
    allowed: ['editor', 'owner'],
    ownAllowed: false,
  },
  {
    name: 'unfeature',
    method: 'DELETE',
    path: 'feature',
    allowed: ['editor', 'owner'],
    ownAllowed: false,
  },
  {
    name: 'change owner',
    method: 'PUT',
    path: 'owner',
    payload: (blog) => ({ ownerId: blog.otherWriter }),
    allowed: ['editor', 'owner'],
    ownAllowed: false,
  },
  {
    name: 'move to categories',
    method: 'PUT',
    path: 'categories',
    payload: () => ({ categoryIds: [] }),
    allowed: ['editor', 'owner'],
    ownAllowed: false,
  },
  {
    name: 'revert to draft',
    method: 'POST',
    path: 'revert-to-draft',
    allowed: ['editor', 'owner'],
    ownAllowed: true,
  },
  { name: 'trash', method: 'POST', path: 'trash', allowed: ['editor', 'owner'], ownAllowed: true },
];

describe('row actions × role (SPEC §6; refused with the UI bypassed)', () => {
  let blog: Blog;
  beforeAll(async () => {
    blog = await newBlog();
  });

  for (const action of ROW_ACTIONS) {
    it(`${action.name}: visitor 401, user and writers 403 on others’ posts, editors and owners succeed`, async () => {
      const url = (id: string) => `/api/dashboard/posts/${id}/${action.path}`;
      const target = await blog.post(blog.otherWriter);
      const payload = action.payload?.(blog);
      const visitor = await blog.call(action.method, url(target.id), null, payload);
      expect(visitor.statusCode).toBe(401);
      for (const role of ['user', 'open-blog-writer', 'guest-writer', 'writer'] as const) {
        const refused = await blog.call(action.method, url(target.id), role, payload);
        expect(refused.statusCode, `${role}: ${refused.body}`).toBe(403);
        expect(errorOf(refused).code).toBe('forbidden');
      }
      for (const role of action.allowed) {
        const fresh = await blog.post(blog.otherWriter);
        const done = await blog.call(action.method, url(fresh.id), role, payload);
        expect(done.statusCode, `${role}: ${done.body}`).toBeLessThan(300);
      }
      const own = await blog.post(blog.member.writer);
      const onOwn = await blog.call(action.method, url(own.id), 'writer', payload);
      if (action.ownAllowed) expect(onOwn.statusCode, onOwn.body).toBeLessThan(300);
      else expect(onOwn.statusCode, onOwn.body).toBe(403);
    });
  }

  it('features a post for the banner and hands a post to another writer', async () => {
    const post = await blog.post(blog.member.writer);
    expect(
      (await blog.call('PUT', `/api/dashboard/posts/${post.id}/feature`, 'editor')).json(),
    ).toEqual({ isFeatured: true });
    expect((await blog.stored(post.id))!.isFeatured).toBe(true);
    const handed = await blog.call('PUT', `/api/dashboard/posts/${post.id}/owner`, 'editor', {
      ownerId: blog.otherWriter,
    });
    expect(handed.json()).toEqual({ ownerId: blog.otherWriter });
    expect((await blog.stored(post.id))!.ownerId).toBe(blog.otherWriter);
  });

  it('refuses an owner who may not write, naming ownerId, and unknown categories by index', async () => {
    const post = await blog.post(blog.member.writer);
    const toUser = await blog.call('PUT', `/api/dashboard/posts/${post.id}/owner`, 'editor', {
      ownerId: blog.member.user,
    });
    expect(toUser.statusCode).toBe(400);
    expect(errorOf(toUser).fields).toHaveProperty('ownerId');
    const category = await createCategory(harness.db, blog.site.id);
    const bad = await blog.call('PUT', `/api/dashboard/posts/${post.id}/categories`, 'editor', {
      categoryIds: [category.id, randomUUID()],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty(['categoryIds.1']);
    expect((await blog.stored(post.id))!.categoryIds).toEqual([]);
  });

  it('moves a post between categories with the counts following', async () => {
    const from = await createCategory(harness.db, blog.site.id);
    const to = await createCategory(harness.db, blog.site.id);
    const post = await blog.post(blog.member.writer, { categoryIds: [from.id] });
    const count = async (id: string) =>
      (
        await harness.db
          .select({ n: categories.postCount })
          .from(categories)
          .where(and(eq(categories.siteId, blog.site.id), eq(categories.id, id)))
      )[0]!.n;
    expect(await count(from.id)).toBe(1);
    const moved = await blog.call('PUT', `/api/dashboard/posts/${post.id}/categories`, 'editor', {
      categoryIds: [to.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await count(from.id)).toBe(0);
    expect(await count(to.id)).toBe(1);
    const filtered = await list(blog, 'editor', `category=${to.id}`);
    expect(ids(filtered)).toEqual([post.id]);
  });
});

describe('the trash: restore and delete forever', () => {
  it('restores a post to the status it had, with its category count', async () => {
    const blog = await newBlog();
    const category = await createCategory(harness.db, blog.site.id);
    const published = await blog.post(blog.member.writer, { categoryIds: [category.id] });
    const draft = await blog.post(blog.member.writer, {
      status: 'unpublished',
      firstPublishedDate: null,
    });
    for (const post of [published, draft]) {
      const trashed = await blog.call('POST', `/api/dashboard/posts/${post.id}/trash`, 'writer');
      expect(trashed.statusCode).toBe(204);
    }
    const trashedRow = await blog.stored(published.id);
    expect(trashedRow!.status).toBe('deleted');
    expect(trashedRow!.trashedFromStatus).toBe('published');
    expect(trashedRow!.trashedAt).not.toBeNull();
    expect((await list(blog, 'writer', 'status=trash')).counts).toMatchObject({
      published: 0,
      drafts: 0,
      trash: 2,
    });

    // Others may not take it back; a visitor is asked to log in.
    const url = `/api/dashboard/posts/${published.id}/restore`;
    expect((await blog.call('POST', url, null)).statusCode).toBe(401);
    expect((await blog.call('POST', url, blog.otherWriter)).statusCode).toBe(403);
    expect((await blog.call('POST', url, 'user')).statusCode).toBe(403);

    const restored = await blog.call('POST', url, 'writer');
    expect(restored.json()).toEqual({ status: 'published' });
    const again = await blog.call('POST', `/api/dashboard/posts/${draft.id}/restore`, 'editor');
    expect(again.json()).toEqual({ status: 'unpublished' });
    const row = await blog.stored(published.id);
    expect(row!.trashedFromStatus).toBeNull();
    expect(row!.firstPublishedDate).toEqual(published.firstPublishedDate);
    const [{ n }] = (await harness.db
      .select({ n: categories.postCount })
      .from(categories)
      .where(eq(categories.id, category.id))) as [{ n: number }];
    expect(n).toBe(1);
    // A post not in the trash cannot be restored.
    const notTrashed = await blog.call('POST', url, 'writer');
    expect(notTrashed.statusCode).toBe(409);
    expect(errorOf(notTrashed).code).toBe('post_not_in_trash');
  });

  it('keeps a guest writer’s once-published post in the trash for an editor', async () => {
    const blog = await newBlog();
    const post = await blog.post(blog.member['guest-writer']);
    expect(
      (await blog.call('POST', `/api/dashboard/posts/${post.id}/trash`, 'guest-writer')).statusCode,
    ).toBe(204);
    const refused = await blog.call(
      'POST',
      `/api/dashboard/posts/${post.id}/restore`,
      'guest-writer',
    );
    expect(refused.statusCode).toBe(403);
    const done = await blog.call('POST', `/api/dashboard/posts/${post.id}/restore`, 'editor');
    expect(done.json()).toEqual({ status: 'published' });
  });

  it('deletes for good only from the trash, with members’ counters kept right', async () => {
    const blog = await newBlog();
    const post = await blog.post(blog.member.writer);
    const commenter = await createMember(harness.db, blog.site.id, { role: 'user' });
    const comment = await blog.call('POST', `/api/posts/${post.id}/comments`, commenter.id, {
      content: documentOf([paragraph('Hello there')]),
    });
    const like = await blog.call('PUT', `/api/posts/${post.id}/like`, commenter.id);
    const counters = async () =>
      (
        await harness.db
          .select({ comments: members.commentCount, likes: members.likeCount })
          .from(members)
          .where(and(eq(members.siteId, blog.site.id), eq(members.id, commenter.id)))
      )[0]!;
    const before = await counters();

    const url = `/api/dashboard/posts/${post.id}`;
    const notInTrash = await blog.call('DELETE', url, 'writer');
    expect(notInTrash.statusCode).toBe(409);
    expect(errorOf(notInTrash).code).toBe('post_not_in_trash');
    await blog.call('POST', `${url}/trash`, 'writer');
    expect((await blog.call('DELETE', url, null)).statusCode).toBe(401);
    expect((await blog.call('DELETE', url, blog.otherWriter)).statusCode).toBe(403);
    expect((await blog.call('DELETE', url, 'user')).statusCode).toBe(403);
    const deleted = await blog.call('DELETE', url, 'writer');
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await blog.stored(post.id)).toBeUndefined();
    const left = await harness.db
      .select()
      .from(comments)
      .where(and(eq(comments.siteId, blog.site.id), eq(comments.postId, post.id)));
    expect(left).toEqual([]);
    const likesLeft = await harness.db
      .select()
      .from(likes)
      .where(and(eq(likes.siteId, blog.site.id), eq(likes.targetId, post.id)));
    expect(likesLeft).toEqual([]);
    const after = await counters();
    const madeComment = comment.statusCode === 201 ? 1 : 0;
    const madeLike = like.statusCode < 300 ? 1 : 0;
    expect(madeComment + madeLike, `${comment.body} ${like.body}`).toBe(2);
    expect(after.comments).toBe(before.comments - madeComment);
    expect(after.likes).toBe(before.likes - madeLike);
    expect((await list(blog, 'writer', 'status=trash')).counts.trash).toBe(0);
  });
});

describe('POST /api/dashboard/posts/bulk', () => {
  const bulk = (blog: Blog, as: Role | string | null, body: unknown) =>
    blog.call('POST', '/api/dashboard/posts/bulk', as, body);

  it('trashes and restores what it may, names the rest, and bumps the generation once', async () => {
    const blog = await newBlog();
    const own = [];
    for (let i = 0; i < 4; i++) own.push(await blog.post(blog.member.writer));
    const others = await blog.post(blog.otherWriter, { title: 'Not yours' });
    const generations = harness.app.services.generations;
    const before = generations.get(blog.site.id);
    const missing = randomUUID();
    const response = await bulk(blog, 'writer', {
      action: 'trash',
      ids: [...own.map((p) => p.id), others.id, missing],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<DashboardBulkResult>();
    expect(result.done).toBe(4);
    expect(result.failed).toEqual(
      expect.arrayContaining([
        { id: others.id, title: 'Not yours', code: 'forbidden' },
        { id: missing, title: '', code: 'post_not_found' },
      ]),
    );
    expect(result.failed).toHaveLength(2);
    expect(generations.get(blog.site.id)).toBe(before + 1);
    expect((await blog.stored(others.id))!.status).toBe('published');
    expect((await list(blog, 'writer', 'status=trash')).counts.trash).toBe(4);

    const restored = await bulk(blog, 'writer', { action: 'restore', filter: { status: 'trash' } });
    expect(restored.json()).toEqual({ done: 4, failed: [] });
    expect((await list(blog, 'writer')).counts).toMatchObject({ published: 4, trash: 0 });
  });

  it('refuses a visitor, a plain member, and bad input naming the field', async () => {
    const blog = await newBlog();
    const post = await blog.post(blog.member.writer);
    expect((await bulk(blog, null, { action: 'trash', ids: [post.id] })).statusCode).toBe(401);
    expect((await bulk(blog, 'user', { action: 'trash', ids: [post.id] })).statusCode).toBe(403);
    for (const [body, field] of [
      [{ action: 'explode', ids: [post.id] }, 'action'],
      [{ action: 'trash' }, 'ids'],
      [{ action: 'add-category', ids: [post.id] }, 'categoryId'],
      [{ action: 'change-owner', ids: [post.id] }, 'ownerId'],
      [{ action: 'trash', ids: Array.from({ length: 1001 }, () => randomUUID()) }, 'ids'],
      [{ action: 'add-category', ids: [post.id], categoryId: randomUUID() }, 'categoryId'],
      [{ action: 'change-owner', ids: [post.id], ownerId: blog.member.user }, 'ownerId'],
    ] as const) {
      const response = await bulk(blog, 'editor', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    expect((await blog.stored(post.id))!.status).toBe('published');
  });

  it('publishes, reverts, adds and removes a category, changes owner, deletes forever', async () => {
    const blog = await newBlog();
    const category = await createCategory(harness.db, blog.site.id);
    const drafts = [];
    for (let i = 0; i < 3; i++) {
      drafts.push(
        await blog.post(blog.otherWriter, { status: 'unpublished', firstPublishedDate: null }),
      );
    }
    const draftIds = drafts.map((p) => p.id);
    const published = await bulk(blog, 'editor', { action: 'publish', ids: draftIds });
    expect(published.json()).toEqual({ done: 3, failed: [] });
    const again = await bulk(blog, 'editor', { action: 'publish', ids: [draftIds[0]] });
    expect(again.json<DashboardBulkResult>().failed[0]!.code).toBe('post_already_published');

    // A writer may not add categories (SPEC §6: editors), even to their own posts.
    const writerAdd = await bulk(blog, blog.otherWriter, {
      action: 'add-category',
      ids: draftIds,
      categoryId: category.id,
    });
    expect(writerAdd.json<DashboardBulkResult>().done).toBe(0);
    expect(writerAdd.json<DashboardBulkResult>().failed.map((f) => f.code)).toEqual([
      'forbidden',
      'forbidden',
      'forbidden',
    ]);
    const added = await bulk(blog, 'editor', {
      action: 'add-category',
      ids: draftIds,
      categoryId: category.id,
    });
    expect(added.json()).toEqual({ done: 3, failed: [] });
    expect((await list(blog, 'editor', `category=${category.id}`)).matching).toBe(3);
    const removed = await bulk(blog, 'owner', {
      action: 'remove-category',
      filter: { status: 'published', category: category.id },
      categoryId: category.id,
    });
    expect(removed.json()).toEqual({ done: 3, failed: [] });

    const handed = await bulk(blog, 'editor', {
      action: 'change-owner',
      ids: draftIds,
      ownerId: blog.member.writer,
    });
    expect(handed.json()).toEqual({ done: 3, failed: [] });
    expect(ids(await list(blog, 'writer'))).toEqual([...draftIds].sort());

    const reverted = await bulk(blog, 'writer', { action: 'revert-to-draft', ids: draftIds });
    expect(reverted.json()).toEqual({ done: 3, failed: [] });
    await bulk(blog, 'writer', { action: 'trash', filter: { status: 'drafts' } });
    const gone = await bulk(blog, 'writer', { action: 'delete-forever', ids: draftIds });
    expect(gone.json()).toEqual({ done: 3, failed: [] });
    expect((await list(blog, 'editor')).counts).toEqual({
      published: 0,
      scheduled: 0,
      drafts: 0,
      in_review: 0,
      trash: 0,
    });
  });
});
