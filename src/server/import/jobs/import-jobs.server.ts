/**
 * The dashboard's import jobs (issue 21): an owner uploads a WordPress or Ghost export, a dry run
 * reads it whole and reports what would be created and what cannot be converted, then the owner
 * imports the same stored file. Both phases are `importRecords` on the shared reader
 * (`readImportFile`), run in this process while the screen polls the job. One import per site at
 * a time; the jobs are kept in memory (a restart forgets them, and the sweep removes their files).
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type ImportJobView,
  type ImportPhase,
  TRANSFER_FILE_TTL_MS,
  type TransferErrorView,
  type TransferJobState,
  type TransferProgressView,
  type UnclaimedAuthorView,
} from '../../../domain/import-export';
import type { SiteView } from '../../../domain/views';
import type { SiteWriteDeps } from '../../cache/site-write.server';
import { AppError, FieldsError, NotFoundError } from '../../errors.server';
import { failedCount } from '../cli/format-report';
import { importRecords } from '../job/import-records.server';
import type { ImportReport } from '../job/report';
import type { ImportMediaOptions } from '../media/import-media.server';
import { bytesToRead, readImportFile } from '../read-import-file.server';
import { ImportFormatError, type ImportSource } from '../records';
import { emptyProgress, percentOf } from './job-progress';
import {
  isRunningJob,
  NotAnExportError,
  removeFile,
  storeSniffedUpload,
  sweepFinishedJobs,
  transferPath,
} from './transfer-files.server';
import { unclaimedAuthors } from './unclaimed-authors.server';

export interface ImportJobsDeps extends SiteWriteDeps {
  dataDir: string;
  /** Fetch limits of the media step (tests allow loopback); images are fetched when reachable. */
  mediaFetch?: Pick<ImportMediaOptions, 'allowLoopback' | 'timeoutMs'>;
  now: () => number;
  log?: { error(error: unknown, message: string): void };
}

/** An uploaded export file. */
export interface ImportUpload {
  fileName: string;
  stream: Readable;
  /** Whether the multipart parser cut the file at its size limit. */
  isTruncated: () => boolean;
  /** Ghost only: the old blog's address, for `__GHOST_URL__`. */
  oldUrl?: string;
}

interface ImportJob {
  id: string;
  siteId: string;
  site: { id: string; language: string };
  fileName: string;
  path: string;
  source: ImportSource;
  size: number;
  oldUrl?: string;
  phase: ImportPhase;
  state: TransferJobState;
  progress: TransferProgressView;
  dryRunReport: ImportReport | null;
  report: ImportReport | null;
  error: TransferErrorView | null;
  unclaimedAuthors: UnclaimedAuthorView[];
  /** When the job's file may go (a finished job is forgotten then). */
  expiresAt: number;
}

/** 409 `import_running`: the site already has an import under way. */
export class ImportRunningError extends AppError {
  constructor() {
    super(409, 'import_running', 'An import is already running on this blog; wait for it to end');
  }
}

/** 400 `import_file_unrecognised`: the upload is neither WXR nor a Ghost export. */
function unrecognised(fileName: string, looksLike: string): FieldsError {
  return new FieldsError(
    'import_file_unrecognised',
    `${fileName} is neither a WordPress export (WXR) nor a Ghost export (JSON): it looks like ${looksLike}`,
    {
      file: `must be a WordPress export (WXR, .xml) or a Ghost export (.json); it looks like ${looksLike}`,
    },
  );
}

/** The job as the API answers it: an allowlist of its fields. */
function present(job: ImportJob): ImportJobView {
  return {
    id: job.id,
    fileName: job.fileName,
    source: job.source,
    size: job.size,
    phase: job.phase,
    state: job.state,
    progress: { ...job.progress },
    dryRunReport: job.dryRunReport,
    report: job.report,
    error: job.error,
    unclaimedAuthors: job.unclaimedAuthors,
  };
}

/** The import jobs of every site of this process. */
export function createImportJobs(deps: ImportJobsDeps) {
  /** The one job each site keeps: its latest upload. */
  const bySite = new Map<string, ImportJob>();
  /** Sites whose upload is streaming in (the 409 holds before the job exists). */
  const receiving = new Set<string>();
  const running = new Set<Promise<void>>();

  function jobOf(site: SiteView, id: string): ImportJob {
    const job = bySite.get(site.id);
    if (!job || job.id !== id) throw new NotFoundError('import_job_not_found', 'No such import');
    return job;
  }

  async function runPhase(job: ImportJob, dryRun: boolean): Promise<void> {
    job.state = 'running';
    job.progress = emptyProgress(bytesToRead(job.source, job.size), null);
    let latest: ImportReport | null = null;
    const total = job.progress.totalBytes;
    try {
      const records = readImportFile(job.path, job.source, {
        ...(job.oldUrl ? { oldUrl: job.oldUrl } : {}),
        onBytes: (bytes) => {
          job.progress.bytes = Math.min(bytes, total);
          job.progress.percent = percentOf(bytes, total);
        },
      });
      const report = await importRecords(
        records,
        {
          site: job.site,
          source: job.source,
          dryRun,
          media: { fetch: true, ...deps.mediaFetch },
          onRecord: (record, live) => {
            latest = live;
            job.progress.records += 1;
            if (record.kind === 'post') job.progress.posts += 1;
            job.progress.failures = failedCount(live);
            if (!dryRun) job.report = live;
          },
        },
        deps,
      );
      if (dryRun) job.dryRunReport = report;
      else {
        job.report = report;
        job.unclaimedAuthors = await unclaimedAuthors(deps.db, job.siteId, job.source);
      }
      job.progress.bytes = total;
      job.progress.percent = 100;
      job.state = 'done';
    } catch (error) {
      job.state = 'failed';
      if (!dryRun) job.report = latest;
      if (error instanceof ImportFormatError) {
        job.error = { code: 'import_file_broken', message: error.message };
      } else {
        deps.log?.error(error, 'import job failed');
        job.error = {
          code: 'import_failed',
          message: 'The import stopped on an error of ours; what was stored before stays.',
        };
      }
    } finally {
      job.expiresAt = deps.now() + TRANSFER_FILE_TTL_MS;
      // The import read the file for the last time; a dry run keeps it for the import.
      if (!dryRun || job.state === 'failed') await removeFile(job.path);
    }
  }

  function start(job: ImportJob, dryRun: boolean): void {
    job.phase = dryRun ? 'dry-run' : 'import';
    job.state = 'queued';
    job.error = null;
    const run = runPhase(job, dryRun).finally(() => running.delete(run));
    running.add(run);
  }

  return {
    /**
     * Stores an upload and starts its dry run; answers the job. 409 while the site's import runs,
     * 400 for a file that is not an export (told from its first bytes, before the rest is kept),
     * 413 past IMPORT_UPLOAD_SIZE_MAX.
     */
    async upload(site: SiteView, upload: ImportUpload, sizeMax: number): Promise<ImportJobView> {
      if (receiving.has(site.id) || isRunningJob(bySite.get(site.id))) {
        upload.stream.resume();
        throw new ImportRunningError();
      }
      receiving.add(site.id);
      const id = randomUUID();
      const tooBig = () =>
        new AppError(413, 'file-too-big', 'The file is too big', {
          file: `must be at most ${sizeMax} bytes`,
        });
      try {
        const path = await transferPath(deps.dataDir, `import-${id}`);
        const stored = await storeSniffedUpload(upload.stream, path).catch(async (error) => {
          await removeFile(path);
          if (error instanceof NotAnExportError) {
            throw unrecognised(upload.fileName, error.looksLike);
          }
          // @fastify/multipart ends the file's stream with this error at its size limit.
          if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
          throw error;
        });
        if (upload.isTruncated()) {
          await removeFile(path);
          throw tooBig();
        }
        const previous = bySite.get(site.id);
        if (previous) await removeFile(previous.path);
        const job: ImportJob = {
          id,
          siteId: site.id,
          site: { id: site.id, language: site.language },
          fileName: upload.fileName,
          path,
          source: stored.source,
          size: stored.size,
          ...(upload.oldUrl ? { oldUrl: upload.oldUrl } : {}),
          phase: 'dry-run',
          state: 'queued',
          progress: emptyProgress(bytesToRead(stored.source, stored.size), null),
          dryRunReport: null,
          report: null,
          error: null,
          unclaimedAuthors: [],
          expiresAt: deps.now() + TRANSFER_FILE_TTL_MS,
        };
        bySite.set(site.id, job);
        start(job, true);
        return present(job);
      } finally {
        receiving.delete(site.id);
      }
    },

    /** Imports the file of a job whose dry run is done. 409 when it is not, or already imported. */
    startImport(site: SiteView, id: string): ImportJobView {
      const job = jobOf(site, id);
      if (isRunningJob(job)) throw new ImportRunningError();
      if (job.phase !== 'dry-run' || job.state !== 'done') {
        throw new AppError(
          409,
          'import_not_ready',
          job.phase === 'import'
            ? 'This file was imported already; upload it again to import it again'
            : 'The dry run of this file has not finished well; upload the file again',
        );
      }
      start(job, false);
      return present(job);
    },

    /** The job's state, progress and reports. */
    view(site: SiteView, id: string): ImportJobView {
      return present(jobOf(site, id));
    },

    /** The site's latest job, if one is kept. */
    latest(siteId: string): ImportJobView | null {
      const job = bySite.get(siteId);
      return job ? present(job) : null;
    },

    /** Forgets finished jobs past their time and removes their files. */
    async sweep(): Promise<void> {
      await sweepFinishedJobs(bySite, deps.now());
    },

    /** Waits for the running jobs (closing the app, tests). */
    async settle(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
