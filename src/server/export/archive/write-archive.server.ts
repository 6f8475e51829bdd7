/**
 * `writeInkwellArchive`: a whole blog as an Inkwell archive (issue 21 "Export", decision 057 "The
 * Inkwell archive"): a zip, written as a stream, of one JSON-lines file per kind of record
 * (`archive-format.server.ts`), the site's settings (`site.json`), the originals of its media
 * files under `media/<id>/`, and `manifest.json` last, with the counts of what was written.
 *
 * Rows are read in keyset pages of {@link ARCHIVE_PAGE_SIZE} by primary key and written as they
 * are read, waiting whenever the output asks to: a blog of any size is never held in memory.
 * The reads are not one snapshot: a comment written during the export may name a post that was
 * read before it existed; the import skips such a comment and says so.
 */
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, type Column, eq, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/connection.server';
import { media, posts, sites } from '../../db/schema.server';
import { mediaDir } from '../../media/storage.server';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_KIND_SPECS,
  ARCHIVE_KINDS,
  ARCHIVE_VERSION,
  type ArchiveCounts,
  type ArchiveKind,
  MANIFEST_FILE,
  type Manifest,
  MEDIA_FOLDER,
  MEDIA_ORIGINAL_FILE,
  SITE_LEFT_OUT,
  SITE_SETTINGS_FILE,
} from './archive-format.server';
import { archivedColumns, recordOf } from './archive-records.server';

/** How many rows one query reads. */
export const ARCHIVE_PAGE_SIZE = 200;

/** What the export has written so far: records of a kind, or media files. */
export interface ArchiveProgress {
  kind: ArchiveKind | 'mediaFiles';
  count: number;
}

export interface WriteArchiveOptions {
  /** The data folder the site's media files are under (`${dataDir}/media/<site>/<id>/`). */
  dataDir: string;
  /** Called after each page of rows and each media file, with the kind's count so far. */
  onProgress?: (progress: ArchiveProgress) => void;
  /** The moment written as `exportedAt` and as every entry's date; now when omitted. */
  now?: Date;
}

/** What an archive holds, and the media rows whose original file was not on disk. */
export interface ArchiveSummary {
  counts: ArchiveCounts;
  missingMediaFiles: string[];
}

/** The primary key of each kind after `site_id`, by property name: the keyset order. */
const KEYSET: Record<ArchiveKind, readonly string[]> = {
  members: ['id'],
  categories: ['id'],
  tags: ['id'],
  posts: ['id'],
  postRevisions: ['postId', 'number'],
  comments: ['id'],
  pollVotes: ['postId', 'pollId', 'voterKey', 'optionId'],
  media: ['id'],
  widgetSettings: ['widget', 'device', 'state'],
};

/** At most this many missing media files are named in the summary. */
const MISSING_NAMED_MAX = 20;

/** How many posts the archive of the site holds (every status): a progress bar's total. */
export async function countArchivedPosts(db: Database, siteId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(posts)
    .where(eq(posts.siteId, siteId));
  return row?.count ?? 0;
}

/**
 * Writes the site's blog to `out` as an Inkwell archive and ends `out`; resolves once the whole
 * zip is written, with what it holds. Throws (and stops writing) when the site does not exist,
 * the database fails or `out` fails; what was written is then not a valid archive.
 */
export async function writeInkwellArchive(
  db: Database,
  siteId: string,
  out: Writable,
  options: WriteArchiveOptions,
): Promise<ArchiveSummary> {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!site) throw new Error(`No site with the id ${siteId}.`);
  const now = options.now ?? new Date();
  const zip = new ZipFile();
  let failed: (error: unknown) => void = () => {};
  const zipFailed = new Promise<never>((_, reject) => {
    failed = reject;
  });
  zipFailed.catch(() => {}); // Raced below; never unhandled.
  zip.on('error', failed);
  const written = pipeline(zip.outputStream, out);
  written.catch(failed);
  const entryOptions = { mtime: now };
  try {
    const settings = recordOf(archivedColumns(sites, SITE_LEFT_OUT), site);
    zip.addBuffer(Buffer.from(`${JSON.stringify(settings)}\n`), SITE_SETTINGS_FILE, entryOptions);
    const counts = { mediaFiles: 0 } as ArchiveCounts;
    for (const kind of ARCHIVE_KINDS) {
      const entry = new PassThrough();
      zip.addReadStream(entry, ARCHIVE_KIND_SPECS[kind].file, entryOptions);
      counts[kind] = 0;
      const spec = ARCHIVE_KIND_SPECS[kind];
      const columns = archivedColumns(spec.table, spec.leftOut);
      for await (const page of pagesOf(db, spec.table, KEYSET[kind], siteId)) {
        for (const row of page) {
          const line = `${JSON.stringify(recordOf(columns, row))}\n`;
          if (!entry.write(line)) await Promise.race([once(entry, 'drain'), zipFailed]);
        }
        counts[kind] += page.length;
        options.onProgress?.({ kind, count: counts[kind] });
      }
      entry.end();
    }
    const missingMediaFiles = await addMediaFiles(db, zip, siteId, options, counts);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exportedAt: now.toISOString(),
      site: { id: site.id, host: site.host, name: site.name },
      counts,
    };
    zip.addBuffer(
      Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
      MANIFEST_FILE,
      entryOptions,
    );
    zip.end();
    await Promise.race([written, zipFailed]);
    return { counts, missingMediaFiles: missingMediaFiles.slice(0, MISSING_NAMED_MAX) };
  } catch (error) {
    zip.outputStream.unpipe(out);
    out.destroy();
    throw error;
  }
}

/** The site's rows of `table` in pages, ordered by `keys` (a keyset: never an offset). */
async function* pagesOf(
  db: Database,
  table: Table,
  keys: readonly string[],
  siteId: string,
): AsyncGenerator<Record<string, unknown>[]> {
  const columns: Record<string, Column> = getTableColumns(table);
  const siteColumn = columns.siteId!;
  const keyColumns = keys.map((key) => columns[key]!);
  let after: unknown[] | null = null;
  for (;;) {
    const where: SQL | undefined =
      after === null
        ? eq(siteColumn, siteId)
        : and(
            eq(siteColumn, siteId),
            sql`(${sql.join(keyColumns, sql`, `)}) > (${sql.join(
              after.map((value, index) => sql`${value}::${sql.raw(sqlTypeOf(keyColumns[index]!))}`),
              sql`, `,
            )})`,
          );
    const page = (await db
      .select()
      .from(table)
      .where(where)
      .orderBy(...keyColumns.map((column) => asc(column)))
      .limit(ARCHIVE_PAGE_SIZE)) as Record<string, unknown>[];
    if (page.length === 0) return;
    yield page;
    if (page.length < ARCHIVE_PAGE_SIZE) return;
    const last = page[page.length - 1]!;
    after = keys.map((key) => last[key]);
  }
}

/** The SQL type a keyset value is cast to (the keys are uuids, text and integers). */
function sqlTypeOf(column: Column): string {
  if (column.columnType === 'PgUUID') return 'uuid';
  if (column.columnType === 'PgInteger') return 'integer';
  return 'text';
}

/**
 * Queues the originals of the site's media (`original.*` in each item's folder; the resized
 * widths are made again on request) as `media/<id>/<file>`, read from disk only when the zip
 * gets to them. Returns the ids of media rows whose folder has no original.
 */
async function addMediaFiles(
  db: Database,
  zip: ZipFile,
  siteId: string,
  options: WriteArchiveOptions,
  counts: ArchiveCounts,
): Promise<string[]> {
  const missing: string[] = [];
  for await (const page of pagesOf(db, media, ['id'], siteId)) {
    for (const row of page) {
      const id = row.id as string;
      const folder = mediaDir(options.dataDir, siteId, id);
      const files = (await readdir(folder).catch(() => [] as string[]))
        .filter((file) => MEDIA_ORIGINAL_FILE.test(file))
        .sort();
      if (files.length === 0) missing.push(id);
      for (const file of files) {
        zip.addReadStreamLazy(
          `${MEDIA_FOLDER}/${id}/${file}`,
          // Images are webp, videos mp4: compressing them again gains nothing.
          { compress: false, mtime: options.now ?? new Date() },
          (ready) => ready(null, createReadStream(path.join(folder, file))),
        );
        counts.mediaFiles += 1;
        options.onProgress?.({ kind: 'mediaFiles', count: counts.mediaFiles });
      }
    }
  }
  return missing;
}
