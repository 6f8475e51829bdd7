/**
 * The files of the dashboard's import and export jobs (issue 21): an uploaded export waiting for
 * its import, an export waiting for its download. They live under the data folder
 * (`<dataDir>/transfers/`), never in memory, and go after their use or after
 * TRANSFER_FILE_TTL_MS (a sweep also removes what a stopped process left behind).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TransferJobState } from '../../../domain/import-export';
import { SNIFF_BYTES, type SniffResult, sniffFormat } from '../cli/sniff-format.server';
import type { ImportSource } from '../records';

/** The jobs' folder under the data folder. */
export function transfersDir(dataDir: string): string {
  return path.join(dataDir, 'transfers');
}

/** A new file's path in the jobs' folder (made when missing). */
export async function transferPath(dataDir: string, name: string): Promise<string> {
  const dir = transfersDir(dataDir);
  await mkdir(dir, { recursive: true });
  return path.join(dir, name);
}

/** Removes a file; one already gone is fine. */
export async function removeFile(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** Removes the files of the jobs' folder older than `maxAgeMs` (what a stopped process left). */
export async function sweepStaleFiles(dataDir: string, maxAgeMs: number, now: number) {
  const dir = transfersDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs) await removeFile(file);
  }
}

/** The sniff said the upload is not an export: the stream stops with what it looks like. */
export class NotAnExportError extends Error {
  constructor(readonly looksLike: string) {
    super(`The file looks like ${looksLike}`);
    this.name = 'NotAnExportError';
  }
}

/**
 * Streams an upload to `file`, telling its format from its first SNIFF_BYTES as soon as they
 * have arrived: a file that is neither WXR nor Ghost JSON stops the upload there
 * (`NotAnExportError`), without storing the rest. Resolves to the format and the size written.
 */
export async function storeSniffedUpload(
  input: Readable,
  file: string,
): Promise<{ source: ImportSource; size: number }> {
  let head: Buffer[] = [];
  let headLength = 0;
  let verdict: SniffResult | null = null;
  let size = 0;
  const judge = () => {
    verdict = sniffFormat(Buffer.concat(head).subarray(0, SNIFF_BYTES));
    if (verdict.source === null) throw new NotAnExportError(verdict.looksLike);
    // A whole blog moves with its media and ids through the command line (decision 057, "The
    // Inkwell archive"); the dashboard brings in WordPress and Ghost exports.
    if (verdict.source === 'inkwell') {
      throw new NotAnExportError('an Inkwell archive (a zip): import it with npm run import');
    }
  };
  const sniffer = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      if (verdict !== null) return done(null, chunk);
      head.push(chunk);
      headLength += chunk.byteLength;
      if (headLength < SNIFF_BYTES) return done();
      try {
        judge();
      } catch (error) {
        return done(error as Error);
      }
      const held = Buffer.concat(head);
      head = [];
      done(null, held);
    },
    flush(done) {
      if (verdict !== null) return done();
      try {
        judge();
      } catch (error) {
        return done(error as Error);
      }
      done(null, Buffer.concat(head));
    },
  });
  await pipeline(input, sniffer, createWriteStream(file));
  const sniffed = verdict as SniffResult | null;
  if (sniffed === null || sniffed.source === null || sniffed.source === 'inkwell') {
    throw new NotAnExportError('an empty file');
  }
  return { source: sniffed.source, size };
}

/** What the import and export jobs share for the sweep: their state, file and time to go. */
interface TransferJob {
  state: TransferJobState;
  path: string;
  expiresAt: number;
}

/** Whether a job is waiting or running (its site can start no other of its kind). */
export function isRunningJob(job: TransferJob | undefined): boolean {
  return job !== undefined && (job.state === 'queued' || job.state === 'running');
}

/** Forgets the finished jobs of `bySite` past their time and removes their files. */
export async function sweepFinishedJobs(bySite: Map<string, TransferJob>, now: number) {
  for (const [siteId, job] of bySite) {
    if (!isRunningJob(job) && job.expiresAt <= now) {
      bySite.delete(siteId);
      await removeFile(job.path);
    }
  }
}
