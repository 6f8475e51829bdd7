/**
 * The dashboard's export jobs (issue 21 "From the dashboard (owner) with progress"): the blog is
 * written to a file under the data folder by the format's writer, counting posts written of the
 * total, then downloaded once; the file goes after its download or after TRANSFER_FILE_TTL_MS.
 * One export per site at a time.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  type ExportFormat,
  type ExportJobView,
  TRANSFER_FILE_TTL_MS,
  type TransferErrorView,
  type TransferJobState,
  type TransferProgressView,
} from '../../../domain/import-export';
import { slugify } from '../../../domain/slugs';
import type { SiteView } from '../../../domain/views';
import type { Database } from '../../db/connection.server';
import { AppError, NotFoundError } from '../../errors.server';
import { countArchivedPosts, writeInkwellArchive } from '../../export/archive/write-archive.server';
import { countWxrPosts, writeWxr } from '../../export/wxr.server';
import { emptyProgress, percentOf } from './job-progress';
import { isRunningJob, removeFile, sweepFinishedJobs, transferPath } from './transfer-files.server';

/** How one format is written: WordPress's WXR, or the Inkwell archive of the whole blog. */
export interface ExportWriter {
  extension: string;
  contentType: string;
  /** What the file's name says after the blog's (`wordpress`). */
  label: string;
  /** How many posts the export will write (the progress bar's total). */
  countPosts(db: Database, siteId: string): Promise<number>;
  /** Writes the site to `out`, telling the posts written so far. */
  write(
    db: Database,
    siteId: string,
    out: Writable,
    onPosts: (posts: number) => void,
    /** The data folder the site's media files are in. */
    dataDir: string,
  ): Promise<unknown>;
}

export const EXPORT_WRITERS: Record<ExportFormat, ExportWriter> = {
  wxr: {
    extension: 'xml',
    contentType: 'application/xml; charset=utf-8',
    label: 'wordpress',
    countPosts: countWxrPosts,
    write: (db, siteId, out, onPosts) =>
      writeWxr(db, siteId, out, { onPost: (summary) => onPosts(summary.posts) }),
  },
  inkwell: {
    extension: 'zip',
    contentType: 'application/zip',
    label: 'inkwell',
    countPosts: countArchivedPosts,
    // Posts are one kind of several (members, comments, media files…): the bar follows them.
    write: (db, siteId, out, onPosts, dataDir) =>
      writeInkwellArchive(db, siteId, out, {
        dataDir,
        onProgress: ({ kind, count }) => {
          if (kind === 'posts') onPosts(count);
        },
      }),
  },
};

export interface ExportJobsDeps {
  db: Database;
  dataDir: string;
  now: () => number;
  log?: { error(error: unknown, message: string): void };
}

interface ExportJob {
  id: string;
  siteId: string;
  format: ExportFormat;
  path: string;
  downloadName: string;
  state: TransferJobState;
  progress: TransferProgressView;
  error: TransferErrorView | null;
  expiresAt: number;
}

/** What a download streams. */
export interface ExportDownload {
  stream: Readable;
  fileName: string;
  contentType: string;
  size: number;
  /** Call once the file was sent: it goes. */
  done(): Promise<void>;
}

function present(job: ExportJob): ExportJobView {
  return {
    id: job.id,
    format: job.format,
    state: job.state,
    progress: { ...job.progress },
    fileName: job.state === 'done' ? job.downloadName : null,
    error: job.error,
  };
}

/** The file's name: the blog's, the format's and the day's (`my-blog-wordpress-2026-11-27.xml`). */
function downloadNameOf(site: SiteView, writer: ExportWriter, now: number): string {
  const day = new Date(now).toISOString().slice(0, 10);
  const blog = slugify(site.name).slice(0, 60) || 'blog';
  return `${blog}-${writer.label}-${day}.${writer.extension}`;
}

/** The export jobs of every site of this process. */
export function createExportJobs(deps: ExportJobsDeps) {
  const bySite = new Map<string, ExportJob>();
  const running = new Set<Promise<void>>();

  function jobOf(site: SiteView, id: string): ExportJob {
    const job = bySite.get(site.id);
    if (!job || job.id !== id) throw new NotFoundError('export_job_not_found', 'No such export');
    return job;
  }

  async function run(job: ExportJob, writer: ExportWriter): Promise<void> {
    job.state = 'running';
    try {
      const total = await writer.countPosts(deps.db, job.siteId);
      job.progress = emptyProgress(0, total);
      const out = createWriteStream(job.path);
      try {
        await writer.write(
          deps.db,
          job.siteId,
          out,
          (posts) => {
            job.progress.posts = posts;
            job.progress.records = posts;
            job.progress.bytes = out.bytesWritten;
            job.progress.percent = percentOf(posts, total);
          },
          deps.dataDir,
        );
      } finally {
        // The archive's writer ends its output itself (it closes the zip); WXR's leaves it open.
        if (!out.writableEnded) out.end();
        await finished(out);
      }
      job.progress.bytes = out.bytesWritten;
      job.progress.totalBytes = out.bytesWritten;
      job.progress.percent = 100;
      job.state = 'done';
    } catch (error) {
      deps.log?.error(error, 'export job failed');
      job.state = 'failed';
      job.error = { code: 'export_failed', message: 'The export stopped on an error of ours.' };
      await removeFile(job.path);
    } finally {
      job.expiresAt = deps.now() + TRANSFER_FILE_TTL_MS;
    }
  }

  return {
    /** Starts an export of the site; 409 while one runs. */
    async start(site: SiteView, format: ExportFormat): Promise<ExportJobView> {
      const previous = bySite.get(site.id);
      if (isRunningJob(previous)) {
        throw new AppError(409, 'export_running', 'An export of this blog is already running');
      }
      const writer = EXPORT_WRITERS[format];
      const id = randomUUID();
      const job: ExportJob = {
        id,
        siteId: site.id,
        format,
        path: await transferPath(deps.dataDir, `export-${id}.${writer.extension}`),
        downloadName: downloadNameOf(site, writer, deps.now()),
        state: 'queued',
        progress: emptyProgress(0, null),
        error: null,
        expiresAt: deps.now() + TRANSFER_FILE_TTL_MS,
      };
      // Checked again after the await: two starts at once, one job.
      if (isRunningJob(bySite.get(site.id))) {
        throw new AppError(409, 'export_running', 'An export of this blog is already running');
      }
      if (previous) await removeFile(previous.path);
      bySite.set(site.id, job);
      const work = run(job, writer).finally(() => running.delete(work));
      running.add(work);
      return present(job);
    },

    view(site: SiteView, id: string): ExportJobView {
      return present(jobOf(site, id));
    },

    latest(siteId: string): ExportJobView | null {
      const job = bySite.get(siteId);
      return job ? present(job) : null;
    },

    /** The finished file, to stream once; 409 before it is ready, 404 once downloaded. */
    async download(site: SiteView, id: string): Promise<ExportDownload> {
      const job = jobOf(site, id);
      if (job.state !== 'done') {
        throw new AppError(409, 'export_not_ready', 'The export has not finished yet');
      }
      const writer = EXPORT_WRITERS[job.format];
      const stream = createReadStream(job.path);
      // Downloaded once: the job is forgotten now, its file once read (the open file reads on).
      bySite.delete(site.id);
      return {
        stream,
        fileName: job.downloadName,
        contentType: writer.contentType,
        size: job.progress.totalBytes,
        done: () => removeFile(job.path),
      };
    },

    async sweep(): Promise<void> {
      await sweepFinishedJobs(bySite, deps.now());
    },

    async settle(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type ExportJobs = ReturnType<typeof createExportJobs>;
