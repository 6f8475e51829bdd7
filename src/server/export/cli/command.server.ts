/**
 * `npm run export -- --format wxr|inkwell [--site <host or id>] [--out FILE]` (issue 21 "Export",
 * decision 057 "Export to WordPress (WXR)", "The Inkwell archive"): writes a site's blog as a file
 * WordPress imports, or as an Inkwell archive (a zip that `npm run import` reads back whole).
 * `runExportCommand` is the whole command with its input and output passed in (tests run it on
 * their own database); `cli.server.ts` only wires the process, as the import command does.
 * Without --out the file goes to standard output and the messages to standard error.
 * Exit codes: 0 written, 2 the command was refused (nothing written).
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { findNamedSite, RefusedError } from '../../cli/named-site.server';
import type { Database } from '../../db/connection.server';
import { writeInkwellArchive } from '../archive/write-archive.server';
import { writeWxr } from '../wxr.server';

export const EXPORT_USAGE = `Usage: npm run export -- --format wxr|inkwell [--site <host or id>] [--out FILE]

  --format wxr        a WordPress export (Tools: Import, "WordPress"), to leave for WordPress
  --format inkwell    an Inkwell archive (.zip): the whole blog with its media and settings,
                      which "npm run import -- FILE.zip" brings back into a site without posts
  --site <host|id>    the site to export (default: the default site)
  --out FILE          where to write it (default: standard output)
  --help              show this help

The database is the server's (DATA_DIR, or DATABASE_URL for PostgreSQL). With PGlite, stop the
server first: one process at a time opens its data folder.`;

export const EXPORT_FORMATS = ['wxr', 'inkwell'] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportCommandIo {
  stdout: Writable;
  stderr: { write(text: string): unknown };
  /** Opens the database to export from; `where` names it in the report. */
  openDatabase: () => Promise<{
    db: Database;
    where: string;
    close(): Promise<void>;
    /** The data folder the media files are in (an Inkwell archive's). */
    dataDir?: string;
  }>;
}

interface ExportArgs {
  format: ExportFormat;
  site?: string;
  out?: string;
}

/** Runs the export command; resolves to the process's exit code. */
export async function runExportCommand(argv: string[], io: ExportCommandIo): Promise<number> {
  try {
    const args = parseExportArgs(argv);
    if (!args) {
      io.stderr.write(`${EXPORT_USAGE}\n`);
      return 0;
    }
    await exportSite(args, io);
    return 0;
  } catch (error) {
    if (!(error instanceof RefusedError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 2;
  }
}

/** The arguments, or null for --help; a RefusedError (with the usage) for anything wrong. */
function parseExportArgs(argv: string[]): ExportArgs | null {
  let parsed: ReturnType<typeof parseArgsOf>;
  try {
    parsed = parseArgsOf(argv);
  } catch (error) {
    throw new RefusedError(`${(error as Error).message}\n\n${EXPORT_USAGE}`);
  }
  const { values } = parsed;
  if (values.help) return null;
  if (values.format === undefined) {
    throw new RefusedError(`Name the format with --format wxr or inkwell.\n\n${EXPORT_USAGE}`);
  }
  if (!(EXPORT_FORMATS as readonly string[]).includes(values.format)) {
    throw new RefusedError(
      `--format must be one of ${EXPORT_FORMATS.join(', ')} (got "${values.format}").`,
    );
  }
  if (values.out === '') throw new RefusedError('--out needs a file name.');
  if (values.format === 'inkwell' && values.out === undefined) {
    throw new RefusedError('--format inkwell writes a zip: name it with --out FILE.zip.');
  }
  return {
    format: values.format as ExportFormat,
    ...(values.site !== undefined ? { site: values.site } : {}),
    ...(values.out !== undefined ? { out: values.out } : {}),
  };
}

function parseArgsOf(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: false,
    strict: true,
    options: {
      format: { type: 'string' },
      site: { type: 'string' },
      out: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

/** Opens the database, writes the site's WXR and says what it holds. */
async function exportSite(args: ExportArgs, io: ExportCommandIo): Promise<void> {
  const database = await io.openDatabase();
  try {
    const site = await findNamedSite(database.db, args.site);
    const target = args.out ? createWriteStream(args.out) : io.stdout;
    try {
      const to = args.out ? ` to ${args.out}` : '';
      if (args.format === 'inkwell') {
        if (!database.dataDir) throw new Error('No data folder to read the media files from.');
        const { counts, missingMediaFiles } = await writeInkwellArchive(
          database.db,
          site.id,
          target,
          { dataDir: database.dataDir },
        );
        if (args.out) await finished(target);
        io.stderr.write(
          `Exported ${site.host} (${site.id}) from ${database.where} as an Inkwell archive${to}:` +
            ` ${counts.posts} posts, ${counts.postRevisions} revisions, ${counts.comments} comments,` +
            ` ${counts.categories} categories, ${counts.tags} tags, ${counts.members} members,` +
            ` ${counts.media} media (${counts.mediaFiles} files).\n`,
        );
        if (missingMediaFiles.length > 0) {
          io.stderr.write(
            `Media without a file on disk (their rows are in the archive): ${missingMediaFiles.join(', ')}\n`,
          );
        }
        return;
      }
      const summary = await writeWxr(database.db, site.id, target);
      if (args.out) {
        target.end();
        await finished(target);
      }
      io.stderr.write(
        `Exported ${site.host} (${site.id}) from ${database.where} as WXR${to}:` +
          ` ${summary.posts} posts, ${summary.comments} comments,` +
          ` ${summary.categories} categories, ${summary.tags} tags, ${summary.authors} authors,` +
          ` ${summary.attachments} images.\n`,
      );
    } catch (error) {
      // A half-written file would import as a truncated blog: remove it.
      if (args.out) {
        target.destroy();
        await rm(args.out, { force: true });
      }
      throw error;
    }
  } finally {
    await database.close();
  }
}
