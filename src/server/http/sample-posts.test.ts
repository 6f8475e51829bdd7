/**
 * The onboarding render mode and its sample posts (SPEC §1; issue 7) through HTTP, on the
 * production build's pages, PGlite and PostgreSQL: the owner of an empty blog gets the first-run
 * screen in onboarding mode and in the editor canvas, visitors the empty state; only the owner may
 * add the sample posts (with the anti-forgery token), once; they reach the cached feed at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_POST_TITLES } from '../services/sample-posts.server';
import { logInNewMember, TestBrowser } from '../testing/auth.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({ pages: true, site: { name: 'Empty Blog' } });
let owner: TestBrowser;
let editor: TestBrowser;
let visitor: TestBrowser;

beforeAll(async () => {
  owner = await logInNewMember(harness, { role: 'owner' });
  editor = await logInNewMember(harness, { role: 'editor' });
  visitor = new TestBrowser(harness.app, harness.site.host);
});

const SAMPLES = '/api/editor/sample-posts';

/** Whether a page's HTML is the first-run screen; whether it is the empty feed. */
function screenOf(html: string): 'onboarding' | 'empty' | 'posts' | 'other' {
  if (html.includes('data-onboarding')) return 'onboarding';
  if (html.includes('class="empty-state"')) return 'empty';
  if (html.includes('class="post-list ')) return 'posts';
  return 'other';
}

describe('the onboarding render mode', () => {
  it('greets the owner of an empty blog, and only the owner, in onboarding and editor modes', async () => {
    for (const url of ['/blog?renderMode=onboarding', '/blog?renderMode=editor']) {
      const page = await owner.request('GET', url);
      expect(page.statusCode).toBe(200);
      expect(screenOf(page.body)).toBe('onboarding');
      expect(page.body).toContain('Welcome to your blog');
      expect(page.body).toContain('href="/blog/create-post"');
      expect(page.body).toContain('Add sample posts');
    }
    // The live site and the preview keep the feed's empty state, even for the owner.
    for (const url of ['/blog', '/blog?renderMode=preview']) {
      expect(screenOf((await owner.request('GET', url)).body)).toBe('empty');
    }
    // Visitors and other members of an empty blog keep the empty state in every mode.
    for (const browser of [visitor, editor]) {
      for (const url of ['/blog?renderMode=onboarding', '/blog?renderMode=editor', '/blog']) {
        const page = await browser.request('GET', url);
        expect(page.statusCode).toBe(200);
        expect(screenOf(page.body)).toBe('empty');
      }
    }
  });

  it('lets only the owner add the sample posts, with the token, once; the cached feed shows them', async () => {
    // A visitor's empty feed is now in the page cache.
    expect(
      screenOf(
        (await harness.app.inject({ url: '/blog', headers: { host: harness.site.host } })).body,
      ),
    ).toBe('empty');
    expect(
      (await harness.app.inject({ url: '/blog', headers: { host: harness.site.host } })).headers[
        'x-page-cache'
      ],
    ).toBe('hit');

    expect((await visitor.request('POST', SAMPLES)).statusCode).toBe(401);
    expect((await editor.request('POST', SAMPLES)).statusCode).toBe(403);
    const forged = await owner.request('POST', SAMPLES, { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('csrf_invalid');

    const added = await owner.request('POST', SAMPLES);
    expect(added.statusCode).toBe(201);
    expect(added.headers['cache-control']).toBe('private, no-store');
    const { slugs } = added.json<{ slugs: string[] }>();
    expect(slugs).toHaveLength(SAMPLE_POST_TITLES.length);
    expect(new Set(slugs).size).toBe(slugs.length);

    // A second press adds nothing.
    const again = await owner.request('POST', SAMPLES);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('blog_has_posts');

    // Visitors see the posts at once (the generation dropped the cached empty feed), newest first.
    const feed = await harness.app.inject({ url: '/blog', headers: { host: harness.site.host } });
    expect(feed.headers['x-page-cache']).toBe('miss');
    expect(screenOf(feed.body)).toBe('posts');
    const positions = SAMPLE_POST_TITLES.map((title) => feed.body.indexOf(title));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // Each is a real post page of the owner.
    const post = await harness.app.inject({
      url: `/blog/${slugs[0]}`,
      headers: { host: harness.site.host },
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain(SAMPLE_POST_TITLES[0]);

    // The owner's onboarding mode now shows the feed: the blog has posts.
    expect(screenOf((await owner.request('GET', '/blog?renderMode=onboarding')).body)).toBe(
      'posts',
    );
  });
});
