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
import { createHash } from 'node:crypto';
import type { UploadedMedia, UploadKind } from '../../domain/media-upload';
import type { Database } from '../db/connection.server';
import { findOriginal } from './media-find.server';
import { storeUpload } from './media-store.server';

export { cleanFileName } from './media-store.server';

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

/**
 * Builds the media library of the app: a facade over `receiveUpload` (media-receive),
 * `storeUpload` (media-store) and `findOriginal` (media-find), bound to its dependencies.
 */
export function createMediaLibrary(deps: MediaLibraryDeps) {
  return {
    /**
     * Stores one upload and returns what the editor inserts. Throws `FileTooBigError` past the
     * kind's limit and `UploadFailureError` for an empty file, bytes of a type the kind does not
     * take, or a corrupt image; nothing is left on disk or in the database when it throws.
     */
    store(input: UploadInput): Promise<UploadedMedia> {
      return storeUpload(deps, input);
    },

    /**
     * The stored original of a media item of this site, when its URL's extension is the stored
     * one; null otherwise (another site's id is simply not found).
     */
    findOriginal(siteId: string, mediaId: string, extension: string) {
      return findOriginal(deps, siteId, mediaId, extension);
    },
  };
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

/** A strong validator for an immutable stored file (its id and size never change). */
export function etagOf(mediaId: string, size: number): string {
  return `"${createHash('sha1').update(`${mediaId}:${size}`).digest('base64url').slice(0, 16)}"`;
}
