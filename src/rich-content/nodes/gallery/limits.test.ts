import { describe, expect, it } from 'vitest';
import { resolveGalleryOptions } from './layout';
import { GALLERY_COLUMNS_MAX } from './limits';
import { galleryLayoutOptions } from './render';
import { GalleryDataSchema } from './schema';

/** A gallery's stored data with the given column counts. */
const galleryWith = (numberOfColumns: number, mobileNumberOfColumns = numberOfColumns) =>
  GalleryDataSchema.safeParse({
    items: [],
    options: { layout: { type: 'GRID', numberOfColumns, mobileNumberOfColumns } },
  });

describe('gallery columns: one bound for the model and the renderer (issue 16)', () => {
  it('the model takes up to GALLERY_COLUMNS_MAX columns and no more', () => {
    expect(GALLERY_COLUMNS_MAX).toBe(20);
    expect(galleryWith(GALLERY_COLUMNS_MAX).success).toBe(true);
    expect(galleryWith(GALLERY_COLUMNS_MAX + 1).success).toBe(false);
    expect(galleryWith(3, GALLERY_COLUMNS_MAX + 1).success).toBe(false);
  });

  it('the renderer draws every column count the model stores (15 was drawn as 10)', () => {
    for (const columns of [1, 10, 11, 15, GALLERY_COLUMNS_MAX]) {
      const parsed = galleryWith(columns);
      if (!parsed.success) throw new Error(`${columns} columns did not validate`);
      const resolved = resolveGalleryOptions(galleryLayoutOptions(parsed.data.options));
      expect(resolved.numberOfColumns).toBe(columns);
      expect(resolved.mobileNumberOfColumns).toBe(columns);
    }
  });

  it('the renderer still clamps a count beyond the bound', () => {
    expect(resolveGalleryOptions({ numberOfColumns: 99 }).numberOfColumns).toBe(
      GALLERY_COLUMNS_MAX,
    );
  });
});
