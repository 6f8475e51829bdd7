/**
 * The dashboard's Import and export through HTTP (issue 21), on PGlite and PostgreSQL: an owner
 * uploads the WordPress fixture, its dry run reports what would be created and writes nothing,
 * the import stores it with its progress reaching 100 and lists the authors to claim, a claim
 * link is issued, the same file again creates nothing; a PNG is refused with what it looks like,
 * a second import while one runs is a 409, editors are refused; an export is downloaded and
 * read back by `readWxr`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportJobView, ImportJobView } from '../../domain/import-export';
import { passwordResetTokens, posts } from '../db/schema.server';
import { openInkwellArchive } from '../import/archive/open-archive.server';
import { transfersDir } from '../import/jobs/transfer-files.server';
import { createTransfers } from '../import/jobs/transfers.server';
import type { ImportRecord } from '../import/records';
import { readWxr } from '../import/wordpress/read-wxr';
import { CLAIM_LINK_TTL_MS } from '../services/accounts/context.server';
import { createMemberWithPassword } from '../testing/auth.server';
import { createMember, createTestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true, withDataDir: true });

const FIXTURE = path.resolve('tests/fixtures/import/wordpress-export.xml');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = '----inkwell-import-test';
/**
 * A bound, not a wait: two imports of 1,005 posts take a minute on a quiet machine and several on
 * one shared with other work (as import-records.server.test.ts allows).
 */
const IMPORT_TIMEOUT_MS = 600_000;

let owner: string;
let editor: string;

beforeAll(async () => {
  owner = (await createMember(harness.db, harness.site.id, { role: 'owner' })).id;
  editor = (await createMember(harness.db, harness.site.id, { role: 'editor' })).id;
});

function headersOf(member: string | null, host = harness.site.host): Record<string, string> {
  const headers: Record<string, string> = { host };
  if (member) headers[TEST_MEMBER_HEADER] = member;
  return headers;
}

function multipartBody(fileName: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

function upload(member: string | null, fileName: string, bytes: Buffer, host?: string) {
  return harness.app.inject({
    method: 'POST',
    url: '/api/dashboard/import/jobs',
    headers: {
      ...headersOf(member, host),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: multipartBody(fileName, bytes),
  });
}

function call(member: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return harness.app.inject({
    method,
    url,
    headers: headersOf(member),
    ...(payload ? { payload } : {}),
  });
}

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; fields?: Record<string, string> } }).error;

/** The job once it settles (the jobs run in the app's process). */
async function settledImport(id: string): Promise<ImportJobView> {
  await harness.app.services.transfers.settle();
  const response = await call(owner, 'GET', `/api/dashboard/import/jobs/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ImportJobView;
}

async function postCount(): Promise<number> {
  const [row] = await harness.db
    .select({ n: count() })
    .from(posts)
    .where(and(eq(posts.siteId, harness.site.id)));
  return row!.n;
}

describe('importing the WordPress fixture from the dashboard', () => {
  const fixture = readFileSync(FIXTURE);
  let dryRun: ImportJobView;
  let imported: ImportJobView;
  let parallel: { statusCode: number; code: string };
  let midway: ImportJobView;

  beforeAll(async () => {
    const started = await upload(owner, 'wordpress-export.xml', fixture);
    expect(started.statusCode).toBe(202);
    const job = started.json() as ImportJobView;
    expect(job).toMatchObject({ phase: 'dry-run', source: 'wordpress', size: fixture.length });
    // The dry run is under way: a second upload waits its turn.
    const second = await upload(owner, 'wordpress-export.xml', fixture);
    parallel = { statusCode: second.statusCode, code: errorOf(second).code };
    dryRun = await settledImport(job.id);

    const importing = await call(owner, 'POST', `/api/dashboard/import/jobs/${job.id}/import`);
    expect(importing.statusCode).toBe(202);
    midway = (await call(owner, 'GET', `/api/dashboard/import/jobs/${job.id}`)).json();
    imported = await settledImport(job.id);
  }, IMPORT_TIMEOUT_MS);

  it('reports in a dry run what would be created, and writes nothing', () => {
    expect(dryRun.state).toBe('done');
    expect(dryRun.progress.percent).toBe(100);
    expect(dryRun.dryRunReport?.dryRun).toBe(true);
    expect(dryRun.dryRunReport?.counts.post).toEqual({ created: 1005, existing: 0, failed: 0 });
    expect(dryRun.dryRunReport?.counts.author).toEqual({ created: 2, existing: 0, failed: 0 });
    expect(dryRun.dryRunReport?.counts.comment.created).toBe(95);
    const problem = dryRun.dryRunReport?.problems['private-as-draft'];
    expect(problem?.count).toBe(1);
    expect(problem?.message).not.toBe('');
    expect(dryRun.report).toBeNull();
  });

  it('refuses a second import while one runs', () => {
    expect(parallel).toEqual({ statusCode: 409, code: 'import_running' });
  });

  it('imports the same file, with its progress, and reports the authors to claim', async () => {
    expect(midway.phase).toBe('import');
    expect(['queued', 'running', 'done']).toContain(midway.state);
    expect(imported.state).toBe('done');
    expect(imported.progress.percent).toBe(100);
    expect(imported.progress.bytes).toBe(fixture.length);
    expect(imported.progress.posts).toBe(1005);
    expect(imported.report?.dryRun).toBe(false);
    expect(imported.report?.counts.post).toEqual({ created: 1005, existing: 0, failed: 0 });
    expect(await postCount()).toBe(1005);
    expect(imported.unclaimedAuthors).toHaveLength(2);
    expect(imported.unclaimedAuthors.every((a) => a.email.includes('@'))).toBe(true);
    // The file is gone once imported.
    expect(await readdir(transfersDir(harness.dataDir))).toEqual([]);
  });

  it('issues a one-time claim link for an imported author, never for a member with a password', async () => {
    const author = imported.unclaimedAuthors[0]!;
    const link = await call(owner, 'POST', `/api/dashboard/import/claim-links/${author.memberId}`);
    expect(link.statusCode).toBe(201);
    expect((link.json() as { url: string }).url).toMatch(/[?&]token=/);
    // The owner sends it on; the author may open it days later (a reset's link lasts an hour).
    const [token] = await harness.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.memberId, author.memberId));
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(CLAIM_LINK_TTL_MS);
    const refused = await call(
      editor,
      'POST',
      `/api/dashboard/import/claim-links/${author.memberId}`,
    );
    expect(refused.statusCode).toBe(403);
    const claimed = await createMemberWithPassword(harness.db, harness.site.id);
    const again = await call(owner, 'POST', `/api/dashboard/import/claim-links/${claimed.id}`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('member_has_password');
  });

  it('creates nothing the second time the same file is imported', {
    timeout: IMPORT_TIMEOUT_MS,
  }, async () => {
    const started = await upload(owner, 'wordpress-export.xml', fixture);
    expect(started.statusCode).toBe(202);
    const { id } = started.json() as ImportJobView;
    const dry = await settledImport(id);
    expect(dry.dryRunReport?.counts.post).toEqual({ created: 0, existing: 1005, failed: 0 });
    expect((await call(owner, 'POST', `/api/dashboard/import/jobs/${id}/import`)).statusCode).toBe(
      202,
    );
    const again = await settledImport(id);
    expect(again.report?.counts.post).toEqual({ created: 0, existing: 1005, failed: 0 });
    expect(again.report?.counts.comment.created).toBe(0);
    expect(await postCount()).toBe(1005);
    // Imported once: the same job does not import again.
    const twice = await call(owner, 'POST', `/api/dashboard/import/jobs/${id}/import`);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('import_not_ready');
  });

  it('exports the blog as WXR with progress, downloaded once, that readWxr reads back', {
    timeout: IMPORT_TIMEOUT_MS,
  }, async () => {
    const started = await call(owner, 'POST', '/api/dashboard/export/jobs', { format: 'wxr' });
    expect(started.statusCode).toBe(202);
    const { id } = started.json() as ExportJobView;
    await harness.app.services.transfers.settle();
    const job = (await call(owner, 'GET', `/api/dashboard/export/jobs/${id}`)).json();
    expect(job).toMatchObject({ state: 'done', progress: { percent: 100, posts: 1005 } });
    expect((job as ExportJobView).fileName).toMatch(/-wordpress-\d{4}-\d\d-\d\d\.xml$/);

    const download = await call(owner, 'GET', `/api/dashboard/export/jobs/${id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xml"$/);
    const kinds: Record<string, number> = {};
    for await (const record of readWxr(
      Readable.from([download.rawPayload]),
    ) as AsyncIterable<ImportRecord>) {
      kinds[record.kind] = (kinds[record.kind] ?? 0) + 1;
    }
    expect(kinds.post).toBe(1005);
    expect(kinds.comment).toBe(95);
    const gone = await call(owner, 'GET', `/api/dashboard/export/jobs/${id}/download`);
    expect(gone.statusCode).toBe(404);
  });

  it('exports the whole blog as an Inkwell archive that opens with its manifest', {
    timeout: IMPORT_TIMEOUT_MS,
  }, async () => {
    const started = await call(owner, 'POST', '/api/dashboard/export/jobs', { format: 'inkwell' });
    expect(started.statusCode).toBe(202);
    const { id } = started.json() as ExportJobView;
    await harness.app.services.transfers.settle();
    const job = (await call(owner, 'GET', `/api/dashboard/export/jobs/${id}`)).json();
    expect(job).toMatchObject({ state: 'done', progress: { percent: 100, posts: 1005 } });
    expect((job as ExportJobView).fileName).toMatch(/-inkwell-\d{4}-\d\d-\d\d\.zip$/);

    const download = await call(owner, 'GET', `/api/dashboard/export/jobs/${id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'inkwell-archive-')), 'blog.zip');
    writeFileSync(file, download.rawPayload);
    const archive = await openInkwellArchive(file);
    try {
      expect(archive.manifest.format).toBe('inkwell-archive');
      expect(archive.manifest.counts.posts).toBe(1005);
      expect(archive.manifest.counts.comments).toBe(95);
    } finally {
      archive.close();
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});

describe('refusals', () => {
  // A site of their own: whatever the import above left running there, these are not a 409.
  let host: string;
  let siteOwner: string;
  beforeAll(async () => {
    const site = await createTestSite(harness.db);
    host = site.host;
    siteOwner = (await createMember(harness.db, site.id, { role: 'owner' })).id;
  });

  it('refuses a file that is not an export with what it looks like, and keeps nothing', async () => {
    const before: string[] = await readdir(transfersDir(harness.dataDir)).catch(() => []);
    const response = await upload(siteOwner, 'photo.png', PNG, host);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('import_file_unrecognised');
    expect(error.fields?.file).toMatch(/binary/);
    // Nothing new kept (an earlier download's file may go meanwhile).
    const after = await readdir(transfersDir(harness.dataDir));
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
  });

  it('refuses editors and visitors', async () => {
    const response = await upload(editor, 'wordpress-export.xml', Buffer.from('<rss></rss>'));
    expect(response.statusCode).toBe(403);
    expect((await call(editor, 'POST', '/api/dashboard/export/jobs', {})).statusCode).toBe(403);
    expect((await upload(null, 'x.xml', Buffer.from('<rss></rss>'))).statusCode).toBe(401);
  });

  it('names the field of a bad request', async () => {
    const format = await call(owner, 'POST', '/api/dashboard/export/jobs', { format: 'zip' });
    expect(format.statusCode).toBe(400);
    expect(errorOf(format).fields).toHaveProperty('format');
    const id = await call(owner, 'GET', '/api/dashboard/import/jobs/not-an-id');
    expect(id.statusCode).toBe(400);
    expect(errorOf(id).fields).toHaveProperty('id');
    const json = await call(owner, 'POST', '/api/dashboard/import/jobs', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(errorOf(json).fields).toHaveProperty('file');
  });
});

describe('files nobody came back for', () => {
  it('go an hour after their job ended, with the job', async () => {
    let clock = Date.now();
    const transfers = createTransfers({
      db: harness.db,
      generations: harness.app.services.generations,
      dataDir: harness.dataDir,
      now: () => clock,
      sweepEveryMs: 0,
    });
    const actor = { memberId: owner, role: 'owner', isBlocked: false, privacy: 'PUBLIC' } as const;
    const site = harness.site;
    const job = await transfers.startExport(actor, site, 'wxr');
    await transfers.settle();
    expect(transfers.exportJob(actor, site, job.id).state).toBe('done');
    const before = await readdir(transfersDir(harness.dataDir));
    expect(before).toContain(`export-${job.id}.xml`);
    clock += 59 * 60 * 1000;
    await transfers.sweep();
    expect(transfers.exportJob(actor, site, job.id).state).toBe('done');
    clock += 2 * 60 * 1000;
    await transfers.sweep();
    expect(() => transfers.exportJob(actor, site, job.id)).toThrow(/No such export/);
    expect(await readdir(transfersDir(harness.dataDir))).not.toContain(`export-${job.id}.xml`);
    await transfers.close();
  });
});
