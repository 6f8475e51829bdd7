/**
 * `/api/dashboard/members` and `/api/dashboard/audit` through HTTP (issue 18 § Members and
 * contributors), on PGlite and PostgreSQL: every action × role (editors list and create authors;
 * owners change roles, block, delete and read the audit log; the others 403, visitors 401, the UI
 * bypassed); the rules (nobody changes their own role, owners are not changed, the last owner
 * stays); bad input 400 naming the field; the list's search, filters and keyset pages; a blocked
 * member's live session is a guest's on its next request; a new author's one-time link sets a
 * password; a delete hands posts on or trashes them, keeps or deletes comments, takes back likes;
 * each action is one line of the audit log.
 */
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditPageView,
  AuthorCreatedView,
  DashboardMembersPageView,
  DashboardMemberView,
} from '../../domain/dashboard-members';
import type { Role } from '../../domain/permissions';
import { documentOf, paragraph } from '../../rich-content/document';
import { auditEvents, comments, likes, members, notifications, posts } from '../db/schema.server';
import { listAudit } from '../services/member-admin/audit.server';
import { listMembers } from '../services/member-admin/list.server';
import { createMemberWithPassword, TestBrowser } from '../testing/auth.server';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ROLES = ['owner', 'editor', 'writer', 'guest-writer', 'open-blog-writer', 'user'] as const;
const staff = {} as Record<(typeof ROLES)[number], string>;
let secondOwner: string;

beforeAll(async () => {
  for (const role of ROLES) {
    staff[role] = (
      await createMember(harness.db, harness.site.id, { role, name: `Staff ${role}` })
    ).id;
  }
  secondOwner = (
    await createMember(harness.db, harness.site.id, { role: 'owner', name: 'Second Owner' })
  ).id;
});

function call(
  member: string | null,
  method: Method,
  url: string,
  payload?: unknown,
  host = harness.site.host,
) {
  const headers: Record<string, string> = { host };
  if (member) headers[TEST_MEMBER_HEADER] = member;
  return harness.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; fields?: Record<string, string> } }>().error;

let memberNumber = 0;
/** A plain member (role user unless told) to act on. */
async function target(overrides: Parameters<typeof createMember>[2] = {}) {
  memberNumber += 1;
  return createMember(harness.db, harness.site.id, {
    role: 'user',
    name: `Target ${memberNumber}`,
    email: `target-${memberNumber}-${Date.now()}@example.test`,
    ...overrides,
  });
}

async function roleOf(id: string) {
  const [row] = await harness.db
    .select({ role: members.role, isBlocked: members.isBlocked })
    .from(members)
    .where(and(eq(members.siteId, harness.site.id), eq(members.id, id)));
  return row;
}

async function auditFor(targetId: string) {
  return harness.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.siteId, harness.site.id), eq(auditEvents.targetId, targetId)));
}

const deleteKeeping = { posts: 'trash', comments: 'keep' } as const;

describe('who may do what (SPEC §6; the UI bypassed)', () => {
  it('lets editors and owners list members; others 403, visitors 401', async () => {
    for (const role of ['editor', 'owner'] as const) {
      const response = await call(staff[role], 'GET', '/api/dashboard/members');
      expect(response.statusCode, role).toBe(200);
    }
    for (const role of ['writer', 'guest-writer', 'open-blog-writer', 'user'] as const) {
      const refused = await call(staff[role], 'GET', '/api/dashboard/members');
      expect(refused.statusCode, role).toBe(403);
      expect(errorOf(refused).code).toBe('forbidden');
    }
    expect((await call(null, 'GET', '/api/dashboard/members')).statusCode).toBe(401);
  });

  it('refuses every owner action to editors, writers and readers (403) and visitors (401)', async () => {
    const someone = await target();
    const attempts: [Method, string, unknown][] = [
      ['PUT', `/api/dashboard/members/${someone.id}/role`, { role: 'writer' }],
      ['POST', `/api/dashboard/members/${someone.id}/block`, undefined],
      ['DELETE', `/api/dashboard/members/${someone.id}/block`, undefined],
      ['DELETE', `/api/dashboard/members/${someone.id}`, deleteKeeping],
      ['GET', '/api/dashboard/audit', undefined],
      ['GET', '/api/dashboard/members/post-owners', undefined],
    ];
    for (const [method, url, payload] of attempts) {
      for (const role of [
        'editor',
        'writer',
        'guest-writer',
        'open-blog-writer',
        'user',
      ] as const) {
        const refused = await call(staff[role], method, url, payload);
        expect(refused.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
    }
    expect(await roleOf(someone.id)).toEqual({ role: 'user', isBlocked: false });
  });

  it('lets editors create writers and guest writers, owners editors too; others 403', async () => {
    const as = async (who: string | null, role: string) =>
      call(who, 'POST', '/api/dashboard/members/authors', {
        name: 'New Author',
        email: `author-${++memberNumber}@example.test`,
        role,
      });
    expect((await as(staff.editor, 'writer')).statusCode).toBe(201);
    expect((await as(staff.editor, 'guest-writer')).statusCode).toBe(201);
    const editorMakesEditor = await as(staff.editor, 'editor');
    expect(editorMakesEditor.statusCode).toBe(403);
    expect(errorOf(editorMakesEditor).fields).toHaveProperty('role');
    expect((await as(staff.owner, 'editor')).statusCode).toBe(201);
    for (const role of ['writer', 'guest-writer', 'open-blog-writer', 'user'] as const) {
      expect((await as(staff[role], 'writer')).statusCode, role).toBe(403);
    }
    expect((await as(null, 'writer')).statusCode).toBe(401);
  });
});

describe('role changes (owners; SPEC §8 promote/demote)', () => {
  it('promotes and demotes, notifies the member and logs each change', async () => {
    const someone = await target();
    const up = await call(staff.owner, 'PUT', `/api/dashboard/members/${someone.id}/role`, {
      role: 'writer',
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ change: 'promote', member: { role: 'writer' } });
    const down = await call(staff.owner, 'PUT', `/api/dashboard/members/${someone.id}/role`, {
      role: 'open-blog-writer',
    });
    expect(down.json()).toMatchObject({ change: 'demote', member: { role: 'open-blog-writer' } });
    const same = await call(staff.owner, 'PUT', `/api/dashboard/members/${someone.id}/role`, {
      role: 'open-blog-writer',
    });
    expect(same.json()).toMatchObject({ change: 'none' });
    const told = await harness.db
      .select({ kind: notifications.type })
      .from(notifications)
      .where(
        and(eq(notifications.siteId, harness.site.id), eq(notifications.memberId, someone.id)),
      );
    expect(told.map((n) => n.kind)).toEqual(['role-changed', 'role-changed']);
    const lines = await auditFor(someone.id);
    expect(lines.map((l) => [l.action, l.details, l.actorName])).toEqual(
      expect.arrayContaining([
        ['member.role-changed', { from: 'user', to: 'writer' }, 'Staff owner'],
        ['member.role-changed', { from: 'writer', to: 'open-blog-writer' }, 'Staff owner'],
      ]),
    );
    expect(lines).toHaveLength(2);
  });

  it('never changes one’s own role, an owner’s, or to owner; names a bad role', async () => {
    const own = await call(staff.owner, 'PUT', `/api/dashboard/members/${staff.owner}/role`, {
      role: 'editor',
    });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).code).toBe('own_role');
    const ownerToo = await call(staff.owner, 'PUT', `/api/dashboard/members/${secondOwner}/role`, {
      role: 'editor',
    });
    expect(ownerToo.statusCode).toBe(403);
    expect(errorOf(ownerToo).code).toBe('forbidden');
    const byEditor = await call(staff.editor, 'PUT', `/api/dashboard/members/${secondOwner}/role`, {
      role: 'user',
    });
    expect(byEditor.statusCode).toBe(403);
    const service = await target({ role: 'service' });
    const serviceChange = await call(
      staff.owner,
      'PUT',
      `/api/dashboard/members/${service.id}/role`,
      { role: 'user' },
    );
    expect(serviceChange.statusCode).toBe(403);
    expect(await roleOf(service.id)).toEqual({ role: 'service', isBlocked: false });
    const someone = await target();
    for (const role of ['owner', 'service', 'guest', 'chief']) {
      const bad = await call(staff.owner, 'PUT', `/api/dashboard/members/${someone.id}/role`, {
        role,
      });
      expect(bad.statusCode, role).toBe(400);
      expect(errorOf(bad).fields).toHaveProperty('role');
    }
    const badId = await call(staff.owner, 'PUT', '/api/dashboard/members/nope/role', {
      role: 'writer',
    });
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId).fields).toHaveProperty('id');
    const missing = await call(
      staff.owner,
      'PUT',
      '/api/dashboard/members/00000000-0000-4000-8000-000000000000/role',
      { role: 'writer' },
    );
    expect(missing.statusCode).toBe(404);
    expect(await roleOf(secondOwner)).toEqual({ role: 'owner', isBlocked: false });
    expect(await roleOf(staff.owner)).toEqual({ role: 'owner', isBlocked: false });
  });

  it('keeps a blog’s last owner: their own demotion and deletion are 409 last_owner', async () => {
    const lone: TestSite = await createTestSite(harness.db);
    const owner = await createMember(harness.db, lone.id, { role: 'owner', name: 'Lone Owner' });
    const demote = await call(
      owner.id,
      'PUT',
      `/api/dashboard/members/${owner.id}/role`,
      { role: 'editor' },
      lone.host,
    );
    expect(demote.statusCode).toBe(409);
    expect(errorOf(demote).code).toBe('last_owner');
    const remove = await call(
      owner.id,
      'DELETE',
      `/api/dashboard/members/${owner.id}`,
      deleteKeeping,
      lone.host,
    );
    expect(remove.statusCode).toBe(409);
    expect(errorOf(remove).code).toBe('last_owner');
    // With a second owner it is the own-role rule that refuses.
    await createMember(harness.db, lone.id, { role: 'owner', name: 'Other Owner' });
    const again = await call(
      owner.id,
      'PUT',
      `/api/dashboard/members/${owner.id}/role`,
      { role: 'editor' },
      lone.host,
    );
    expect(again.statusCode).toBe(403);
    expect(errorOf(again).code).toBe('own_role');
  });
});

describe('block and unblock (owners)', () => {
  it('makes a live session a guest’s on its next request, and back', async () => {
    const writer = await createMemberWithPassword(harness.db, harness.site.id, {
      role: 'writer',
      name: 'Blocked Writer',
    });
    const browser = new TestBrowser(harness.app, harness.site.host);
    expect((await browser.logIn(writer.email, writer.password)).statusCode).toBe(200);
    const before = (await browser.request('GET', '/api/session')).json();
    expect(before.member).toMatchObject({ canCreatePost: true });
    const blocked = await call(staff.owner, 'POST', `/api/dashboard/members/${writer.id}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json<DashboardMemberView>().isBlocked).toBe(true);
    const after = (await browser.request('GET', '/api/session')).json();
    expect(after.member).toMatchObject({ canCreatePost: false, canOpenDashboard: false });
    const refused = await browser.request('GET', '/api/dashboard/posts');
    expect(refused.statusCode).toBe(403);
    const unblocked = await call(
      staff.owner,
      'DELETE',
      `/api/dashboard/members/${writer.id}/block`,
    );
    expect(unblocked.json<DashboardMemberView>().isBlocked).toBe(false);
    expect((await browser.request('GET', '/api/session')).json().member).toMatchObject({
      canCreatePost: true,
    });
    expect((await auditFor(writer.id)).map((l) => l.action).sort()).toEqual([
      'member.blocked',
      'member.unblocked',
    ]);
  });

  it('never blocks an owner or oneself', async () => {
    const other = await call(staff.owner, 'POST', `/api/dashboard/members/${secondOwner}/block`);
    expect(other.statusCode).toBe(403);
    const self = await call(staff.owner, 'POST', `/api/dashboard/members/${staff.owner}/block`);
    expect(self.statusCode).toBe(403);
    expect(await roleOf(secondOwner)).toEqual({ role: 'owner', isBlocked: false });
  });
});

describe('new authors (editors and owners; SPEC §6 author:create)', () => {
  it('makes a writer whose one-time link sets a password that signs in', async () => {
    const email = `Fresh.Author-${Date.now()}@Example.test`;
    const response = await call(staff.editor, 'POST', '/api/dashboard/members/authors', {
      name: '  Fresh   Author ',
      email,
      role: 'writer',
    });
    expect(response.statusCode).toBe(201);
    const { member } = response.json<AuthorCreatedView>();
    expect(member).toMatchObject({ role: 'writer', email: email.toLowerCase() });
    expect(member.member.name).toBe('Fresh Author');
    const link = await call(
      null,
      'GET',
      `/api/test/reset-links?email=${encodeURIComponent(email.toLowerCase())}`,
    );
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json<{ url: string }>().url);
    expect(url.pathname).toMatch(/\/login$/);
    const token = url.searchParams.get('token')!;
    const browser = new TestBrowser(harness.app, harness.site.host);
    const set = await browser.request('POST', '/api/auth/password-reset/confirm', {
      payload: { token, password: 'a fresh password' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().member).toMatchObject({ siteMemberId: member.id, canCreatePost: true });
    // The link works once.
    const again = await new TestBrowser(harness.app, harness.site.host).request(
      'POST',
      '/api/auth/password-reset/confirm',
      { payload: { token, password: 'another password' } },
    );
    expect(again.statusCode).toBe(400);
    const signIn = await new TestBrowser(harness.app, harness.site.host).logIn(
      email,
      'a fresh password',
    );
    expect(signIn.statusCode).toBe(200);
    const [line] = await auditFor(member.id);
    expect(line).toMatchObject({
      action: 'member.author-created',
      actorName: 'Staff editor',
      targetName: 'Fresh Author',
      details: { role: 'writer' },
    });
  });

  it('names each bad field (400) and a taken address (409), keeping nothing', async () => {
    const bad = await call(staff.editor, 'POST', '/api/dashboard/members/authors', {
      name: '   ',
      email: 'not an address',
      role: 'writer',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['email', 'name']);
    const noRole = await call(staff.editor, 'POST', '/api/dashboard/members/authors', {
      name: 'Someone',
      email: 'someone@example.test',
      role: 'user',
    });
    expect(noRole.statusCode).toBe(400);
    expect(errorOf(noRole).fields).toHaveProperty('role');
    const longName = await call(staff.editor, 'POST', '/api/dashboard/members/authors', {
      name: 'x'.repeat(61),
      email: 'long@example.test',
      role: 'writer',
    });
    expect(errorOf(longName).fields).toHaveProperty('name');
    const existing = await target();
    const taken = await call(staff.editor, 'POST', '/api/dashboard/members/authors', {
      name: 'Twin',
      email: existing.email!.toUpperCase(),
      role: 'writer',
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      code: 'email_taken',
      fields: { email: expect.any(String) },
    });
    const extra = await call(staff.editor, 'POST', '/api/dashboard/members/authors', {
      name: 'Extra',
      email: 'extra@example.test',
      role: 'writer',
      isAdmin: true,
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('the list', () => {
  it('searches names and addresses, filters by role and status, pages without twins', async () => {
    const site = await createTestSite(harness.db);
    const owner = await createMember(harness.db, site.id, { role: 'owner', name: 'Page Owner' });
    const made: string[] = [owner.id];
    for (let i = 0; i < 7; i += 1) {
      const row = await createMember(harness.db, site.id, {
        role: i % 2 === 0 ? 'writer' : 'user',
        name: `Reader ${String.fromCharCode(71 - i)}`,
        email: `reader-${i}@pages.test`,
        isBlocked: i === 3,
      });
      made.push(row.id);
    }
    const list = (query: string) =>
      call(owner.id, 'GET', `/api/dashboard/members?${query}`, undefined, site.host);
    const view = await harness.app.services.sites.siteFor(site.host);
    const actor = {
      memberId: owner.id,
      role: 'owner',
      isBlocked: false,
      privacy: 'PUBLIC',
    } as const;
    for (const sort of ['joined', 'name'] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: DashboardMembersPageView = await listMembers(
          harness,
          actor,
          view,
          { sort, ...(cursor ? { cursor } : {}) },
          3,
        );
        seen.push(...page.members.map((r) => r.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 20);
      expect(pages, sort).toBe(3);
      expect(new Set(seen).size, sort).toBe(made.length);
      expect(seen.sort()).toEqual([...made].sort());
    }
    const nameCursor = (await listMembers(harness, actor, view, { sort: 'name' }, 3)).nextCursor!;
    const mixed = await list(`sort=joined&cursor=${nameCursor}`);
    expect(mixed.statusCode).toBe(400);
    const byName = (await list('sort=name')).json<DashboardMembersPageView>();
    expect(byName.members.map((m) => m.member.name)).toEqual(
      [...byName.members.map((m) => m.member.name)].sort(),
    );
    const found = (await list('q=reader-2%40pages')).json<DashboardMembersPageView>();
    expect(found.members.map((m) => m.member.name)).toEqual(['Reader E']);
    const byWords = (await list('q=page%20ow')).json<DashboardMembersPageView>();
    expect(byWords.members.map((m) => m.member.name)).toEqual(['Page Owner']);
    const literal = (await list('q=%25')).json<DashboardMembersPageView>();
    expect(literal.members).toEqual([]);
    const writers = (await list('role=writer')).json<DashboardMembersPageView>();
    expect(writers.members.every((m) => m.role === 'writer')).toBe(true);
    expect(writers.members).toHaveLength(4);
    const blocked = (await list('status=blocked')).json<DashboardMembersPageView>();
    expect(blocked.members.map((m) => m.member.name)).toEqual(['Reader D']);
    const active = (await list('status=active&role=user')).json<DashboardMembersPageView>();
    expect(active.members).toHaveLength(2);
    // What the owner may do is on each row: never to themselves.
    const self = byName.members.find((m) => m.id === owner.id)!;
    expect(self.actions).toEqual({ changeRole: false, block: false, delete: false });
    expect(byName.members.find((m) => m.role === 'user')!.actions).toEqual({
      changeRole: true,
      block: true,
      delete: true,
    });
    for (const [query, field] of [
      ['role=chief', 'role'],
      ['status=gone', 'status'],
      ['sort=email', 'sort'],
      ['cursor=garbage', 'cursor'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['page=2', '_'],
    ] as const) {
      const refused = await list(query);
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(refused).fields ?? {}).join(), query).toContain(
        field === '_' ? '' : field,
      );
    }
    // Editors see the list but no owner actions.
    const editor = await createMember(harness.db, site.id, { role: 'editor', name: 'Page Editor' });
    const asEditor = (
      await call(editor.id, 'GET', '/api/dashboard/members', undefined, site.host)
    ).json<DashboardMembersPageView>();
    expect(asEditor.canChangeRoles).toBe(false);
    expect(asEditor.authorRoles).toEqual(['guest-writer', 'writer']);
    expect(asEditor.members.every((m) => !m.actions.changeRole && !m.actions.delete)).toBe(true);
  });
});

describe('delete (owners)', () => {
  async function seedAuthor() {
    const author = await target({ role: 'writer' });
    const reader = await target();
    const [a, b] = [
      buildPost(harness.site.id, author.id, { status: 'published' }),
      buildPost(harness.site.id, author.id, { status: 'unpublished' }),
    ];
    await harness.app.services.postWriter.insertPost(a);
    await harness.app.services.postWriter.insertPost(b);
    const other = buildPost(harness.site.id, staff.writer, { status: 'published' });
    await harness.app.services.postWriter.insertPost(other);
    const content = documentOf([paragraph('A thought')]);
    const mine = await call(author.id, 'POST', `/api/posts/${other.id}/comments`, { content });
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await call(reader.id, 'POST', `/api/posts/${a.id}/comments`, { content });
    expect(theirs.statusCode).toBe(201);
    expect((await call(author.id, 'PUT', `/api/posts/${other.id}/like`)).statusCode).toBe(200);
    return {
      author,
      reader,
      posts: [a.id, b.id],
      other: other.id,
      commentId: mine.json().comment.id,
    };
  }

  async function postRow(id: string) {
    const [row] = await harness.db
      .select({
        ownerId: posts.ownerId,
        status: posts.status,
        commentCount: posts.commentCount,
        likeCount: posts.likeCount,
      })
      .from(posts)
      .where(and(eq(posts.siteId, harness.site.id), eq(posts.id, id)));
    return row!;
  }

  it('hands the posts to another author, keeps comments as a deleted member’s, takes back likes', async () => {
    const seeded = await seedAuthor();
    expect((await postRow(seeded.other)).likeCount).toBe(1);
    const response = await call(
      staff.owner,
      'DELETE',
      `/api/dashboard/members/${seeded.author.id}`,
      {
        posts: 'reassign',
        reassignTo: staff.editor,
        comments: 'keep',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ posts: 2, comments: 1 });
    for (const id of seeded.posts) expect((await postRow(id)).ownerId).toBe(staff.editor);
    expect((await postRow(seeded.posts[0]!)).status).toBe('published');
    const other = await postRow(seeded.other);
    expect(other).toMatchObject({ commentCount: 1, likeCount: 0 });
    const [kept] = await harness.db
      .select({ authorId: comments.authorId })
      .from(comments)
      .where(and(eq(comments.siteId, harness.site.id), eq(comments.id, seeded.commentId)));
    expect(kept?.authorId).toBe(seeded.author.id);
    // The comment reads as a deleted member's: no author.
    const page = await call(null, 'GET', `/api/posts/${seeded.other}/comments`);
    const listed = page.json<{ comments: { id: string; author: unknown }[] }>().comments;
    expect(listed.find((c) => c.id === seeded.commentId)?.author).toBeNull();
    const [gone] = await harness.db
      .select({ n: count() })
      .from(members)
      .where(and(eq(members.siteId, harness.site.id), eq(members.id, seeded.author.id)));
    expect(Number(gone!.n)).toBe(0);
    const [leftLikes] = await harness.db
      .select({ n: count() })
      .from(likes)
      .where(and(eq(likes.siteId, harness.site.id), eq(likes.memberId, seeded.author.id)));
    expect(Number(leftLikes!.n)).toBe(0);
    const [line] = await auditFor(seeded.author.id);
    expect(line).toMatchObject({
      action: 'member.deleted',
      targetName: seeded.author.name,
      details: { posts: 2, postsTo: 'reassign', comments: 1, commentsTo: 'keep' },
    });
  });

  it('moves the posts to the trash and deletes the comments with their counts', async () => {
    const seeded = await seedAuthor();
    const response = await call(
      staff.owner,
      'DELETE',
      `/api/dashboard/members/${seeded.author.id}`,
      {
        posts: 'trash',
        comments: 'delete',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    for (const id of seeded.posts) {
      expect(await postRow(id)).toMatchObject({ status: 'deleted', ownerId: staff.owner });
    }
    expect((await postRow(seeded.other)).commentCount).toBe(0);
    const [left] = await harness.db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.siteId, harness.site.id), eq(comments.authorId, seeded.author.id)));
    expect(Number(left!.n)).toBe(0);
  });

  it('refuses owners, oneself and a bad heir; names the field', async () => {
    const someone = await target({ role: 'writer' });
    const owner = await call(
      staff.owner,
      'DELETE',
      `/api/dashboard/members/${secondOwner}`,
      deleteKeeping,
    );
    expect(owner.statusCode).toBe(403);
    const noHeir = await call(staff.owner, 'DELETE', `/api/dashboard/members/${someone.id}`, {
      posts: 'reassign',
      comments: 'keep',
    });
    expect(noHeir.statusCode).toBe(400);
    expect(errorOf(noHeir).fields).toHaveProperty('reassignTo');
    const readerHeir = await call(staff.owner, 'DELETE', `/api/dashboard/members/${someone.id}`, {
      posts: 'reassign',
      reassignTo: staff.user,
      comments: 'keep',
    });
    expect(readerHeir.statusCode).toBe(400);
    expect(errorOf(readerHeir).fields).toHaveProperty('reassignTo');
    const selfHeir = await call(staff.owner, 'DELETE', `/api/dashboard/members/${someone.id}`, {
      posts: 'reassign',
      reassignTo: someone.id,
      comments: 'keep',
    });
    expect(selfHeir.statusCode).toBe(400);
    const badChoice = await call(staff.owner, 'DELETE', `/api/dashboard/members/${someone.id}`, {
      posts: 'burn',
      comments: 'keep',
    });
    expect(errorOf(badChoice).fields).toHaveProperty('posts');
    expect(await roleOf(someone.id)).toEqual({ role: 'writer', isBlocked: false });
    const heirs = await call(staff.owner, 'GET', '/api/dashboard/members/post-owners');
    const ids = heirs.json<{ owners: { id: string }[] }>().owners.map((o) => o.id);
    expect(ids).toContain(staff.editor);
    expect(ids).not.toContain(staff.user);
  });
});

describe('the audit log (owners)', () => {
  it('lists the actions newest first in keyset pages', async () => {
    const site = await createTestSite(harness.db);
    const owner = await createMember(harness.db, site.id, { role: 'owner', name: 'Log Owner' });
    const people = [];
    for (let i = 0; i < 3; i += 1) {
      people.push(await createMember(harness.db, site.id, { role: 'user', name: `Logged ${i}` }));
    }
    for (const person of people) {
      const done = await call(
        owner.id,
        'POST',
        `/api/dashboard/members/${person.id}/block`,
        undefined,
        site.host,
      );
      expect(done.statusCode).toBe(200);
    }
    const actor = {
      memberId: owner.id,
      role: 'owner',
      isBlocked: false,
      privacy: 'PUBLIC',
    } as const;
    const view = await harness.app.services.sites.siteFor(site.host);
    const first = await call(owner.id, 'GET', '/api/dashboard/audit', undefined, site.host);
    const all = first.json<AuditPageView>();
    expect(all.events.map((e) => e.targetName)).toEqual(['Logged 2', 'Logged 1', 'Logged 0']);
    expect(all.events[0]).toMatchObject({ action: 'member.blocked', actorName: 'Log Owner' });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listAudit(harness, actor, view, cursor ? { cursor } : {}, 1);
      seen.push(...page.events.map((e) => e.targetName));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['Logged 2', 'Logged 1', 'Logged 0']);
    const bad = await call(owner.id, 'GET', '/api/dashboard/audit?cursor=zz', undefined, site.host);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('cursor');
  });
});

// Roles named in this file exist in the table.
void (ROLES satisfies readonly Role[]);
