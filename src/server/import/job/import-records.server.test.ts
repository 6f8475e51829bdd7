/**
 * The import job's storing core (issue 21, decision 057 "Storing") on PGlite and PostgreSQL:
 * each fixture imported into an empty site through the readers (dry run first, then the import,
 * then the same file again), checked in the database, through the reader API and through the
 * pages (an old address answers 301); and a post that cannot be stored, reported while the rest
 * lands.
 */
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { guardedDatabase } from '../../cache/site-write-guard.server';
import {
  categories,
  comments,
  importedRecords,
  memberCredentials,
  members,
  posts,
  tags,
} from '../../db/schema.server';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../../testing/factories.server';
import { setUpTestApp } from '../../testing/test-app.server';
import { readGhostExport } from '../ghost/read-ghost-export.server';
import { ImportFormatError, type ImportPost, type ImportRecord } from '../records';
import { readWxr } from '../wordpress/read-wxr';
import { importRecords } from './import-records.server';
import type { ImportReport } from './report';

const harness = setUpTestApp({ pages: true });

const WXR = fileURLToPath(
  new URL('../../../../tests/fixtures/import/wordpress-export.xml', import.meta.url),
);
const GHOST = fileURLToPath(
  new URL('../../../../tests/fixtures/import/ghost-export.json', import.meta.url),
);
const IMPORT_TIMEOUT_MS = 600_000;

const wxrRecords = () => readWxr(createReadStream(WXR, { highWaterMark: 64 * 1024 }));
const ghostRecords = () => readGhostExport(GHOST, { siteUrl: 'https://old.example' });

/** The storing deps as the app has them, on the database that refuses unguarded writes. */
const deps = () => ({
  db: guardedDatabase(harness.db),
  generations: harness.app.services.generations,
});

function run(
  records: AsyncIterable<ImportRecord>,
  site: TestSite,
  source: 'wordpress' | 'ghost',
  dryRun: boolean,
) {
  return importRecords(records, { site, source, dryRun }, deps());
}

async function rowsOf(
  table: typeof posts | typeof categories | typeof tags | typeof comments,
  siteId: string,
) {
  const [row] = await harness.db.select({ n: count() }).from(table).where(eq(table.siteId, siteId));
  return row!.n;
}

/** How many rows of each kind the site has. */
async function storedRows(siteId: string) {
  const tables = { posts, members, categories, tags, comments, importedRecords };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await harness.db
        .select({ n: count() })
        .from(table)
        .where(eq(table.siteId, siteId));
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function postsByStatus(siteId: string) {
  const rows = await harness.db
    .select({ status: posts.status, n: count() })
    .from(posts)
    .where(eq(posts.siteId, siteId))
    .groupBy(posts.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

const visit = (site: TestSite, url: string) =>
  harness.app.inject({ method: 'GET', url, headers: { host: site.host } });

describe('importing the WordPress fixture', () => {
  let site: TestSite;
  let dry: ImportReport;
  let afterDryRun: Record<string, number>;
  let first: ImportReport;
  let second: ImportReport;
  let everyBlock: ImportPost;

  beforeAll(async () => {
    site = await createTestSite(harness.db);
    const owner = await createMember(harness.db, site.id, { role: 'owner' });
    // A draft of the blog already has the slug of an imported post: the imported one gets its
    // own, and `/blog/every-block/` (no page for visitors) is left to the old address.
    await harness.app.services.postWriter.insertPost(
      buildPost(site.id, owner.id, {
        slug: 'every-block',
        title: 'Our own every block',
        status: 'unpublished',
        firstPublishedDate: null,
      }),
    );
    for await (const record of wxrRecords()) {
      if (record.kind === 'post' && record.slug === 'every-block') everyBlock = record;
    }
    dry = await run(wxrRecords(), site, 'wordpress', true);
    afterDryRun = await storedRows(site.id);
    first = await run(wxrRecords(), site, 'wordpress', false);
    second = await run(wxrRecords(), site, 'wordpress', false);
  }, IMPORT_TIMEOUT_MS);

  it('reports in a dry run what it would create, and writes nothing', async () => {
    expect(dry.dryRun).toBe(true);
    expect(dry.counts.post).toEqual({ created: 1005, existing: 0, failed: 0 });
    expect(dry.counts.author).toEqual({ created: 2, existing: 0, failed: 0 });
    expect(dry.counts.category).toEqual({ created: 7, existing: 0, failed: 0 });
    expect(dry.counts.tag).toEqual({ created: 10, existing: 0, failed: 0 });
    expect(dry.counts.comment).toEqual({ created: 95, existing: 0, failed: 0 });
    expect(dry.counts.skipped.created).toBe(9);
    expect(dry.problems['private-as-draft']?.count).toBe(1);
    // The blog's own draft and owner only.
    expect(afterDryRun).toEqual({
      posts: 1,
      members: 1,
      categories: 0,
      tags: 0,
      comments: 0,
      importedRecords: 0,
    });
    expect(first.counts).toEqual(dry.counts);
  });

  it('stores posts by status, pinned ones and a taken slug made unique', async () => {
    expect(first.failures).toEqual([]);
    // 1,002 published; the draft and the private post are drafts, beside the blog's own draft.
    expect(await postsByStatus(site.id)).toEqual({ published: 1002, unpublished: 3, scheduled: 1 });
    const pinned = await harness.db
      .select({ n: count() })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.isPinned, true)));
    expect(pinned[0]!.n).toBe(2);
    const [imported] = await harness.db
      .select({ slug: posts.slug })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.title, everyBlock.title)));
    expect(imported!.slug).toBe('every-block-2');
  });

  it('stores the category hierarchy, the tags and the authors as writers without a password', async () => {
    const all = await harness.db.select().from(categories).where(eq(categories.siteId, site.id));
    const engineering = all.find((c) => c.slug === 'engineering')!;
    expect(
      all
        .filter((c) => c.parentId === engineering.id)
        .map((c) => c.slug)
        .sort(),
    ).toEqual(['backend', 'frontend']);
    expect(await rowsOf(tags, site.id)).toBe(10);
    const writers = await harness.db
      .select({ email: members.email })
      .from(members)
      .where(and(eq(members.siteId, site.id), eq(members.role, 'writer')));
    expect(writers.map((w) => w.email).sort()).toEqual(['admin@example.com', 'ana@example.com']);
    const passwords = await harness.db
      .select({ n: count() })
      .from(memberCredentials)
      .where(eq(memberCredentials.siteId, site.id));
    expect(passwords[0]!.n).toBe(0);
  });

  it('stores comments with their threads and holds the pending ones', async () => {
    const all = await harness.db.select().from(comments).where(eq(comments.siteId, site.id));
    expect(all).toHaveLength(95);
    expect(all.filter((c) => c.status === 'pending')).toHaveLength(9);
    const byId = new Map(all.map((c) => [c.id, c]));
    const replies = all.filter((c) => c.parentId !== null);
    expect(replies.length).toBeGreaterThanOrEqual(40);
    for (const reply of replies) expect(byId.get(reply.parentId!)?.postId).toBe(reply.postId);
    const counted = await harness.db
      .select({ postId: posts.id, n: posts.commentCount })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), isNotNull(posts.commentCount)));
    expect(counted.reduce((sum, p) => sum + p.n, 0)).toBe(86);
  });

  it('reads a converted post back through the reader API', async () => {
    const response = await visit(site, '/api/posts/slug/every-block-2');
    expect(response.statusCode).toBe(200);
    const post = response.json() as { title: string; content: { nodes: { type: string }[] } };
    expect(post.title).toBe(everyBlock.title);
    expect(post.content.nodes.map((n) => n.type)).toEqual(
      everyBlock.document.nodes.map((n) => n.type),
    );
  });

  it('creates nothing twice: a second import finds everything already there', async () => {
    for (const kind of ['author', 'category', 'tag', 'post', 'comment'] as const) {
      expect(second.counts[kind], kind).toEqual({
        created: 0,
        existing: first.counts[kind].created,
        failed: 0,
      });
    }
    expect(await rowsOf(posts, site.id)).toBe(1006);
    expect(await rowsOf(comments, site.id)).toBe(95);
  });

  it('answers an old address with a 301 to the post, at the root and under the blog', async () => {
    const atRoot = await visit(site, '/every-block/');
    expect(atRoot.statusCode).toBe(301);
    expect(atRoot.headers.location).toBe('/blog/every-block-2');
    const underBlog = await visit(site, '/blog/every-block/');
    expect(underBlog.statusCode).toBe(301);
    expect(underBlog.headers.location).toBe('/blog/every-block-2');
    // A path no post had is still a 404; a draft's old path leads nowhere.
    expect((await visit(site, '/no-such-old-post/')).statusCode).toBe(404);
    expect((await visit(site, '/a-private-note/')).statusCode).toBe(404);
  });
});

describe('importing the Ghost fixture', () => {
  let site: TestSite;
  let report: ImportReport;
  let again: ImportReport;
  let ownerId: string;
  let published: ImportPost;

  beforeAll(async () => {
    site = await createTestSite(harness.db);
    // The export's author has the owner's address: the owner is reused, not duplicated.
    ownerId = (
      await createMember(harness.db, site.id, { role: 'owner', email: 'owner@example.com' })
    ).id;
    report = await run(ghostRecords(), site, 'ghost', false);
    again = await run(ghostRecords(), site, 'ghost', false);
    for await (const record of ghostRecords()) {
      if (record.kind === 'post' && record.status === 'published') {
        published = record;
        break;
      }
    }
  }, IMPORT_TIMEOUT_MS);

  it('stores posts by status, featured ones pinned, tags and the primary-tag categories', async () => {
    expect(report.failures).toEqual([]);
    expect(report.counts.post).toEqual({ created: 1004, existing: 0, failed: 0 });
    expect(report.counts.author).toEqual({ created: 0, existing: 1, failed: 0 });
    expect(await postsByStatus(site.id)).toEqual({ published: 1002, unpublished: 1, scheduled: 1 });
    const owned = await harness.db
      .select({ n: count() })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.ownerId, ownerId)));
    expect(owned[0]!.n).toBe(1004);
    expect(await rowsOf(categories, site.id)).toBe(11);
    expect(await rowsOf(tags, site.id)).toBe(1);
  });

  it('creates nothing twice, and answers the old address with a 301', async () => {
    expect(again.counts.post).toEqual({ created: 0, existing: 1004, failed: 0 });
    expect(again.counts.category).toEqual({ created: 0, existing: 11, failed: 0 });
    expect(await rowsOf(posts, site.id)).toBe(1004);
    const old = await visit(site, published.oldPath);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/blog/${published.slug}`);
  });
});

describe('a post that cannot be stored', () => {
  it(
    'is reported with its reason while the others land',
    async () => {
      const site = await createTestSite(harness.db);
      const base = (await wxrRecords()[Symbol.asyncIterator]().next()).value as ImportRecord;
      const records: ImportRecord[] = [base];
      for await (const record of wxrRecords()) {
        if (record.kind === 'post' && records.length < 3) {
          records.push(
            records.length === 1 ? { ...record, createdAt: new Date('not a date') } : record,
          );
        }
      }
      async function* stream() {
        yield* records;
      }
      const report = await run(stream(), site, 'wordpress', false);
      expect(report.counts.post).toEqual({ created: 1, existing: 0, failed: 1 });
      expect(report.failures).toEqual([
        expect.objectContaining({
          kind: 'post',
          sourceId: records[1]!.sourceId,
          reason: expect.not.stringMatching(/^Failed query|^$/),
        }),
      ]);
      expect(await rowsOf(posts, site.id)).toBe(1);
    },
    IMPORT_TIMEOUT_MS,
  );
});

describe('a file that breaks off', () => {
  it('keeps the posts stored before the break, throws the reader’s error, and moves the generation once', async () => {
    const site = await createTestSite(harness.db);
    const stored: ImportRecord[] = [];
    for await (const record of wxrRecords()) {
      if (record.kind === 'author' || (record.kind === 'post' && stored.length < 4))
        stored.push(record);
      if (stored.length === 4) break;
    }
    async function* truncated() {
      yield* stored;
      throw new ImportFormatError('The file ends too early: the file looks truncated');
    }
    const generation = harness.app.services.generations.get(site.id);
    await expect(run(truncated(), site, 'wordpress', false)).rejects.toThrow(/truncated/);
    expect(await rowsOf(posts, site.id)).toBe(2);
    expect(harness.app.services.generations.get(site.id)).toBe(generation + 1);
  });

  it('moves nothing in a dry run', async () => {
    const site = await createTestSite(harness.db);
    const generation = harness.app.services.generations.get(site.id);
    async function* one() {
      for await (const record of wxrRecords()) {
        yield record;
        if (record.kind === 'post') return;
      }
    }
    const report = await run(one(), site, 'wordpress', true);
    expect(report.counts.post.created).toBe(1);
    expect(harness.app.services.generations.get(site.id)).toBe(generation);
  });
});
