import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GALLERY_OPTIONS,
  GALLERY_LAYOUTS,
  type GalleryBox,
  type GalleryItemSize,
  type GalleryLayout,
  type GalleryLayoutInput,
  type GalleryOptionsInput,
  galleryItemAspect,
  layoutGallery,
  resolveGalleryOptions,
} from './layout';

const square = { width: 100, height: 100 };
const wide = { width: 200, height: 100 };
const tall = { width: 100, height: 200 };

function buildInput(overrides: Partial<GalleryLayoutInput> = {}): GalleryLayoutInput {
  return { items: [square, square, square], containerWidth: 600, isMobile: false, ...overrides };
}

function withOptions(options: GalleryOptionsInput, items: GalleryItemSize[], width: number) {
  return layoutGallery(buildInput({ options, items, containerWidth: width }));
}

/** Left, top, width, height of each box, for compact expectations. */
function rects(boxes: GalleryBox[] | undefined): number[][] {
  return (boxes ?? []).map((box) => [box.left, box.top, box.width, box.height]);
}

describe('resolveGalleryOptions', () => {
  it('gives SPEC §9 defaults: COLLAGE in ROWS', () => {
    const resolved = resolveGalleryOptions();
    expect(resolved.layout).toBe('COLLAGE');
    expect(resolved.orientation).toBe('ROWS');
    expect(resolved.targetSize).toBe(DEFAULT_GALLERY_OPTIONS.item.targetSize);
    expect(resolved.spacing).toBe(DEFAULT_GALLERY_OPTIONS.item.spacing);
    expect(resolved.ratio).toBeUndefined();
  });

  it('uses COLUMNS for MASONRY without a stored orientation', () => {
    expect(resolveGalleryOptions({ layout: 'MASONRY' }).orientation).toBe('COLUMNS');
    expect(resolveGalleryOptions({ layout: 'MASONRY', orientation: 'ROWS' }).orientation).toBe(
      'ROWS',
    );
  });

  it('clamps numbers to the SPEC §5 bounds', () => {
    const resolved = resolveGalleryOptions({
      item: { spacing: 500, targetSize: 5 },
      numberOfColumns: 0,
      thumbnails: { spacing: -3 },
    });
    expect(resolved.spacing).toBe(100);
    expect(resolved.targetSize).toBe(150);
    expect(resolved.numberOfColumns).toBe(1);
    expect(resolved.thumbnailSpacing).toBe(0);
  });
});

describe('galleryItemAspect', () => {
  it('treats missing or zero sizes as square', () => {
    expect(galleryItemAspect({})).toBe(1);
    expect(galleryItemAspect({ width: 0, height: 10 })).toBe(1);
    expect(galleryItemAspect({ width: 300, height: null })).toBe(1);
    expect(galleryItemAspect({ width: 300, height: 150 })).toBe(2);
  });
});

describe('layoutGallery examples', () => {
  it('MASONRY rows: a justified row fills the width; rounding keeps gaps exact', () => {
    const layout = withOptions(
      { layout: 'MASONRY', orientation: 'ROWS', item: { targetSize: 150, spacing: 10 } },
      [wide, square, square],
      410,
    );
    // One item: 205 high; two: 400 / 3 = 133.3, closer to 150, so the row takes two. Adding the
    // third would need 97.5 (further), so it starts the last row at the target height.
    expect(layout.kind).toBe('grid');
    expect(rects(layout.items)).toEqual([
      [0, 0, 267, 133],
      [277, 0, 133, 133],
      [0, 143, 150, 150],
    ]);
    expect(layout.height).toBe(293);
  });

  it('MASONRY rows: the last row keeps the target height instead of stretching', () => {
    const layout = withOptions(
      { layout: 'MASONRY', orientation: 'ROWS', item: { targetSize: 150, spacing: 10 } },
      [square],
      600,
    );
    expect(rects(layout.items)).toEqual([[0, 0, 150, 150]]);
    expect(layout.width).toBe(600);
  });

  it('MASONRY columns: each item goes into the shortest column', () => {
    const layout = withOptions(
      { layout: 'MASONRY', numberOfColumns: 3, item: { spacing: 10 } },
      [square, tall, square, wide],
      320,
    );
    expect(rects(layout.items)).toEqual([
      [0, 0, 100, 100],
      [110, 0, 100, 200],
      [220, 0, 100, 100],
      [0, 110, 100, 50],
    ]);
    expect(layout.height).toBe(200);
  });

  it('GRID: equal cells of the stored ratio, mobile column count on mobile', () => {
    const options = {
      layout: 'GRID',
      numberOfColumns: 3,
      mobileNumberOfColumns: 2,
      item: { ratio: 2, spacing: 10, crop: 'FIT' },
    } as const;
    const desktop = layoutGallery(
      buildInput({ options, items: [tall, tall, tall, tall], containerWidth: 320 }),
    );
    expect(rects(desktop.items)).toEqual([
      [0, 0, 100, 50],
      [110, 0, 100, 50],
      [220, 0, 100, 50],
      [0, 60, 100, 50],
    ]);
    expect(desktop.items.every((box) => box.crop === 'FIT')).toBe(true);
    expect(desktop.height).toBe(110);
    const mobile = layoutGallery(
      buildInput({ options, items: [tall, tall, tall], containerWidth: 320, isMobile: true }),
    );
    expect(rects(mobile.items)).toEqual([
      [0, 0, 155, 78],
      [165, 0, 155, 78],
      [0, 88, 155, 78],
    ]);
  });

  it('GRID: spreads the leftover pixels over the columns so the row ends at the width', () => {
    const layout = withOptions(
      { layout: 'GRID', item: { spacing: 10 } },
      [square, square, square],
      1000,
    );
    expect(rects(layout.items)).toEqual([
      [0, 0, 327, 327],
      [337, 0, 326, 327],
      [673, 0, 327, 327],
    ]);
  });

  it('COLLAGE: one large item then two small ones stacked, all keeping their shape', () => {
    const layout = withOptions(
      { layout: 'COLLAGE', item: { targetSize: 150, spacing: 10 } },
      [square, square, square],
      220,
    );
    expect(rects(layout.items)).toEqual([
      [0, 0, 143, 143],
      [153, 0, 67, 67],
      [153, 77, 67, 66],
    ]);
    expect(layout.height).toBe(143);
  });

  it('PANORAMA: full width, natural heights', () => {
    const layout = withOptions({ layout: 'PANORAMA', item: { spacing: 10 } }, [wide, tall], 300);
    expect(rects(layout.items)).toEqual([
      [0, 0, 300, 150],
      [0, 160, 300, 600],
    ]);
    expect(layout.height).toBe(760);
  });

  it('COLUMN: full width at the stored ratio with the stored crop', () => {
    const layout = withOptions(
      { layout: 'COLUMN', item: { ratio: 2, spacing: 0, crop: 'FIT' } },
      [tall, square],
      300,
    );
    expect(rects(layout.items)).toEqual([
      [0, 0, 300, 150],
      [0, 150, 300, 150],
    ]);
    expect(layout.items[0]!.crop).toBe('FIT');
  });

  it('SLIDER: a strip of equal heights; an item wider than the view is fitted into it', () => {
    const layout = withOptions(
      { layout: 'SLIDER', item: { targetSize: 150, spacing: 10 } },
      [wide, square, { width: 1000, height: 100 }],
      500,
    );
    expect(layout.kind).toBe('strip');
    expect(rects(layout.items)).toEqual([
      [0, 0, 300, 150],
      [310, 0, 150, 150],
      [470, 0, 500, 150],
    ]);
    expect(layout.items.map((box) => box.crop)).toEqual(['FILL', 'FILL', 'FIT']);
    expect(layout.current).toBe(0);
    expect(layout.strip).toEqual({
      left: 0,
      top: 0,
      width: 500,
      height: 150,
      contentWidth: 970,
      contentHeight: 150,
      axis: 'x',
    });
  });

  it('SLIDESHOW: full-width slides as high as the first item, spacing between slides', () => {
    const layout = withOptions(
      { layout: 'SLIDESHOW', item: { spacing: 10 } },
      [{ width: 800, height: 600 }, tall],
      400,
    );
    expect(layout.kind).toBe('slides');
    expect(rects(layout.items)).toEqual([
      [0, 0, 400, 300],
      [410, 0, 400, 300],
    ]);
    expect(layout.items.map((box) => box.crop)).toEqual(['FILL', 'FILL']);
    expect(layout.strip?.contentWidth).toBe(810);
    expect(layout.current).toBe(0);
    expect(layout.height).toBe(300);
  });

  it('FULLSIZE: slides edge to edge at the stored ratio', () => {
    const layout = withOptions(
      { layout: 'FULLSIZE', item: { ratio: 16 / 9, crop: 'FIT', spacing: 40 } },
      [square, square],
      320,
    );
    expect(rects(layout.items)).toEqual([
      [0, 0, 320, 180],
      [320, 0, 320, 180],
    ]);
    expect(layout.items[0]!.crop).toBe('FIT');
  });

  it('THUMBNAIL at the bottom: main slides, then a scrolling strip of square thumbnails', () => {
    const layout = withOptions(
      {
        layout: 'THUMBNAIL',
        item: { spacing: 0 },
        thumbnails: { placement: 'BOTTOM', spacing: 4 },
      },
      [square, square, square],
      600,
    );
    expect(layout.strip).toMatchObject({ left: 0, top: 0, width: 600, height: 600 });
    expect(rects(layout.thumbnails)).toEqual([
      [0, 0, 120, 120],
      [124, 0, 120, 120],
      [248, 0, 120, 120],
    ]);
    expect(layout.thumbnailStrip).toEqual({
      left: 0,
      top: 604,
      width: 600,
      height: 120,
      contentWidth: 368,
      contentHeight: 120,
      axis: 'x',
    });
    expect(layout.height).toBe(724);
  });

  it('THUMBNAIL on the left: thumbnails scroll down beside narrower slides', () => {
    const layout = withOptions(
      { layout: 'THUMBNAIL', thumbnails: { placement: 'LEFT', spacing: 4 } },
      [square, square],
      600,
    );
    expect(layout.strip).toMatchObject({ left: 124, top: 0, width: 476, height: 476 });
    expect(layout.thumbnailStrip).toMatchObject({
      left: 0,
      top: 0,
      width: 120,
      height: 476,
      contentHeight: 244,
      axis: 'y',
    });
    expect(layout.width).toBe(600);
    expect(layout.height).toBe(476);
  });

  it('THUMBNAIL on the right falls back to the bottom when the slides would be too narrow', () => {
    const layout = withOptions(
      { layout: 'THUMBNAIL', thumbnails: { placement: 'RIGHT' } },
      [square],
      200,
    );
    expect(layout.thumbnailStrip?.axis).toBe('x');
    expect(layout.strip?.width).toBe(200);
  });

  it('GRID with horizontal scroll: one row, numberOfColumns cells per view', () => {
    const layout = withOptions(
      { layout: 'GRID', horizontalScroll: true, numberOfColumns: 2, item: { spacing: 10 } },
      [square, square, square],
      410,
    );
    expect(layout.kind).toBe('strip');
    expect(rects(layout.items)).toEqual([
      [0, 0, 200, 200],
      [210, 0, 200, 200],
      [420, 0, 200, 200],
    ]);
  });

  it('MAGIC: the same item count gives the same arrangement, whatever the input object', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ width: 100 + i * 37, height: 150 }));
    const first = withOptions({ layout: 'MAGIC' }, items, 900);
    const second = withOptions(
      { layout: 'MAGIC' },
      items.map((item) => ({ ...item })),
      900,
    );
    expect(second).toEqual(first);
    // It mixes stacked and single items: some items share a column with another.
    const lefts = first.items.map((box) => `${box.left}:${box.width}`);
    expect(new Set(lefts).size).toBeLessThan(lefts.length);
  });

  it('gives an empty layout for no items or no width', () => {
    expect(layoutGallery(buildInput({ items: [] }))).toEqual({
      kind: 'grid',
      width: 600,
      height: 0,
      items: [],
    });
    expect(layoutGallery(buildInput({ containerWidth: 0 })).items).toEqual([]);
    expect(layoutGallery(buildInput({ containerWidth: Number.NaN })).width).toBe(0);
  });
});

// --- properties ---

const itemArb = fc.oneof(
  fc.record({
    width: fc.integer({ min: 1, max: 6000 }),
    height: fc.integer({ min: 1, max: 6000 }),
  }),
  fc.constant({}),
  fc.constant({ width: 0, height: 0 }),
);

const optionsArb: fc.Arbitrary<GalleryOptionsInput> = fc.record(
  {
    layout: fc.constantFrom(...GALLERY_LAYOUTS),
    orientation: fc.constantFrom('ROWS' as const, 'COLUMNS' as const),
    horizontalScroll: fc.boolean(),
    numberOfColumns: fc.integer({ min: 0, max: 12 }),
    mobileNumberOfColumns: fc.integer({ min: 0, max: 12 }),
    item: fc.record(
      {
        targetSize: fc.integer({ min: 100, max: 1100 }),
        ratio: fc.double({ min: 0.2, max: 5, noNaN: true }),
        crop: fc.constantFrom('FILL' as const, 'FIT' as const),
        spacing: fc.integer({ min: 0, max: 120 }),
      },
      { requiredKeys: [] },
    ),
    thumbnails: fc.record(
      {
        placement: fc.constantFrom(
          'TOP' as const,
          'RIGHT' as const,
          'BOTTOM' as const,
          'LEFT' as const,
          'NONE' as const,
        ),
        spacing: fc.integer({ min: 0, max: 120 }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

const inputArb = fc.record({
  items: fc.array(itemArb, { maxLength: 30 }),
  containerWidth: fc.integer({ min: 1, max: 2400 }),
  options: optionsArb,
  isMobile: fc.boolean(),
});

function overlaps(a: GalleryBox, b: GalleryBox, gap: number): boolean {
  return (
    a.left < b.left + b.width + gap &&
    b.left < a.left + a.width + gap &&
    a.top < b.top + b.height + gap &&
    b.top < a.top + a.height + gap
  );
}

/** The spaces the boxes live in: the container, or a strip's scrolled content. */
function spacesOf(layout: GalleryLayout) {
  const spaces = [
    {
      boxes: layout.items,
      width: layout.strip ? layout.strip.contentWidth : layout.width,
      height: layout.strip ? layout.strip.contentHeight : layout.height,
    },
  ];
  if (layout.thumbnails && layout.thumbnailStrip) {
    spaces.push({
      boxes: layout.thumbnails,
      width: layout.thumbnailStrip.contentWidth,
      height: layout.thumbnailStrip.contentHeight,
    });
  }
  return spaces;
}

function gapOf(input: GalleryLayoutInput, isThumbnail: boolean): number {
  const resolved = resolveGalleryOptions(input.options);
  if (isThumbnail) return resolved.thumbnailSpacing;
  return resolved.layout === 'FULLSIZE' ? 0 : resolved.spacing;
}

/** Whether some box of exactly the item's shape is within 1 px of this one each way. */
function keepsShape(box: GalleryBox, aspect: number): boolean {
  return aspect * (box.height - 1) <= box.width + 1 && aspect * (box.height + 1) >= box.width - 1;
}

/** Rows of a row layout: boxes grouped into bands that no horizontal line separates. */
function bandsOf(boxes: GalleryBox[]): GalleryBox[][] {
  const sorted = [...boxes].sort((a, b) => a.top - b.top);
  const bands: GalleryBox[][] = [];
  let bottom = Number.NEGATIVE_INFINITY;
  for (const box of sorted) {
    const band = bands.at(-1);
    if (band && box.top < bottom) {
      band.push(box);
      bottom = Math.max(bottom, box.top + box.height);
    } else {
      bands.push([box]);
      bottom = box.top + box.height;
    }
  }
  return bands;
}

describe('layoutGallery properties', () => {
  it('places every item once, in integer px, at least 1 px each way', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const layout = layoutGallery(input);
        const expected = input.items.map((_, i) => i);
        expect(layout.items.map((box) => box.index).sort((a, b) => a - b)).toEqual(expected);
        if (layout.thumbnails) {
          expect(layout.thumbnails.map((box) => box.index)).toEqual(expected);
        }
        for (const box of [...layout.items, ...(layout.thumbnails ?? [])]) {
          for (const value of [box.left, box.top, box.width, box.height]) {
            expect(Number.isInteger(value)).toBe(true);
          }
          expect(box.width).toBeGreaterThanOrEqual(1);
          expect(box.height).toBeGreaterThanOrEqual(1);
        }
        expect(layout.width).toBeLessThanOrEqual(input.containerWidth);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps every box inside its container and apart from the others by the spacing', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const layout = layoutGallery(input);
        spacesOf(layout).forEach((space, s) => {
          const gap = gapOf(input, s === 1);
          for (const box of space.boxes) {
            expect(box.left).toBeGreaterThanOrEqual(0);
            expect(box.top).toBeGreaterThanOrEqual(0);
            expect(box.left + box.width).toBeLessThanOrEqual(space.width);
            expect(box.top + box.height).toBeLessThanOrEqual(space.height);
          }
          for (let i = 0; i < space.boxes.length; i++) {
            for (let j = i + 1; j < space.boxes.length; j++) {
              expect(overlaps(space.boxes[i]!, space.boxes[j]!, gap)).toBe(false);
            }
          }
        });
        for (const strip of [layout.strip, layout.thumbnailStrip]) {
          if (!strip) continue;
          expect(strip.left + strip.width).toBeLessThanOrEqual(layout.width);
          expect(strip.top + strip.height).toBeLessThanOrEqual(layout.height);
        }
        if (layout.strip && layout.thumbnailStrip) {
          const asBox = (strip: typeof layout.strip) => ({
            ...strip,
            index: 0,
            crop: 'FILL' as const,
          });
          expect(overlaps(asBox(layout.strip), asBox(layout.thumbnailStrip), 0)).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(layoutGallery(structuredClone(input))).toEqual(layoutGallery(input));
      }),
      { numRuns: 100 },
    );
  });

  it('fills every row but the last to the container width, with no gaps beyond spacing', () => {
    const rowsInput = fc.record({
      items: fc.array(itemArb, { minLength: 1, maxLength: 30 }),
      containerWidth: fc.integer({ min: 1, max: 2400 }),
      options: fc.record({
        layout: fc.constantFrom('COLLAGE' as const, 'MASONRY' as const, 'MAGIC' as const),
        orientation: fc.constant('ROWS' as const),
        item: fc.record({
          targetSize: fc.integer({ min: 150, max: 1000 }),
          spacing: fc.integer({ min: 0, max: 100 }),
        }),
      }),
      isMobile: fc.boolean(),
    });
    fc.assert(
      fc.property(rowsInput, (input) => {
        // Rows are read back from the boxes by vertical overlap. A box no taller than the spacing
        // fits inside the gap between two stacked items of another column, and a horizontal
        // line can then cut the row without crossing a box (22 px items 23 px apart in a 230 px
        // gallery split a row in two): the layout is right, the reading is ambiguous. Such
        // galleries are left to the other properties (inside the container, no overlap, spacing
        // kept). Every box taller than the spacing makes each row read as one band.
        fc.pre(input.options.item.spacing * 10 <= input.containerWidth);
        const layout = layoutGallery(input);
        const spacing = input.options.item.spacing;
        fc.pre(layout.items.every((box) => box.height > spacing));
        const bands = bandsOf(layout.items);
        const rights = bands.map((band) => Math.max(...band.map((box) => box.left + box.width)));
        // Only trailing bands (the last row) may stop short of the width.
        const firstShort = rights.findIndex((right) => right < layout.width);
        if (firstShort >= 0) {
          expect(rights.slice(firstShort).every((right) => right < layout.width)).toBe(true);
        }
        bands.forEach((band, b) => {
          for (const box of band) {
            const hasLeft =
              box.left === 0 ||
              band.some((other) => other.left + other.width + spacing === box.left);
            const hasRight =
              box.left + box.width === rights[b] ||
              band.some((other) => other.left === box.left + box.width + spacing);
            expect(hasLeft && hasRight).toBe(true);
          }
        });
        if (input.options.layout === 'MASONRY') {
          const last = bands.at(-1)!;
          expect(last[0]!.height).toBeLessThanOrEqual(input.options.item.targetSize);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps each item’s aspect ratio within 1 px in layouts that do not crop', () => {
    const photoArb = fc.record({
      width: fc.integer({ min: 200, max: 5000 }),
      height: fc.integer({ min: 200, max: 5000 }),
    });
    const naturalInput = fc.record({
      items: fc.array(photoArb, { minLength: 1, maxLength: 30 }),
      containerWidth: fc.integer({ min: 200, max: 2400 }),
      options: fc.record({
        layout: fc.constantFrom(
          'COLLAGE' as const,
          'MASONRY' as const,
          'MAGIC' as const,
          'PANORAMA' as const,
          'SLIDER' as const,
          'COLUMN' as const,
        ),
        orientation: fc.constantFrom('ROWS' as const, 'COLUMNS' as const),
        horizontalScroll: fc.boolean(),
        numberOfColumns: fc.integer({ min: 1, max: 10 }),
        item: fc.record({
          targetSize: fc.integer({ min: 150, max: 1000 }),
          spacing: fc.integer({ min: 0, max: 100 }),
        }),
      }),
      isMobile: fc.boolean(),
    });
    fc.assert(
      fc.property(naturalInput, (input) => {
        const layout = layoutGallery(input);
        for (const box of layout.items) {
          // A box wider than a slider's view shows its image whole (FIT) instead.
          if (box.crop === 'FIT') {
            expect(box.width).toBe(layout.width);
            continue;
          }
          expect(keepsShape(box, galleryItemAspect(input.items[box.index]))).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});
