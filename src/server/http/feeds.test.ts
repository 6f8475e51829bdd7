/**
 * The feeds through HTTP (issue 19 § Feeds), on PGlite and on PostgreSQL (TEST_DATABASE_URL):
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 for each scope, validated (Atom against RFC 4287's RELAX NG
 * schema with xmllint, RSS by a strict parser and its required elements, JSON Feed by a schema of
 * the 1.1 spec), read back as a feed reader would; counts and full/excerpt settings, 304s, the
 * cache dropping on publish, unknown scopes, aliases, site isolation and hostile titles.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FeedFormat, type FeedScope, feedUrl } from '../../domain/feeds';
import { documentOf, paragraph } from '../../rich-content/document';
import { media } from '../db/schema.server';
import {
  buildPost,
  createCategory,
  createMember,
  createTag,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'inkwell-feeds-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ATOM_RNG = path.resolve(__dirname, '../../../tests/schemas/atom.rng');

/** xmllint's verdict on an Atom document: null when valid, else its complaint. */
function atomErrors(body: string): string | null {
  const file = path.join(tmp, `feed-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, body);
  try {
    execFileSync('xmllint', ['--noout', '--relaxng', ATOM_RNG, file], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name, jpath) =>
    ['item', 'entry', 'category', 'enclosure'].includes(name) ||
    (name === 'link' && String(jpath).startsWith('feed.')),
});

interface RssItem {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  description?: string;
  'content:encoded'?: string;
  'dc:creator'?: string;
  category?: Array<{ '#text': string; '@_domain': string }>;
  enclosure?: Array<{ '@_url': string; '@_length': string; '@_type': string }>;
  'media:content'?: { '@_url': string; '@_medium': string; '@_width': string };
}

/** RSS 2.0 read strictly: well-formed, the channel's and items' required elements present. */
function readRss(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  const doc = parser.parse(body);
  expect(doc.rss['@_version']).toBe('2.0');
  const channel = doc.rss.channel;
  for (const field of ['title', 'link', 'description']) expect(channel[field]).toBeDefined();
  const items: RssItem[] = channel.item ?? [];
  for (const item of items) {
    // RSS 2.0: an item has a title or a description; ours always have title, link and guid.
    expect(item.title).toBeTruthy();
    expect(new URL(item.link).protocol).toMatch(/^https?:$/);
    expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
  }
  return { channel, items };
}

/** JSON Feed 1.1's required and typed fields (https://jsonfeed.org/version/1.1). */
const JsonFeedSchema = z.object({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string().min(1),
  home_page_url: z.url().optional(),
  feed_url: z.url().optional(),
  description: z.string().optional(),
  language: z.string().optional(),
  icon: z.url().optional(),
  items: z.array(
    z
      .object({
        id: z.string().min(1),
        url: z.url().optional(),
        title: z.string().optional(),
        content_html: z.string().optional(),
        content_text: z.string().optional(),
        summary: z.string().optional(),
        image: z.url().optional(),
        date_published: z.iso.datetime({ offset: true }).optional(),
        date_modified: z.iso.datetime({ offset: true }).optional(),
        authors: z
          .array(z.object({ name: z.string().optional(), url: z.url().optional() }))
          .optional(),
        tags: z.array(z.string()).optional(),
      })
      .refine((item) => item.content_html !== undefined || item.content_text !== undefined, {
        message: 'an item has content_html or content_text',
      }),
  ),
});

function get(site: TestSite, url: string, headers: Record<string, string> = {}) {
  return harness.app.inject({ method: 'GET', url, headers: { host: site.host, ...headers } });
}

function fetchFeed(site: TestSite, format: FeedFormat, scope?: FeedScope) {
  return get(site, feedUrl('/blog', format, scope));
}

/** A site with a writer, a category, a tag and posts a day apart (newest last). */
async function blogWith(
  count: number,
  siteOverrides: Parameters<typeof createTestSite>[1] = {},
  postOverrides: (i: number) => Parameters<typeof buildPost>[2] = () => ({}),
) {
  const { db } = harness;
  const site = await createTestSite(db, siteOverrides);
  const writer = await createMember(db, site.id, {
    name: 'Ada Writer',
    slug: `ada-${site.id.slice(0, 6)}`,
  });
  const category = await createCategory(db, site.id, { label: 'Travel' });
  const tag = await createTag(db, site.id, { label: 'Trains' });
  const posts = [];
  for (let i = 0; i < count; i += 1) {
    const post = buildPost(site.id, writer.id, {
      title: `Post ${i + 1}`,
      firstPublishedDate: new Date(Date.UTC(2025, 0, 1 + i, 12)),
      categoryIds: [category.id],
      tagIds: [tag.id],
      ...postOverrides(i),
    });
    await harness.app.services.postWriter.insertPost(post);
    posts.push(post);
  }
  return { site, writer, category, tag, posts };
}

let main: Awaited<ReturnType<typeof blogWith>>;
beforeAll(async () => {
  main = await blogWith(3, {}, (i) =>
    i === 0 ? { isPinned: true, body: 'The oldest post, pinned on the blog.' } : {},
  );
});

describe('the three formats of the blog feed', () => {
  it('writes valid Atom (RFC 4287 RELAX NG) with every post, newest first', async () => {
    const response = await fetchFeed(main.site, 'atom');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(atomErrors(response.body)).toBeNull();
    const feed = parser.parse(response.body).feed;
    // A feed is by date: the pinned (oldest) post is last.
    expect(feed.entry.map((e: { title: { '#text': string } }) => e.title['#text'])).toEqual([
      'Post 3',
      'Post 2',
      'Post 1',
    ]);
    const [entry] = feed.entry;
    expect(entry.id).toBe(`urn:uuid:${main.posts[2]!.id}`);
    expect(entry.author.name).toBe('Ada Writer');
    expect(entry.link[0]['@_href']).toBe(`${main.site.origin}/blog/${main.posts[2]!.slug}`);
    expect(entry.category.map((c: { '@_label': string }) => c['@_label'])).toEqual([
      'Travel',
      'Trains',
    ]);
    expect(feed.link.find((l: { '@_rel': string }) => l['@_rel'] === 'self')['@_href']).toBe(
      `${main.site.origin}/blog/atom.xml`,
    );
  });

  it('has a schema that fails a feed without an id', async () => {
    const response = await fetchFeed(main.site, 'atom');
    const broken = response.body.replace(/<id>urn:uuid:[^<]+<\/id>/, '');
    expect(broken).not.toBe(response.body);
    expect(atomErrors(broken)).toMatch(/id/);
  });

  it('writes RSS 2.0 a strict parser reads back as the posts', async () => {
    const response = await fetchFeed(main.site, 'rss');
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const { channel, items } = readRss(response.body);
    expect(channel['atom:link']['@_href']).toBe(`${main.site.origin}/blog/rss.xml`);
    expect(channel.language).toBe('en');
    expect(items.map((item) => item.title)).toEqual(['Post 3', 'Post 2', 'Post 1']);
    const newest = items[0]!;
    const post = main.posts[2]!;
    expect(newest.link).toBe(`${main.site.origin}/blog/${post.slug}`);
    expect(newest.guid).toEqual({ '#text': `urn:uuid:${post.id}`, '@_isPermaLink': 'false' });
    expect(new Date(newest.pubDate).toISOString()).toBe(post.firstPublishedDate!.toISOString());
    expect(newest['dc:creator']).toBe('Ada Writer');
    expect(newest.category?.map((c) => c['#text'])).toEqual(['Travel', 'Trains']);
    expect(newest['content:encoded']).toContain('<h2>A heading</h2>');
  });

  it('writes JSON Feed 1.1', async () => {
    const response = await fetchFeed(main.site, 'json');
    expect(response.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = JsonFeedSchema.parse(response.json());
    expect(feed.items.map((item) => item.title)).toEqual(['Post 3', 'Post 2', 'Post 1']);
    expect(feed.items[0]!.authors).toEqual([
      { name: 'Ada Writer', url: `${main.site.origin}/blog/profiles/${main.writer.slug}` },
    ]);
    expect(feed.items[0]!.tags).toEqual(['Travel', 'Trains']);
  });
});

describe('scopes', () => {
  it('serves a category, a tag and an author feed with their posts only', async () => {
    const other = await createCategory(harness.db, main.site.id, { label: 'Elsewhere' });
    // The factory writes the row directly; the site's caches learn of it as of any write.
    harness.app.services.generations.bump(main.site.id);
    const scopes: FeedScope[] = [
      { kind: 'category', slug: main.category.slug },
      { kind: 'tag', slug: main.tag.slug },
      { kind: 'author', slug: main.writer.slug },
    ];
    for (const scope of scopes) {
      for (const format of ['rss', 'atom', 'json'] as const) {
        const response = await fetchFeed(main.site, format, scope);
        expect(response.statusCode, `${scope.kind} ${format}`).toBe(200);
        if (format === 'atom') expect(atomErrors(response.body)).toBeNull();
        if (format === 'rss') expect(readRss(response.body).items).toHaveLength(3);
        if (format === 'json') expect(JsonFeedSchema.parse(response.json()).items).toHaveLength(3);
      }
    }
    const empty = readRss(
      (await fetchFeed(main.site, 'rss', { kind: 'category', slug: other.slug })).body,
    );
    expect(empty.items).toHaveLength(0);
    expect(empty.channel.title).toBe('Elsewhere · Test Site');
  });

  it('answers 404 for an unknown category, tag or author', async () => {
    for (const scope of [
      { kind: 'category', slug: 'nope' },
      { kind: 'tag', slug: 'nope' },
      { kind: 'author', slug: 'nope' },
    ] as const) {
      expect((await fetchFeed(main.site, 'rss', scope)).statusCode).toBe(404);
    }
  });

  it('has no feed for a private profile', async () => {
    const { site } = await blogWith(0);
    const hidden = await createMember(harness.db, site.id, { privacyStatus: 'PRIVATE' });
    await harness.app.services.postWriter.insertPost(buildPost(site.id, hidden.id));
    const response = await fetchFeed(site, 'atom', { kind: 'author', slug: hidden.slug });
    expect(response.statusCode).toBe(404);
  });
});

describe('settings', () => {
  it('carries the newest feedItemCount posts', async () => {
    const { site } = await blogWith(4, { feedItemCount: 2 });
    const { items } = readRss((await fetchFeed(site, 'rss')).body);
    expect(items.map((item) => item.title)).toEqual(['Post 4', 'Post 3']);
  });

  it('sends excerpts when feedContent is excerpt', async () => {
    const { site } = await blogWith(1, { feedContent: 'excerpt' }, () => ({
      excerpt: 'Just the start.',
    }));
    const { items } = readRss((await fetchFeed(site, 'rss')).body);
    expect(items[0]!['content:encoded']).toBeUndefined();
    expect(items[0]!.description).toBe('Just the start.');
    const json = JsonFeedSchema.parse((await fetchFeed(site, 'json')).json());
    expect(json.items[0]).toMatchObject({ content_text: 'Just the start.' });
    expect(json.items[0]!.content_html).toBeUndefined();
    expect(atomErrors((await fetchFeed(site, 'atom')).body)).toBeNull();
  });
});

describe('the channel', () => {
  it('carries the blog’s description and logo', async () => {
    const logoId = '5e0c2d7a-2222-4333-8444-a55566667777';
    const { site } = await blogWith(1, {
      description: 'Slow travel by train.',
      logo: { id: logoId, width: 400, height: 400 },
    });
    const logo = `${site.origin}/media/${logoId}/w320.webp`;
    const { channel } = readRss((await fetchFeed(site, 'rss')).body);
    expect(channel.description).toBe('Slow travel by train.');
    expect(channel.image).toEqual({ url: logo, title: 'Test Site', link: `${site.origin}/blog` });
    const atom = await fetchFeed(site, 'atom');
    expect(atomErrors(atom.body)).toBeNull();
    expect(parser.parse(atom.body).feed.logo).toBe(logo);
    expect(JsonFeedSchema.parse((await fetchFeed(site, 'json')).json()).icon).toBe(logo);
  });
});

describe('covers', () => {
  it('carries the cover as an enclosure with its stored size, media:content and JSON image', async () => {
    const coverId = '0b4a1f7e-1111-4222-8333-944455556666';
    const { site } = await blogWith(1, {}, () => ({
      coverImage: {
        isEnabled: true,
        isCustom: true,
        image: { id: coverId, width: 1600, height: 900 },
      },
    }));
    await harness.db.insert(media).values({
      siteId: site.id,
      id: coverId,
      fileName: 'cover.webp',
      mimeType: 'image/webp',
      width: 1600,
      height: 900,
      sizeBytes: 123_456,
    });
    // The media row came after the post: a new post write drops the cached feed.
    await harness.app.services.postWriter.insertPost(
      buildPost(site.id, (await createMember(harness.db, site.id)).id, {
        firstPublishedDate: new Date(Date.UTC(2020, 0, 1)),
      }),
    );
    const url = `${site.origin}/media/${coverId}/original.webp`;
    const { items } = readRss((await fetchFeed(site, 'rss')).body);
    expect(items[0]!.enclosure).toEqual([
      { '@_url': url, '@_length': '123456', '@_type': 'image/webp' },
    ]);
    expect(items[0]!['media:content']).toMatchObject({
      '@_url': url,
      '@_medium': 'image',
      '@_width': '1600',
    });
    const atom = (await fetchFeed(site, 'atom')).body;
    expect(atomErrors(atom)).toBeNull();
    expect(atom).toContain(`rel="enclosure" type="image/webp" href="${url}" length="123456"`);
    expect(JsonFeedSchema.parse((await fetchFeed(site, 'json')).json()).items[0]!.image).toBe(url);
  });
});

describe('caching and conditional requests', () => {
  it('answers 304 to If-None-Match and If-Modified-Since, and HEAD without a body', async () => {
    const first = await fetchFeed(main.site, 'rss');
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const byEtag = await get(main.site, '/blog/rss.xml', { 'if-none-match': etag });
    expect(byEtag.statusCode).toBe(304);
    expect(byEtag.body).toBe('');
    const byDate = await get(main.site, '/blog/rss.xml', { 'if-modified-since': lastModified });
    expect(byDate.statusCode).toBe(304);
    const stale = await get(main.site, '/blog/rss.xml', {
      'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString(),
    });
    expect(stale.statusCode).toBe(200);
    const head = await harness.app.inject({
      method: 'HEAD',
      url: '/blog/rss.xml',
      headers: { host: main.site.host },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.body).toBe('');
  });

  it('compresses for clients that accept it', async () => {
    const response = await get(main.site, '/blog/atom.xml', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
  });

  it('drops the cached feed when a post is published', async () => {
    const { site, writer } = await blogWith(1);
    const before = await fetchFeed(site, 'rss');
    await harness.app.services.postWriter.insertPost(
      buildPost(site.id, writer.id, {
        title: 'Fresh off the press',
        firstPublishedDate: new Date(Date.UTC(2026, 0, 1)),
      }),
    );
    const after = await get(site, '/blog/rss.xml', {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(readRss(after.body).items[0]!.title).toBe('Fresh off the press');
  });
});

describe('addresses from other platforms', () => {
  it('answers 301 to /blog/rss.xml', async () => {
    for (const alias of [
      '/blog/rss',
      '/blog/feed',
      '/blog/feed/',
      '/blog/feed.xml',
      '/rss.xml',
      '/feed',
      '/feed.xml',
      '/blog-feed.xml',
    ]) {
      const response = await get(main.site, alias);
      expect(response.statusCode, alias).toBe(301);
      expect(response.headers.location, alias).toBe('/blog/rss.xml');
    }
  });

  it('leaves /blog/rss to a real post with the slug rss', async () => {
    const { site, writer } = await blogWith(0);
    await harness.app.services.postWriter.insertPost(
      buildPost(site.id, writer.id, { slug: 'rss' }),
    );
    // No pages in this app: the post's page is the catch-all's (feed-pages.test.ts), not a 301.
    expect((await get(site, '/blog/rss')).statusCode).not.toBe(301);
    expect((await get(site, '/blog/feed')).statusCode).toBe(301);
  });
});

describe('isolation and hostile input', () => {
  it('never shows another site’s posts', async () => {
    const { site } = await blogWith(1, {}, () => ({ title: 'Only on the second site' }));
    for (const format of ['rss', 'atom', 'json'] as const) {
      expect((await fetchFeed(main.site, format)).body).not.toContain('Only on the second site');
      expect((await fetchFeed(site, format)).body).not.toContain('Post 3');
    }
    // Another site's category slug is not this site's.
    expect(
      (await fetchFeed(site, 'rss', { kind: 'category', slug: main.category.slug })).statusCode,
    ).toBe(404);
  });

  it('escapes a title with markup and never carries a script', async () => {
    const { site } = await blogWith(1, {}, () => ({
      title: '<script>alert(1)</script> & "quotes"',
      content: documentOf([
        paragraph('Before'),
        {
          type: 'HTML',
          id: 'h',
          nodes: [],
          htmlData: { html: '<script>alert(2)</script><img src=x onerror=alert(3)>' },
        },
        paragraph({
          type: 'TEXT',
          id: '',
          nodes: [],
          textData: {
            text: 'bad link',
            decorations: [
              { type: 'LINK', linkData: { link: { url: 'javascript:alert(4)', target: 'SELF' } } },
            ],
          },
        }),
      ]),
    }));
    const rss = await fetchFeed(site, 'rss');
    const { items } = readRss(rss.body);
    expect(items[0]!.title).toBe('<script>alert(1)</script> & "quotes"');
    expect(rss.body).not.toContain('<script>');
    const content = items[0]!['content:encoded']!;
    expect(content).not.toMatch(/<script|onerror|javascript:/i);
    const atom = await fetchFeed(site, 'atom');
    expect(atomErrors(atom.body)).toBeNull();
    expect(atom.body).not.toContain('<script>');
    const json = JsonFeedSchema.parse((await fetchFeed(site, 'json')).json());
    expect(json.items[0]!.title).toBe('<script>alert(1)</script> & "quotes"');
    expect(json.items[0]!.content_html).not.toMatch(/<script|onerror|javascript:/i);
  });
});
