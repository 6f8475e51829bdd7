/**
 * The import's report (issue 21, decision 057 "Storing"): per kind of record how many were
 * created (or would be, in a dry run), were already there (a former import, or a member with the
 * same address) and failed; the problems counted by code with a few samples; each failure with
 * its reason. Pure: the job feeds it as it goes.
 */
import type { ImportProblem, ImportSource } from '../records';

export type ImportKind = 'author' | 'category' | 'tag' | 'post' | 'comment' | 'skipped';

export interface KindCounts {
  created: number;
  existing: number;
  failed: number;
}

export interface ProblemCount {
  count: number;
  message: string;
  samples: string[];
}

export interface ImportFailure {
  kind: ImportKind;
  sourceId: string;
  /** The post's title, when it is one. */
  title?: string;
  reason: string;
}

/**
 * The image files the posts name, each counted once per import (decision 057 "Media"): fetched
 * from the web, taken from the uploads folder or zip, already stored by an earlier import, or
 * missing (reported as a problem; the posts keep the original address). In a dry run, what would
 * be fetched or taken: nothing is.
 */
export interface MediaCounts {
  fetched: number;
  fromFolder: number;
  existing: number;
  missing: number;
}

export interface ImportReport {
  source: ImportSource;
  dryRun: boolean;
  counts: Record<ImportKind, KindCounts>;
  media: MediaCounts;
  problems: Record<string, ProblemCount>;
  failures: ImportFailure[];
}

/** How many samples each problem code keeps, and how many failures the report lists. */
export const PROBLEM_SAMPLES_MAX = 3;
export const FAILURES_LISTED_MAX = 200;

const KINDS: readonly ImportKind[] = ['author', 'category', 'tag', 'post', 'comment', 'skipped'];

export function emptyReport(source: ImportSource, dryRun: boolean): ImportReport {
  const counts = Object.fromEntries(
    KINDS.map((kind) => [kind, { created: 0, existing: 0, failed: 0 }]),
  ) as Record<ImportKind, KindCounts>;
  const media = { fetched: 0, fromFolder: 0, existing: 0, missing: 0 };
  return { source, dryRun, counts, media, problems: {}, failures: [] };
}

/** Counts a problem under its code, keeping its first few samples (or messages). */
export function addProblem(report: ImportReport, problem: ImportProblem): void {
  const entry = report.problems[problem.code] ?? {
    count: 0,
    message: problem.message,
    samples: [],
  };
  report.problems[problem.code] = entry;
  entry.count += 1;
  const sample = problem.sample ?? '';
  if (sample !== '' && entry.samples.length < PROBLEM_SAMPLES_MAX) entry.samples.push(sample);
}

/** Counts a failure; the first FAILURES_LISTED_MAX are listed with their reasons. */
export function addFailure(report: ImportReport, failure: ImportFailure): void {
  report.counts[failure.kind].failed += 1;
  if (report.failures.length < FAILURES_LISTED_MAX) report.failures.push(failure);
}
