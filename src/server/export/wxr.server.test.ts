/**
 * The WXR export (issue 21, decision 057 "Export to WordPress (WXR)") on the test database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): a site with published, scheduled and draft
 * posts, a category tree, tags, two authors and a comment thread with a held reply is exported,
 * checked well-formed by xmllint, and read back by our own WXR reader.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOf, heading, paragraph } from '../../rich-content/document';
import { plainText } from '../../rich-content/text';
import { comments } from '../db/schema.server';
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
    expect(byStatus('published')).toBe(EXPORT_PAGE_SIZE + 3);
    expect(byStatus('scheduled')).toBe(1);
    expect(byStatus('draft')).toBe(2);
    const scheduled = posts.find((p) => p.status === 'scheduled')!;
    expect(scheduled.publishedAt).toEqual(new Date(Date.UTC(2030, 0, 1)));
    expect(posts).toHaveLength(EXPORT_PAGE_SIZE + 6);
    expect(ofKind('skipped')).toEqual([]);
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
