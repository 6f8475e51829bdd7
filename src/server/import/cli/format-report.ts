/**
 * The import report as the command line prints it (issue 21): counts per kind, problems by code
 * with a sample each, failures with their reasons, and what to do next. Pure: lines of text.
 */
import type { ImportKind, ImportReport } from '../job/report';

const KIND_LABELS: Record<ImportKind, string> = {
  author: 'authors',
  category: 'categories',
  tag: 'tags',
  post: 'posts',
  comment: 'comments',
  skipped: 'skipped',
};

/** The counts, problems and failures of `report`, one line each. */
export function formatReport(report: ImportReport): string[] {
  const created = report.dryRun ? 'would create' : 'created';
  const lines = [report.dryRun ? 'Dry run: nothing was written.' : 'Import finished.'];
  lines.push(
    `  ${'kind'.padEnd(12)}${created.padStart(14)}${'already there'.padStart(15)}${'failed'.padStart(8)}`,
  );
  for (const [kind, label] of Object.entries(KIND_LABELS) as [ImportKind, string][]) {
    const counts = report.counts[kind];
    lines.push(
      `  ${label.padEnd(12)}${String(counts.created).padStart(14)}${String(counts.existing).padStart(15)}${String(counts.failed).padStart(8)}`,
    );
  }
  lines.push(mediaLine(report));
  const problems = Object.entries(report.problems);
  if (problems.length > 0) {
    lines.push('Problems (kept, converted as well as possible):');
    for (const [code, problem] of problems) {
      const sample = problem.samples[0] ? ` (e.g. ${problem.samples[0]})` : '';
      lines.push(`  ${code} × ${problem.count}: ${problem.message}${sample}`);
    }
  }
  const failed = failedCount(report);
  if (failed > 0) {
    lines.push(`Failed (${failed}; nothing of these was stored):`);
    for (const failure of report.failures) {
      const title = failure.title ? ` "${failure.title}"` : '';
      lines.push(`  ${failure.kind} ${failure.sourceId}${title}: ${failure.reason}`);
    }
    if (report.failures.length < failed) {
      lines.push(`  … and ${failed - report.failures.length} more`);
    }
  }
  lines.push(nextStep(report, failed));
  return lines;
}

/** The image files: fetched, taken from the uploads, already there, missing. */
function mediaLine(report: ReportLike): string {
  const { fetched, fromFolder, existing, missing } = report.media;
  const would = report.dryRun ? 'would be ' : '';
  return (
    `Images: ${fetched} ${would}fetched, ${fromFolder} ${would}taken from the uploads folder or zip, ` +
    `${existing} already there, ${missing} missing (kept at their original addresses).`
  );
}

type ReportLike = Pick<ImportReport, 'media' | 'dryRun'>;

/** How many records failed, of every kind. */
export function failedCount(report: ImportReport): number {
  return Object.values(report.counts).reduce((sum, counts) => sum + counts.failed, 0);
}

function nextStep(report: ImportReport, failed: number): string {
  if (report.dryRun) return 'Next: run the same command without --dry-run to import.';
  if (failed > 0) {
    return 'Next: fix what failed and import the same file again; what is already there is kept, not duplicated.';
  }
  return 'Done. Importing the same file again creates nothing twice.';
}
