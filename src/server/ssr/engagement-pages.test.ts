/**
 * Likes, ratings and views on the built pages (issue 6; decision 020), through HTTP: the feed's
 * cards and the post page carry like buttons with the member's own likes and fresh counts (one
 * query per page; nothing of the kind on the visitors' shared, cached pages), the post page's
 * rating when ratings are on, and view counts recorded after the response (cached pages and
 * client navigations too, once a day per viewer, never the author's own nor a bot's), without
 * the header that names the post reaching the browser. Members act through the test-only header.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST_VIEW_HEADER } from '../../domain/engagement';
import { posts } from '../db/schema.server';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { buildPost, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  site: { name: 'Engagement Test Site' },
});
const ids = { writer: '', reader: '', viewer: '', liked: '', other: '' };
const slugs = { liked: '', other: '' };

beforeAll(async () => {
  const { app, db, site } = harness;
  ids.writer = (
    await createMember(db, site.id, { role: 'writer', name: 'Wren Writer', slug: 'wren-writer' })
  ).id;
  ids.reader = (await createMember(db, site.id, { role: 'user', name: 'Rae Reader' })).id;
  ids.viewer = (await createMember(db, site.id, { role: 'user', name: 'Vic Viewer' })).id;
  const liked = buildPost(site.id, ids.writer, { title: 'A post the reader likes' });
  const other = buildPost(site.id, ids.writer, { title: 'A post nobody likes yet' });
  for (const post of [liked, other]) await app.services.postWriter.insertPost(post);
  Object.assign(ids, { liked: liked.id, other: other.id });
  Object.assign(slugs, { liked: liked.slug, other: other.slug });
  const response = await app.inject({
    method: 'PUT',
    url: `/api/posts/${liked.id}/like`,
    headers: { host: site.host, [TEST_MEMBER_HEADER]: ids.reader },
  });
  expect(response.statusCode).toBe(200);
});

function get(url: string, options: { member?: string; agent?: string; address?: string } = {}) {
  return harness.app.inject({
    method: 'GET',
    url,
    remoteAddress: options.address ?? '198.51.100.7',
    headers: {
      host: harness.site.host,
      'user-agent': options.agent ?? CHROME,
      ...(options.member ? { [TEST_MEMBER_HEADER]: options.member } : {}),
    },
  });
}

/** The like button of a post in a page's HTML, or undefined. */
function likeButton(html: string, postId: string): string | undefined {
  return html.match(new RegExp(`<button[^>]*data-action-key="like:post:${postId}"[^>]*>`))?.[0];
}

async function viewCount(postId: string): Promise<number> {
  await harness.app.services.views.flush();
  const [row] = await harness.db
    .select({ viewCount: posts.viewCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row!.viewCount;
}

describe('like buttons', () => {
  it('show a member’s own likes and fresh counts on the feed and the post page', async () => {
    const feed = (await get('/blog', { member: ids.reader })).body;
    expect(likeButton(feed, ids.liked)).toContain('aria-pressed="true"');
    expect(likeButton(feed, ids.other)).toContain('aria-pressed="false"');
    const post = (await get(`/blog/${slugs.liked}`, { member: ids.reader })).body;
    expect(likeButton(post, ids.liked)).toContain('aria-pressed="true"');
    expect(post).toMatch(/class="like-button__count">1</);
    // The author's profile lists the same cards.
    const profile = (await get('/blog/profiles/wren-writer', { member: ids.reader })).body;
    expect(likeButton(profile, ids.liked)).toContain('aria-pressed="true"');
    expect(likeButton(profile, ids.other)).toContain('aria-pressed="false"');
  });

  it('are the same for every visitor: nobody’s likes on the shared page', async () => {
    const feed = await get('/blog');
    expect(likeButton(feed.body, ids.liked)).toContain('aria-pressed="false"');
    // The members' pages above were laid over this same page (decision 050): it is cached.
    expect(feed.headers['x-page-cache']).toBe('hit');
    expect((await get('/blog')).body).toBe(feed.body);
  });
});

describe('the post page’s rating', () => {
  it('shows when ratings are on, with the member’s own rating', async () => {
    const off = (await get(`/blog/${slugs.other}`)).body;
    expect(off).not.toContain('class="post-rating"');
    const toggle = (value: boolean | null) =>
      harness.app.inject({
        method: 'PUT',
        url: '/api/test/widget-settings/blog/desktop',
        headers: { host: harness.site.host },
        payload: { 'comments.ratingsEnabled': value },
      });
    await toggle(true);
    try {
      const rated = await harness.app.inject({
        method: 'PUT',
        url: `/api/posts/${ids.other}/rating`,
        headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: ids.reader },
        payload: { value: 4 },
      });
      expect(rated.statusCode).toBe(200);
      const html = (await get(`/blog/${slugs.other}`, { member: ids.reader })).body;
      expect(html).toContain('class="post-rating"');
      expect(html).toContain('Your rating: 4 out of 5');
      expect(html).toMatch(
        /data-action-key="rate:[^"]+:4"[^>]*>|aria-pressed="true"[^>]*data-action-key="rate:[^"]+:4"/,
      );
      expect(html).toContain('4.0 | 1');
      const visitor = (await get(`/blog/${slugs.other}`)).body;
      expect(visitor).toContain('Rate this post');
    } finally {
      await toggle(null);
    }
  });
});

describe('view counts', () => {
  it('count a viewer once a day, from cached pages too, after the response', async () => {
    const before = await viewCount(ids.other);
    const first = await get(`/blog/${slugs.other}`, { address: '203.0.113.1' });
    expect(first.statusCode).toBe(200);
    // The header that names the post is the server's own: it never reaches the browser.
    expect(first.headers[POST_VIEW_HEADER]).toBeUndefined();
    const cached = await get(`/blog/${slugs.other}`, { address: '203.0.113.1' });
    expect(cached.headers['x-page-cache']).toBe('hit');
    expect(cached.headers[POST_VIEW_HEADER]).toBeUndefined();
    expect(await viewCount(ids.other)).toBe(before + 1);
    // Another visitor, served from the cache: counted.
    const second = await get(`/blog/${slugs.other}`, { address: '203.0.113.2' });
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(await viewCount(ids.other)).toBe(before + 2);
  });

  it('count a client navigation’s data request', async () => {
    const before = await viewCount(ids.other);
    const data = await get(`/blog/${slugs.other}.data`, { address: '203.0.113.3' });
    expect(data.statusCode).toBe(200);
    expect(await viewCount(ids.other)).toBe(before + 1);
  });

  it('never count bots, the post’s author, or pages that are not a post', async () => {
    const before = await viewCount(ids.other);
    await get(`/blog/${slugs.other}`, { agent: GOOGLEBOT, address: '203.0.113.4' });
    await get(`/blog/${slugs.other}`, { member: ids.writer });
    await get('/blog', { address: '203.0.113.5' });
    await get('/blog/no-such-post', { address: '203.0.113.6' });
    expect(await viewCount(ids.other)).toBe(before);
    // A member who is not the author is counted.
    await get(`/blog/${slugs.other}`, { member: ids.viewer });
    expect(await viewCount(ids.other)).toBe(before + 1);
  });
});
