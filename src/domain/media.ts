/**
 * Media URLs: stored images are served at fixed widths so that pages can offer a srcset and the
 * browser picks the smallest one that fills the slot (DESIGN.md "Performance").
 */
import type { ImageView } from './views';

/**
 * Longest alternative text of an image: the image dialog's and the cover's (issue 23). Screen
 * readers read alt text in one go; past a few sentences a description belongs in the text.
 */
export const ALT_TEXT_MAX_LENGTH = 1000;

/** The widths the media service renders (SPEC §9 sizes fall between these). */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** URL of a stored image at one of the served widths. */
export function mediaUrl(mediaId: string, width: MediaWidth): string {
  return `/media/${mediaId}/w${width}.webp`;
}

const OWN_MEDIA_URL = /^\/media\/([0-9a-f-]{36})\/w\d+\.webp$/;

/** The media id behind one of our own media URLs (the inverse of `mediaUrl`), else null. */
export function mediaIdFromUrl(url: string | null | undefined): string | null {
  return url ? (OWN_MEDIA_URL.exec(url)?.[1] ?? null) : null;
}

/** Whether `width` is one the media service serves. */
export function isMediaWidth(width: number): width is MediaWidth {
  return (MEDIA_WIDTHS as readonly number[]).includes(width);
}

/**
 * `src` and `srcSet` for an image: stored media get every served width up to the intrinsic one
 * (never upscaled); external images keep their URL. SPEC §8: a missing image gives an empty URL.
 */
export function imageSources(
  image: ImageView | null | undefined,
  preferredWidth: MediaWidth = 640,
): { src: string; srcSet: string | undefined } {
  if (!image) return { src: '', srcSet: undefined };
  if (!image.id) return { src: image.url ?? '', srcSet: undefined };
  const id = image.id;
  const widths = MEDIA_WIDTHS.filter((w) => w <= Math.max(image.width, MEDIA_WIDTHS[0]));
  const src = mediaUrl(id, widths.includes(preferredWidth) ? preferredWidth : widths.at(-1)!);
  return { src, srcSet: widths.map((w) => `${mediaUrl(id, w)} ${w}w`).join(', ') };
}

/** Extensions of stored originals: lower-case letters and digits only (they end a URL path). */
const FILE_EXTENSION = /^[a-z0-9]{1,8}$/;

/**
 * URL of a stored original as uploaded (`/media/<id>/original.mp4`): GIFs, videos, audio and
 * files, and the normalised webp of an image. The extension is part of the path because the
 * reader's player recognises our own videos by their `.mp4` ending (domain/video).
 */
export function mediaFileUrl(mediaId: string, extension: string): string {
  if (!FILE_EXTENSION.test(extension)) throw new Error(`Not a file extension: ${extension}`);
  return `/media/${mediaId}/original.${extension}`;
}

const OWN_MEDIA_FILE_URL = /^\/media\/[0-9a-f-]{36}\/original\.[a-z0-9]{1,8}$/;

/** Whether `url` is one of our own stored originals (the shape `mediaFileUrl` builds). */
export function isOwnMediaFileUrl(url: string | null | undefined): boolean {
  return url ? OWN_MEDIA_FILE_URL.test(url) : false;
}
