/**
 * Media uploads from the post editor (issue 4 "Writing"; SPEC §3 media nodes, §6 `file:upload`,
 * §8 file codes). One copy of the rules both sides need: the kinds, the accepted types and the
 * size limit of each, the quota, the error codes, the response shape of an upload, and how an
 * upload becomes the data block of the node the editor inserts. The client checks the size
 * before sending; the server enforces the same numbers.
 */
import { z } from 'zod';
import { mediaUrl } from './media';

/** What the editor can upload; each kind becomes one node type (SPEC §3). */
export const UPLOAD_KINDS = ['image', 'gif', 'video', 'audio', 'file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UploadKindSchema = z.enum(UPLOAD_KINDS);

const MB = 1024 * 1024;

/**
 * Size limit of one upload per kind, in bytes. Inkwell runs as one process on one small server
 * with the media on its own disk, so the limits are set by what that disk and a reader's
 * connection can bear, not by what a CDN could:
 * - image 25 MB: a camera or phone photo is 3–15 MB; it is normalised to a webp of at most
 *   2000 px, so the upload is transient and a larger one only costs decode time.
 * - gif 15 MB: GIFs are kept as they are (to keep the animation) and every reader downloads
 *   the whole file; past a few MB a GIF is a poor read, 15 MB leaves room for long loops.
 * - video 200 MB: stored as-is (no transcoding on this server), served with ranges; 200 MB is a
 *   few minutes of phone 1080p. Longer videos belong on a video host (YouTube, Vimeo embeds).
 * - audio 100 MB: a 90-minute podcast episode at 128 kbit/s is about 86 MB.
 * - file 25 MB: PDFs and office documents; larger archives are not what a blog post attaches.
 */
export const UPLOAD_SIZE_LIMITS: Readonly<Record<UploadKind, number>> = {
  image: 25 * MB,
  gif: 15 * MB,
  video: 200 * MB,
  audio: 100 * MB,
  file: 25 * MB,
};

/** The largest upload of any kind (what the multipart parser is told as its hard limit). */
export const UPLOAD_SIZE_MAX = Math.max(...Object.values(UPLOAD_SIZE_LIMITS));

/**
 * Accepted mime types per kind, each with the extension the stored file gets. The server decides
 * the type from the file's bytes, never from what the browser claims; this table says which
 * sniffed types a kind takes. Videos are mp4 only: the reader's player (domain/video) plays our
 * own `.mp4` files, and H.264/AAC mp4 is the one format every browser plays.
 */
export const UPLOAD_MIME_TYPES = {
  image: {
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
    'image/avif': 'avif',
  },
  gif: { 'image/gif': 'gif' },
  video: { 'video/mp4': 'mp4' },
  audio: {
    'audio/mpeg': 'mp3',
    'audio/mp4': 'm4a',
    'audio/wav': 'wav',
    'audio/ogg': 'ogg',
    'audio/flac': 'flac',
  },
  file: {
    'application/pdf': 'pdf',
    'application/msword': 'doc',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/vnd.ms-excel': 'xls',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
    'application/vnd.ms-powerpoint': 'ppt',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
    'application/vnd.oasis.opendocument.text': 'odt',
    'application/vnd.oasis.opendocument.spreadsheet': 'ods',
    'application/vnd.oasis.opendocument.presentation': 'odp',
    'application/rtf': 'rtf',
    'application/epub+zip': 'epub',
    'application/zip': 'zip',
    'text/plain': 'txt',
    'text/csv': 'csv',
  },
} as const satisfies Record<UploadKind, Record<string, string>>;

/** Whether `mimeType` is one `kind` accepts. */
export function isAcceptedMimeType(kind: UploadKind, mimeType: string): boolean {
  return Object.hasOwn(UPLOAD_MIME_TYPES[kind], mimeType.toLowerCase());
}

/** The extension a stored file of this accepted type gets (`mp4`), or null when not accepted. */
export function extensionFor(kind: UploadKind, mimeType: string): string | null {
  const types: Record<string, string> = UPLOAD_MIME_TYPES[kind];
  return Object.hasOwn(types, mimeType.toLowerCase()) ? types[mimeType.toLowerCase()]! : null;
}

/** The `accept` attribute of the editor's file input for a kind (types and extensions). */
export function acceptAttribute(kind: UploadKind): string {
  const types: Record<string, string> = UPLOAD_MIME_TYPES[kind];
  return [...Object.keys(types), ...Object.values(types).map((ext) => `.${ext}`)].join(',');
}

/**
 * Upload quota per member and site (SPEC §8 `file-upload-limited`): at most this many uploads
 * and bytes within a sliding hour. Generous for a writer illustrating posts, tight enough that
 * one account cannot fill the server's disk in an afternoon.
 */
export const UPLOAD_QUOTA = {
  windowMs: 60 * 60 * 1000,
  maxUploads: 100,
  maxBytes: 2 * 1024 * MB,
} as const;

/** SPEC §8 file codes an upload can end with. */
export const UPLOAD_ERROR_CODES = [
  'file-too-big',
  'file-upload-limited',
  'file-upload-failure',
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];

/** Why an upload is refused before anything is sent: null when the file may be sent. */
export function uploadProblem(
  kind: UploadKind,
  file: { size: number; type?: string },
): UploadErrorCode | null {
  if (file.size > UPLOAD_SIZE_LIMITS[kind]) return 'file-too-big';
  if (file.size === 0) return 'file-upload-failure';
  return null;
}

/** A still image that stands for a media item (a GIF's first frame). */
export const UploadedThumbnailSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
});
export type UploadedThumbnail = z.infer<typeof UploadedThumbnailSchema>;

/** The reply to a successful upload (`POST /api/editor/media`, 201). */
export const UploadedMediaSchema = z.object({
  kind: UploadKindSchema,
  id: z.uuid(),
  /** Where the stored original is served (`mediaFileUrl`). */
  url: z.string(),
  mimeType: z.string(),
  /** Bytes of the stored original. */
  size: z.number().int().nonnegative(),
  fileName: z.string(),
  width: z.number().int().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
  /** Seconds, for audio and video when the container says. */
  duration: z.number().nonnegative().optional(),
  thumbnail: UploadedThumbnailSchema.optional(),
});
export type UploadedMedia = z.infer<typeof UploadedMediaSchema>;

/** The error reply of the upload endpoint (DESIGN.md error shape). */
export const UploadErrorReplySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

// The node data blocks below are written as plain shapes: domain/ imports nothing of ours, and
// these are structurally the rich-content model's ImageData, GifData, VideoData, AudioData and
// FileData (a server test parses each one with the model's schema to keep them so).

interface MediaBlock {
  src: { id: string; url: string };
  width?: number;
  height?: number;
  duration?: number;
}

function mediaBlock(upload: UploadedMedia): MediaBlock {
  return {
    src: { id: upload.id, url: upload.url },
    ...(upload.width !== undefined && { width: upload.width }),
    ...(upload.height !== undefined && { height: upload.height }),
    ...(upload.duration !== undefined && { duration: upload.duration }),
  };
}

/** The IMAGE data block of an uploaded image; renderers build the srcset from `src.id`. */
export function imageDataOf(
  upload: UploadedMedia,
  altText = '',
): { image: MediaBlock; altText: string } {
  return { image: mediaBlock(upload), altText };
}

/** The GIF data block of an uploaded GIF: the animated original with its first frame as still. */
export function gifDataOf(upload: UploadedMedia): {
  original: { gif: string; still?: string };
  width?: number;
  height?: number;
  gifType: 'NORMAL';
} {
  const still = upload.thumbnail ? mediaUrl(upload.thumbnail.id, 640) : undefined;
  return {
    original: { gif: upload.url, ...(still && { still }) },
    ...(upload.width !== undefined && { width: upload.width }),
    ...(upload.height !== undefined && { height: upload.height }),
    gifType: 'NORMAL',
  };
}

/** The VIDEO data block of an uploaded mp4 (the player plays our `/media/<id>/….mp4` URLs). */
export function videoDataOf(
  upload: UploadedMedia,
  title?: string,
): { video: MediaBlock; thumbnail?: MediaBlock; title?: string } {
  const thumbnail = upload.thumbnail;
  return {
    video: mediaBlock(upload),
    ...(thumbnail && {
      thumbnail: {
        src: { id: thumbnail.id, url: thumbnail.url },
        width: thumbnail.width,
        height: thumbnail.height,
      },
    }),
    ...(title !== undefined && { title }),
  };
}

/** The file name without its extension: what a player shows as the track's name. */
function baseName(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '') || fileName;
}

/** The AUDIO data block of an uploaded audio file, named after the file. */
export function audioDataOf(upload: UploadedMedia): { audio: MediaBlock; name: string } {
  return { audio: mediaBlock(upload), name: baseName(upload.fileName) };
}

/** The FILE data block of an uploaded document: a download card (a PDF may preview). */
export function fileDataOf(upload: UploadedMedia): {
  src: { id: string; url: string };
  name: string;
  type: string;
  mimeType: string;
  size: number;
} {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(upload.fileName)?.[1]?.toLowerCase();
  return {
    src: { id: upload.id, url: upload.url },
    name: upload.fileName,
    type: extension ?? upload.url.split('.').pop() ?? '',
    mimeType: upload.mimeType,
    size: upload.size,
  };
}
