/**
 * GALLERY's editor part that is not TipTap (issue 4 "Writing"): what the gallery dialog edits,
 * read from a stored gallery (the layout engine's defaults where nothing is stored) and written
 * back into it. The dialog itself and its validation are the post editor's
 * (`widget/post-editor/insert-dialogs.tsx`, `editor-validation.ts`), with this node's bounds.
 */

import { DEFAULT_GALLERY_OPTIONS } from './layout';
import type { GalleryCrop, GalleryLayoutType, GalleryThumbnailPlacement } from './limits';
import type { GalleryData } from './schema';

/** What the gallery dialog edits: layout, columns, spacing, crop, thumbnails and the flags. */
export interface GalleryForm {
  layout: GalleryLayoutType;
  columns: string;
  spacing: string;
  crop: GalleryCrop;
  thumbnails: GalleryThumbnailPlacement;
  disableExpand: boolean;
  disableDownload: boolean;
}

/** The dialog's values from a stored gallery (SPEC §9 defaults where nothing is stored). */
export function galleryForm(data: GalleryData): GalleryForm {
  const { layout, item, thumbnails } = data.options;
  return {
    layout: layout.type,
    columns: String(layout.numberOfColumns ?? DEFAULT_GALLERY_OPTIONS.numberOfColumns),
    spacing: String(item?.spacing ?? DEFAULT_GALLERY_OPTIONS.item.spacing),
    crop: item?.crop ?? DEFAULT_GALLERY_OPTIONS.item.crop,
    thumbnails: thumbnails?.placement ?? DEFAULT_GALLERY_OPTIONS.thumbnails.placement,
    disableExpand: data.disableExpand === true,
    disableDownload: data.disableDownload === true,
  };
}

/** The gallery with the dialog's values; what the dialog does not show is kept as stored. */
export function withGalleryForm(data: GalleryData, form: GalleryForm): GalleryData {
  const { options } = data;
  return {
    ...data,
    options: {
      ...options,
      layout: { ...options.layout, type: form.layout, numberOfColumns: Number(form.columns) },
      item: { ...options.item, spacing: Number(form.spacing), crop: form.crop },
      thumbnails: { ...options.thumbnails, placement: form.thumbnails },
    },
    disableExpand: form.disableExpand || undefined,
    disableDownload: form.disableDownload || undefined,
  };
}
