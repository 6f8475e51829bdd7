/**
 * The Inkwell archive's round trip (issue 21 "Export", decision 057 "The Inkwell archive"), on
 * PGlite and PostgreSQL: a blog with everything (the demo blog's members of every role, category
 * tree, tags, pinned/draft/scheduled posts, threaded comments, likes, ratings, images as covers
 * and in posts; plus revisions, a held comment, a post in review and one in the trash, a poll
 * vote and changed settings) is exported, imported into a new empty site, and the two sites are
 * compared table by table (without the site id) and their media files byte for byte. Also the
 * refusals: a newer version, a zip without a manifest, a site that has posts.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { and, asc, type Column, eq, getTableColumns, type Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { SiteGenerations } from '../../cache/generations.server';
import type { DatabaseHandle } from '../../db/connection.server';
import {
  categories,
  comments,
  media,
  members,
  pollVotes,
  postCategories,
  postHashtags,
  postRevisions,
  posts,
  postTags,
  sites,
  tags,
  widgetSettings,
} from '../../db/schema.server';
import { SITE_LEFT_OUT } from '../../export/archive/archive-format.server';
import { writeInkwellArchive } from '../../export/archive/write-archive.server';
import { DEMO_MIN_POSTS, seedDemoSite } from '../../seed/seed.server';
import { createTestSite } from '../../testing/factories.server';
import { openTestDatabase } from '../../testing/test-database.server';
import { importInkwellArchive } from './import-archive.server';
import { ArchiveRefusedError } from './open-archive.server';

let handle: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-archive-'));
});

afterAll(async () => {
  await handle?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const deps = () => ({ db: handle.db, generations: new SiteGenerations(), dataDir });

/** The tables compared, each with the columns it is ordered by (its primary key after the site). */
const COMPARED: [string, Table, string[]][] = [
  ['members', members, ['id']],
  ['categories', categories, ['id']],
  ['tags', tags, ['id']],
  ['posts', posts, ['id']],
  ['post_revisions', postRevisions, ['postId', 'number']],
  ['post_categories', postCategories, ['categoryId', 'postId']],
  ['post_tags', postTags, ['tagId', 'postId']],
  ['post_hashtags', postHashtags, ['hashtag', 'postId']],
  ['comments', comments, ['id']],
  ['poll_votes', pollVotes, ['postId', 'pollId', 'voterKey', 'optionId']],
  ['media', media, ['id']],
  ['widget_settings', widgetSettings, ['widget', 'device', 'state']],
];

/** Every row of the site's `table`, in key order, without the site id. */
async function rowsOf(table: Table, keys: string[], siteId: string) {
  const columns: Record<string, Column> = getTableColumns(table);
  const rows = (await handle.db
    .select()
    .from(table)
    .where(eq(columns.siteId!, siteId))
    .orderBy(...keys.map((key) => asc(columns[key]!)))) as Record<string, unknown>[];
  return rows.map(({ siteId: _site, ...rest }) => rest);
}

async function siteSettingsOf(siteId: string) {
  const [row] = await handle.db.select().from(sites).where(eq(sites.id, siteId));
  return Object.fromEntries(Object.entries(row!).filter(([key]) => !(key in SITE_LEFT_OUT)));
}

/** What the demo blog lacks: revisions, a held reply, review and trash, a poll vote, settings. */
async function addTheRest(siteId: string) {
  const db = handle.db;
  const postRows = await db
    .select()
    .from(posts)
    .where(eq(posts.siteId, siteId))
    .orderBy(asc(posts.id));
  const published = postRows.filter((p) => p.status === 'published');
  const drafts = postRows.filter((p) => p.status === 'unpublished');
  expect(drafts.length).toBeGreaterThanOrEqual(2);
  const first = published[0]!;
  await db.insert(postRevisions).values([
    {
      siteId,
      postId: first.id,
      number: 1,
      kind: 'baseline',
      authorId: first.ownerId,
      title: `${first.title} (first)`,
      content: first.content,
      status: 'unpublished',
      summary: { wordsAdded: 10 },
    },
    {
      siteId,
      postId: first.id,
      number: 2,
      kind: 'publish',
      authorId: null,
      title: first.title,
      content: first.content,
      status: 'published',
      note: 'Looks good',
    },
  ]);
  await db
    .update(posts)
    .set({ status: 'in_review' })
    .where(and(eq(posts.siteId, siteId), eq(posts.id, drafts[0]!.id)));
  await db
    .update(posts)
    .set({ status: 'deleted', trashedFromStatus: 'unpublished', trashedAt: new Date() })
    .where(and(eq(posts.siteId, siteId), eq(posts.id, drafts[1]!.id)));
  const [parent] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.siteId, siteId), eq(comments.status, 'published')))
    .limit(1);
  const [reader] = await db
    .select()
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.role, 'user')))
    .limit(1);
  await db.insert(comments).values({
    siteId,
    id: randomUUID(),
    postId: parent!.postId,
    parentId: parent!.id,
    authorId: reader!.id,
    content: parent!.content,
    contentText: 'A held reply',
    status: 'pending',
  });
  await db.insert(pollVotes).values({
    siteId,
    postId: first.id,
    pollId: 'poll-1',
    optionId: 'option-2',
    voterKey: `m:${reader!.id}`,
    memberId: reader!.id,
  });
  await db
    .update(sites)
    .set({
      description: 'A blog that moves',
      holdFirstComments: true,
      feedItemCount: 7,
      timeZone: 'Europe/Paris',
      formerCategoryPaths: ['topics'],
    })
    .where(eq(sites.id, siteId));
  await db
    .insert(widgetSettings)
    .values({
      siteId,
      widget: 'blog',
      device: 'mobile',
      state: 'draft',
      values: { postsPerPage: 4 },
    })
    .onConflictDoNothing();
}

/** Every media file under the site's folder, by relative path, with its bytes. */
async function mediaFilesOf(siteId: string) {
  const root = path.join(dataDir, 'media', siteId);
  const files = new Map<string, Buffer>();
  for (const id of await readdir(root).catch(() => [] as string[])) {
    for (const file of await readdir(path.join(root, id))) {
      if (file.startsWith('original.')) {
        files.set(`${id}/${file}`, await readFile(path.join(root, id, file)));
      }
    }
  }
  return files;
}

async function exportSite(siteId: string) {
  const file = path.join(dataDir, `${randomUUID()}.zip`);
  const out = createWriteStream(file);
  const summary = await writeInkwellArchive(handle.db, siteId, out, { dataDir });
  await finished(out);
  return { file, summary };
}

describe('the Inkwell archive', () => {
  it('exports a whole blog and imports it into an empty site with nothing lost', async () => {
    const seeded = await seedDemoSite({
      db: handle.db,
      dataDir,
      posts: DEMO_MIN_POSTS,
      copyAt: { host: `archive-${randomUUID().slice(0, 8)}.test`, name: 'Moving blog' },
    });
    const sourceId = seeded.siteId;
    await addTheRest(sourceId);
    const { file, summary } = await exportSite(sourceId);
    expect(summary.missingMediaFiles).toEqual([]);
    expect(summary.counts.posts).toBe(DEMO_MIN_POSTS);
    expect(summary.counts.postRevisions).toBe(2);

    const target = await createTestSite(handle.db);
    const report = await importInkwellArchive(file, { siteId: target.id }, deps());
    expect(report.counts.posts.created).toBe(DEMO_MIN_POSTS);
    expect(report.problems).toEqual({});

    for (const [name, table, keys] of COMPARED) {
      const before = await rowsOf(table, keys, sourceId);
      const after = await rowsOf(table, keys, target.id);
      expect(before.length, name).toBeGreaterThan(0);
      expect(after, name).toEqual(before);
    }
    expect(await siteSettingsOf(target.id)).toEqual(await siteSettingsOf(sourceId));
    const sourceFiles = await mediaFilesOf(sourceId);
    expect(sourceFiles.size).toBeGreaterThan(0);
    expect(await mediaFilesOf(target.id)).toEqual(sourceFiles);
    // Likes and ratings came along as counts (the posts' columns compared above are not all 0).
    const counted = await rowsOf(posts, ['id'], target.id);
    expect(counted.some((post) => (post.likeCount as number) > 0)).toBe(true);
    expect(counted.some((post) => (post.ratingCount as number) > 0)).toBe(true);
  }, 300_000); // The demo blog draws its 48 pictures with sharp: minutes on a loaded machine.

  it('reuses the members, categories and tags the new site already has, and points posts at them', async () => {
    const source = await createTestSite(handle.db);
    const [author] = await handle.db
      .insert(members)
      .values({
        siteId: source.id,
        id: randomUUID(),
        slug: 'ada',
        name: 'Ada',
        email: 'ada@example.test',
        role: 'owner',
        postCount: 1,
      })
      .returning();
    const [news] = await handle.db
      .insert(categories)
      .values({
        siteId: source.id,
        id: randomUUID(),
        slug: 'news',
        label: 'News',
        menuLabel: 'News',
      })
      .returning();
    const postId = randomUUID();
    await handle.db.insert(posts).values({
      siteId: source.id,
      id: postId,
      slug: 'hello',
      title: 'Hello',
      content: {},
      ownerId: author!.id,
      categoryIds: [news!.id],
      mainCategoryId: news!.id,
    });
    const { file } = await exportSite(source.id);

    const target = await createTestSite(handle.db);
    const [owner] = await handle.db
      .insert(members)
      .values({
        siteId: target.id,
        id: randomUUID(),
        slug: 'ada-lovelace',
        name: 'Ada L.',
        email: 'ada@example.test',
        role: 'owner',
      })
      .returning();
    const [ownNews] = await handle.db
      .insert(categories)
      .values({ siteId: target.id, id: randomUUID(), slug: 'news', label: 'News!', menuLabel: 'N' })
      .returning();
    const report = await importInkwellArchive(file, { siteId: target.id }, deps());
    expect(report.counts.members).toEqual({ created: 0, existing: 1 });
    expect(report.counts.categories).toEqual({ created: 0, existing: 1 });
    const [post] = await handle.db
      .select()
      .from(posts)
      .where(and(eq(posts.siteId, target.id), eq(posts.id, postId)));
    expect(post).toMatchObject({
      ownerId: owner!.id,
      categoryIds: [ownNews!.id],
      mainCategoryId: ownNews!.id,
    });
    const listed = await rowsOf(postCategories, ['categoryId', 'postId'], target.id);
    expect(listed.map((row) => row.categoryId)).toEqual([ownNews!.id]);
    const [reused] = await rowsOf(members, ['id'], target.id);
    expect(reused).toMatchObject({ id: owner!.id, role: 'owner', postCount: 1 });
  });

  it('refuses a site that already has posts, naming the reason', async () => {
    const source = await createTestSite(handle.db);
    const { file } = await exportSite(source.id);
    const target = await createTestSite(handle.db);
    const [owner] = await handle.db
      .insert(members)
      .values({ siteId: target.id, id: randomUUID(), slug: 'owner', name: 'Owner', role: 'owner' })
      .returning();
    await handle.db.insert(posts).values({
      siteId: target.id,
      id: randomUUID(),
      slug: 'already-here',
      title: 'Already here',
      content: {},
      ownerId: owner!.id,
    });
    await expect(importInkwellArchive(file, { siteId: target.id }, deps())).rejects.toThrow(
      /already has 1 post: an Inkwell archive moves a whole blog/,
    );
  });

  it('refuses an archive written by a newer Inkwell, and a zip without a manifest', async () => {
    const target = await createTestSite(handle.db);
    const newer = await zipOf({
      'manifest.json': JSON.stringify({ format: 'inkwell-archive', version: 2 }),
    });
    await expect(importInkwellArchive(newer, { siteId: target.id }, deps())).rejects.toThrow(
      'written by a newer Inkwell, version 2; this one reads up to 1',
    );
    const bare = await zipOf({ 'posts.jsonl': '{}\n' });
    const refusal = importInkwellArchive(bare, { siteId: target.id }, deps());
    await expect(refusal).rejects.toBeInstanceOf(ArchiveRefusedError);
    await expect(refusal).rejects.toThrow('zip without manifest.json');
  });

  it('refuses a damaged record naming its file, line and field, and stores nothing', async () => {
    const source = await createTestSite(handle.db);
    await handle.db
      .insert(members)
      .values({ siteId: source.id, id: randomUUID(), slug: 'ada', name: 'Ada', role: 'writer' });
    const { file } = await exportSite(source.id);
    const manifest = JSON.stringify({
      format: 'inkwell-archive',
      version: 1,
      exportedAt: new Date().toISOString(),
      site: { id: source.id, host: source.host, name: 'x' },
      counts: {},
    });
    const damaged = await zipOf({
      'manifest.json': manifest,
      'site.json': '{}\n',
      'members.jsonl': `{"id":"${randomUUID()}","slug":"bo","name":"Bo"}\n{"id":"nope","slug":"x","name":"X"}\n`,
      'categories.jsonl': '',
      'tags.jsonl': '',
      'posts.jsonl': '',
      'post-revisions.jsonl': '',
      'comments.jsonl': '',
      'poll-votes.jsonl': '',
      'media.jsonl': '',
      'widget-settings.jsonl': '',
    });
    expect(file).toBeTruthy();
    const target = await createTestSite(handle.db);
    await expect(importInkwellArchive(damaged, { siteId: target.id }, deps())).rejects.toThrow(
      'members.jsonl line 2: field "id" must be a UUID. Nothing was imported.',
    );
    expect(await rowsOf(members, ['id'], target.id)).toEqual([]);
  });
});

describe('a failed archive import', () => {
  it('removes the media files it had copied and keeps no row', async () => {
    const mediaId = randomUUID();
    const row = {
      id: mediaId,
      kind: 'image',
      fileName: 'a.webp',
      mimeType: 'image/webp',
      width: 1,
      height: 1,
      sizeBytes: 4,
      altText: '',
      ownerId: null,
      createdAt: new Date().toISOString(),
    };
    const broken = await zipOf({
      'manifest.json': JSON.stringify({
        format: 'inkwell-archive',
        version: 1,
        exportedAt: new Date().toISOString(),
        site: { id: randomUUID(), host: 'old.test', name: 'Old' },
        counts: {},
      }),
      'site.json': '{"name":"Old","feedItemCount":"many"}\n',
      'members.jsonl': '',
      'categories.jsonl': '',
      'tags.jsonl': '',
      'posts.jsonl': '',
      'post-revisions.jsonl': '',
      'comments.jsonl': '',
      'poll-votes.jsonl': '',
      'media.jsonl': `${JSON.stringify(row)}\n`,
      [`media/${mediaId}/original.webp`]: 'RIFF',
      'widget-settings.jsonl': '',
    });
    const target = await createTestSite(handle.db);
    await expect(importInkwellArchive(broken, { siteId: target.id }, deps())).rejects.toThrow(
      'site.json line 1: field "feedItemCount" must be a whole number. Nothing was imported.',
    );
    expect(await mediaFilesOf(target.id)).toEqual(new Map());
    expect(await rowsOf(media, ['id'], target.id)).toEqual([]);
  });
});

/** A zip of the given files, written to the data folder. */
async function zipOf(files: Record<string, string>): Promise<string> {
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const file = path.join(dataDir, `${randomUUID()}.zip`);
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  await finished(out);
  return file;
}
