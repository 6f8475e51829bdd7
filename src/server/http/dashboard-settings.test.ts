/**
 * `/api/dashboard/settings` through HTTP (issue 18 § Blog settings), on PGlite and PostgreSQL:
 * owners only (editors, writers and readers 403, visitors 401); each field accepted, refused out
 * of bounds and refused with the wrong type, with a 400 naming it and nothing stored; the
 * widget-backed fields are the builder's own values (both devices, its draft too); the site's
 * generation moves so pages show the change; demo mode refuses changes but lets the owner leave;
 * the category prefix is checked against the blog's other addresses.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlogSettingsView } from '../../domain/blog-settings';
import type { Role } from '../../domain/permissions';
import { media } from '../db/schema.server';
import { createMember, createTestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });

type Method = 'GET' | 'PATCH';
const REFUSED: Role[] = ['editor', 'writer', 'guest-writer', 'open-blog-writer', 'user'];

interface Blog {
  host: string;
  siteId: string;
  owner: string;
}

/** A blog of its own (tests that change the site do not meet). */
async function newBlog(overrides: Parameters<typeof createTestSite>[1] = {}): Promise<Blog> {
  const site = await createTestSite(harness.db, overrides);
  const owner = await createMember(harness.db, site.id, { role: 'owner' });
  return { host: site.host, siteId: site.id, owner: owner.id };
}

function call(blog: Blog, member: string | null, method: string, url: string, payload?: unknown) {
  const headers: Record<string, string> = { host: blog.host };
  if (member) headers[TEST_MEMBER_HEADER] = member;
  return harness.app.inject({
    method: method as Method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const save = (blog: Blog, patch: unknown) =>
  call(blog, blog.owner, 'PATCH', '/api/dashboard/settings', patch);

async function read(blog: Blog): Promise<BlogSettingsView> {
  const response = await call(blog, blog.owner, 'GET', '/api/dashboard/settings');
  expect(response.statusCode).toBe(200);
  return response.json();
}

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; fields?: Record<string, string> } }).error;

/** An image (or another kind) uploaded to the blog, as the media pipeline records one. */
async function uploaded(blog: Blog, kind = 'image') {
  const id = randomUUID();
  await harness.db.insert(media).values({
    siteId: blog.siteId,
    id,
    kind,
    fileName: 'logo.png',
    mimeType: kind === 'image' ? 'image/webp' : 'application/pdf',
    width: kind === 'image' ? 400 : 0,
    height: kind === 'image' ? 120 : 0,
    ownerId: blog.owner,
  });
  return id;
}

let blog: Blog;
beforeAll(async () => {
  blog = await newBlog();
});

describe('who may change the blog settings (SPEC §1: owners)', () => {
  it('lets the owner read and save; editors and below 403, visitors 401; nothing changes', async () => {
    const other = await newBlog({ name: 'Kept name' });
    expect((await call(other, other.owner, 'GET', '/api/dashboard/settings')).statusCode).toBe(200);
    for (const role of REFUSED) {
      const member = (await createMember(harness.db, other.siteId, { role })).id;
      for (const method of ['GET', 'PATCH']) {
        const response = await call(other, member, method, '/api/dashboard/settings', {
          name: 'Stolen',
        });
        expect(response.statusCode, `${role} ${method}`).toBe(403);
        expect(errorOf(response).code).toBe('forbidden');
      }
    }
    expect((await call(other, null, 'GET', '/api/dashboard/settings')).statusCode).toBe(401);
    expect(
      (await call(other, null, 'PATCH', '/api/dashboard/settings', { name: 'Stolen' })).statusCode,
    ).toBe(401);
    // An owner of another blog is no one here.
    const stranger = await call(other, blog.owner, 'PATCH', '/api/dashboard/settings', {
      name: 'Stolen',
    });
    expect([401, 403]).toContain(stranger.statusCode);
    expect((await read(other)).values.name).toBe('Kept name');
  });
});

/** field → [a good value and what reads back, bad values with the field `fields` names]. */
const CASES: {
  field: string;
  good: unknown;
  readBack?: (view: BlogSettingsView) => unknown;
  expected?: unknown;
  bad: { value: unknown; why: string; path?: string }[];
}[] = [
  {
    field: 'name',
    good: '  The Night Garden  ',
    expected: 'The Night Garden',
    bad: [
      { value: '   ', why: 'empty' },
      { value: 'x'.repeat(81), why: 'too long' },
      { value: 42, why: 'wrong type' },
      { value: 'a\u0000b', why: 'unsafe text' },
    ],
  },
  {
    field: 'description',
    good: 'Notes from a small garden.',
    bad: [
      { value: 'x'.repeat(501), why: 'too long' },
      { value: ['x'], why: 'wrong type' },
    ],
  },
  {
    field: 'language',
    good: 'de',
    bad: [
      { value: 'xx', why: 'not a listed language' },
      { value: 'EN', why: 'not a listed code' },
      { value: 7, why: 'wrong type' },
    ],
  },
  {
    field: 'timeZone',
    good: 'Pacific/Auckland',
    bad: [
      { value: 'Mars/Olympus_Mons', why: 'unknown zone' },
      { value: '+02:00', why: 'an offset' },
      { value: '', why: 'empty' },
      { value: 3, why: 'wrong type' },
    ],
  },
  {
    field: 'holdFirstComments',
    good: true,
    bad: [{ value: 'yes', why: 'wrong type' }],
  },
  {
    field: 'categoryPath',
    good: ' Topics ',
    expected: 'topics',
    bad: [
      { value: 'tags', why: 'another route' },
      { value: 'archive', why: 'another route' },
      { value: 'search', why: 'another route' },
      { value: 'profiles', why: 'another route' },
      { value: 'settings', why: 'a reserved word' },
      { value: '2024', why: 'digits read as a year' },
      { value: 'two words', why: 'not one segment' },
      { value: 'a/b', why: 'not one segment' },
      { value: '', why: 'empty' },
      { value: 'x'.repeat(41), why: 'too long' },
      { value: true, why: 'wrong type' },
    ],
  },
  {
    field: 'seoTitle',
    good: 'Garden notes, weekly',
    bad: [
      { value: 'x'.repeat(121), why: 'too long' },
      { value: null, why: 'wrong type' },
    ],
  },
  {
    field: 'seoDescription',
    good: 'What grows, what fails, and why.',
    bad: [
      { value: 'x'.repeat(321), why: 'too long' },
      { value: 1, why: 'wrong type' },
    ],
  },
  {
    field: 'commentsEnabled',
    good: false,
    bad: [
      { value: 'false', why: 'wrong type' },
      { value: 0, why: 'wrong type' },
    ],
  },
  { field: 'ratingsEnabled', good: true, bad: [{ value: 1, why: 'wrong type' }] },
  { field: 'anonymousLikes', good: false, bad: [{ value: 'no', why: 'wrong type' }] },
  { field: 'membersArea', good: false, bad: [{ value: {}, why: 'wrong type' }] },
  {
    field: 'postsPerPage',
    good: 12,
    bad: [
      { value: 0, why: 'below 1' },
      { value: 51, why: 'above 50' },
      { value: 2.5, why: 'not whole' },
      { value: '12', why: 'wrong type' },
    ],
  },
  {
    field: 'share',
    good: { print: true, facebook: false },
    readBack: (view) => [view.values.share.print, view.values.share.facebook],
    expected: [true, false],
    bad: [
      { value: { fax: true }, why: 'unknown channel', path: 'share.fax' },
      { value: { print: 'yes' }, why: 'wrong type', path: 'share.print' },
      { value: true, why: 'wrong type' },
    ],
  },
];

describe('each field: good, out of bounds, wrong type', () => {
  for (const { field, good, readBack, expected, bad } of CASES) {
    it(`${field}: stores a good value; a bad one is a 400 naming it and stores nothing`, async () => {
      const own = await newBlog();
      const storedOf = (view: BlogSettingsView) =>
        readBack ? readBack(view) : view.values[field as keyof BlogSettingsView['values']];
      const before = storedOf(await read(own));
      for (const { value, why, path } of bad) {
        const response = await save(own, { [field]: value });
        expect(response.statusCode, `${field} ${why}`).toBe(400);
        const error = errorOf(response);
        expect(error.code).toBe('validation_failed');
        expect(Object.keys(error.fields ?? {}), `${field} ${why}`).toContain(path ?? field);
        expect(storedOf(await read(own))).toEqual(before);
      }
      const saved = await save(own, { [field]: good });
      expect(saved.statusCode, JSON.stringify(saved.json())).toBe(200);
      const want = expected ?? good;
      expect(storedOf(saved.json())).toEqual(want);
      expect(storedOf(await read(own))).toEqual(want);
    });
  }

  it('names an unknown field and keeps the rest unsaved', async () => {
    const own = await newBlog({ name: 'Before' });
    const response = await save(own, { name: 'After', colour: 'red' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {})).toContain('colour');
    expect((await read(own)).values.name).toBe('Before');
  });

  it('takes a logo uploaded to the blog, refuses anything else, and removes it', async () => {
    const own = await newBlog();
    const image = await uploaded(own);
    const document = await uploaded(own, 'file');
    const elsewhere = await uploaded(await newBlog());
    for (const value of [randomUUID(), document, elsewhere, 'logo.png', 5]) {
      const response = await save(own, { logoMediaId: value });
      expect(response.statusCode, String(value)).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain('logoMediaId');
    }
    const saved = await save(own, { logoMediaId: image });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<BlogSettingsView>().values.logo).toEqual({
      id: image,
      url: `/media/${image}/w320.webp`,
      width: 400,
      height: 120,
    });
    const site = await harness.app.services.sites.siteFor(own.host);
    expect(site.logo).toEqual({ id: image, width: 400, height: 120 });
    expect((await save(own, { logoMediaId: null })).json<BlogSettingsView>().values.logo).toBe(
      null,
    );
  });
});

describe('the same values as the builder (decision 022, 040)', () => {
  it('writes widget-backed values to both devices’ published settings the builder reads', async () => {
    const own = await newBlog();
    const saved = await save(own, { postsPerPage: 7, share: { print: true } });
    expect(saved.statusCode).toBe(200);
    const builder = await call(own, own.owner, 'GET', '/api/editor/settings/blog');
    const { published } = builder.json<{ published: Record<string, Record<string, unknown>> }>();
    for (const device of ['desktop', 'mobile']) {
      expect(published[device]!['feed.postsPerPage']).toBe(7);
      expect(published[device]!['share.print']).toBe(true);
    }
    // Visitors' settings (the public read, memoised per generation) follow at once.
    const publicSettings = await call(own, null, 'GET', '/api/widget-settings/blog');
    const { resolved } = publicSettings.json<{
      resolved: Record<string, Record<string, unknown>>;
    }>();
    expect(resolved.mobile!['feed.postsPerPage']).toBe(7);
    expect(resolved.desktop!['share.print']).toBe(true);
  });

  it('shows what the builder published, and where mobile differs', async () => {
    const own = await newBlog();
    const draft = await call(own, own.owner, 'PATCH', '/api/editor/settings/blog/mobile', {
      'feed.postsPerPage': 4,
      'comments.enabled': false,
    });
    expect(draft.statusCode).toBe(200);
    // A draft is not the blog's yet.
    let view = await read(own);
    expect(view.hasBuilderDraft).toBe(true);
    expect(view.mobile).toEqual({});
    const published = await call(own, own.owner, 'POST', '/api/editor/settings/publish', {
      widget: 'blog',
    });
    expect(published.statusCode).toBe(200);
    view = await read(own);
    expect(view.hasBuilderDraft).toBe(false);
    expect(view.values.postsPerPage).toBe(20);
    expect(view.mobile).toEqual({ postsPerPage: 4, commentsEnabled: false });
    // Saving the field here sets the blog's value on both devices.
    view = (await save(own, { postsPerPage: 9 })).json();
    expect(view.values.postsPerPage).toBe(9);
    expect(view.mobile).toEqual({ commentsEnabled: false });
  });

  it('puts its change into the builder’s unpublished draft, so Publish does not undo it', async () => {
    const own = await newBlog();
    await call(own, own.owner, 'PATCH', '/api/editor/settings/blog/desktop', {
      'feed.postsPerPage': 5,
    });
    expect((await save(own, { commentsEnabled: false })).statusCode).toBe(200);
    expect((await read(own)).values.commentsEnabled).toBe(false);
    await call(own, own.owner, 'POST', '/api/editor/settings/publish', { widget: 'blog' });
    const view = await read(own);
    expect(view.values.commentsEnabled).toBe(false);
    expect(view.values.postsPerPage).toBe(5);
  });

  it('edits the hold switch the Comments screen edits', async () => {
    const own = await newBlog();
    await save(own, { holdFirstComments: true });
    const comments = await call(own, own.owner, 'GET', '/api/dashboard/comments/settings');
    expect(comments.json()).toMatchObject({ holdFirstComments: true });
    await call(own, own.owner, 'PUT', '/api/dashboard/comments/settings', {
      holdFirstComments: false,
    });
    expect((await read(own)).values.holdFirstComments).toBe(false);
  });
});

describe('pages follow at once (the site generation moves)', () => {
  it('bumps the generation and the request’s site carries the new name, zone and prefix', async () => {
    const own = await newBlog({ name: 'Old name' });
    // The site lookup is cached: read it once so the cache holds the old name.
    expect((await harness.app.services.sites.siteFor(own.host)).name).toBe('Old name');
    const before = harness.app.services.generations.get(own.siteId);
    expect(
      (await save(own, { name: 'New name', timeZone: 'Asia/Tokyo', categoryPath: 'topics' }))
        .statusCode,
    ).toBe(200);
    expect(harness.app.services.generations.get(own.siteId)).toBeGreaterThan(before);
    const site = await harness.app.services.sites.siteFor(own.host);
    expect(site).toMatchObject({
      name: 'New name',
      timeZone: 'Asia/Tokyo',
      categoryPath: 'topics',
      formerCategoryPaths: [],
    });
  });

  it('keeps former category prefixes, newest first, dropping the current one', async () => {
    const own = await newBlog();
    for (const path of ['topics', 'themes', 'topics', 'category']) {
      expect((await save(own, { categoryPath: path })).statusCode).toBe(200);
    }
    const site = await harness.app.services.sites.siteFor(own.host);
    expect(site.categoryPath).toBe('category');
    expect(site.formerCategoryPaths).toEqual(['topics', 'themes']);
  });

  it('does not bump for a refused save', async () => {
    const own = await newBlog();
    const before = harness.app.services.generations.get(own.siteId);
    expect((await save(own, { postsPerPage: 500 })).statusCode).toBe(400);
    expect(harness.app.services.generations.get(own.siteId)).toBe(before);
  });
});

describe('demo mode (SPEC §4: a demo site nobody writes to)', () => {
  it('refuses every change on a demo site except switching demo mode off', async () => {
    const own = await newBlog({ name: 'Showcase' });
    expect((await save(own, { demoMode: true })).statusCode).toBe(200);
    expect((await harness.app.services.sites.siteFor(own.host)).isDemoMode).toBe(true);
    for (const patch of [{ name: 'Changed' }, { postsPerPage: 3 }, { demoMode: true }]) {
      const refused = await save(own, patch);
      expect(refused.statusCode, JSON.stringify(patch)).toBe(403);
      expect(errorOf(refused).code).toBe('demo_mode');
    }
    // Reading stays possible, so the owner sees the switch.
    expect((await read(own)).values).toMatchObject({ name: 'Showcase', demoMode: true });
    const left = await save(own, { demoMode: false, name: 'Live blog' });
    expect(left.statusCode).toBe(200);
    expect(left.json<BlogSettingsView>().values).toMatchObject({
      demoMode: false,
      name: 'Live blog',
    });
    expect((await harness.app.services.sites.siteFor(own.host)).isDemoMode).toBe(false);
  });

  it('does not let a non-owner leave demo mode', async () => {
    const own = await newBlog({ demoMode: true });
    const editor = (await createMember(harness.db, own.siteId, { role: 'editor' })).id;
    const response = await call(own, editor, 'PATCH', '/api/dashboard/settings', {
      demoMode: false,
    });
    expect(response.statusCode).toBe(403);
    expect((await read(own)).values.demoMode).toBe(true);
  });
});
