/**
 * Finding a stored original for the media route: the row of this site's media item, and its file
 * on disk when the URL's extension is the stored one.
 */

import { stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { extensionFor, type UploadKind } from '../../domain/media-upload';
import { media } from '../db/schema.server';
import type { MediaLibraryDeps, StoredOriginal } from './media-library.server';
import { mediaDir, STORED_MIME_TYPE } from './storage.server';

/**
 * The stored original of a media item of this site, when its URL's extension is the stored
 * one; null otherwise (another site's id is simply not found).
 */
export async function findOriginal(
  { db, dataDir }: MediaLibraryDeps,
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
}
