/**
 * `npm run import -- FILE [--dry-run] [--site <host or id>] [--old-url <url>]` (issue 21,
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
import { importRecords } from '../job/import-records.server';
import type { ImportReport } from '../job/report';
import { readImportFile } from '../read-import-file.server';
import { ImportFormatError, type ImportRecord, type ImportSource } from '../records';
import { failedCount, formatReport } from './format-report';
import { ImportProgress, type ProgressOutput } from './progress';
import { sniffFile } from './sniff-format.server';

export const IMPORT_USAGE = `Usage: npm run import -- FILE [--dry-run] [--site <host or id>] [--old-url <url>]

  FILE                a WordPress export (WXR, .xml) or a Ghost export (.json)
  --dry-run           read the whole file and report what would be created; write nothing
  --site <host|id>    the site to import into (default: the default site)
  --old-url <url>     Ghost only: the old blog's address, put where the export says __GHOST_URL__
  --help              show this help

The database is the server's (DATA_DIR, or DATABASE_URL for PostgreSQL). With PGlite, stop the
server first: one process at a time opens its data folder.`;

/** Plain progress lines come every this many posts when the output is not a terminal. */
export const PROGRESS_EVERY_POSTS = 100;

export interface ImportCommandIo {
  stdout: ProgressOutput;
  stderr: ProgressOutput;
  /** Opens the database to import into; `where` names it for the first line. */
  openDatabase: () => Promise<{ db: Database; where: string; close(): Promise<void> }>;
  progressEvery?: number;
}

interface ImportArgs {
  file: string;
  dryRun: boolean;
  site?: string;
  oldUrl?: string;
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
async function checkFile(file: string): Promise<ImportSource> {
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
    const deps = { db: database.db, generations: new SiteGenerations() };
    let report: ImportReport;
    try {
      report = await importRecords(
        readImportFile(args.file, source, args.oldUrl ? { oldUrl: args.oldUrl } : {}),
        { site, source, dryRun: args.dryRun, onRecord },
        deps,
      );
    } catch (error) {
      progress.finish(latest);
      if (error instanceof ImportFormatError) throw brokenOff(error, latest, args.dryRun);
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
