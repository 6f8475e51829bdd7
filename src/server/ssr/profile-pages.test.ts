/**
 * The profile pages (issue 5) through HTTP, on the production build: a public profile in the
 * server's HTML (member, posts, comments) and kept by the page cache for visitors; the member's
 * own view never cached nor served to anyone else; a private profile hidden from everyone but its
 * owner; an unknown member the blog's 404; the member's form and its refusals; authors and
 * mentions linking to profiles. Members act through the test-only header.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf, paragraph, text } from '../../rich-content/document';
import { comments } from '../db/schema.server';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  site: { name: 'Profile Test Site' },
});
let otherSite: TestSite;
const ids = { writer: '', reader: '', private: '' };
const slugs = { post: '', mentioning: '' };

beforeAll(async () => {
  const { app, db, site } = harness;
  otherSite = await createTestSite(db, { name: 'Other Site' });
  ids.writer = (
    await createMember(db, site.id, {
      slug: 'greta-gardener',
      name: 'Greta Gardener',
      about: 'Grows tomatoes on a balcony.',
      role: 'writer',
      createdAt: new Date('2024-05-02T10:00:00Z'),
    })
  ).id;
  ids.reader = (
    await createMember(db, site.id, { slug: 'ron-reader', name: 'Ron', role: 'user' })
  ).id;
  ids.private = (
    await createMember(db, site.id, {
      slug: 'hidden-hannah',
      name: 'Hidden Hannah',
      about: 'A bio nobody else may read.',
      role: 'user',
      privacyStatus: 'PRIVATE',
    })
  ).id;
  await createMember(db, otherSite.id, { slug: 'far-away-fred', name: 'Far Away Fred' });

  const posts = Array.from({ length: 14 }, (_, i) =>
    buildPost(site.id, ids.writer, {
      title: `Balcony harvest ${i + 1}`,
      firstPublishedDate: new Date(Date.UTC(2025, 3, 1 + i, 9)),
    }),
  );
  const mentioning = buildPost(site.id, ids.reader, {
    title: 'Thanks to a neighbour',
    firstPublishedDate: new Date(Date.UTC(2025, 3, 20, 9)),
    content: documentOf([
      paragraph(
        'Seedlings from ',
        text('@Greta Gardener', [
          {
            type: 'MENTION',
            mentionData: { name: 'Greta Gardener', slug: 'greta-gardener', id: ids.writer },
          },
        ]),
        ' again.',
      ),
    ]),
  });
  for (const post of [...posts, mentioning]) await app.services.postWriter.insertPost(post);
  slugs.post = posts[0]!.slug;
  slugs.mentioning = mentioning.slug;
  await db.insert(comments).values([
    {
      siteId: site.id,
      id: randomUUID(),
      postId: mentioning.id,
      authorId: ids.writer,
      content: documentOf([paragraph('Happy to share more seeds!')]),
      contentText: 'Happy to share more seeds!',
      createdAt: new Date(Date.UTC(2025, 3, 21, 9)),
    },
    {
      siteId: site.id,
      id: randomUUID(),
      postId: mentioning.id,
      authorId: ids.private,
      content: documentOf([paragraph('A private member’s comment')]),
      contentText: 'A private member’s comment',
    },
  ]);
});

async function page(url: string, member?: string, host = harness.site.host) {
  const response = await harness.app.inject({
    method: 'GET',
    url,
    headers: { host, ...(member ? { [TEST_MEMBER_HEADER]: member } : {}) },
  });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

describe('a public profile', () => {
  it('shows the member, their posts as cards and their latest comments', async () => {
    const { status, html } = await page('/blog/profiles/greta-gardener');
    expect(status).toBe(200);
    expect(html).toContain('<title>Greta Gardener · Profile Test Site</title>');
    expect(html).toMatch(/<h1[^>]*id="profile-name"[^>]*>Greta Gardener<\/h1>/);
    expect(html).toContain('>Writer<');
    expect(html).toContain('Member since May 2024');
    expect(html).toContain('Grows tomatoes on a balcony.');
    // Counters: 14 posts, 1 comment, 0 likes.
    expect(html).toMatch(/<dt>Posts<\/dt><dd>14<\/dd>/);
    expect(html).toMatch(/<dt>Comment<\/dt><dd>1<\/dd>/);
    // Cards newest first, 12 on the first page, with the feed's card markup.
    expect(html).toContain('class="post-card__link">Balcony harvest 14</a>');
    expect(html).not.toContain('Balcony harvest 2<');
    expect(html).toContain('href="/blog/profiles/greta-gardener/page/2"');
    // The comment, and the post it is on.
    expect(html).toContain('Happy to share more seeds!');
    expect(html).toMatch(
      new RegExp(`On <a[^>]*href="/blog/${slugs.mentioning}"[^>]*>Thanks to a neighbour</a>`),
    );
    // A visitor gets no Edit profile.
    expect(html).not.toContain('Edit profile');
  });

  it('pages the posts; a page past the last is the blog’s 404', async () => {
    const second = await page('/blog/profiles/greta-gardener/page/2');
    expect(second.status).toBe(200);
    expect(second.html).toContain('Balcony harvest 1<');
    expect(second.html).not.toContain('Balcony harvest 14<');
    expect((await page('/blog/profiles/greta-gardener/page/3')).status).toBe(404);
  });

  it('is kept by the page cache for visitors', async () => {
    await page('/blog/profiles/greta-gardener');
    const again = await page('/blog/profiles/greta-gardener');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['cache-control'] ?? '').not.toMatch(/private|no-store/);
  });

  it('redirects an address by member id to the slug’s', async () => {
    const { status, headers } = await page(`/blog/profiles/${ids.writer}`);
    expect(status).toBe(301);
    expect(headers.location).toBe('/blog/profiles/greta-gardener');
  });
});

describe('the member’s own profile', () => {
  it('offers Edit profile and is never cached, page or data', async () => {
    const own = await page('/blog/profiles/greta-gardener', ids.writer);
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['x-page-cache']).toBe('bypass');
    expect(own.html).toContain('href="/blog/profiles/greta-gardener/edit"');
    const data = await page('/blog/profiles/greta-gardener.data', ids.writer);
    expect(data.headers['cache-control']).toBe('private, no-store');
  });

  it('is never served to a visitor, nor to another member', async () => {
    for (let i = 0; i < 2; i++) await page('/blog/profiles/greta-gardener/page/2', ids.writer);
    const visitor = await page('/blog/profiles/greta-gardener/page/2');
    expect(visitor.html).not.toContain('Edit profile');
    const other = await page('/blog/profiles/greta-gardener/page/2', ids.reader);
    expect(other.html).not.toContain('Edit profile');
  });
});

describe('a private profile', () => {
  it('shows visitors and other members “This profile is private”, none of its data (403)', async () => {
    for (const member of [undefined, ids.reader]) {
      const { status, html } = await page('/blog/profiles/hidden-hannah', member);
      expect(status).toBe(403);
      expect(html).toContain('This profile is private');
      expect(html).toContain('<title>Private profile · Profile Test Site</title>');
      expect(html).not.toContain('Hidden Hannah');
      expect(html).not.toContain('A bio nobody else may read');
      expect(html).not.toContain('A private member’s comment');
    }
  });

  it('shows its owner everything, saying that it is private', async () => {
    const { status, html, headers } = await page('/blog/profiles/hidden-hannah', ids.private);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(html).toContain('Hidden Hannah');
    expect(html).toContain('A bio nobody else may read.');
    expect(html).toContain('Your profile is private: only you can see this page.');
    // Never kept for the next visitor.
    const visitor = await page('/blog/profiles/hidden-hannah');
    expect(visitor.status).toBe(403);
    expect(visitor.html).not.toContain('Hidden Hannah');
  });
});

describe('an unknown member', () => {
  it('is the blog’s 404 page, another site’s member too', async () => {
    for (const slug of ['nobody-here', 'far-away-fred']) {
      const { status, html } = await page(`/blog/profiles/${slug}`);
      expect(status).toBe(404);
      expect(html).toContain('Nothing&#x27;s showing up here');
    }
    expect((await page('/blog/profiles/far-away-fred', undefined, otherSite.host)).status).toBe(
      200,
    );
  });
});

describe('the member’s form', () => {
  it('shows the member their own record to edit, never cached', async () => {
    const { status, html, headers } = await page('/blog/profiles/greta-gardener/edit', ids.writer);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(html).toContain('<title>Edit profile · Profile Test Site</title>');
    expect(html).toMatch(/<input[^>]*name="name" value="Greta Gardener"/);
    expect(html).toContain('Grows tomatoes on a balcony.</textarea>');
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="PUBLIC"/);
  });

  it('asks a visitor to log in (401) and refuses another member (403)', async () => {
    const visitor = await page('/blog/profiles/greta-gardener/edit');
    expect(visitor.status).toBe(401);
    expect(visitor.html).toContain('Log in to edit your profile');
    expect(visitor.html).toContain(
      'href="/blog/login?next=%2Fblog%2Fprofiles%2Fgreta-gardener%2Fedit"',
    );
    const other = await page('/blog/profiles/greta-gardener/edit', ids.reader);
    expect(other.status).toBe(403);
    expect(other.html).toContain('You can’t edit this profile');
    expect(other.html).not.toContain('Grows tomatoes');
  });

  it('redirects the member’s id to their slug', async () => {
    const { status, headers } = await page(`/blog/profiles/${ids.writer}/edit`, ids.writer);
    expect(status).toBe(302);
    expect(headers.location).toBe('/blog/profiles/greta-gardener/edit');
  });
});

describe('links to profiles', () => {
  it('from an author’s name on the feed’s cards and on the post page', async () => {
    const feed = await page('/blog');
    expect(feed.html).toMatch(
      /<a class="post-meta__author" href="\/blog\/profiles\/greta-gardener">Greta Gardener<\/a>/,
    );
    const post = await page(`/blog/${slugs.post}`);
    expect(post.html).toMatch(
      /<a class="post-meta__author" href="\/blog\/profiles\/greta-gardener">Greta Gardener<\/a>/,
    );
  });

  it('from a mention in a post', async () => {
    const { html } = await page(`/blog/${slugs.mentioning}`);
    expect(html).toContain(
      '<a class="rc-mention" href="/blog/profiles/greta-gardener">@Greta Gardener</a>',
    );
  });
});
