/**
 * The test-only route that gives each browser spec a blog of its own (decision 031), through
 * HTTP on PGlite and PostgreSQL: `POST /api/test/demo-sites` makes a copy of the demo blog at a
 * new host (the same posts, members and drafts), answers the same site when asked again, and the
 * copies are separate blogs: what one spec changes on its copy, no other copy shows. A bad host
 * is a 400; without test routes there is no such route.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DRAFT_POSTS, SCHEDULED_POST } from '../sample-content/content.server';
import { DEMO_POST_COUNT } from '../seed/seed.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({ withTestRoutes: true, withDataDir: true });

/** The file's first copy draws the demo blog's pictures (sharp); later ones copy its files. */
const FIRST_COPY_MS = 180_000;

/** A host no other test (or run, on a shared PostgreSQL) uses. */
const newHost = () => `copy-${randomUUID().slice(0, 8)}.test`;

async function copyAt(host: string) {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/test/demo-sites',
    payload: { host },
  });
  return { status: response.statusCode, body: response.json() as { siteId: string; host: string } };
}

interface Feed {
  posts: {
    id: string;
    slug: string;
    title: string;
    owner: { siteMemberId: string } | null;
    cover: { id: string; url: string | null } | null;
  }[];
  lastPage: number;
}

async function get(host: string, url: string, headers: Record<string, string> = {}) {
  return harness.app.inject({ method: 'GET', url, headers: { host, ...headers } });
}

/** Every published post of the blog at `host`, through its feed. */
async function allPosts(host: string): Promise<Feed['posts']> {
  const posts: Feed['posts'] = [];
  for (let page = 1; ; page++) {
    const feed = (await get(host, `/api/posts?page=${page}&pageSize=50`)).json() as Feed;
    posts.push(...feed.posts);
    if (page >= feed.lastPage) return posts;
  }
}

describe('POST /api/test/demo-sites', () => {
  it(
    'makes a copy of the demo blog at a new host, once',
    async () => {
      const host = newHost();
      const made = await copyAt(host);
      expect(made.status).toBe(201);
      expect(made.body.host).toBe(host);
      // Asked again (another test of the same spec file): the same site, untouched.
      const again = await copyAt(host);
      expect(again.status).toBe(200);
      expect(again.body.siteId).toBe(made.body.siteId);

      // The demo blog: every published post, the drafts and the scheduled post stay unpublished.
      const posts = await allPosts(host);
      expect(posts).toHaveLength(DEMO_POST_COUNT - DRAFT_POSTS.length - 1);
      const titles = posts.map((p) => p.title);
      expect(titles).not.toContain(DRAFT_POSTS[0]!.title);
      expect(titles).not.toContain(SCHEDULED_POST.title);
      // Its members, and its pictures, served at its host.
      expect((await get(host, '/api/members/sofia-marchetti')).statusCode).toBe(200);
      const cover = posts.map((p) => p.cover).find((image) => image?.url === null);
      expect(cover).toBeDefined();
      expect((await get(host, `/media/${cover!.id}/w640.webp`)).statusCode).toBe(200);
    },
    FIRST_COPY_MS,
  );

  it('keeps copies apart: what one changes, another does not show', async () => {
    const [one, other] = [newHost(), newHost()];
    expect((await copyAt(one)).status).toBe(201);
    expect((await copyAt(other)).status).toBe(201);
    const [post] = await allPosts(one);
    // Its writer deletes it on the first copy (the test-only member header).
    const deleted = await harness.app.inject({
      method: 'DELETE',
      url: `/api/editor/posts/${post!.id}`,
      headers: { host: one, 'x-inkwell-test-member': post!.owner!.siteMemberId },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await get(one, `/api/posts/slug/${post!.slug}`)).statusCode).toBe(404);
    // The other copy, with the same ids, still has it.
    const kept = await get(other, `/api/posts/slug/${post!.slug}`);
    expect(kept.statusCode).toBe(200);
    expect((kept.json() as { id: string }).id).toBe(post!.id);
  });

  it('refuses a host that cannot be one with a 400', async () => {
    for (const host of ['', 'Not A Host', 'a/b', 'x'.repeat(300)]) {
      expect((await copyAt(host)).status).toBe(400);
    }
  });

  it('is not there without test routes', async () => {
    const app = await buildTestApp(harness.database);
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/demo-sites',
        headers: { host: harness.site.host },
        payload: { host: newHost() },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
