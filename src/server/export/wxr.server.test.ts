/**
 * The WXR export (issue 21, decision 057 "Export to WordPress (WXR)") on the test database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): a site with published, scheduled and draft
 * posts, a category tree, tags, two authors and a comment thread with a held reply is exported,
 * checked well-formed by xmllint, and read back by our own WXR reader. A post with a cover and an
 * image in its text, and another showing the same image, check the images as attachment items
 * (decision 057 "WXR export: attachments").
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOf, heading, image, paragraph } from '../../rich-content/document';
import { plainText } from '../../rich-content/text';
import { comments, media } from '../db/schema.server';
import type {
  ImportAuthor,
  ImportCategory,
  ImportComment,
  ImportPost,
  ImportRecord,
  ImportTag,
} from '../import/records';
import { readWxr } from '../import/wordpress/read-wxr';
import {
  buildPost,
  createCategory,
  createMember,
  createTag,
  createTestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { EXPORT_PAGE_SIZE, writeWxr } from './wxr.server';

const harness = setUpTestApp();

let folder: string;
let xml = '';
let records: ImportRecord[] = [];
let siteId = '';
let origin = '';
const coverId = randomUUID();
const inlineId = randomUUID();
const published = new Date(Date.UTC(2025, 4, 6, 7, 8, 9));
const title = 'Fish & chips <at> "the pier" ]]> and more';
const body = 'A body with ]]> inside, & an ampersand, and <angle> brackets.';

async function comment(
  siteId: string,
  postId: string,
  authorId: string,
  text: string,
  extra: { parentId?: string; status?: string; at: Date },
) {
  const id = randomUUID();
  await harness.db.insert(comments).values({
    siteId,
    id,
    postId,
    authorId,
    parentId: extra.parentId ?? null,
    content: documentOf([paragraph(text)]),
    contentText: text,
    status: extra.status ?? 'published',
    createdAt: extra.at,
  });
  return id;
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'inkwell-export-'));
  const db = harness.db;
  const site = await createTestSite(db, { timeZone: 'Europe/Berlin' });
  siteId = site.id;
  const ada = await createMember(db, site.id, {
    slug: 'ada',
    name: 'Ada Writer',
    email: 'ada@example.com',
  });
  const bo = await createMember(db, site.id, {
    slug: 'bo',
    name: 'Bo Author',
    email: 'bo@example.com',
  });
  const reader = await createMember(db, site.id, {
    role: 'user',
    name: 'Rita Reader',
    email: 'rita@example.com',
  });
  const tech = await createCategory(db, site.id, { slug: 'tech', label: 'Tech & Code' });
  const web = await createCategory(db, site.id, { slug: 'web', label: 'Web', parentId: tech.id });
  await createCategory(db, site.id, { slug: 'css', label: 'CSS', parentId: web.id });
  const css = await createTag(db, site.id, { slug: 'css-tag', label: 'css' });
  await createTag(db, site.id, { slug: 'unused', label: 'unused' });
  const writer = harness.app.services.postWriter;
  const main = buildPost(site.id, ada.id, {
    title,
    slug: 'fish-and-chips',
    firstPublishedDate: published,
    content: documentOf([heading(2, 'A heading'), paragraph(body)]),
    categoryIds: [web.id],
    tagIds: [css.id],
    isPinned: true,
  });
  await writer.insertPost(main);
  // More posts than one page holds, so the export reads several pages.
  for (let i = 0; i < EXPORT_PAGE_SIZE + 2; i += 1) {
    await writer.insertPost(buildPost(site.id, i % 2 ? ada.id : bo.id));
  }
  await writer.insertPost(
    buildPost(site.id, bo.id, {
      status: 'scheduled',
      firstPublishedDate: null,
      scheduledPublishDate: new Date(Date.UTC(2030, 0, 1)),
    }),
  );
  await writer.insertPost(
    buildPost(site.id, bo.id, { status: 'unpublished', firstPublishedDate: null }),
  );
  await writer.insertPost(
    buildPost(site.id, ada.id, { status: 'unpublished', firstPublishedDate: null }),
  );
  await writer.insertPost(buildPost(site.id, ada.id, { status: 'deleted' }));
  // A cover (not in the text) and an image in the text; another post shows the same image.
  await db.insert(media).values([
    {
      siteId: site.id,
      id: coverId,
      fileName: 'harbour.jpg',
      mimeType: 'image/webp',
      width: 1600,
      height: 900,
      altText: 'Library alt',
    },
    {
      siteId: site.id,
      id: inlineId,
      fileName: 'pier at dusk.png',
      mimeType: 'image/webp',
      width: 800,
      height: 600,
    },
  ]);
  const inline = { id: inlineId, width: 800, height: 600 };
  await writer.insertPost(
    buildPost(site.id, bo.id, {
      slug: 'with-images',
      coverImage: {
        isEnabled: true,
        isCustom: true,
        image: { id: coverId, width: 1600, height: 900, alt: 'The harbour' },
      },
      content: documentOf([paragraph('Before.'), image(inline, { altText: 'The pier & "sea"' })]),
    }),
  );
  await writer.insertPost(
    buildPost(site.id, ada.id, {
      slug: 'same-image',
      content: documentOf([image(inline, { altText: 'Again' })]),
    }),
  );
  const first = await comment(site.id, main.id, reader.id, 'First!', {
    at: new Date(Date.UTC(2025, 4, 7)),
  });
  await comment(site.id, main.id, ada.id, 'Thanks, Rita.', {
    parentId: first,
    at: new Date(Date.UTC(2025, 4, 8)),
  });
  await comment(site.id, main.id, reader.id, 'Held reply', {
    parentId: first,
    status: 'pending',
    at: new Date(Date.UTC(2025, 4, 9)),
  });

  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  await writeWxr(db, site.id, out);
  out.end();
  xml = chunks.join('');
  origin = /<wp:base_site_url>([^<]*)<\/wp:base_site_url>/
    .exec(xml)![1]!
    .replace(/(https?:\/\/[^/]+).*/, '$1');
  records = [];
  for await (const record of readWxr(Readable.from([xml]))) records.push(record);
}, 120_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ofKind = <K extends ImportRecord['kind']>(kind: K) =>
  records.filter((r) => r.kind === kind) as Extract<ImportRecord, { kind: K }>[];

describe('writeWxr', () => {
  it('writes a file xmllint finds well-formed', () => {
    const file = path.join(folder, 'export.xml');
    writeFileSync(file, xml);
    expect(() => execFileSync('xmllint', ['--noout', file], { stdio: 'pipe' })).not.toThrow();
    expect(xml).toContain('<wp:wxr_version>1.2</wp:wxr_version>');
  });

  it('exports the posts by status, leaving deleted ones out, and nothing is skipped', () => {
    const posts = ofKind('post') as ImportPost[];
    const byStatus = (status: string) => posts.filter((p) => p.status === status).length;
    expect(byStatus('published')).toBe(EXPORT_PAGE_SIZE + 5);
    expect(byStatus('scheduled')).toBe(1);
    expect(byStatus('draft')).toBe(2);
    const scheduled = posts.find((p) => p.status === 'scheduled')!;
    expect(scheduled.publishedAt).toEqual(new Date(Date.UTC(2030, 0, 1)));
    expect(posts).toHaveLength(EXPORT_PAGE_SIZE + 8);
    // The reader skips attachment items (it keeps them to resolve covers): nothing else.
    expect(ofKind('skipped').map((r) => r.problem.code)).toEqual([
      'attachment-skipped',
      'attachment-skipped',
    ]);
    expect(new Set(posts.map((p) => p.sourceId)).size).toBe(posts.length);
  });

  it('exports the authors who wrote posts, not readers', () => {
    const authors = (ofKind('author') as ImportAuthor[]).map((a) => [
      a.login,
      a.email,
      a.displayName,
    ]);
    expect(authors).toEqual([
      ['ada', 'ada@example.com', 'Ada Writer'],
      ['bo', 'bo@example.com', 'Bo Author'],
    ]);
  });

  it('exports the categories with their parents, and the tags', () => {
    const categories = ofKind('category') as ImportCategory[];
    const slugById = new Map(categories.map((c) => [c.sourceId, c.slug]));
    expect(
      categories.map((c) => [
        c.slug,
        c.name,
        c.parentSourceId ? slugById.get(c.parentSourceId) : null,
      ]),
    ).toEqual([
      ['tech', 'Tech & Code', null],
      ['web', 'Web', 'tech'],
      ['css', 'CSS', 'web'],
    ]);
    expect((ofKind('tag') as ImportTag[]).map((t) => [t.slug, t.name])).toEqual([
      ['css-tag', 'css'],
      ['unused', 'unused'],
    ]);
  });

  it('exports one post whole: title, slug, dates, terms, and a document with the same text', () => {
    const post = (ofKind('post') as ImportPost[]).find((p) => p.slug === 'fish-and-chips')!;
    const categoryById = new Map(
      (ofKind('category') as ImportCategory[]).map((c) => [c.sourceId, c.slug]),
    );
    const tagById = new Map((ofKind('tag') as ImportTag[]).map((t) => [t.sourceId, t.slug]));
    expect(post).toMatchObject({ title, status: 'published', pinned: true, commentsEnabled: true });
    expect(post.publishedAt).toEqual(published);
    expect(post.createdAt).toEqual(published);
    expect(post.categorySourceIds.map((id) => categoryById.get(id))).toEqual(['web']);
    expect(post.tagSourceIds.map((id) => tagById.get(id))).toEqual(['css-tag']);
    const original = plainText(documentOf([heading(2, 'A heading'), paragraph(body)]));
    expect(plainText(post.document).replace(/\s+/g, ' ').trim()).toBe(
      original.replace(/\s+/g, ' ').trim(),
    );
    expect(post.problems).toEqual([]);
  });

  it('exports the comments with their thread and approval', () => {
    const post = (ofKind('post') as ImportPost[]).find((p) => p.slug === 'fish-and-chips')!;
    const all = ofKind('comment') as ImportComment[];
    expect(all).toHaveLength(3);
    const textById = new Map(all.map((c) => [c.sourceId, c.text]));
    expect(
      all.map((c) => [
        c.text,
        c.authorName,
        c.postSourceId === post.sourceId,
        c.parentSourceId ? textById.get(c.parentSourceId) : null,
        c.approved,
      ]),
    ).toEqual([
      ['First!', 'Rita Reader', true, null, true],
      ['Thanks, Rita.', 'Ada Writer', true, 'First!', true],
      ['Held reply', 'Rita Reader', true, 'First!', false],
    ]);
  });
});

describe('writeWxr: images as attachments', () => {
  const postBySlug = (slug: string) =>
    (ofKind('post') as ImportPost[]).find((p) => p.slug === slug)!;
  const inlineUrl = () => `${origin}/media/${inlineId}/w640.webp`;

  it('gives the cover back through _thumbnail_id, the stored original with its alt text', () => {
    expect(postBySlug('with-images').cover).toEqual({
      url: `${origin}/media/${coverId}/original.webp`,
      alt: 'The harbour',
      caption: '',
    });
    expect(postBySlug('same-image').cover).toBeNull();
    expect(postBySlug('fish-and-chips').cover).toBeNull();
  });

  it('gives the image in the text back at the URL the attachment names', () => {
    expect(postBySlug('with-images').images).toEqual([
      { url: inlineUrl(), alt: 'The pier & "sea"', caption: '' },
    ]);
    expect(postBySlug('same-image').images.map((i) => i.url)).toEqual([inlineUrl()]);
    expect(xml).toContain(`<wp:attachment_url><![CDATA[${inlineUrl()}]]></wp:attachment_url>`);
  });

  it('writes each image once, before its post, numbered with the posts and naming its parent', () => {
    const items = xml.split('<item>').slice(1);
    const field = (item: string, name: string) =>
      new RegExp(`<${name}>(?:<!\\[CDATA\\[)?([^<\\]]*)`).exec(item)?.[1] ?? '';
    const ids = items.map((item) => field(item, 'wp:post_id'));
    expect(new Set(ids).size).toBe(items.length);
    const attachments = items.filter((item) => field(item, 'wp:post_type') === 'attachment');
    expect(attachments).toHaveLength(2);
    const itemOf = (name: string, value: string) => items.find((i) => field(i, name) === value)!;
    const owner = itemOf('wp:post_name', 'with-images');
    for (const attachment of attachments) {
      expect(field(attachment, 'wp:status')).toBe('inherit');
      const parent = itemOf('wp:post_id', field(attachment, 'wp:post_parent'));
      expect(items.indexOf(attachment)).toBeLessThan(items.indexOf(parent));
    }
    const cover = attachments.find((a) => field(a, 'title') === 'harbour')!;
    expect(owner).toContain(
      `<wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key><wp:meta_value><![CDATA[${field(cover, 'wp:post_id')}]]></wp:meta_value>`,
    );
    expect(cover).toMatch(/<wp:meta_value><!\[CDATA\[\d{4}\/\d{2}\/harbour\.jpg\]\]>/);
    expect(field(cover, 'wp:post_parent')).toBe(field(owner, 'wp:post_id'));
    // The image both posts show belongs to the first of them in the file (posts go by id).
    const pier = attachments.find((a) => field(a, 'title') === 'pier at dusk')!;
    const first = [owner, itemOf('wp:post_name', 'same-image')].sort(
      (a, b) => items.indexOf(a) - items.indexOf(b),
    )[0]!;
    expect(field(pier, 'wp:post_parent')).toBe(field(first, 'wp:post_id'));
    expect(field(pier, 'wp:post_name')).toBe('pier-at-dusk');
  });

  it("names a comment's author by their wp:author_id when they are an author, else 0", () => {
    const adaId = /<wp:author_id>(\d+)<\/wp:author_id><wp:author_login><!\[CDATA\[ada\]\]>/.exec(
      xml,
    )![1];
    const userIdOf = (text: string) =>
      new RegExp(`${text}.*?<wp:comment_user_id>(\\d+)</wp:comment_user_id>`).exec(xml)?.[1];
    expect(userIdOf('Thanks, Rita\\.')).toBe(adaId);
    expect(userIdOf('First!')).toBe('0');
  });
});

describe('writeWxr on a slow output', () => {
  it('waits for the output to drain instead of buffering the whole blog', async () => {
    const highWaterMark = 4096;
    let mostBuffered = 0;
    const chunks: string[] = [];
    const slow: Writable = new Writable({
      highWaterMark,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString('utf8'));
        mostBuffered = Math.max(mostBuffered, slow.writableLength);
        // The next turn of the event loop: the writer gets ahead unless it waits for 'drain'.
        setImmediate(done);
      },
    });
    await writeWxr(harness.db, siteId, slow);
    slow.end();
    await finished(slow);
    const items = (text: string) => text.split('<item>').length - 1;
    expect(items(chunks.join(''))).toBe(items(xml));
    expect(chunks.join('')).toMatch(/<\/rss>\n$/);
    // At most one item beyond the mark: no item here is near 16 KB, the whole file is far more.
    expect(xml.length).toBeGreaterThan(10 * highWaterMark);
    expect(mostBuffered).toBeLessThan(highWaterMark + 16_384);
  });
});
