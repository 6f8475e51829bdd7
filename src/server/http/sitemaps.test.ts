/**
 * robots.txt and the sitemaps through HTTP (issue 19; decision 049), on PGlite and PostgreSQL:
 * the crawl rules per site (read back by a robots.txt parser), the index and every child valid
 * against the sitemaps.org and Google image schemas with xmllint, what is left out, a second site
 * kept apart, the split into chunks, fresh answers after a write, and 304s.
 */
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import robotsParser from 'robots-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { postChunkBoundaries, postChunkCount } from '../../domain/sitemaps';
import { documentOf, image, paragraph } from '../../rich-content/document';
import { SiteGenerations } from '../cache/generations.server';
import { writeSiteContent } from '../cache/site-write.server';
import { posts } from '../db/schema.server';
import { createSitemaps } from '../services/sitemaps.server';
import {
  buildPost,
  createCategory,
  createMember,
  createTag,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { planOf } from '../testing/query-plan.server';
import { setUpTestApp } from '../testing/test-app.server';
import { SITEMAP_SCHEMAS, validateXml } from '../testing/xml-schema.server';

const harness = setUpTestApp();
const parser = new XMLParser({
  isArray: (name) => ['url', 'sitemap', 'image:image'].includes(name),
});

interface UrlEntry {
  loc: string;
  lastmod?: string;
  'image:image'?: { 'image:loc': string }[];
}

const coverId = randomUUID();
const contentImageId = randomUUID();
let otherSite: TestSite;
const slugs = {
  pictured: 'a-pictured-walk',
  plain: 'plain-notes',
  noindex: 'keep-me-out',
  canonical: 'said-elsewhere',
  draft: 'not-yet',
  privateAuthor: 'quiet-writer-post',
  other: 'another-blog-post',
};
const names = { author: '', privateAuthor: '', category: 'travel', tag: 'trains' };

async function setPost(siteId: string, slug: string, values: Partial<typeof posts.$inferInsert>) {
  const { db, app } = harness;
  await writeSiteContent({ db, generations: app.services.generations }, siteId, (tx) =>
    tx
      .update(posts)
      .set(values)
      .where(and(eq(posts.siteId, siteId), eq(posts.slug, slug))),
  );
}

beforeAll(async () => {
  const { db, site, app } = harness;
  const writer = app.services.postWriter;
  otherSite = await createTestSite(db, { postUrlShape: 'date' });
  const author = await createMember(db, site.id, { slug: 'ada' });
  const quiet = await createMember(db, site.id, { slug: 'quiet', privacyStatus: 'PRIVATE' });
  names.author = author.slug;
  names.privateAuthor = quiet.slug;
  const category = await createCategory(db, site.id, { slug: names.category });
  await createCategory(db, site.id, { slug: 'empty-category' });
  const tag = await createTag(db, site.id, { slug: names.tag });
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
  await writer.insertPost(
    buildPost(site.id, author.id, {
      slug: slugs.pictured,
      firstPublishedDate: day('2025-03-05'),
      categoryIds: [category.id],
      tagIds: [tag.id],
      coverImage: {
        isEnabled: true,
        isCustom: true,
        image: { id: coverId, width: 1000, height: 500 },
      },
      content: documentOf([
        paragraph('Pictures of roofs.'),
        image({ id: contentImageId, width: 2400, height: 1600 }, { altText: 'Rooftops' }),
      ]),
    }),
  );
  for (const [slug, date] of [
    [slugs.plain, '2025-04-10'],
    [slugs.noindex, '2025-04-11'],
    [slugs.canonical, '2025-04-12'],
  ] as const) {
    await writer.insertPost(buildPost(site.id, author.id, { slug, firstPublishedDate: day(date) }));
  }
  await writer.insertPost(
    buildPost(site.id, author.id, {
      slug: slugs.draft,
      status: 'unpublished',
      firstPublishedDate: null,
    }),
  );
  await writer.insertPost(
    buildPost(site.id, quiet.id, {
      slug: slugs.privateAuthor,
      firstPublishedDate: day('2025-04-13'),
    }),
  );
  const stranger = await createMember(db, otherSite.id);
  await writer.insertPost(
    buildPost(otherSite.id, stranger.id, {
      slug: slugs.other,
      firstPublishedDate: day('2025-02-03'),
    }),
  );
  await setPost(site.id, slugs.noindex, { noindex: true });
  await setPost(site.id, slugs.canonical, { canonicalUrl: 'https://elsewhere.example/original' });
});

function get(url: string, site: TestSite = harness.site, headers: Record<string, string> = {}) {
  return harness.app.inject({ method: 'GET', url, headers: { host: site.host, ...headers } });
}

/** Fetches a sitemap document, checks it against its schema, and parses it. */
async function fetchValid(url: string, site: TestSite = harness.site) {
  const response = await get(url, site);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/xml/);
  const isIndex = url === '/sitemap.xml';
  const verdict = validateXml(
    response.body,
    isIndex ? SITEMAP_SCHEMAS.index : SITEMAP_SCHEMAS.urlset,
  );
  expect(verdict.errors).toBe('');
  expect(verdict.valid).toBe(true);
  return { response, xml: parser.parse(response.body) };
}

async function urlsOf(url: string, site: TestSite = harness.site): Promise<UrlEntry[]> {
  return (await fetchValid(url, site)).xml.urlset.url as UrlEntry[];
}

async function childrenOf(site: TestSite = harness.site) {
  const { xml } = await fetchValid('/sitemap.xml', site);
  return xml.sitemapindex.sitemap as { loc: string; lastmod?: string }[];
}

describe('GET /robots.txt', () => {
  it("names the site's own sitemap index and keeps crawlers out of private pages", async () => {
    const { site } = harness;
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain(`Sitemap: ${site.origin}/sitemap.xml`);
    const robots = robotsParser(`${site.origin}/robots.txt`, response.body);
    expect(robots.getSitemaps()).toEqual([`${site.origin}/sitemap.xml`]);
    const allowed = [
      '/',
      '/about',
      '/blog',
      '/blog/some-post',
      '/blog/2025/03/05/some-post',
      '/blog/editing-tips',
      '/blog/search-engines-explained',
      '/blog/login-screens-we-love',
      '/blog/category/editorial',
      '/blog/tags/edit',
      '/blog/hashtags/edit',
      '/blog/profiles/edit',
      '/blog/profiles/ada',
      '/blog/archive/2025/3',
      '/sitemap.xml',
    ];
    const disallowed = [
      '/blog/some-post/edit',
      '/blog/some-post/edit?draft=1',
      `/blog/${randomUUID()}/preview/abc`,
      `/blog/some-post/edit-comment/${randomUUID()}`,
      `/blog/2025/03/05/some-post/edit-comment/${randomUUID()}`,
      '/blog/create-post',
      '/blog/create-post?categorySlug=travel',
      '/blog/login',
      '/blog/notifications',
      '/blog/search',
      '/blog/search/trains',
      '/blog/profiles/ada/edit',
      '/dashboard',
      '/dashboard/posts',
      '/editor',
      '/api/posts',
      '/my-posts',
    ];
    for (const path of allowed) {
      expect(robots.isAllowed(`${site.origin}${path}`, 'Googlebot'), path).toBe(true);
    }
    for (const path of disallowed) {
      expect(robots.isDisallowed(`${site.origin}${path}`, 'Googlebot'), path).toBe(true);
    }
  });

  it("answers each site with its own origin, never the request's", async () => {
    const response = await get('/robots.txt', otherSite);
    expect(response.body).toContain(`Sitemap: ${otherSite.origin}/sitemap.xml`);
    expect(response.body).not.toContain(harness.site.origin);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every child with its lastmod, each valid and on the site origin', async () => {
    const { site } = harness;
    const children = await childrenOf();
    expect(children.map((child) => child.loc)).toEqual(
      ['pages', 'posts-1', 'categories', 'tags', 'authors', 'archive'].map(
        (name) => `${site.origin}/sitemaps/${name}.xml`,
      ),
    );
    for (const child of children) {
      expect(child.lastmod, child.loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      const urls = await urlsOf(child.loc.slice(site.origin.length));
      expect(urls.length, child.loc).toBeGreaterThan(0);
      for (const url of urls) expect(url.loc.startsWith(`${site.origin}/`)).toBe(true);
      // The child's lastmod is the newest of its entries.
      const newest = urls
        .map((url) => url.lastmod ?? '')
        .sort()
        .at(-1);
      expect(child.lastmod).toBe(newest);
    }
  });

  it('lists published posts with their images and leaves out noindex, canonical elsewhere and drafts', async () => {
    const { site } = harness;
    const urls = await urlsOf('/sitemaps/posts-1.xml');
    expect(urls.map((url) => url.loc)).toEqual(
      [slugs.pictured, slugs.plain, slugs.privateAuthor].map(
        (slug) => `${site.origin}/blog/${slug}`,
      ),
    );
    const pictured = urls[0]!;
    expect(pictured.lastmod).toMatch(/Z$/);
    expect(pictured['image:image']?.map((image) => image['image:loc'])).toEqual([
      // The cover at the largest served width it has (never upscaled), then the content's image.
      `${site.origin}/media/${coverId}/w960.webp`,
      `${site.origin}/media/${contentImageId}/w1920.webp`,
    ]);
    expect(urls[1]!['image:image']).toBeUndefined();
  });

  it('lists the pages, categories with posts, tags, public authors and archive months', async () => {
    const { site } = harness;
    const locs = async (name: string) =>
      (await urlsOf(`/sitemaps/${name}.xml`)).map((url) => url.loc.slice(site.origin.length));
    expect(await locs('pages')).toEqual(['/', '/about', '/blog']);
    expect(await locs('categories')).toEqual([`/blog/category/${names.category}`]);
    expect(await locs('tags')).toEqual([`/blog/tags/${names.tag}`]);
    // The private profile is left out though its member has published posts.
    expect(await locs('authors')).toEqual([`/blog/profiles/${names.author}`]);
    expect(await locs('archive')).toEqual(['/blog/archive/2025/4', '/blog/archive/2025/3']);
  });

  it("keeps a second site's content apart, with its own address shape", async () => {
    const children = await childrenOf(otherSite);
    expect(children.every((child) => child.loc.startsWith(`${otherSite.origin}/`))).toBe(true);
    const urls = await urlsOf('/sitemaps/posts-1.xml', otherSite);
    expect(urls.map((url) => url.loc)).toEqual([
      `${otherSite.origin}/blog/2025/02/03/${slugs.other}`,
    ]);
    const authors = await urlsOf('/sitemaps/authors.xml', otherSite);
    expect(authors.some((url) => url.loc.endsWith(`/profiles/${names.author}`))).toBe(false);
    expect(authors).toHaveLength(1);
  });

  it('answers 404 for a child the site does not have and 400 naming the field for a bad name', async () => {
    expect((await get('/sitemaps/posts-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/pages.xml', await createTestSite(harness.db))).statusCode).toBe(
      200,
    );
    expect((await get('/sitemaps/tags.xml', await createTestSite(harness.db))).statusCode).toBe(
      404,
    );
    const bad = await get('/sitemaps/..%2Fsecret');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('file');
  });

  it('answers 304 to a client that holds the current copy, by ETag or by date', async () => {
    for (const url of ['/sitemap.xml', '/sitemaps/posts-1.xml', '/sitemaps/tags.xml']) {
      const first = await get(url);
      const etag = String(first.headers.etag);
      const lastModified = String(first.headers['last-modified']);
      expect(etag).toMatch(/^".+"$/);
      expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
      const byTag = await get(url, harness.site, { 'if-none-match': etag });
      expect(byTag.statusCode, url).toBe(304);
      expect(byTag.body).toBe('');
      expect((await get(url, harness.site, { 'if-modified-since': lastModified })).statusCode).toBe(
        304,
      );
      expect((await get(url, harness.site, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    }
  });

  it('compresses for clients that accept it, the same document', async () => {
    const plain = await get('/sitemaps/posts-1.xml');
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get('/sitemaps/posts-1.xml', harness.site, {
        'accept-encoding': encoding,
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const body =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : gunzipSync(response.rawPayload);
      expect(body.toString('utf8')).toBe(plain.body);
    }
  });

  it('answers with the new post after it is published, and a new ETag', async () => {
    const { site, db, app } = harness;
    const before = await get('/sitemap.xml');
    const author = await createMember(db, site.id);
    const slug = `fresh-${randomUUID().slice(0, 6)}`;
    await app.services.postWriter.insertPost(
      buildPost(site.id, author.id, { slug, firstPublishedDate: new Date('2025-05-01T08:00:00Z') }),
    );
    const after = await get('/sitemap.xml');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const urls = await urlsOf('/sitemaps/posts-1.xml');
    expect(urls.at(-1)?.loc).toBe(`${site.origin}/blog/${slug}`);
    expect((await urlsOf('/sitemaps/archive.xml'))[0]?.loc).toBe(
      `${site.origin}/blog/archive/2025/5`,
    );
  });
});

describe('the posts split into chunks', () => {
  it('fills chunks oldest first and rebuilds only the chunk a new post lands in', async () => {
    const { db } = harness;
    const generations = new SiteGenerations();
    // Read one post at a time too: a chunk's batches join without losing or repeating a post.
    const sitemaps = createSitemaps({ db, generations, chunkSize: 2, readBatch: 1 });
    const site = await createTestSite(db);
    const author = await createMember(db, site.id);
    const writer = harness.app.services.postWriter;
    const slugsInOrder: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const slug = `chunked-${i}`;
      slugsInOrder.push(slug);
      // Two posts share a publish moment: the id orders them, and neither is lost at a boundary.
      const date = new Date(Date.UTC(2024, 0, i === 3 ? 2 : i));
      await writer.insertPost(buildPost(site.id, author.id, { slug, firstPublishedDate: date }));
    }
    // The database's split agrees with the domain's rule (domain/sitemaps.ts).
    expect(await sitemaps.postChunkCount(site)).toBe(postChunkCount(5, 2));
    expect(postChunkBoundaries(5, 2)).toEqual([2, 4]);
    const chunks = await Promise.all(
      [1, 2, 3].map((chunk) => sitemaps.child(site, { kind: 'posts', chunk })),
    );
    const locs = chunks.map((document) =>
      (parser.parse(document!.body).urlset.url as UrlEntry[]).map((url) =>
        url.loc.split('/').at(-1),
      ),
    );
    expect(locs.map((chunk) => chunk.length)).toEqual([2, 2, 1]);
    expect(locs.flat().sort()).toEqual([...slugsInOrder].sort());
    expect(await sitemaps.child(site, { kind: 'posts', chunk: 4 })).toBeNull();
    for (const document of chunks) {
      expect(validateXml(document!.body, SITEMAP_SCHEMAS.urlset).valid).toBe(true);
    }

    await writer.insertPost(
      buildPost(site.id, author.id, {
        slug: 'chunked-6',
        firstPublishedDate: new Date(Date.UTC(2024, 1, 1)),
      }),
    );
    generations.bump(site.id);
    // The full chunks are the same documents, served from the chunk cache; the last one is new.
    expect(await sitemaps.child(site, { kind: 'posts', chunk: 1 })).toBe(chunks[0]);
    expect(await sitemaps.child(site, { kind: 'posts', chunk: 2 })).toBe(chunks[1]);
    const last = await sitemaps.child(site, { kind: 'posts', chunk: 3 });
    expect(last).not.toBe(chunks[2]);
    expect(parser.parse(last!.body).urlset.url).toHaveLength(2);

    // A post leaves the last chunk and another comes in: same count, same newest change, same
    // boundaries (the sixth listed post ends chunk 3; chunk 4 runs on from it).
    const same = new Date(Date.UTC(2023, 0, 1));
    for (const [slug, month] of [
      ['chunked-7', 2],
      ['chunked-8', 3],
    ] as const) {
      await writer.insertPost(
        buildPost(site.id, author.id, {
          slug,
          firstPublishedDate: new Date(Date.UTC(2024, month, 1)),
        }),
      );
      await setPost(site.id, slug, { updatedAt: same });
    }
    await setPost(site.id, 'chunked-7', { noindex: true });
    generations.bump(site.id);
    const before = await sitemaps.child(site, { kind: 'posts', chunk: 4 });
    await setPost(site.id, 'chunked-8', { noindex: true });
    await setPost(site.id, 'chunked-7', { noindex: false });
    generations.bump(site.id);
    const swapped = await sitemaps.child(site, { kind: 'posts', chunk: 4 });
    expect(swapped).not.toBe(before);
    const swappedSlugs = (parser.parse(swapped!.body).urlset.url as UrlEntry[]).map((url) =>
      url.loc.split('/').at(-1),
    );
    expect(swappedSlugs).toEqual(['chunked-7']);
  });
});

describe('the chunk queries', () => {
  it("read a chunk's posts in order from posts_sitemap_idx, and its count from an index", async () => {
    const listed = `site_id = $1 and status = 'published' and noindex = false and canonical_url = ''
      and first_published_date is not null`;
    const range = `${listed} and (first_published_date, id) > ($2::timestamptz, $3::uuid)
      and (first_published_date, id) <= ($4::timestamptz, $5::uuid)`;
    const params = [
      harness.site.id,
      '2025-01-01 00:00:00+00',
      randomUUID(),
      '2026-01-01 00:00:00+00',
      randomUUID(),
    ];
    const stats = await planOf(
      harness.db,
      `select count(*), max(updated_at) from posts where ${range}`,
      params,
      ['seqscan'],
    );
    // On a handful of rows the planner may count from any index of the site's posts (PostgreSQL
    // chose posts_dashboard_tab_count_idx in one CI run): what matters here is no table scan. The
    // ordered read below is what only posts_sitemap_idx serves.
    expect(stats).toMatch(/Index (Only )?Scan using posts_\w+_idx/);
    const rows = await planOf(
      harness.db,
      `select slug from posts where ${range} order by first_published_date, id`,
      params,
      ['seqscan', 'sort'],
    );
    expect(rows).toContain('posts_sitemap_idx');
  });
});

describe('the schemas', () => {
  it('reject a broken sitemap and index (the validator can fail)', async () => {
    const { response } = await fetchValid('/sitemaps/posts-1.xml');
    const withoutLoc = response.body.replace(/<loc>[^<]*<\/loc>/, '');
    expect(validateXml(withoutLoc, SITEMAP_SCHEMAS.urlset).valid).toBe(false);
    const badImage = response.body
      .replace('<image:loc>', '<image:where>')
      .replace('</image:loc>', '</image:where>');
    expect(validateXml(badImage, SITEMAP_SCHEMAS.urlset).valid).toBe(false);
    const index = (await get('/sitemap.xml')).body;
    expect(
      validateXml(index.replace(/<lastmod>[^<]*/, '<lastmod>yesterday'), SITEMAP_SCHEMAS.index)
        .valid,
    ).toBe(false);
  });
});
