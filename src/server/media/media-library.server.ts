/**
 * Uploaded media of every kind (issue 4 "Writing"): streams an upload to a temporary file in
 * the site's media folder (never into memory: a video may be 200 MB), checks its size against
 * the kind's limit while it arrives, decides its type from its bytes, then stores it:
 * - image: normalised to webp by the image store (`storeImageFile`), variants on request;
 * - gif: the original `.gif` kept as it is (the animation), plus its first frame as the webp
 *   original the image store resizes for posters and srcsets;
 * - video, audio, file: the bytes as they are, `original.<ext>`.
 * Each gets a `media` row. Layout: `${dataDir}/media/${siteId}/${mediaId}/original.<ext>`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import { mediaFileUrl } from '../../domain/media';
import {
  extensionFor,
  UPLOAD_SIZE_LIMITS,
  type UploadedMedia,
  type UploadKind,
} from '../../domain/media-upload';
import type { Database } from '../db/connection.server';
import { media } from '../db/schema.server';
import { AppError } from '../errors.server';
import { SNIFF_BYTES, sniffMimeType } from './file-sniff.server';
import { type Mp4Info, readMp4Info } from './mp4-info.server';
import { loadSharp, mediaDir, STORED_MIME_TYPE, storeImageFile } from './storage.server';
import { FileTooBigError, UploadFailureError } from './upload-errors.server';

/** What one upload is: the file's bytes as they arrive and what the uploader said. */
export interface UploadInput {
  siteId: string;
  ownerId: string;
  kind: UploadKind;
  /** The name the file had on the uploader's machine (kept for downloads, never for paths). */
  fileName: string;
  /** A multipart parser's file stream says `truncated` when it cut the file at its own cap. */
  stream: NodeJS.ReadableStream & { truncated?: boolean };
}

/** A stored original as the media route serves it. */
export interface StoredOriginal {
  path: string;
  kind: string;
  mimeType: string;
  fileName: string;
  sizeBytes: number;
}

export interface MediaLibraryDeps {
  db: Database;
  dataDir: string;
}

/** Longest stored file name; longer names are cut (they only label a download). */
const FILE_NAME_MAX = 200;

/** A file name safe to store and to put in a header: no folders, no control characters. */
export function cleanFileName(raw: string, extension: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  let name = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, FILE_NAME_MAX);
  if (name === '' || name.startsWith('.')) name = `upload${name}`;
  const given = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase();
  const isSameType = given === extension || (given === 'jpeg' && extension === 'jpg');
  return isSameType ? name : `${name}.${extension}`;
}

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

/** Builds the media library of the app. */
export function createMediaLibrary({ db, dataDir }: MediaLibraryDeps) {
  function siteFolder(siteId: string): string {
    // mediaDir checks that both are UUIDs; the site folder is its parent.
    return path.dirname(mediaDir(dataDir, siteId, randomUUID()));
  }

  /** Streams the upload to a temporary file beside its final folder (so a rename moves it). */
  async function receive(input: UploadInput) {
    const incoming = path.join(siteFolder(input.siteId), '.incoming');
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

  async function storeImage(id: string, input: UploadInput, file: string) {
    const row = await storeImageFile({
      dataDir,
      siteId: input.siteId,
      input: file,
      id,
      ownerId: input.ownerId,
      fileName: cleanFileName(input.fileName, 'webp'),
    }).catch(rethrowAsCorrupt);
    const url = mediaFileUrl(id, 'webp');
    const result: UploadedMedia = {
      kind: 'image',
      id,
      url,
      mimeType: STORED_MIME_TYPE,
      size: row.sizeBytes ?? 0,
      fileName: row.fileName,
      width: row.width,
      height: row.height,
    };
    return { row, result };
  }

  async function storeGif(id: string, input: UploadInput, file: string, size: number) {
    let metadata: Metadata;
    try {
      const sharp = await loadSharp();
      metadata = await sharp(file, { failOn: 'error', animated: true }).metadata();
    } catch {
      throw new UploadFailureError('file', 'is not a readable GIF');
    }
    // The first frame, normalised like any image: the poster and the srcset of the GIF.
    const still = await storeImageFile({
      dataDir,
      siteId: input.siteId,
      input: file,
      id,
      ownerId: input.ownerId,
    }).catch(rethrowAsCorrupt);
    await rename(file, path.join(mediaDir(dataDir, input.siteId, id), 'original.gif'));
    const width = metadata.width;
    const height = metadata.pageHeight ?? metadata.height;
    const fileName = cleanFileName(input.fileName, 'gif');
    const row = {
      ...still,
      kind: 'gif',
      mimeType: 'image/gif',
      fileName,
      sizeBytes: size,
      width,
      height,
    };
    const result: UploadedMedia = {
      kind: 'gif',
      id,
      url: mediaFileUrl(id, 'gif'),
      mimeType: 'image/gif',
      size,
      fileName,
      width,
      height,
      thumbnail: { id, url: mediaFileUrl(id, 'webp'), width: still.width, height: still.height },
    };
    return { row, result };
  }

  async function storeAsIs(
    id: string,
    input: UploadInput,
    file: string,
    size: number,
    mimeType: string,
  ) {
    const extension = extensionFor(input.kind, mimeType)!;
    const isMp4 = mimeType === 'video/mp4' || mimeType === 'audio/mp4';
    const info: Mp4Info = isMp4 ? await readMp4Info(file).catch(() => ({})) : {};
    const dir = mediaDir(dataDir, input.siteId, id);
    await mkdir(dir, { recursive: true });
    await rename(file, path.join(dir, `original.${extension}`));
    const fileName = cleanFileName(input.fileName, extension);
    const dimensions: Mp4Info = input.kind === 'video' ? info : { duration: info.duration };
    const row = {
      siteId: input.siteId,
      id,
      kind: input.kind,
      fileName,
      mimeType,
      sizeBytes: size,
      width: dimensions.width ?? 0,
      height: dimensions.height ?? 0,
      ownerId: input.ownerId,
    };
    const result: UploadedMedia = {
      kind: input.kind,
      id,
      url: mediaFileUrl(id, extension),
      mimeType,
      size,
      fileName,
      ...(dimensions.width !== undefined && { width: dimensions.width }),
      ...(dimensions.height !== undefined && { height: dimensions.height }),
      ...(dimensions.duration !== undefined && { duration: dimensions.duration }),
    };
    return { row, result };
  }

  return {
    /**
     * Stores one upload and returns what the editor inserts. Throws `FileTooBigError` past the
     * kind's limit and `UploadFailureError` for an empty file, bytes of a type the kind does not
     * take, or a corrupt image; nothing is left on disk or in the database when it throws.
     */
    async store(input: UploadInput): Promise<UploadedMedia> {
      const { temporary, size, head } = await receive(input);
      const id = randomUUID();
      try {
        if (size === 0) throw new UploadFailureError('file', 'is empty');
        const mimeType = sniffMimeType(input.kind, head, input.fileName, size > head.length);
        if (!mimeType)
          throw new UploadFailureError('file', `is not an accepted ${input.kind}`, 415);
        const stored =
          input.kind === 'image'
            ? await storeImage(id, input, temporary)
            : input.kind === 'gif'
              ? await storeGif(id, input, temporary, size)
              : await storeAsIs(id, input, temporary, size, mimeType);
        await db.insert(media).values(stored.row);
        return stored.result;
      } catch (error) {
        await rm(mediaDir(dataDir, input.siteId, id), { recursive: true, force: true });
        throw error;
      } finally {
        await rm(temporary, { force: true });
      }
    },

    /**
     * The stored original of a media item of this site, when its URL's extension is the stored
     * one; null otherwise (another site's id is simply not found).
     */
    async findOriginal(
      siteId: string,
      mediaId: string,
      extension: string,
    ): Promise<StoredOriginal | null> {
      const [row] = await db
        .select({
          kind: media.kind,
          mimeType: media.mimeType,
          fileName: media.fileName,
          sizeBytes: media.sizeBytes,
        })
        .from(media)
        .where(and(eq(media.siteId, siteId), eq(media.id, mediaId)))
        .limit(1);
      if (!row) return null;
      // Images (and GIF stills) are served as their normalised webp; GIFs also as the .gif.
      const storedExtension =
        row.kind === 'image' || (row.kind === 'gif' && extension === 'webp')
          ? 'webp'
          : extensionFor(row.kind as UploadKind, row.mimeType);
      if (storedExtension !== extension) return null;
      const file = path.join(mediaDir(dataDir, siteId, mediaId), `original.${extension}`);
      const size = await stat(file).then(
        (stats) => stats.size,
        () => null,
      );
      if (size === null) return null;
      const mimeType = extension === 'webp' ? STORED_MIME_TYPE : row.mimeType;
      return { path: file, kind: row.kind, mimeType, fileName: row.fileName, sizeBytes: size };
    },
  };
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

/** A sharp failure on an upload: the file is corrupt, which is the uploader's problem. */
function rethrowAsCorrupt(error: unknown): never {
  if (error instanceof AppError && error.status === 400) {
    throw new UploadFailureError('file', 'is not a readable image');
  }
  throw error;
}

/** A strong validator for an immutable stored file (its id and size never change). */
export function etagOf(mediaId: string, size: number): string {
  return `"${createHash('sha1').update(`${mediaId}:${size}`).digest('base64url').slice(0, 16)}"`;
}
