/**
 * The dashboard's Import and export screen (issue 21 "Moving in and out"): what its API answers
 * and takes, shared by the server and the screen. An import is one uploaded file with two
 * phases (a dry run, then the import of the same file); an export writes the blog to a file the
 * owner downloads. Both are jobs the screen polls for their progress.
 */
import { z } from 'zod';

/** The largest export file the dashboard takes (issue 21: "a 1 GB file"). */
export const IMPORT_UPLOAD_SIZE_MAX = 1024 * 1024 * 1024;

/** How long a finished job's file is kept when nobody downloads or imports it. */
export const TRANSFER_FILE_TTL_MS = 60 * 60 * 1000;

/** How often the screen asks for a running job's progress. */
export const TRANSFER_POLL_MS = 500;

/** Where an import comes from. */
export type ImportSourceName = 'wordpress' | 'ghost';

/**
 * The export formats the dashboard offers: `wxr`, WordPress's, to leave; `inkwell`, the whole
 * blog with its media as a zip, that `npm run import` brings back whole (decision 057).
 */
export const EXPORT_FORMATS = ['wxr', 'inkwell'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A job's life: waiting for its turn, running, finished, or stopped by an error. */
export type TransferJobState = 'queued' | 'running' | 'done' | 'failed';

/** Which half of an import a job is in. */
export type ImportPhase = 'dry-run' | 'import';

export const TransferJobIdParamsSchema = z.strictObject({ id: z.uuid() });

export const ExportStartSchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS).default('wxr'),
});
export type ExportStart = z.infer<typeof ExportStartSchema>;

export const ClaimLinkParamsSchema = z.strictObject({ memberId: z.uuid() });

/** Per kind of record: created (or would be, in a dry run), already there, failed. */
export interface ImportKindCountsView {
  created: number;
  existing: number;
  failed: number;
}

export type ImportKindName = 'author' | 'category' | 'tag' | 'post' | 'comment' | 'skipped';

/** The kinds of an import report, in the order the screen shows them. */
export const IMPORT_KINDS: readonly ImportKindName[] = [
  'post',
  'comment',
  'author',
  'category',
  'tag',
  'skipped',
];

/** An import's report (the job's own, `server/import/job/report.ts`, is this shape). */
export interface ImportReportView {
  source: ImportSourceName;
  dryRun: boolean;
  counts: Record<ImportKindName, ImportKindCountsView>;
  /**
   * The images: fetched from the web, taken from an uploads folder or zip, already brought in by
   * an earlier import, or not brought in (they keep their original addresses). A dry run counts
   * what it would fetch or take.
   */
  media: { fetched: number; fromFolder: number; existing: number; missing: number };
  /** What could not be carried over as it was, by code: count, one sentence, samples. */
  problems: Record<string, { count: number; message: string; samples: string[] }>;
  /** The first failures with their reasons. */
  failures: { kind: ImportKindName; sourceId: string; title?: string; reason: string }[];
}

/** How far a job got. `percent` is of the file read (import) or of the posts written (export). */
export interface TransferProgressView {
  percent: number;
  /** Import: bytes of the file read; export: bytes written so far. */
  bytes: number;
  totalBytes: number;
  /** Import: records read; export: posts written. */
  records: number;
  /** Posts stored or checked (import), posts written of `totalPosts` (export). */
  posts: number;
  totalPosts: number | null;
  failures: number;
}

/** An imported author who has no password yet: the owner sends them a one-time claim link. */
export interface UnclaimedAuthorView {
  memberId: string;
  name: string;
  email: string;
}

/** Why a job stopped: a code and a message for the owner. */
export interface TransferErrorView {
  code: string;
  message: string;
}

/** An import job, as `GET /api/dashboard/import/jobs/:id` answers it. */
export interface ImportJobView {
  id: string;
  fileName: string;
  source: ImportSourceName;
  size: number;
  phase: ImportPhase;
  state: TransferJobState;
  progress: TransferProgressView;
  /** The dry run's report, once it is done. */
  dryRunReport: ImportReportView | null;
  /** The import's report, once it is done (or what it stored before it stopped). */
  report: ImportReportView | null;
  error: TransferErrorView | null;
  /** The imported authors without a password, once the import is done. */
  unclaimedAuthors: UnclaimedAuthorView[];
}

/** An export job, as `GET /api/dashboard/export/jobs/:id` answers it. */
export interface ExportJobView {
  id: string;
  format: ExportFormat;
  state: TransferJobState;
  progress: TransferProgressView;
  /** The file's name when it is ready to download. */
  fileName: string | null;
  error: TransferErrorView | null;
}

/** A one-time set-password link for an imported author. */
export interface ClaimLinkView {
  url: string;
  expiresAt: string;
}

/** What the screen's loader reads: the site's latest import and export, if any is kept. */
export interface ImportScreenView {
  importJob: ImportJobView | null;
  exportJob: ExportJobView | null;
}

/** The Import and export screen's read (load-context `DashboardReads`). */
export interface DashboardImportReads {
  screen(): Promise<ImportScreenView>;
}

/** A job that will not change any more. */
export function isSettled(state: TransferJobState): boolean {
  return state === 'done' || state === 'failed';
}
