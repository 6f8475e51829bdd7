/**
 * `/api/dashboard/tags` through HTTP (issue 17 § Tags), on PGlite and PostgreSQL: every action ×
 * role (editors and owners; writers, guest writers and readers 403; visitors 401), the list with
 * counts in keyset pages with search, rename with slug history, merge without twins and with exact
 * counts, delete; guest writers still create tags from the editor.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardTagsPageView, DashboardTagView } from '../../domain/dashboard-tags';
import type { Actor, Role } from '../../domain/permissions';
import type { TagView } from '../../domain/views';
import { posts, postTags } from '../db/schema.server';
import { listTags } from '../services/dashboard-tags/read.server';
import { buildPost, createMember, createTag } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
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

/** A tag made as writers make them (the editor's endpoint). */
async function newTag(label: string): Promise<{ id: string; slug: string }> {
  const response = await call(members.writer, 'POST', '/api/editor/tags', { label });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function postWithTags(tagIds: string[], status: 'published' | 'unpublished' = 'published') {
  const post = buildPost(harness.site.id, members.editor, { tagIds, status });
  await harness.app.services.postWriter.insertPost(post);
  return post.id;
}

async function publicTags(): Promise<TagView[]> {
  const response = await call(null, 'GET', '/api/tags');
  return response.json<{ tags: TagView[] }>().tags;
}

async function storedTagIds(postId: string) {
  const [row] = await harness.db
    .select({ tagIds: posts.tagIds })
    .from(posts)
    .where(and(eq(posts.siteId, harness.site.id), eq(posts.id, postId)));
  return row!.tagIds;
}

async function listingTags(postId: string) {
  const rows = await harness.db
    .select({ tagId: postTags.tagId })
    .from(postTags)
    .where(and(eq(postTags.siteId, harness.site.id), eq(postTags.postId, postId)));
  return rows.map((r) => r.tagId).sort();
}

describe('who may manage tags (SPEC §6: editors and owners; guest writers create)', () => {
  it('lets editors and owners list, rename, merge and delete; others 403, visitors 401', async () => {
    for (const role of ROLES_ALLOWED) {
      const as = members[role];
      const a = await newTag(`Alpha ${role}`);
      const b = await newTag(`Beta ${role}`);
      expect((await call(as, 'GET', '/api/dashboard/tags')).statusCode).toBe(200);
      const renamed = await call(as, 'PATCH', `/api/dashboard/tags/${a.id}`, {
        label: `Gamma ${role}`,
      });
      expect(renamed.statusCode).toBe(200);
      const merged = await call(as, 'POST', `/api/dashboard/tags/${a.id}/merge`, { into: b.id });
      expect(merged.statusCode).toBe(200);
      expect((await call(as, 'DELETE', `/api/dashboard/tags/${b.id}`)).statusCode).toBe(204);
    }
    const x = await newTag('Kept one');
    const y = await newTag('Kept two');
    const attempts: [Method, string, unknown][] = [
      ['GET', '/api/dashboard/tags', undefined],
      ['PATCH', `/api/dashboard/tags/${x.id}`, { label: 'Stolen' }],
      ['POST', `/api/dashboard/tags/${x.id}/merge`, { into: y.id }],
      ['DELETE', `/api/dashboard/tags/${x.id}`, undefined],
    ];
    for (const [method, url, payload] of attempts) {
      for (const role of ROLES_REFUSED) {
        const refused = await call(members[role], method, url, payload);
        expect(refused.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(errorOf(refused).code).toBe('forbidden');
      }
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
    }
    const labels = (await publicTags()).map((t) => t.label);
    expect(labels).toEqual(expect.arrayContaining(['Kept one', 'Kept two']));
    expect(labels).not.toContain('Stolen');
    // Guest writers still create tags from the editor (SPEC §6).
    const created = await call(members['guest-writer'], 'POST', '/api/editor/tags', {
      label: 'By a guest',
    });
    expect(created.statusCode).toBe(201);
  });
});

describe('GET /api/dashboard/tags', () => {
  it('pages by label with a cursor, searches, and sorts by post count', async () => {
    const site = harness.site;
    const made: string[] = [];
    for (const label of ['Zeta walk', 'Zeta run', 'Zeta swim', 'Zeta ride', 'Zeta 100%']) {
      made.push((await newTag(label)).id);
    }
    await postWithTags([made[2]!]);
    await postWithTags([made[2]!, made[1]!]);
    const actor: Actor = {
      memberId: members.editor,
      role: 'editor',
      isBlocked: false,
      privacy: 'PUBLIC',
    };
    const deps = { db: harness.db, generations: harness.app.services.generations };
    const first = await listTags(deps, actor, site, { q: 'zeta' }, 2);
    expect(first.tags.map((t) => t.label)).toEqual(['Zeta 100%', 'Zeta ride']);
    expect(first.nextCursor).not.toBeNull();
    const second = await listTags(deps, actor, site, { q: 'zeta', cursor: first.nextCursor! }, 2);
    expect(second.tags.map((t) => t.label)).toEqual(['Zeta run', 'Zeta swim']);
    const third = await listTags(deps, actor, site, { q: 'zeta', cursor: second.nextCursor! }, 2);
    expect(third.tags.map((t) => t.label)).toEqual(['Zeta walk']);
    expect(third.nextCursor).toBeNull();
    // A LIKE wildcard in the search is a literal character.
    const literal = await asEditor('GET', `/api/dashboard/tags?q=${encodeURIComponent('%')}`);
    expect(literal.json<DashboardTagsPageView>().tags.map((t) => t.label)).toEqual(['Zeta 100%']);
    const byPosts = await asEditor('GET', '/api/dashboard/tags?q=zeta&sort=posts');
    const counted = byPosts.json<DashboardTagsPageView>().tags;
    expect(counted.slice(0, 2).map((t) => [t.label, t.postCount])).toEqual([
      ['Zeta swim', 2],
      ['Zeta run', 1],
    ]);
    const bad = await asEditor('GET', '/api/dashboard/tags?cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('cursor');
  });
});

describe('PATCH /api/dashboard/tags/:id', () => {
  it('renames label and slug, keeping the former slug; refuses a taken label or slug', async () => {
    const tag = await newTag('Espresso');
    const response = await asEditor('PATCH', `/api/dashboard/tags/${tag.id}`, {
      label: 'Ristretto',
      slug: 'RISTRETTO',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<DashboardTagView>()).toMatchObject({
      label: 'Ristretto',
      slug: 'ristretto',
      slugs: ['espresso'],
    });
    const other = await newTag('Latte');
    const takenLabel = await asEditor('PATCH', `/api/dashboard/tags/${other.id}`, {
      label: 'ristretto',
    });
    expect(takenLabel.statusCode).toBe(400);
    expect(errorOf(takenLabel)).toMatchObject({
      code: 'tag_label_taken',
      fields: { label: expect.any(String) },
    });
    const takenSlug = await asEditor('PATCH', `/api/dashboard/tags/${other.id}`, {
      label: 'Latte',
      slug: 'ristretto',
    });
    expect(takenSlug.statusCode).toBe(400);
    expect(errorOf(takenSlug).code).toBe('slug_taken');
    const reserved = await asEditor('PATCH', `/api/dashboard/tags/${other.id}`, {
      label: 'Latte',
      slug: 'feed',
    });
    expect(reserved.statusCode).toBe(400);
    expect(errorOf(reserved)).toMatchObject({ code: 'slug_reserved' });
    expect(errorOf(reserved).fields?.slug).toContain('feed');
    const empty = await asEditor('PATCH', `/api/dashboard/tags/${other.id}`, { label: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields).toHaveProperty('label');
    expect(
      (await asEditor('PATCH', `/api/dashboard/tags/${randomUUID()}`, { label: 'Nobody' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/dashboard/tags/:id/merge', () => {
  it('moves the posts without twins, counts exactly, and hands over the slugs', async () => {
    const source = await newTag('Hiking');
    const target = await newTag('Trekking');
    const onlySource = await postWithTags([source.id]);
    const bothTags = await postWithTags([target.id, source.id]);
    const draft = await postWithTags([source.id], 'unpublished');
    await asEditor('PATCH', `/api/dashboard/tags/${source.id}`, { label: 'Hikes', slug: 'hikes' });
    const response = await asEditor('POST', `/api/dashboard/tags/${source.id}/merge`, {
      into: target.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<DashboardTagView>()).toMatchObject({
      id: target.id,
      postCount: 2,
      slugs: ['hiking', 'hikes'],
    });
    expect(await storedTagIds(onlySource)).toEqual([target.id]);
    expect(await storedTagIds(bothTags)).toEqual([target.id]);
    expect(await storedTagIds(draft)).toEqual([target.id]);
    expect(await listingTags(bothTags)).toEqual([target.id]);
    const listed = await publicTags();
    expect(listed.find((t) => t.id === target.id)?.postCount).toBe(2);
    expect(listed.some((t) => t.id === source.id)).toBe(false);
    const feed = await call(null, 'GET', `/api/tags/${target.slug}/posts?page=1`);
    expect(feed.statusCode).toBe(200);
    expect(
      feed
        .json<{ posts: { id: string }[] }>()
        .posts.map((p) => p.id)
        .sort(),
    ).toEqual([onlySource, bothTags].sort());
    const self = await asEditor('POST', `/api/dashboard/tags/${target.id}/merge`, {
      into: target.id,
    });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).fields).toHaveProperty('into');
  });
});

describe('DELETE /api/dashboard/tags/:id', () => {
  it('takes the tag off its posts and moves no other count', async () => {
    const gone = await newTag('Obsolete');
    const kept = await createTag(harness.db, harness.site.id, { label: 'Kept', slug: 'kept' });
    const post = await postWithTags([gone.id, kept.id]);
    const response = await asEditor('DELETE', `/api/dashboard/tags/${gone.id}`);
    expect(response.statusCode).toBe(204);
    expect(await storedTagIds(post)).toEqual([kept.id]);
    expect(await listingTags(post)).toEqual([kept.id]);
    expect((await publicTags()).some((t) => t.id === gone.id)).toBe(false);
    expect((await asEditor('DELETE', `/api/dashboard/tags/${gone.id}`)).statusCode).toBe(404);
  });
});
