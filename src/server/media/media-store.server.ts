/**
 * Storing a received upload (the media library's second step), by kind:
 * - image: normalised to webp by the image store (`storeImageFile`), variants on request;
 * - gif: the original `.gif` kept as it is (the animation), plus its first frame as the webp
 *   original the image store resizes for posters and srcsets;
 * - video, audio, file: the bytes as they are, `original.<ext>`.
 * Each gets a `media` row. Layout: `${dataDir}/media/${siteId}/${mediaId}/original.<ext>`.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'sharp';
import { mediaFileUrl } from '../../domain/media';
import { extensionFor, type UploadedMedia } from '../../domain/media-upload';
import { media } from '../db/schema.server';
import { AppError } from '../errors.server';
import { sniffMimeType } from './file-sniff.server';
import type { MediaLibraryDeps, UploadInput } from './media-library.server';
import { receiveUpload } from './media-receive.server';
import { type Mp4Info, readMp4Info } from './mp4-info.server';
import { loadSharp, mediaDir, STORED_MIME_TYPE, storeImageFile } from './storage.server';
import { UploadFailureError } from './upload-errors.server';

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

/**
 * Stores one upload and returns what the editor inserts. Throws `FileTooBigError` past the
 * kind's limit and `UploadFailureError` for an empty file, bytes of a type the kind does not
 * take, or a corrupt image; nothing is left on disk or in the database when it throws.
 */
export async function storeUpload(
  { db, dataDir }: MediaLibraryDeps,
  input: UploadInput,
): Promise<UploadedMedia> {
  const { temporary, size, head } = await receiveUpload(dataDir, input);
  const id = randomUUID();
  try {
    if (size === 0) throw new UploadFailureError('file', 'is empty');
    const mimeType = sniffMimeType(input.kind, head, input.fileName, size > head.length);
    if (!mimeType) throw new UploadFailureError('file', `is not an accepted ${input.kind}`, 415);
    const stored =
      input.kind === 'image'
        ? await storeImage(dataDir, id, input, temporary)
        : input.kind === 'gif'
          ? await storeGif(dataDir, id, input, temporary, size)
          : await storeAsIs(dataDir, id, input, temporary, size, mimeType);
    await db.insert(media).values(stored.row);
    return stored.result;
  } catch (error) {
    await rm(mediaDir(dataDir, input.siteId, id), { recursive: true, force: true });
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

/** An image upload: normalised to webp by the image store. */
export async function storeImage(dataDir: string, id: string, input: UploadInput, file: string) {
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

/** A GIF upload: the `.gif` as it is, and its first frame as the webp original. */
export async function storeGif(
  dataDir: string,
  id: string,
  input: UploadInput,
  file: string,
  size: number,
) {
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

/** A video, audio or other file: the bytes as they are, `original.<ext>`. */
export async function storeAsIs(
  dataDir: string,
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

/** A sharp failure on an upload: the file is corrupt, which is the uploader's problem. */
function rethrowAsCorrupt(error: unknown): never {
  if (error instanceof AppError && error.status === 400) {
    throw new UploadFailureError('file', 'is not a readable image');
  }
  throw error;
}
