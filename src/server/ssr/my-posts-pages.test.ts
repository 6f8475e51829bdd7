/**
 * The demo site's my-posts page (SPEC §2 widget `my-posts-page`) through HTTP, on the production
 * build: a member's tabs, rows and links in the server's HTML; the login-required screen for a
 * visitor; and above all that one member's page is never kept by the page cache, so it is never
 * served to a visitor or to another member. Members act through the test-only header.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { buildPost, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  site: { name: 'My Posts Test Site' },
});
const ids = { writer: '', otherWriter: '', user: '', blocked: '' };
const posts = { published: { id: '', slug: '' }, draft: { id: '', slug: '' } };

beforeAll(async () => {
  const { app, db, site } = harness;
  ids.writer = (await createMember(db, site.id, { name: 'Wanda Writer', role: 'writer' })).id;
  ids.otherWriter = (await createMember(db, site.id, { name: 'Otto Other', role: 'writer' })).id;
  ids.user = (await createMember(db, site.id, { name: 'Ursula User', role: 'user' })).id;
  ids.blocked = (
    await createMember(db, site.id, { name: 'Bo Blocked', role: 'writer', isBlocked: true })
  ).id;
  const published = buildPost(site.id, ids.writer, {
    title: 'Tomatoes in November',
    counters: { viewCount: 1234, commentCount: 5, likeCount: 7 },
  });
  const draft = buildPost(site.id, ids.writer, {
    title: 'Secret draft about compost',
    status: 'unpublished',
    firstPublishedDate: null,
    updatedAt: new Date(Date.now() - 3 * 3_600_000),
  });
  const scheduled = buildPost(site.id, ids.writer, {
    title: 'Bulbs to plant in spring',
    status: 'scheduled',
    firstPublishedDate: null,
    scheduledPublishDate: new Date('2099-03-01T09:00:00Z'),
  });
  const others = buildPost(site.id, ids.otherWriter, { title: 'Otto’s own published post' });
  for (const post of [published, draft, scheduled, others]) {
    await app.services.postWriter.insertPost(post);
  }
  posts.published = { id: published.id, slug: published.slug };
  posts.draft = { id: draft.id, slug: draft.slug };
});

async function page(url: string, member?: string) {
  const response = await harness.app.inject({
    method: 'GET',
    url,
    headers: { host: harness.site.host, ...(member ? { [TEST_MEMBER_HEADER]: member } : {}) },
  });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

describe('/my-posts for a member', () => {
  it('shows the published tab: counts, the row’s links, date and counters, and Create post', async () => {
    const { status, html, headers } = await page('/my-posts', ids.writer);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(headers['x-page-cache']).toBe('bypass');
    expect(html).toContain('<title>My posts · My Posts Test Site</title>');
    expect(html).toContain('name="robots" content="noindex"');
    // Tabs are links with the tab in the query, the current one marked, each with its count.
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/my-posts"|href="\/my-posts"[^>]*aria-current="page"/,
    );
    expect(html).toContain('href="/my-posts?status=drafts"');
    expect(html).toContain('href="/my-posts?status=scheduled"');
    expect(html).toMatch(/Published<\/span><span class="my-posts__count"[^>]*>1</);
    expect(html).toMatch(/Drafts<\/span><span class="my-posts__count"[^>]*>1</);
    expect(html).toMatch(/Scheduled<\/span><span class="my-posts__count"[^>]*>1</);
    // The row: the post's page, its editor by slug, the publish date and the counters.
    expect(html).toContain(`href="/blog/${posts.published.slug}"`);
    expect(html).toContain(`href="/blog/${posts.published.slug}/edit"`);
    expect(html).toContain('Tomatoes in November');
    // The badge says Published; the date beside it needs no verb.
    expect(html).toMatch(/class="my-post__date"><time dateTime="2025-/);
    expect(html).toContain('1.2K');
    expect(html).toContain('href="/blog/create-post"');
    expect(html).not.toContain('Secret draft about compost');
    expect(html).not.toContain('Otto’s own published post');
  });

  it('shows drafts by last edit, leading to the editor by id', async () => {
    const { status, html } = await page('/my-posts?status=drafts', ids.writer);
    expect(status).toBe(200);
    expect(html).toContain('Secret draft about compost');
    expect(html).toContain(`href="/blog/${posts.draft.id}/edit"`);
    expect(html).toMatch(/Last edited <time[^>]*>3 hours ago<\/time>/);
    expect(html).not.toContain('Tomatoes in November');
  });

  it('shows when a scheduled post goes out', async () => {
    const { html } = await page('/my-posts?status=scheduled', ids.writer);
    expect(html).toContain('Bulbs to plant in spring');
    expect(html).toMatch(
      /Goes out <time dateTime="2099-03-01T09:00:00.000Z"[^>]*>March 1, 2099<\/time> at 9:00\sAM/u,
    );
  });

  it('shows an empty tab with its message, and Create post only to those who may write', async () => {
    const writer = await page('/my-posts?status=drafts', ids.otherWriter);
    expect(writer.html).toContain('No drafts');
    // One Create post button: the empty tab's, not the header's too.
    expect(writer.html.match(/href="\/blog\/create-post"/g)).toHaveLength(1);
    const user = await page('/my-posts', ids.user);
    expect(user.status).toBe(200);
    expect(user.html).toContain('You haven’t published any posts yet');
    expect(user.html).not.toContain('href="/blog/create-post"');
  });

  it('forgives an unknown tab or page: the first page of Published', async () => {
    const { status, html } = await page('/my-posts?status=trash&page=zero', ids.writer);
    expect(status).toBe(200);
    expect(html).toContain('Tomatoes in November');
  });

  it('refuses a blocked member with 403, without a login button', async () => {
    const { status, html } = await page('/my-posts', ids.blocked);
    expect(status).toBe(403);
    expect(html).toContain('You can’t see posts here');
    expect(html).not.toContain('Log in to see your posts');
  });
});

describe('/my-posts for a visitor', () => {
  it('is the login-required screen: title, description, login button (401)', async () => {
    const { status, html, headers } = await page('/my-posts?status=drafts');
    expect(status).toBe(401);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(html).toContain('Log in to see your posts');
    expect(html).toContain('My posts lists what you have published');
    expect(html).toContain('href="/blog/login?next=%2Fmy-posts%3Fstatus%3Ddrafts"');
    expect(html).not.toContain('Secret draft about compost');
  });

  it('never gets a member’s page from the page cache, nor does another member', async () => {
    // The member's page first (twice, so that a cache would have it), then the others.
    for (let i = 0; i < 2; i++) {
      const member = await page('/my-posts', ids.writer);
      expect(member.html).toContain('Tomatoes in November');
      expect(member.headers['x-page-cache']).toBe('bypass');
    }
    for (const url of ['/my-posts', '/my-posts.data']) {
      const visitor = await page(url);
      expect(visitor.headers['x-page-cache']).not.toBe('hit');
      expect(visitor.html).not.toContain('Tomatoes in November');
    }
    const visitor = await page('/my-posts');
    expect(visitor.status).toBe(401);
    expect(visitor.html).toContain('Log in to see your posts');
    const other = await page('/my-posts', ids.otherWriter);
    expect(other.html).toContain('Otto’s own published post');
    expect(other.html).not.toContain('Tomatoes in November');
  });

  it('is linked from the site’s navigation', async () => {
    const { html } = await page('/about');
    expect(html).toMatch(/<a[^>]*href="\/my-posts"[^>]*>My posts<\/a>/);
  });
});
