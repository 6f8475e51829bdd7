/**
 * The feeds beside the pages' catch-all (issue 19 § Feeds, decision 048), with the production
 * build: the feed routes answer before it, and a post whose slug is an alias (`rss`) keeps its
 * page, while `/blog/feed` (a reserved word, never a post's page) always redirects.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPost, createMember, type TestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({ pages: true });
let site: TestSite;

beforeAll(async () => {
  site = harness.site;
  const writer = await createMember(harness.db, site.id);
  await harness.app.services.postWriter.insertPost(
    buildPost(site.id, writer.id, { slug: 'rss', title: 'Why we still love the feed' }),
  );
  // A stored post may hold a reserved slug (an import): its address is still not a page.
  await harness.app.services.postWriter.insertPost(buildPost(site.id, writer.id, { slug: 'feed' }));
});

function get(url: string) {
  return harness.app.inject({ method: 'GET', url, headers: { host: site.host } });
}

describe('feeds and pages together', () => {
  it('serves the feeds, not the pages, at the feed addresses', async () => {
    const rss = await get('/blog/rss.xml');
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(rss.body).toContain('Why we still love the feed');
  });

  it('leaves /blog/rss to the post with that slug and redirects /blog/feed', async () => {
    const post = await get('/blog/rss');
    expect(post.statusCode).toBe(200);
    expect(post.headers['content-type']).toMatch(/^text\/html/);
    expect(post.body).toContain('Why we still love the feed');
    const alias = await get('/blog/feed');
    expect(alias.statusCode).toBe(301);
    expect(alias.headers.location).toBe('/blog/rss.xml');
  });
});
