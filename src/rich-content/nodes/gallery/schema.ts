/**
 * GALLERY's data block (SPEC §3 "Gallery"): items (an image or a video each) and the layout
 * options. Its names and bounds are the node's own (`limits.ts`), shared with the layout engine
 * (`layout.ts`) and the insert dialog.
 */
import { z } from 'zod';
import { LinkSchema, MediaSchema, OptionalContainerSchema } from '../../model/shared';
import {
  GALLERY_COLUMNS_MAX,
  GALLERY_CROPS,
  GALLERY_ITEMS_MAX,
  GALLERY_LAYOUTS,
  GALLERY_ORIENTATIONS,
  THUMBNAIL_PLACEMENTS,
} from './limits';

export { GALLERY_COLUMNS_MAX, GALLERY_LAYOUTS, THUMBNAIL_PLACEMENTS };
export type GalleryLayout = (typeof GALLERY_LAYOUTS)[number];

/** One gallery item: an image or a video, never both. */
export const GalleryItemSchema = z
  .object({
    image: z.object({ media: MediaSchema, link: LinkSchema.optional() }).optional(),
    video: z.object({ media: MediaSchema, thumbnail: MediaSchema.optional() }).optional(),
    /** The item's caption: only what the writer wrote (never the uploaded file's name). */
    title: z.string().optional(),
    altText: z.string().optional(),
    /** A decorative picture has no alternative text (alt=""), as IMAGE's `decorative`. */
    decorative: z.boolean().optional(),
  })
  .refine((item) => (item.image ? 1 : 0) + (item.video ? 1 : 0) === 1, {
    message: 'A gallery item is either an image or a video',
  });
export type GalleryItem = z.infer<typeof GalleryItemSchema>;

/**
 * An item's alternative text, in every renderer (page, lightbox, feeds): "" for a decorative one,
 * else its own `altText`, else "". Never its caption (`title`), which the item shows as its
 * `<figcaption>`: as alt too, a screen reader read it twice (issue 23, decision 067). A picture
 * with no description is a pre-publish finding, not something to fill in here.
 */
export function galleryItemAlt(item: GalleryItem): string {
  return item.decorative === true ? '' : (item.altText ?? '');
}

/** SPEC §9: a gallery lays out as COLLAGE in ROWS unless told otherwise. */
export const GalleryOptionsSchema = z.object({
  layout: z
    .object({
      type: z.enum(GALLERY_LAYOUTS).default('COLLAGE'),
      horizontalScroll: z.boolean().optional(),
      orientation: z.enum(GALLERY_ORIENTATIONS).default('ROWS'),
      numberOfColumns: z.number().int().min(1).max(GALLERY_COLUMNS_MAX).optional(),
      mobileNumberOfColumns: z.number().int().min(1).max(GALLERY_COLUMNS_MAX).optional(),
    })
    .prefault({}),
  item: z
    .object({
      targetSize: z.number().nonnegative().optional(),
      ratio: z.number().positive().optional(),
      crop: z.enum(GALLERY_CROPS).optional(),
      spacing: z.number().nonnegative().optional(),
    })
    .optional(),
  thumbnails: z
    .object({
      placement: z.enum(THUMBNAIL_PLACEMENTS).optional(),
      spacing: z.number().nonnegative().optional(),
    })
    .optional(),
});
export type GalleryOptions = z.infer<typeof GalleryOptionsSchema>;

export const GalleryDataSchema = z.object({
  containerData: OptionalContainerSchema,
  items: z.array(GalleryItemSchema).max(GALLERY_ITEMS_MAX),
  options: GalleryOptionsSchema.prefault({}),
  disableExpand: z.boolean().optional(),
  disableDownload: z.boolean().optional(),
});
export type GalleryData = z.infer<typeof GalleryDataSchema>;
