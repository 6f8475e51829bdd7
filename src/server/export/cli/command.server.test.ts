/**
 * `npm run export` (issue 21, decision 057 "Export to WordPress (WXR)") run through
 * `runExportCommand` on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): what it
 * refuses with exit code 2, and a site written to a file that our importer reads back.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteGenerations } from '../../cache/generations.server';
import { importInkwellArchive } from '../../import/archive/import-archive.server';
import type { ImportRecord } from '../../import/records';
import { readWxr } from '../../import/wordpress/read-wxr';
import { buildPost, createMember, createTestSite } from '../../testing/factories.server';
import { setUpTestApp } from '../../testing/test-app.server';
import { runExportCommand } from './command.server';

const harness = setUpTestApp();

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'inkwell-export-cli-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the command on the test database, capturing what it prints. */
async function run(argv: string[]) {
  const stdout = new PassThrough();
  const out: string[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
  const err: string[] = [];
  let opened = 0;
  const code = await runExportCommand(argv, {
    stdout,
    stderr: { write: (text: string) => err.push(text) },
    openDatabase: async () => {
      opened += 1;
      return {
        db: harness.db,
        where: 'the test database',
        close: async () => {},
        dataDir: folder,
      };
    },
  });
  return { code, stdout: out.join(''), stderr: err.join(''), opened };
}

async function recordsOf(xml: string): Promise<ImportRecord[]> {
  const records: ImportRecord[] = [];
  for await (const record of readWxr(Readable.from([xml]))) records.push(record);
  return records;
}

describe('npm run export: what it refuses', () => {
  it('asks for the format, without opening the database', async () => {
    const result = await run([]);
    expect(result).toMatchObject({ code: 2, opened: 0 });
    expect(result.stderr).toMatch(
      /^Name the format with --format wxr or inkwell\.\n\nUsage: npm run export/,
    );
  });

  it('refuses a format it does not write, and an unknown option', async () => {
    expect(await run(['--format', 'ghost'])).toMatchObject({
      code: 2,
      stderr: '--format must be one of wxr, inkwell (got "ghost").\n',
      opened: 0,
    });
    const unknown = await run(['--format', 'wxr', '--force']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown option '--force'/);
  });

  it('names a site that is not in the database, and writes no file', async () => {
    const file = path.join(folder, 'none.xml');
    const result = await run(['--format', 'wxr', '--site', 'nowhere.test', '--out', file]);
    expect(result).toMatchObject({
      code: 2,
      stderr: 'No site with the host or id "nowhere.test".\n',
    });
    expect(existsSync(file)).toBe(false);
  });
});

describe('npm run export: a site', () => {
  it('writes the site named by host to --out and says what it holds', async () => {
    const site = await createTestSite(harness.db);
    const writer = await createMember(harness.db, site.id, { slug: 'writer' });
    await harness.app.services.postWriter.insertPost(
      buildPost(site.id, writer.id, { title: 'Exported by the command', slug: 'by-command' }),
    );
    const file = path.join(folder, 'site.xml');
    const result = await run(['--format', 'wxr', '--site', site.host, '--out', file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Exported ${site.host} (${site.id}) from the test database as WXR to ${file}: 1 posts, 0 comments, 0 categories, 0 tags, 1 authors, 0 images.\n`,
    );
    const posts = (await recordsOf(readFileSync(file, 'utf8'))).filter((r) => r.kind === 'post');
    expect(posts.map((p) => [p.title, p.slug])).toEqual([
      ['Exported by the command', 'by-command'],
    ]);
  });

  it('writes to standard output without --out, the site named by id', async () => {
    const site = await createTestSite(harness.db);
    const writer = await createMember(harness.db, site.id, { slug: 'writer' });
    await harness.app.services.postWriter.insertPost(
      buildPost(site.id, writer.id, { title: 'On standard output' }),
    );
    const result = await run(['--format', 'wxr', '--site', site.id]);
    expect(result.code).toBe(0);
    const posts = (await recordsOf(result.stdout)).filter((r) => r.kind === 'post');
    expect(posts.map((p) => p.title)).toEqual(['On standard output']);
  });

  it('writes an Inkwell archive to --out that imports back into a new site', async () => {
    expect(await run(['--format', 'inkwell'])).toMatchObject({
      code: 2,
      stderr: '--format inkwell writes a zip: name it with --out FILE.zip.\n',
      opened: 0,
    });
    const site = await createTestSite(harness.db);
    const writer = await createMember(harness.db, site.id, { slug: 'writer' });
    await harness.app.services.postWriter.insertPost(
      buildPost(site.id, writer.id, { title: 'In the archive', slug: 'in-the-archive' }),
    );
    const file = path.join(folder, 'site.zip');
    const result = await run(['--format', 'inkwell', '--site', site.host, '--out', file]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `Exported ${site.host} (${site.id}) from the test database as an Inkwell archive to ${file}: 1 posts, 0 revisions, 0 comments, 0 categories, 0 tags, 1 members, 0 media (0 files).\n`,
    );
    const target = await createTestSite(harness.db);
    const report = await importInkwellArchive(
      file,
      { siteId: target.id },
      { db: harness.db, generations: new SiteGenerations(), dataDir: folder },
    );
    expect(report.counts.posts.created).toBe(1);
    expect(report.counts.members.created).toBe(1);
  });
});
