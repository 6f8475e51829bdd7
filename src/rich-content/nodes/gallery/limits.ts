/**
 * GALLERY's names and bounds (SPEC §3 "Gallery"), in one place for the model, the insert dialog
 * and the layout engine. Plain constants without zod, so the reader's bundle can import them.
 */

/** SPEC §3: the gallery layouts. */
export const GALLERY_LAYOUTS = [
  'COLLAGE',
  'MASONRY',
  'GRID',
  'THUMBNAIL',
  'SLIDER',
  'SLIDESHOW',
  'PANORAMA',
  'COLUMN',
  'MAGIC',
  'FULLSIZE',
] as const;
export type GalleryLayoutType = (typeof GALLERY_LAYOUTS)[number];

export const GALLERY_ORIENTATIONS = ['ROWS', 'COLUMNS'] as const;
export type GalleryOrientation = (typeof GALLERY_ORIENTATIONS)[number];

/** FILL: the image covers its box (object-fit: cover); FIT: it is contained (object-fit: contain). */
export const GALLERY_CROPS = ['FILL', 'FIT'] as const;
export type GalleryCrop = (typeof GALLERY_CROPS)[number];

export const THUMBNAIL_PLACEMENTS = ['TOP', 'RIGHT', 'BOTTOM', 'LEFT', 'NONE'] as const;
export type GalleryThumbnailPlacement = (typeof THUMBNAIL_PLACEMENTS)[number];

/**
 * Most columns of a gallery (desktop and mobile). SPEC names no bound; the stored documents'
 * bound was 20 (model and insert dialog) while the renderer clamped to 10, so a writer's 15 was
 * drawn as 10 (issue 16). One bound now: the model's 20, so every stored gallery still validates
 * and is drawn as written.
 */
export const GALLERY_COLUMNS_MAX = 20;

/** Most items of one gallery. */
export const GALLERY_ITEMS_MAX = 500;
