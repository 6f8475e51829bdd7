/** An image that can serve as a post's cover. */
export interface CoverSource {
  id?: string;
  url?: string;
  width?: number;
  height?: number;
  alt?: string;
}

/** Everything a cover can come from: the post's cover settings and its first media. */
export interface CoverCandidates {
  coverImage?: {
    isEnabled?: boolean;
    isCustom?: boolean;
    isResolved?: boolean;
    src?: CoverSource | null;
  } | null;
  firstImage?: CoverSource | null;
  firstGalleryImage?: CoverSource | null;
  firstVideoThumbnail?: CoverSource | null;
}

/** Where the chosen cover came from. */
export type CoverOrigin = 'resolved' | 'custom' | 'image' | 'gallery' | 'video';

/** The chosen cover and its origin. */
export interface ChosenCover {
  source: CoverSource;
  origin: CoverOrigin;
}

/** Whether a source points at an image at all: it has a non-empty url or id. */
export function hasCoverSource(source: CoverSource | null | undefined): source is CoverSource {
  return Boolean(source && (source.url || source.id));
}

/**
 * SPEC §4 Cover choice: the resolved cover, else the custom cover, else the first image or
 * gallery image, else the first video thumbnail; null when the cover is turned off
 * (`coverImage.isEnabled === false`) or nothing is present.
 */
export function chooseCover(candidates: CoverCandidates): ChosenCover | null {
  const { coverImage, firstImage, firstGalleryImage, firstVideoThumbnail } = candidates;
  if (coverImage?.isEnabled === false) return null;
  const coverSource = coverImage?.src;
  if (hasCoverSource(coverSource)) {
    if (coverImage?.isResolved) return { source: coverSource, origin: 'resolved' };
    if (coverImage?.isCustom) return { source: coverSource, origin: 'custom' };
  }
  if (hasCoverSource(firstImage)) return { source: firstImage, origin: 'image' };
  if (hasCoverSource(firstGalleryImage)) return { source: firstGalleryImage, origin: 'gallery' };
  if (hasCoverSource(firstVideoThumbnail)) return { source: firstVideoThumbnail, origin: 'video' };
  return null;
}
