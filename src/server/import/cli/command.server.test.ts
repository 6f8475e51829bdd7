/**
 * `npm run import` (issue 21, decision 057 "The command line") run through `runImportCommand` on
 * the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the arguments and files it
 * refuses with their messages and exit code 2, a dry run of a small WXR that writes nothing, the
 * import, and the same file again reported as already there.
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedDatabase } from '../../cache/site-write-guard.server';
import { importedRecords, members, posts } from '../../db/schema.server';
import { writeInkwellArchive } from '../../export/archive/write-archive.server';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../../testing/factories.server';
import { setUpTestApp } from '../../testing/test-app.server';
import { runImportCommand } from './command.server';

const harness = setUpTestApp({ withDataDir: true });

const WXR_FIXTURE = fileURLToPath(
  new URL('../../../../tests/fixtures/import/wordpress-export.xml', import.meta.url),
);

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'inkwell-import-cli-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A file in this test file's own folder. */
function fileWith(name: string, content: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, content);
  return file;
}

/** Runs the command on the test database, capturing what it prints. */
async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  let opened = 0;
  const code = await runImportCommand(argv, {
    stdout: { write: (text) => out.push(text), isTTY: false },
    stderr: { write: (text) => err.push(text), isTTY: false },
    openDatabase: async () => {
      opened += 1;
      // The guard refuses a write that is not a site write, as the app's tests do.
      return {
        db: guardedDatabase(harness.db),
        where: 'the test database',
        dataDir: harness.dataDir,
        close: async () => {},
      };
    },
    progressEvery: 1,
  });
  return { code, stdout: out.join(''), stderr: err.join(''), opened };
}

/** A small WXR 1.2 file: one author and `count` published posts. */
function smallWxr(
  postCount: number,
  content = (id: number) => `<!-- wp:paragraph --><p>Body of post ${id}</p><!-- /wp:paragraph -->`,
): string {
  const items = Array.from({ length: postCount }, (_, i) => {
    const id = i + 1;
    return `<item><title>Post ${id}</title><link>http://old.example/post-${id}/</link><dc:creator>admin</dc:creator>
<content:encoded><![CDATA[${content(id)}]]></content:encoded>
<wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2026-01-0${id} 10:00:00</wp:post_date_gmt>
<wp:post_name>post-${id}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><wp:wxr_version>1.2</wp:wxr_version>
<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[admin]]></wp:author_login><wp:author_email>admin@old.example</wp:author_email><wp:author_display_name><![CDATA[The Admin]]></wp:author_display_name></wp:author>
${items.join('\n')}
</channel></rss>`;
}

async function rowsOf(
  table: typeof posts | typeof members | typeof importedRecords,
  siteId: string,
) {
  const [row] = await harness.db.select({ n: count() }).from(table).where(eq(table.siteId, siteId));
  return row!.n;
}

/** The report's row for a kind: its three counts. */
function countsRow(stdout: string, label: string): number[] | undefined {
  const line = stdout.split('\n').find((l) => l.trim().startsWith(`${label} `));
  return line?.trim().split(/\s+/).slice(1).map(Number);
}

describe('npm run import: what it refuses', () => {
  it('asks for a file when none is named, without opening the database', async () => {
    const result = await run(['--dry-run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Name the export file to import\.\n\nUsage: npm run import/);
    expect(result.opened).toBe(0);
  });

  it('names a file that is not there', async () => {
    const missing = path.join(folder, 'missing.xml');
    const result = await run([missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`No file at ${missing}.\n`);
  });

  it('refuses an unknown option and shows the usage', async () => {
    const result = await run([fileWith('a.xml', smallWxr(1)), '--force']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown option '--force'/);
    expect(result.stderr).toContain('Usage: npm run import -- FILE');
    expect(result.opened).toBe(0);
  });

  it('refuses an --old-url that is not a web address', async () => {
    const result = await run([fileWith('b.json', '{}'), '--old-url', 'old.example']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^--old-url must be an http or https address/);
  });

  it('says what a file that is neither format looks like', async () => {
    const text = fileWith('notes.txt', 'hello, this is a note\nsecond line');
    const html = fileWith('page.xml', '<!DOCTYPE html><html><body>Hi</body></html>');
    const zip = fileWith('export.zip', 'PK\u0003\u0004rest');
    expect(await run([text])).toMatchObject({
      code: 2,
      stderr: `${text} is neither a WordPress export (WXR) nor a Ghost export (JSON): it looks like text starting with "hello, this is a note".\n`,
      opened: 0,
    });
    expect((await run([html])).stderr).toMatch(/it looks like an HTML page\.\n$/);
    expect(await run([zip])).toMatchObject({ code: 2, opened: 0 });
    expect((await run([zip])).stderr).toMatch(/is not a readable zip archive/);
  });

  it('names a site that is not in the database', async () => {
    const result = await run([fileWith('c.xml', smallWxr(1)), '--site', 'nowhere.test']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('No site with the host or id "nowhere.test".\n');
  });

  it("passes on the reader's message for a truncated file, and stores nothing", async () => {
    const site = await createTestSite(harness.db);
    const whole = smallWxr(2);
    const file = fileWith('truncated.xml', whole.slice(0, whole.indexOf('Body of post 1')));
    const result = await run([file, '--site', site.host]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/the file looks truncated.*\nNothing was imported\.\n$/s);
    expect(await rowsOf(posts, site.id)).toBe(0);
  });
});

describe('npm run import: a file that breaks off after some posts', () => {
  it('keeps the posts stored before the break and says so', async () => {
    const site = await createTestSite(harness.db);
    const whole = smallWxr(3);
    const file = fileWith('broken-off.xml', whole.slice(0, whole.indexOf('Body of post 3')));
    const result = await run([file, '--site', site.host]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /the file looks truncated.*\n2 posts were stored before the break, each whole; importing the whole file again adds the rest without duplicates\.\n$/s,
    );
    expect(await rowsOf(posts, site.id)).toBe(2);
  });
});

describe('npm run import: a small WordPress export', () => {
  let site: TestSite;
  let file: string;
  beforeAll(async () => {
    site = await createTestSite(harness.db);
    file = fileWith('small.xml', smallWxr(3));
  });

  it('reports in a dry run what it would create and writes nothing; then imports; then finds it all there', async () => {
    const dry = await run([file, '--dry-run', '--site', site.host]);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      `Dry run of ${file} (WordPress export (WXR), 0.0 MB) into ${site.host}`,
    );
    // Progress every post (progressEvery: 1) on a non-terminal: plain lines.
    expect(dry.stdout).toContain('4 records read, 3 posts checked, 0 failed\n');
    expect(countsRow(dry.stdout, 'posts')).toEqual([3, 0, 0]);
    expect(countsRow(dry.stdout, 'authors')).toEqual([1, 0, 0]);
    expect(dry.stdout).toContain('Next: run the same command without --dry-run to import.');
    expect(await rowsOf(posts, site.id)).toBe(0);
    expect(await rowsOf(importedRecords, site.id)).toBe(0);

    const first = await run([file, '--site', site.id]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('3 posts stored');
    expect(countsRow(first.stdout, 'posts')).toEqual([3, 0, 0]);
    expect(await rowsOf(posts, site.id)).toBe(3);
    expect(await rowsOf(members, site.id)).toBe(1);

    const second = await run([file, '--site', site.host]);
    expect(second.code).toBe(0);
    expect(countsRow(second.stdout, 'posts')).toEqual([0, 3, 0]);
    expect(countsRow(second.stdout, 'authors')).toEqual([0, 1, 0]);
    expect(await rowsOf(posts, site.id)).toBe(3);
  }, 60_000);
});

describe('npm run import: media', () => {
  it('takes images from --media, fetches none with --no-fetch-media, and counts them', async () => {
    const site = await createTestSite(harness.db);
    const uploads = path.join(folder, 'uploads');
    mkdirSync(path.join(uploads, '2024', '03'), { recursive: true });
    const png = await sharp({
      create: { width: 20, height: 10, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    writeFileSync(path.join(uploads, '2024', '03', 'a.png'), png);
    const image = (name: string) =>
      `<!-- wp:image --><figure class="wp-block-image"><img src="https://gone.example/wp-content/uploads/2024/03/${name}" alt=""/></figure><!-- /wp:image -->`;
    const file = fileWith(
      'images.xml',
      smallWxr(1, () => image('a.png') + image('b.png')),
    );
    const result = await run([file, '--site', site.host, '--media', uploads, '--no-fetch-media']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'Images: 0 fetched, 1 taken from the uploads folder or zip, 0 already there, 1 missing',
    );
    expect(result.stdout).toMatch(/\n {2}media-missing × 1: .*b\.png/);
    const again = await run([file, '--site', site.host, '--media', uploads, '--no-fetch-media']);
    expect(countsRow(again.stdout, 'posts')).toEqual([0, 1, 0]);
  }, 60_000);

  it('refuses a --media path that is not there, before opening the database', async () => {
    const result = await run([
      fileWith('d.xml', smallWxr(1)),
      '--media',
      path.join(folder, 'no-such-uploads'),
    ]);
    expect(result).toMatchObject({ code: 2, opened: 0 });
    expect(result.stderr).toMatch(/^--media: no folder or zip at /);
  });
});

describe('npm run import: the WordPress fixture', () => {
  // The suite's bound (120 s), not a shorter one: the dry run reads 1,005 posts in 5–9 s on a
  // quiet machine and took 35–70 s on one loaded by other work.
  it('runs dry with the real export and reports its counts and problems', async () => {
    const site = await createTestSite(harness.db);
    const result = await run([WXR_FIXTURE, '--dry-run', '--site', site.host]);
    expect(result.code).toBe(0);
    expect(countsRow(result.stdout, 'posts')).toEqual([1005, 0, 0]);
    expect(countsRow(result.stdout, 'comments')).toEqual([95, 0, 0]);
    expect(result.stdout).toMatch(/\n {2}private-as-draft × 1: /);
    expect(await rowsOf(posts, site.id)).toBe(0);
  });
});

describe('npm run import: an Inkwell archive', () => {
  it('checks it with --dry-run, imports it, and refuses it once the site has posts', async () => {
    const source = await createTestSite(harness.db);
    const writer = await createMember(harness.db, source.id, { slug: 'writer' });
    await harness.app.services.postWriter.insertPost(
      buildPost(source.id, writer.id, { title: 'Moved', slug: 'moved' }),
    );
    const file = path.join(folder, 'blog.zip');
    const out = createWriteStream(file);
    await writeInkwellArchive(harness.db, source.id, out, { dataDir: folder });
    await finished(out);
    const target = await createTestSite(harness.db);
    const postsOf = async () =>
      (await harness.db.select({ n: count() }).from(posts).where(eq(posts.siteId, target.id)))[0]!
        .n;

    const dry = await run([file, '--site', target.host, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('(Inkwell archive,');
    expect(dry.stdout).toMatch(/Dry run: nothing was written\.\n/);
    expect(dry.stdout).toMatch(/\n {2}posts +1 +0\n/);
    expect(await postsOf()).toBe(0);

    const real = await run([file, '--site', target.host]);
    expect(real.code).toBe(0);
    expect(real.stdout).toMatch(/Import finished\.\n/);
    expect(await postsOf()).toBe(1);

    const again = await run([file, '--site', target.host]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already has 1 post: an Inkwell archive moves a whole blog/);
  });
});
