/**
 * Decision 050's proof, through HTTP on the built pages (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): a member's page made from the page every reader shares, their own state
 * laid over its holes, is byte for byte the page rendered whole for them in one pass (the test-only
 * `x-inkwell-test-whole-render`, with their view read beforehand and their actor in the loaders);
 * it shows them and nobody else, also under concurrent load; and a reader the shared page cannot
 * serve (their own held comment) gets a page of their own. The pages' clock is fixed, so two
 * renders of one page can be compared.
 */
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf, paragraph } from '../../rich-content/document';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { buildPost, createCategory, createMember, createTag } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { withoutCriticalCss } from './critical-css-head.server';
import { TEST_WHOLE_RENDER_HEADER } from './pages.server';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  site: { name: 'Overlay Test Site' },
  app: { pageClock: () => new Date('2026-11-20T12:00:00.000Z') },
});

const members = {
  owner: { id: '', name: 'Olga Owner' },
  writer: { id: '', name: 'Wren Writer' },
  liker: { id: '', name: 'Lena Liker' },
  follower: { id: '', name: 'Finn Follower' },
  holder: { id: '', name: 'Hugo Holder' },
};
type MemberName = keyof typeof members;
const slugs = { first: '', second: '', category: '', tag: '' };
const ids = { first: '', second: '', category: '' };

function as(member: MemberName | null, method: string, url: string, payload?: object) {
  return harness.app.inject({
    method: method as 'GET',
    url,
    headers: {
      host: harness.site.host,
      ...(member ? { [TEST_MEMBER_HEADER]: members[member].id } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

async function arrange(member: MemberName, method: string, url: string, payload?: object) {
  const response = await as(member, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

beforeAll(async () => {
  const { app, db, site } = harness;
  for (const [key, member] of Object.entries(members)) {
    const role = key === 'owner' ? 'owner' : key === 'writer' ? 'writer' : 'user';
    member.id = (await createMember(db, site.id, { role, name: member.name })).id;
  }
  const category = await createCategory(db, site.id, { slug: 'bread', label: 'Bread' });
  const tag = await createTag(db, site.id, { slug: 'sourdough', label: 'Sourdough' });
  Object.assign(slugs, { category: category.slug, tag: tag.slug });
  ids.category = category.id;
  const first = buildPost(site.id, members.writer.id, {
    title: 'Crust and crumb',
    categoryIds: [category.id],
    tagIds: [tag.id],
  });
  const second = buildPost(site.id, members.writer.id, {
    title: 'A slow starter',
    categoryIds: [category.id],
    tagIds: [tag.id],
  });
  for (const post of [first, second]) await app.services.postWriter.insertPost(post);
  Object.assign(ids, { first: first.id, second: second.id });
  Object.assign(slugs, { first: first.slug, second: second.slug });

  await arrange('liker', 'PUT', `/api/posts/${first.id}/like`);
  await arrange('follower', 'PUT', `/api/subscriptions/category/${category.id}`);
  await arrange('follower', 'PUT', `/api/subscriptions/post/${first.id}`);
  const written = await arrange('follower', 'POST', `/api/posts/${first.id}/comments`, {
    content: documentOf([paragraph('Finn says the crust is perfect.')]),
  });
  const commentId = written.json<{ comment: { id: string } }>().comment.id;
  await arrange('liker', 'PUT', `/api/comments/${commentId}/like`);
});

/** Where two pages first differ, with some text around it; null when they are the same. */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}:\n  laid:  …${a.slice(i - 150, i + 150)}…\n  whole: …${b.slice(i - 150, i + 150)}…`;
}

const PAGES = () => [
  '/blog',
  `/blog/category/${slugs.category}`,
  `/blog/tags/${slugs.tag}`,
  `/blog/${slugs.first}`,
  '/blog/search/crust',
];

describe('a member’s page laid over the shared one', () => {
  it('is byte for byte the page rendered whole for them', async () => {
    for (const url of PAGES()) {
      for (const member of ['owner', 'writer', 'liker', 'follower'] as const) {
        const laid = await as(member, 'GET', url);
        expect(laid.statusCode, `${member} ${url}`).toBe(200);
        expect(laid.headers['x-page-cache'], `${member} ${url}`).toBe('overlay');
        const whole = await harness.app.inject({
          method: 'GET',
          url,
          headers: {
            host: harness.site.host,
            [TEST_MEMBER_HEADER]: members[member].id,
            [TEST_WHOLE_RENDER_HEADER]: '1',
          },
        });
        expect(whole.statusCode).toBe(200);
        expect(firstDifference(laid.body, whole.body), `${member} ${url}`).toBe(null);
        expect(laid.body).toBe(whole.body);
        // The member's own page: their name in the header, no Log In (the critical CSS names it).
        expect(laid.body).toContain(members[member].name);
        expect(withoutCriticalCss(laid.body)).not.toContain('header-login');
      }
    }
  });

  it('shows the member’s likes, follows and rights, and the shared page nobody’s', async () => {
    const post = `/blog/${slugs.first}`;
    const liked = (await as('liker', 'GET', post)).body;
    expect(liked).toMatch(
      new RegExp(`aria-pressed="true"[^>]*data-action-key="like:post:${ids.first}"`),
    );
    expect(liked).toMatch(/aria-pressed="true"[^>]*data-action-key="like:comment:/);
    const following = (await as('follower', 'GET', `/blog/category/${slugs.category}`)).body;
    expect(following).toMatch(/class="button follow-button"[^>]*aria-pressed="true"/);
    const notFollowing = (await as('liker', 'GET', `/blog/category/${slugs.category}`)).body;
    expect(notFollowing).toMatch(/class="button follow-button"[^>]*aria-pressed="false"/);
    const own = (await as('follower', 'GET', post)).body;
    expect(own).toContain('comment__badge--you');
    const visitor = await as(null, 'GET', post);
    expect(visitor.headers['x-page-cache']).toBe('hit');
    // Wren wrote the post and Finn's comment is public: nobody else's name is on the page.
    const others = [members.owner, members.liker, members.holder];
    for (const { name } of others) {
      expect(visitor.body).not.toContain(name);
    }
    expect(withoutCriticalCss(visitor.body)).not.toContain('comment__badge--you');
    expect(visitor.body).toMatch(
      new RegExp(`aria-pressed="false"[^>]*data-action-key="like:post:${ids.first}"`),
    );
  });

  it('never shows one reader’s state in another’s page under concurrent load', async () => {
    const readers = [null, 'owner', 'liker', 'follower', 'writer', null] as const;
    const requests = Array.from({ length: 60 }, (_, i) => {
      const reader = readers[i % readers.length]!;
      const url = PAGES()[i % PAGES().length]!;
      return as(reader, 'GET', url).then((response) => ({ reader, url, response }));
    });
    for (const { reader, url, response } of await Promise.all(requests)) {
      expect(response.statusCode, url).toBe(200);
      const json = response.body.match(/id="inkwell-reader">([^<]*)</)?.[1];
      expect(
        json,
        `${reader} ${url}: ${response.headers['x-page-cache']} ${response.body.length} ${response.body.slice(0, 300)}`,
      ).toBeDefined();
      const view = JSON.parse(json!) as { member: { name: string } | null };
      expect(view.member?.name ?? null, `${reader} ${url}`).toBe(
        reader ? members[reader].name : null,
      );
      for (const [key, { name }] of Object.entries(members)) {
        if (key === reader || key === 'writer' || key === 'follower') continue;
        expect(response.body, `${reader} ${url} shows ${name}`).not.toContain(name);
      }
    }
  });

  it('gives a member whose held comment only they see a page of their own', async () => {
    await arrange('owner', 'PUT', '/api/dashboard/comments/settings', { holdFirstComments: true });
    const held = await arrange('holder', 'POST', `/api/posts/${ids.second}/comments`, {
      content: documentOf([paragraph('Hugo waits for review.')]),
    });
    expect(held.json<{ comment: { isPending: boolean } }>().comment.isPending).toBe(true);
    const page = await as('holder', 'GET', `/blog/${slugs.second}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-page-cache']).toBe('bypass');
    expect(page.body).toContain('Hugo waits for review.');
    expect(page.body).toContain(members.holder.name);
    const visitor = await as(null, 'GET', `/blog/${slugs.second}`);
    expect(visitor.body).not.toContain('Hugo waits for review.');
    // Elsewhere Hugo reads the page every reader shares.
    expect((await as('holder', 'GET', '/blog')).headers['x-page-cache']).toBe('overlay');
  });

  it('shows a member’s own writes on their next page, and nobody else’s', async () => {
    const post = `/blog/${slugs.second}`;
    const category = `/blog/category/${slugs.category}`;
    const likedSecond = new RegExp(
      `aria-pressed="true"[^>]*data-action-key="like:post:${ids.second}"`,
    );
    const viewOf = (body: string) =>
      JSON.parse(body.match(/id="inkwell-reader">([^<]*)</)![1]!) as {
        notifications: { unread: number } | null;
      };
    // Pages read first: Lena's answers and the holes' HTML are kept (decision 054).
    for (const url of [post, category]) await as('liker', 'GET', url);
    expect((await as('liker', 'GET', post)).body).not.toMatch(likedSecond);
    await arrange('liker', 'PUT', `/api/posts/${ids.second}/like`);
    const liked = await as('liker', 'GET', post);
    expect(liked.headers['x-page-cache']).toBe('overlay');
    expect(liked.body).toMatch(likedSecond);
    expect((await as('owner', 'GET', post)).body).not.toMatch(likedSecond);
    await arrange('liker', 'PUT', `/api/subscriptions/category/${ids.category}`);
    expect((await as('liker', 'GET', category)).body).toMatch(
      /class="button follow-button"[^>]*aria-pressed="true"/,
    );
    await arrange('liker', 'DELETE', `/api/subscriptions/category/${ids.category}`);
    expect((await as('liker', 'GET', category)).body).toMatch(
      /class="button follow-button"[^>]*aria-pressed="false"/,
    );
    // Wren was told of the likes of his posts; reading them all empties his bell at once.
    await expect
      .poll(async () => viewOf((await as('writer', 'GET', '/blog')).body).notifications?.unread)
      .toBeGreaterThan(0);
    await arrange('writer', 'POST', '/api/notifications/read-all');
    expect(viewOf((await as('writer', 'GET', '/blog')).body).notifications?.unread).toBe(0);
  });

  it('sends a member’s kept gzip page only while nothing of theirs changed', async () => {
    const post = `/blog/${slugs.second}`;
    const isLiked = (body: string) =>
      (
        JSON.parse(body.match(/id="inkwell-reader">([^<]*)</)![1]!) as {
          posts: Record<string, { isLiked: boolean }>;
        }
      ).posts[ids.second]?.isLiked;
    const zippedAs = async (member: MemberName) => {
      const response = await harness.app.inject({
        method: 'GET',
        url: post,
        headers: {
          host: harness.site.host,
          [TEST_MEMBER_HEADER]: members[member].id,
          'accept-encoding': 'gzip',
        },
      });
      expect(response.headers['x-page-cache']).toBe('overlay');
      return gunzipSync(response.rawPayload).toString('utf8');
    };
    // Read twice: the second is the kept bytes (decision 054).
    const before = await zippedAs('follower');
    expect(await zippedAs('follower')).toBe(before);
    expect(isLiked(before)).toBe(false);
    await arrange('follower', 'PUT', `/api/posts/${ids.second}/like`);
    const after = await zippedAs('follower');
    expect(isLiked(after)).toBe(true);
    expect(after).toBe((await as('follower', 'GET', post)).body);
    await arrange('follower', 'DELETE', `/api/posts/${ids.second}/like`);
    expect(isLiked(await zippedAs('follower'))).toBe(false);
    const owners = await zippedAs('owner');
    expect(isLiked(owners)).toBe(false);
    expect(owners).not.toContain(members.follower.name);
    expect(owners).toContain(members.owner.name);
  });

  it('sends the page gzip-compressed from its parts, the same page once unzipped', async () => {
    for (const url of PAGES()) {
      for (const member of ['owner', 'liker'] as const) {
        const plain = await as(member, 'GET', url);
        const zipped = await harness.app.inject({
          method: 'GET',
          url,
          headers: {
            host: harness.site.host,
            [TEST_MEMBER_HEADER]: members[member].id,
            'accept-encoding': 'gzip, deflate, br, zstd',
          },
        });
        expect(zipped.headers['x-page-cache'], `${member} ${url}`).toBe('overlay');
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers['cache-control']).toBe('private, no-cache');
        expect(gunzipSync(zipped.rawPayload).toString('utf8'), `${member} ${url}`).toBe(plain.body);
      }
    }
  });
});
