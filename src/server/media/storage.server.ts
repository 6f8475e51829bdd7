/**
 * The media store: uploaded images are normalised once into a webp original on disk, with a
 * `media` row describing it; resized variants at the served widths are made on first request
 * and cached next to the original (DESIGN.md "Performance": images sized to their slot).
 *
 * Layout on disk: `${dataDir}/media/${siteId}/${mediaId}/original.webp`, `.../w${width}.webp` and
 * `.../social.jpg` (the social card, issue 19).
 */
import { randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputInfo } from 'sharp';
import { isMediaWidth, MEDIA_WIDTHS, type MediaWidth, mediaUrl } from '../../domain/media';
import { socialImageSize } from '../../domain/seo';
import type { Database } from '../db/connection.server';
import { media } from '../db/schema.server';
import { NotFoundError, ValidationError } from '../errors.server';

// One copy of the served widths and the URL shape lives in domain/ (the pages build srcsets
// from it); the store re-exports them so server code has one import for media.
/**
 * sharp (libvips) loads with the first image it is asked to make, not at start-up: a server that
 * only serves pages and stored variants never holds it (about 20 MB of memory, 30 ms of start).
 */
export async function loadSharp(): Promise<typeof import('sharp').default> {
  return (await import('sharp')).default;
}

export { MEDIA_WIDTHS, type MediaWidth, mediaUrl };

/** Longest side of a stored original; larger uploads are scaled down to it. */
export const ORIGINAL_MAX_SIDE = 2000;

/** SPEC §9: images are encoded at quality 80. */
export const WEBP_QUALITY = 80;

/** The social card's file beside the original, and its JPEG quality (issue 19). */
export const SOCIAL_IMAGE_FILE = 'social.jpg';
export const SOCIAL_IMAGE_QUALITY = 85;

/** The mime type every stored image has after normalisation. */
export const STORED_MIME_TYPE = 'image/webp';

// Ids become path segments, so only canonical UUIDs are accepted: nothing like '../' can reach
// the file system through a media URL.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function assertId(value: string, field: string): void {
  if (!UUID_PATTERN.test(value)) throw new ValidationError({ [field]: 'must be a UUID' });
}

/** The folder that holds one media item's original and variants. */
export function mediaDir(dataDir: string, siteId: string, mediaId: string): string {
  assertId(siteId, 'siteId');
  assertId(mediaId, 'mediaId');
  return path.join(dataDir, 'media', siteId, mediaId);
}

/** Path of the normalised original of a media item. */
export function originalPath(dataDir: string, siteId: string, mediaId: string): string {
  return path.join(mediaDir(dataDir, siteId, mediaId), 'original.webp');
}

/** Path of the variant of a media item at one of the served widths. */
export function variantPath(
  dataDir: string,
  siteId: string,
  mediaId: string,
  width: number,
): string {
  return path.join(mediaDir(dataDir, siteId, mediaId), `w${width}.webp`);
}

/** Writes through a temporary name and renames, so a reader never sees a half-written file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** The `media` row an image is stored with; the file exists when this is returned. */
export type StoredImageRow = typeof media.$inferInsert & { width: number; height: number };

/** What `storeImageFile` and `saveImage` are given. */
export interface SaveImageInput {
  dataDir: string;
  siteId: string;
  /**
   * Any format sharp reads (jpeg, png, webp, gif, avif, tiff, heif): the bytes, or the path of a
   * file (an upload streamed to disk is not read into memory first).
   */
  input: Buffer | string;
  altText?: string;
  fileName?: string;
  ownerId?: string | null;
  /** A chosen id (the seed uses deterministic ids); a random UUID otherwise. */
  id?: string;
}

/**
 * Normalises an image and writes its original to disk without touching the database: EXIF
 * orientation applied, at most `ORIGINAL_MAX_SIDE` px on the long side, webp at quality 80.
 * Returns the `media` row to insert. `saveImage` is this plus the insert; bulk writers (the
 * seed) call it directly and insert the rows in one statement.
 */
export async function storeImageFile(options: SaveImageInput): Promise<StoredImageRow> {
  const id = options.id ?? randomUUID();
  const dir = mediaDir(options.dataDir, options.siteId, id);
  let encoded: { data: Buffer; info: OutputInfo };
  try {
    const sharp = await loadSharp();
    encoded = await sharp(options.input, { failOn: 'error' })
      // rotate() without an angle applies the EXIF orientation and drops the tag.
      .rotate()
      .resize({
        width: ORIGINAL_MAX_SIDE,
        height: ORIGINAL_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // sharp's message names libvips internals; the caller only needs to know the file is bad.
    throw new ValidationError({ input: 'is not a readable image' }, 'The file is not an image');
  }
  await mkdir(dir, { recursive: true });
  await writeAtomically(path.join(dir, 'original.webp'), encoded.data);
  return {
    siteId: options.siteId,
    id,
    kind: 'image',
    fileName: options.fileName ?? `${id}.webp`,
    mimeType: STORED_MIME_TYPE,
    width: encoded.info.width,
    height: encoded.info.height,
    sizeBytes: encoded.data.length,
    altText: options.altText ?? '',
    ownerId: options.ownerId ?? null,
  };
}

/**
 * Stores an uploaded image: writes the normalised original and its `media` row. Returns the
 * media id and the stored size (what a MediaRef needs). If the row cannot be written the file
 * is removed again, so no orphan is left behind.
 */
export async function saveImage(
  options: SaveImageInput & { db: Database },
): Promise<{ id: string; width: number; height: number }> {
  const row = await storeImageFile(options);
  try {
    await options.db.insert(media).values(row);
  } catch (error) {
    await rm(mediaDir(options.dataDir, options.siteId, row.id), { recursive: true, force: true });
    throw error;
  }
  return { id: row.id, width: row.width, height: row.height };
}

// Concurrent requests for a variant that does not exist yet share one resize.
const pendingVariants = new Map<string, Promise<string>>();

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

async function createVariant(original: string, target: string, width: MediaWidth) {
  if (!(await exists(original))) throw new NotFoundError('media_not_found', 'Media not found');
  const sharp = await loadSharp();
  const data = await sharp(original)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
  await writeAtomically(target, data);
  return target;
}

/**
 * Returns the file path of a media item's variant at `width`, creating it from the original
 * on first use (never upscaled: a narrower original gives a variant of its own width).
 * Throws NotFoundError('media_not_found') when there is no original and ValidationError for a
 * width that is not served or an id that is not a UUID.
 */
export function ensureVariant(
  dataDir: string,
  siteId: string,
  mediaId: string,
  width: number,
): Promise<string> {
  // Not `async`: concurrent callers get the very same promise object, not wrappers around it.
  let target: string;
  try {
    if (!isMediaWidth(width)) {
      throw new ValidationError({ width: `must be one of ${MEDIA_WIDTHS.join(', ')}` });
    }
    target = variantPath(dataDir, siteId, mediaId, width);
  } catch (error) {
    return Promise.reject(error);
  }
  return ensureDerived(target, () =>
    createVariant(originalPath(dataDir, siteId, mediaId), target, width),
  );
}

/**
 * `target` when it is on disk, else made by `make` once however many ask at the same time: the
 * one cache of every file derived from an original (the widths, the social card).
 */
function ensureDerived(target: string, make: () => Promise<string>): Promise<string> {
  const pending = pendingVariants.get(target);
  if (pending) return pending;
  const created = (async () => ((await exists(target)) ? target : make()))().finally(() =>
    pendingVariants.delete(target),
  );
  pendingVariants.set(target, created);
  return created;
}

/** Path of a media item's social card image (issue 19). */
export function socialImagePath(dataDir: string, siteId: string, mediaId: string): string {
  return path.join(mediaDir(dataDir, siteId, mediaId), SOCIAL_IMAGE_FILE);
}

async function createSocialImage(original: string, target: string) {
  if (!(await exists(original))) throw new NotFoundError('media_not_found', 'Media not found');
  const sharp = await loadSharp();
  const { width = 0, height = 0 } = await sharp(original).metadata();
  const size = socialImageSize(width, height);
  const data = await sharp(original)
    // The most salient part of the picture (libvips' attention strategy), not its middle.
    .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
    // JPEG: every network's card reader takes it; a transparent original gets a white ground.
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: SOCIAL_IMAGE_QUALITY, mozjpeg: true })
    .toBuffer();
  await writeAtomically(target, data);
  return target;
}

/**
 * Returns the file path of a media item's social card (`socialImageSize` of the original, JPEG,
 * cropped to its most salient part), making it from the original on first use and keeping it
 * beside the width variants. Throws NotFoundError('media_not_found') when the item has no image
 * original (another site's id, a video, a file) and ValidationError for an id that is not a UUID.
 */
export function ensureSocialImage(
  dataDir: string,
  siteId: string,
  mediaId: string,
): Promise<string> {
  let target: string;
  try {
    target = socialImagePath(dataDir, siteId, mediaId);
  } catch (error) {
    return Promise.reject(error);
  }
  return ensureDerived(target, () =>
    createSocialImage(originalPath(dataDir, siteId, mediaId), target),
  );
}
