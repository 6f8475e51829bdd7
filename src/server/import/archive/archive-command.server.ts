/**
 * `npm run import -- ARCHIVE.zip [--dry-run] [--site <host or id>]` (issue 21, decision 057 "The
 * Inkwell archive"): the import command's branch for an Inkwell archive. Progress as the other
 * imports show it (one line rewritten on a terminal, a line per kind in a log), then the report:
 * per kind what was stored (or would be) and what the site already had, and what was left out.
 */
import { stat } from 'node:fs/promises';
import { SiteGenerations } from '../../cache/generations.server';
import { findNamedSite, RefusedError } from '../../cli/named-site.server';
import type { Database } from '../../db/connection.server';
import type { ProgressOutput } from '../cli/progress';
import {
  type ArchiveImportReport,
  type ArchiveReportKind,
  importInkwellArchive,
} from './import-archive.server';
import { ArchiveRefusedError, openInkwellArchive } from './open-archive.server';

export interface ArchiveCommandIo {
  stdout: ProgressOutput;
  openDatabase: () => Promise<{
    db: Database;
    where: string;
    close(): Promise<void>;
    /** The data folder media files go to. */
    dataDir?: string;
  }>;
}

const KIND_LABELS: Record<ArchiveReportKind, string> = {
  members: 'members',
  categories: 'categories',
  tags: 'tags',
  posts: 'posts',
  postRevisions: 'revisions',
  comments: 'comments',
  pollVotes: 'poll votes',
  media: 'media',
  mediaFiles: 'media files',
  widgetSettings: 'widget settings',
  settings: 'site settings',
};

/** The least time between two redraws of the terminal's progress line. */
const REDRAW_MS = 100;

/** Imports the archive into the named site and prints the report; resolves to the exit code. */
export async function importArchiveFile(
  args: { file: string; dryRun: boolean; site?: string },
  io: ArchiveCommandIo,
): Promise<number> {
  const say = (line: string) => io.stdout.write(`${line}\n`);
  // The manifest first: a zip that is not an archive is refused before the database is opened.
  try {
    (await openInkwellArchive(args.file)).close();
  } catch (error) {
    if (error instanceof ArchiveRefusedError) throw new RefusedError(error.message);
    throw error;
  }
  const database = await io.openDatabase();
  try {
    if (!database.dataDir) throw new Error('No data folder to copy the media files to.');
    const site = await findNamedSite(database.db, args.site);
    const size = ((await stat(args.file)).size / 1024 / 1024).toFixed(1);
    say(
      `${args.dryRun ? 'Dry run of' : 'Importing'} ${args.file} (Inkwell archive, ${size} MB)` +
        ` into ${site.host} (${site.id}), ${database.where}.`,
    );
    const progress = progressLine(io.stdout);
    let report: ArchiveImportReport;
    try {
      report = await importInkwellArchive(
        args.file,
        { siteId: site.id, dryRun: args.dryRun, onProgress: progress.update },
        { db: database.db, generations: new SiteGenerations(), dataDir: database.dataDir },
      );
    } catch (error) {
      progress.finish();
      if (error instanceof ArchiveRefusedError) throw new RefusedError(error.message);
      throw error;
    }
    progress.finish();
    for (const line of formatArchiveReport(report)) say(line);
    return 0;
  } finally {
    await database.close();
  }
}

/** One line rewritten on a terminal; elsewhere a line per kind once the next one starts. */
function progressLine(out: ProgressOutput) {
  let current: { kind: ArchiveReportKind; count: number } | null = null;
  let drawn = 0;
  const line = () => (current ? `  ${KIND_LABELS[current.kind]}: ${current.count}` : '');
  return {
    update(progress: { kind: ArchiveReportKind; count: number }) {
      if (!out.isTTY && current && current.kind !== progress.kind) out.write(`${line()}\n`);
      current = progress;
      const now = Date.now();
      if (out.isTTY && now - drawn >= REDRAW_MS) {
        drawn = now;
        out.write(`\r${line()}\u001b[K`);
      }
    },
    finish() {
      if (!current) return;
      out.write(out.isTTY ? `\r${line()}\u001b[K\n` : `${line()}\n`);
      current = null;
    },
  };
}

/** The report as lines: counts per kind, what was left out, the next step. Pure. */
export function formatArchiveReport(report: ArchiveImportReport): string[] {
  const { manifest } = report;
  const lines = [
    report.dryRun ? 'Dry run: nothing was written.' : 'Import finished.',
    `Archive: version ${manifest.version} of ${manifest.site.host} ("${manifest.site.name}"), exported ${manifest.exportedAt}.`,
    `  ${'kind'.padEnd(16)}${(report.dryRun ? 'would create' : 'created').padStart(14)}${'already there'.padStart(15)}`,
  ];
  for (const [kind, label] of Object.entries(KIND_LABELS) as [ArchiveReportKind, string][]) {
    const counts = report.counts[kind];
    lines.push(
      `  ${label.padEnd(16)}${String(counts.created).padStart(14)}${String(counts.existing).padStart(15)}`,
    );
  }
  const problems = Object.entries(report.problems);
  if (problems.length > 0) {
    lines.push('Left out:');
    for (const [code, problem] of problems) {
      lines.push(`  ${code} × ${problem.count}: ${problem.message} (e.g. ${problem.samples[0]})`);
    }
  }
  lines.push(
    report.dryRun
      ? 'Next: run the same command without --dry-run to import.'
      : 'Done. Members sign in again with "Forgot password": password hashes stay behind.',
  );
  return lines;
}
