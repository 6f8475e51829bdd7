/**
 * One address per post (issue 19), through the rendered pages on PGlite and PostgreSQL: the
 * site's shape (slug or date, the date in the site's time zone) is the only address that answers
 * 200; the other shape, a wrong or unpadded date and a former slug answer 301 to it without the
 * query string; the feed's cards link it; and changing the setting moves the 301s at once, the
 * cached page included. (Category and tag former slugs: taxonomy-pages.test.ts.)
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema.server';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({ pages: true, withTestRoutes: true });

interface Blog {
  site: TestSite;
  owner: string;
}

async function newBlog(overrides: Parameters<typeof createTestSite>[1]): Promise<Blog> {
  const site = await createTestSite(harness.db, overrides);
  const owner = await createMember(harness.db, site.id, { role: 'owner' });
  return { site, owner: owner.id };
}

/** A published post, first published at `publishedAt`, whose slug was `formerSlug` before. */
async function publish(blog: Blog, slug: string, publishedAt: string, formerSlug?: string) {
  const post = buildPost(blog.site.id, blog.owner, {
    slug,
    firstPublishedDate: new Date(publishedAt),
  });
  await harness.app.services.postWriter.insertPost(post);
  if (formerSlug) {
    await harness.db
      .update(posts)
      .set({ slugs: [formerSlug, slug] })
      .where(eq(posts.id, post.id));
  }
}

/** A visitor's GET (the shared, cacheable page). */
async function visit(blog: Blog, url: string) {
  const response = await harness.app.inject({
    method: 'GET',
    url,
    headers: { host: blog.site.host },
  });
  return {
    status: response.statusCode,
    location: response.headers.location,
    cache: response.headers['x-page-cache'],
    html: response.body,
  };
}

async function expectRedirects(blog: Blog, cases: [string, string][]) {
  for (const [from, to] of cases) {
    const answer = await visit(blog, from);
    expect(answer.status, from).toBe(301);
    expect(answer.location, from).toBe(to);
  }
}

async function saveShape(blog: Blog, postUrlShape: 'slug' | 'date') {
  const response = await harness.app.inject({
    method: 'PATCH',
    url: '/api/dashboard/settings',
    headers: { host: blog.site.host, [TEST_MEMBER_HEADER]: blog.owner },
    payload: { postUrlShape },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('a site whose posts live at {base}/{slug}', () => {
  let blog: Blog;
  beforeAll(async () => {
    blog = await newBlog({ postUrlShape: 'slug' });
    await publish(blog, 'night-trains', '2026-03-01T10:00:00Z', 'sleeper-trains');
  });

  it('answers 200 at the slug address only', async () => {
    expect((await visit(blog, '/blog/night-trains')).status).toBe(200);
    expect((await visit(blog, '/blog/night-trains?utm_source=feed')).status).toBe(200);
  });

  it('sends dated addresses, right or wrong, and the former slug to it, query dropped', async () => {
    await expectRedirects(blog, [
      ['/blog/2026/03/01/night-trains', '/blog/night-trains'],
      ['/blog/2026/03/night-trains', '/blog/night-trains'],
      ['/blog/1999/12/31/night-trains', '/blog/night-trains'],
      ['/blog/sleeper-trains', '/blog/night-trains'],
      ['/blog/sleeper-trains?utm_source=x&ref=y', '/blog/night-trains'],
      ['/blog/2026/03/01/sleeper-trains?page=2', '/blog/night-trains'],
    ]);
  });
});

describe('a site whose posts live at {base}/{YYYY}/{MM}/{DD}/{slug}', () => {
  let blog: Blog;
  // 02:00 UTC on 1 March is still 28 February in New York: the site's day is the address's.
  const address = '/blog/2026/02/28/night-trains';
  beforeAll(async () => {
    blog = await newBlog({ postUrlShape: 'date', timeZone: 'America/New_York' });
    await publish(blog, 'night-trains', '2026-03-01T02:00:00Z', 'sleeper-trains');
  });

  it('answers 200 at the dated address in the site’s time zone', async () => {
    expect((await visit(blog, address)).status).toBe(200);
  });

  it('sends the slug form, other dates, unpadded dates and the former slug to it', async () => {
    await expectRedirects(blog, [
      ['/blog/night-trains', address],
      ['/blog/night-trains?utm_campaign=z', address],
      ['/blog/2026/03/01/night-trains', address],
      ['/blog/2026/2/28/night-trains', address],
      ['/blog/2026/02/night-trains', address],
      ['/blog/sleeper-trains', address],
      ['/blog/2026/02/28/sleeper-trains?x=1', address],
    ]);
  });

  it('links the dated address from the feed’s cards', async () => {
    const feed = await visit(blog, '/blog');
    expect(feed.status).toBe(200);
    expect(feed.html).toContain(`href="${address}"`);
    expect(feed.html).not.toContain('href="/blog/night-trains"');
  });
});

describe('every link the product makes follows the shape', () => {
  it('links the dated address from notifications, the dashboard and my posts', async () => {
    const blog = await newBlog({ postUrlShape: 'date', timeZone: 'Europe/Paris' });
    // 23:30 UTC on 30 April is 1 May in Paris.
    await publish(blog, 'may-day', '2026-04-30T23:30:00Z', 'old-may-day');
    const address = '/blog/2026/05/01/may-day';
    const [row] = await harness.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.slug, 'may-day'));
    const headers = { host: blog.site.host, [TEST_MEMBER_HEADER]: blog.owner };
    const get = async (url: string) => {
      const response = await harness.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    // The stored event names the post by the slug it had: the list links it as it is now.
    await harness.app.services.notifications.notify(blog.site.id, blog.owner, {
      kind: 'post-like',
      actor: null,
      post: { id: row!.id, slug: 'old-may-day', title: 'May day' },
    });
    const listed = await get('/api/notifications');
    expect(listed.notifications.map((n: { link: string }) => n.link)).toEqual([address]);

    const dashboard = await get('/api/dashboard/posts');
    expect(dashboard.posts[0].links.view).toBe(address);
    const mine = await get('/api/my-posts?tab=published');
    expect(mine.posts[0].link).toBe(address);
  });
});

describe('changing the shape', () => {
  it('moves the 301s at once, the cached page included, and back', async () => {
    const blog = await newBlog({ postUrlShape: 'slug' });
    await publish(blog, 'early-light', '2026-06-15T12:00:00Z');
    const dated = '/blog/2026/06/15/early-light';
    expect((await visit(blog, '/blog/early-light')).status).toBe(200);
    expect((await visit(blog, '/blog/early-light')).cache).toBe('hit');

    await saveShape(blog, 'date');
    await expectRedirects(blog, [['/blog/early-light', dated]]);
    expect((await visit(blog, dated)).status).toBe(200);

    await saveShape(blog, 'slug');
    await expectRedirects(blog, [[dated, '/blog/early-light']]);
    expect((await visit(blog, '/blog/early-light')).status).toBe(200);
  });

  it('reads the settings back and refuses a bad value with the field', async () => {
    const blog = await newBlog({});
    const headers = { host: blog.site.host, [TEST_MEMBER_HEADER]: blog.owner };
    const saved = await harness.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/settings',
      headers,
      payload: { postUrlShape: 'date', feedItemCount: 35, feedContent: 'excerpt' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await harness.app.inject({
      method: 'GET',
      url: '/api/dashboard/settings',
      headers,
    });
    expect(read.json().values).toMatchObject({
      postUrlShape: 'date',
      feedItemCount: 35,
      feedContent: 'excerpt',
    });
    for (const payload of [
      { postUrlShape: 'year' },
      { feedItemCount: 0 },
      { feedItemCount: 101 },
    ]) {
      const refused = await harness.app.inject({
        method: 'PATCH',
        url: '/api/dashboard/settings',
        headers,
        payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields ?? {})).toEqual(Object.keys(payload));
    }
  });
});
