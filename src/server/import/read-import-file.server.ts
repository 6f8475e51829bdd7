/**
 * One place that picks the reader for an export file (issue 21): the command line and the
 * dashboard's import jobs both read a stored file through it, so both read WordPress and Ghost
 * exports alike. `onBytes` is told how many bytes were read so far, for a progress bar (a Ghost
 * export is read twice: its indexes, then its posts, so its total is twice the file's size).
 */
import { createReadStream } from 'node:fs';
import { readGhostExport } from './ghost/read-ghost-export.server';
import type { ImportRecord, ImportSource } from './records';
import { readWxr } from './wordpress/read-wxr';

/** The chunk size the readers are fed. */
const READ_CHUNK_BYTES = 64 * 1024;

export interface ImportFileOptions {
  /** Ghost only: the old blog's address, put where the export says `__GHOST_URL__`. */
  oldUrl?: string;
  /** Told the bytes read so far, after each chunk. */
  onBytes?: (bytesRead: number) => void;
}

/** How many bytes a full read of a file of `size` bytes goes through (Ghost reads it twice). */
export function bytesToRead(source: ImportSource, size: number): number {
  return source === 'ghost' ? size * 2 : size;
}

/** The records of the export at `path`, read by the reader for `source`. */
export function readImportFile(
  path: string,
  source: ImportSource,
  options: ImportFileOptions = {},
): AsyncIterable<ImportRecord> {
  let bytesRead = 0;
  async function* open(): AsyncGenerator<Buffer> {
    for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK_BYTES })) {
      bytesRead += (chunk as Buffer).byteLength;
      options.onBytes?.(bytesRead);
      yield chunk as Buffer;
    }
  }
  if (source === 'wordpress') return readWxr(open());
  return readGhostExport(open, options.oldUrl ? { siteUrl: options.oldUrl } : {});
}
