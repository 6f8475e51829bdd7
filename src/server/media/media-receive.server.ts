/**
 * Receiving an upload (the media library's first step): the bytes stream to a temporary file in
 * the site's media folder (never into memory: a video may be 200 MB) and are counted against the
 * kind's limit while they arrive; the first bytes are kept to decide the type.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_SIZE_LIMITS, type UploadKind } from '../../domain/media-upload';
import { SNIFF_BYTES } from './file-sniff.server';
import type { UploadInput } from './media-library.server';
import { mediaDir } from './storage.server';
import { FileTooBigError } from './upload-errors.server';

/** Counts the bytes going through, keeps the first `SNIFF_BYTES` and stops past `limit`. */
class UploadMeter extends Transform {
  bytes = 0;
  private readonly chunks: Buffer[] = [];
  private kept = 0;

  constructor(
    private readonly limit: number,
    private readonly kind: UploadKind,
  ) {
    super();
  }

  get head(): Buffer {
    return Buffer.concat(this.chunks).subarray(0, SNIFF_BYTES);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return done(new FileTooBigError(this.kind, this.limit));
    if (this.kept < SNIFF_BYTES) {
      this.chunks.push(chunk);
      this.kept += chunk.length;
    }
    done(null, chunk);
  }
}

/** Whether an error is the multipart parser's own "file over the request's limit". */
function isParserSizeLimit(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

function siteFolder(dataDir: string, siteId: string): string {
  // mediaDir checks that both are UUIDs; the site folder is its parent.
  return path.dirname(mediaDir(dataDir, siteId, randomUUID()));
}

/** Streams the upload to a temporary file beside its final folder (so a rename moves it). */
export async function receiveUpload(dataDir: string, input: UploadInput) {
  const incoming = path.join(siteFolder(dataDir, input.siteId), '.incoming');
  await mkdir(incoming, { recursive: true });
  const temporary = path.join(incoming, `${randomUUID()}.upload`);
  const meter = new UploadMeter(UPLOAD_SIZE_LIMITS[input.kind], input.kind);
  try {
    await pipeline(input.stream, meter, createWriteStream(temporary));
  } catch (error) {
    await rm(temporary, { force: true });
    if (isParserSizeLimit(error)) throw new FileTooBigError(input.kind);
    throw error;
  }
  if (input.stream.truncated) {
    await rm(temporary, { force: true });
    throw new FileTooBigError(input.kind);
  }
  return { temporary, size: meter.bytes, head: meter.head };
}
