/**
 * `npm run import -- FILE [--dry-run] [--site <host or id>] [--old-url <url>] [--media DIR|ZIP]
 * [--no-fetch-media]` (issue 21,
 * decision 057 "The command line"): imports a WordPress or Ghost export into a site of the
 * database the environment names. `runImportCommand` is the whole command with its input and
 * output passed in (tests run it on their own database); `cli.server.ts` only wires the process.
 * Exit codes: 0 imported, 1 some records failed (listed), 2 the command or the file was refused.
 */
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { SiteGenerations } from '../../cache/generations.server';
import { findNamedSite, RefusedError } from '../../cli/named-site.server';
import type { Database } from '../../db/connection.server';
import { importArchiveFile } from '../archive/archive-command.server';
import { importRecords } from '../job/import-records.server';
import type { ImportReport } from '../job/report';
import type { ImportMediaOptions } from '../media/import-media.server';
import { MediaSourceError } from '../media/sources.server';
import { readImportFile } from '../read-import-file.server';
import { ImportFormatError, type ImportRecord, type ImportSource } from '../records';
import { failedCount, formatReport } from './format-report';
import { ImportProgress, type ProgressOutput } from './progress';
import { sniffFile } from './sniff-format.server';

export const IMPORT_USAGE = `Usage: npm run import -- FILE [--dry-run] [--site <host or id>] [--old-url <url>]
                         [--media DIR|ZIP] [--no-fetch-media]

  FILE                a WordPress export (WXR, .xml), a Ghost export (.json), or an Inkwell
                      archive (.zip, from npm run export -- --format inkwell) into a site without posts
  --dry-run           read the whole file and report what would be created; write nothing
  --site <host|id>    the site to import into (default: the default site)
  --old-url <url>     Ghost only: the old blog's address, put where the export says __GHOST_URL__
  --media <dir|zip>   the old blog's uploads (a folder or a zip): images are taken from it first
  --no-fetch-media    do not fetch images from the web (those not in --media keep their URLs)
  --help              show this help

The database is the server's (DATA_DIR, or DATABASE_URL for PostgreSQL). With PGlite, stop the
server first: one process at a time opens its data folder.`;

/** Plain progress lines come every this many posts when the output is not a terminal. */
export const PROGRESS_EVERY_POSTS = 100;

export interface ImportCommandIo {
  stdout: ProgressOutput;
  stderr: ProgressOutput;
  /**
   * Opens the database to import into; `where` names it for the first line; `dataDir` is where
   * the media library keeps its files (the server's DATA_DIR; an Inkwell archive's files go there
   * too).
   */
  openDatabase: () => Promise<{
    db: Database;
    where: string;
    dataDir: string;
    close(): Promise<void>;
  }>;
  progressEvery?: number;
  /** Fetch limits of the media step (tests allow loopback and shorten the timeout). */
  mediaFetch?: Pick<ImportMediaOptions, 'allowLoopback' | 'timeoutMs'>;
}

interface ImportArgs {
  file: string;
  dryRun: boolean;
  site?: string;
  oldUrl?: string;
  media?: string;
  fetchMedia: boolean;
}

const SOURCE_NAMES: Record<ImportSource, string> = {
  wordpress: 'WordPress export (WXR)',
  ghost: 'Ghost export (JSON)',
};

/** Runs the import command; resolves to the process's exit code. */
export async function runImportCommand(argv: string[], io: ImportCommandIo): Promise<number> {
  const say = (line: string) => io.stdout.write(`${line}\n`);
  try {
    const args = parseImportArgs(argv);
    if (!args) {
      say(IMPORT_USAGE);
      return 0;
    }
    const source = await checkFile(args.file);
    if (source === 'inkwell') return await importArchiveFile(args, io);
    if (args.media !== undefined) await checkMedia(args.media);
    if (source === 'wordpress' && args.oldUrl) {
      say('Note: --old-url is for Ghost exports; a WordPress export names its own address.');
    }
    return await importFile(args, source, io);
  } catch (error) {
    if (!(error instanceof RefusedError) && !(error instanceof ImportFormatError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 2;
  }
}

/** The arguments, or null for --help; a RefusedError (with the usage) for anything wrong. */
function parseImportArgs(argv: string[]): ImportArgs | null {
  let parsed: ReturnType<typeof parseArgsOf>;
  try {
    parsed = parseArgsOf(argv);
  } catch (error) {
    throw new RefusedError(`${(error as Error).message}\n\n${IMPORT_USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return null;
  if (positionals.length === 0) {
    throw new RefusedError(`Name the export file to import.\n\n${IMPORT_USAGE}`);
  }
  if (positionals.length > 1) {
    throw new RefusedError(
      `One file at a time: got ${positionals.map((p) => `"${p}"`).join(', ')}.\n\n${IMPORT_USAGE}`,
    );
  }
  if (values['old-url'] !== undefined && !isWebAddress(values['old-url'])) {
    throw new RefusedError(
      `--old-url must be an http or https address, like https://old.example (got "${values['old-url']}").`,
    );
  }
  return {
    file: positionals[0]!,
    dryRun: values['dry-run'] ?? false,
    ...(values.site !== undefined ? { site: values.site } : {}),
    ...(values['old-url'] !== undefined ? { oldUrl: values['old-url'] } : {}),
    ...(values.media !== undefined ? { media: values.media } : {}),
    fetchMedia: !values['no-fetch-media'],
  };
}

function parseArgsOf(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      'dry-run': { type: 'boolean', default: false },
      site: { type: 'string' },
      'old-url': { type: 'string' },
      media: { type: 'string' },
      'no-fetch-media': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The file's format, or a RefusedError saying why it cannot be imported. */
async function checkFile(file: string): Promise<ImportSource | 'inkwell'> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new RefusedError(`No file at ${file}.`);
  if (!info.isFile()) throw new RefusedError(`${file} is not a file.`);
  const sniffed = await sniffFile(file);
  if (sniffed.source === null) {
    throw new RefusedError(
      `${file} is neither a WordPress export (WXR) nor a Ghost export (JSON): it looks like ${sniffed.looksLike}.`,
    );
  }
  return sniffed.source;
}

/** A `--media` path that is neither a folder nor a file is refused before the database opens. */
async function checkMedia(media: string): Promise<void> {
  const info = await stat(media).catch(() => null);
  if (!info) throw new RefusedError(`--media: no folder or zip at ${media}.`);
  if (!info.isDirectory() && !info.isFile()) {
    throw new RefusedError(`--media: ${media} is neither a folder nor a zip file.`);
  }
}

/** Opens the database, imports the file into the site and prints the report. */
async function importFile(args: ImportArgs, source: ImportSource, io: ImportCommandIo) {
  const say = (line: string) => io.stdout.write(`${line}\n`);
  const database = await io.openDatabase();
  try {
    const site = await findNamedSite(database.db, args.site);
    const size = ((await stat(args.file)).size / 1024 / 1024).toFixed(1);
    say(
      `${args.dryRun ? 'Dry run of' : 'Importing'} ${args.file} (${SOURCE_NAMES[source]}, ${size} MB)` +
        ` into ${site.host} (${site.id}), ${database.where}.`,
    );
    const progress = new ImportProgress(io.stdout, io.progressEvery ?? PROGRESS_EVERY_POSTS);
    let latest: ImportReport | null = null;
    const onRecord = (record: ImportRecord, report: ImportReport) => {
      latest = report;
      progress.record(record, report);
    };
    // The generations are this process's own: a running server's cached pages expire by their TTL.
    const deps = {
      db: database.db,
      generations: new SiteGenerations(),
      dataDir: database.dataDir,
    };
    const media: ImportMediaOptions = {
      fetch: args.fetchMedia,
      ...(args.media !== undefined && { from: args.media }),
      ...io.mediaFetch,
    };
    let report: ImportReport;
    try {
      report = await importRecords(
        readImportFile(args.file, source, args.oldUrl ? { oldUrl: args.oldUrl } : {}),
        { site, source, dryRun: args.dryRun, media, onRecord },
        deps,
      );
    } catch (error) {
      progress.finish(latest);
      if (error instanceof ImportFormatError) throw brokenOff(error, latest, args.dryRun);
      if (error instanceof MediaSourceError) throw new RefusedError(`--media: ${error.message}`);
      throw error;
    }
    progress.finish(report);
    for (const line of formatReport(report)) say(line);
    return failedCount(report) > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

/** The reader's message, and what was stored before the file broke off (each post is whole). */
function brokenOff(error: ImportFormatError, report: ImportReport | null, dryRun: boolean) {
  const stored = report ? report.counts.post.created : 0;
  if (dryRun || stored === 0) return new RefusedError(`${error.message}\nNothing was imported.`);
  return new RefusedError(
    `${error.message}\n${stored} posts were stored before the break, each whole; importing the whole file again adds the rest without duplicates.`,
  );
}
