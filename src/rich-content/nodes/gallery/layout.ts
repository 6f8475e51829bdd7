/**
 * The gallery node's layout engine (SPEC §3 "Gallery", §5 layout bounds, §9 defaults): where
 * every item of a gallery goes for each of the ten layouts, as integer pixel boxes. Pure and
 * isomorphic (no DOM, no React), so the server renders the final geometry with absolutely
 * positioned images: no client script and no layout shift. Strips and slides are meant to be
 * scrolled with CSS scroll-snap; their boxes are relative to the scrolled content.
 */
import { ITEM_SIZE_MAX, ITEM_SIZE_MIN, SPACING_MAX } from '../../../domain/layout-bounds';
import {
  GALLERY_COLUMNS_MAX,
  GALLERY_LAYOUTS,
  type GalleryCrop,
  type GalleryLayoutType,
  type GalleryOrientation,
  type GalleryThumbnailPlacement,
  THUMBNAIL_PLACEMENTS,
} from './limits';

export type { GalleryCrop, GalleryLayoutType, GalleryOrientation, GalleryThumbnailPlacement };
export { GALLERY_COLUMNS_MAX, GALLERY_LAYOUTS };

/** An item's intrinsic size; a missing, zero or invalid size counts as square. */
export interface GalleryItemSize {
  width?: number | null;
  height?: number | null;
}

/**
 * The stored gallery options (SPEC §3, the model's `GalleryOptions`) that affect the layout, in
 * the layout engine's flat terms (`galleryLayoutOptions` maps one to the other); any field can be
 * missing.
 */
export interface GalleryOptionsInput {
  layout?: GalleryLayoutType;
  orientation?: GalleryOrientation;
  horizontalScroll?: boolean;
  numberOfColumns?: number;
  mobileNumberOfColumns?: number;
  item?: { targetSize?: number; ratio?: number; crop?: GalleryCrop; spacing?: number };
  thumbnails?: { placement?: GalleryThumbnailPlacement; spacing?: number };
}

/** Options with every default applied and every number clamped to its bounds. */
export interface ResolvedGalleryOptions {
  layout: GalleryLayoutType;
  orientation: GalleryOrientation;
  horizontalScroll: boolean;
  numberOfColumns: number;
  mobileNumberOfColumns: number;
  /** Undefined when the owner set none: slides then take the first item's shape. */
  ratio: number | undefined;
  targetSize: number;
  crop: GalleryCrop;
  spacing: number;
  thumbnailPlacement: GalleryThumbnailPlacement;
  thumbnailSpacing: number;
}

/**
 * SPEC §9: a gallery is COLLAGE in ROWS unless stored otherwise. The rest are ours: rows about
 * 300 px high, 10 px between items, 3 columns (2 on mobile), thumbnails below, 4 px apart.
 * MASONRY without a stored orientation uses COLUMNS (its usual form).
 */
export const DEFAULT_GALLERY_OPTIONS = {
  layout: 'COLLAGE',
  orientation: 'ROWS',
  horizontalScroll: false,
  numberOfColumns: 3,
  mobileNumberOfColumns: 2,
  item: { targetSize: 300, crop: 'FILL', spacing: 10 },
  thumbnails: { placement: 'BOTTOM', spacing: 4 },
} as const satisfies GalleryOptionsInput;

/** GRID cells are square when no ratio is stored. */
export const DEFAULT_GALLERY_RATIO = 1;
/** Side of a square thumbnail in the THUMBNAIL layout's strip. */
export const GALLERY_THUMBNAIL_SIZE = 120;
export const GALLERY_THUMBNAIL_SIZE_MOBILE = 80;
/** Aspect ratios beyond these are drawn cropped: a 1000:1 image would be a hairline. */
export const GALLERY_ASPECT_MIN = 0.01;
export const GALLERY_ASPECT_MAX = 100;

/** One positioned item (or thumbnail) in px; `index` is the item's position in the input. */
export interface GalleryBox {
  index: number;
  left: number;
  top: number;
  width: number;
  height: number;
  crop: GalleryCrop;
}

/**
 * A scroll viewport inside the container (left/top/width/height in container px) and the size of
 * what scrolls inside it; the boxes it holds are relative to that scrolled content.
 */
export interface GalleryStrip {
  left: number;
  top: number;
  width: number;
  height: number;
  contentWidth: number;
  contentHeight: number;
  axis: 'x' | 'y';
}

/**
 * The placed gallery. `grid`: every item visible at once, boxes relative to the container.
 * `strip`: a row of items scrolled sideways. `slides`: one full item at a time. Strips and
 * slides have `strip` (the items' viewport) and `current` (the slide shown first, 0); THUMBNAIL
 * adds `thumbnails` in `thumbnailStrip`.
 */
export interface GalleryLayout {
  kind: 'grid' | 'strip' | 'slides';
  width: number;
  height: number;
  items: GalleryBox[];
  strip?: GalleryStrip;
  current?: number;
  thumbnails?: GalleryBox[];
  thumbnailStrip?: GalleryStrip;
}

export interface GalleryLayoutInput {
  items: readonly GalleryItemSize[];
  /** The width available to the gallery, px. */
  containerWidth: number;
  options?: GalleryOptionsInput;
  isMobile?: boolean;
}

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** The options with defaults applied and numbers clamped (SPEC §5: spacing 0-100, size 150-1000). */
export function resolveGalleryOptions(input: GalleryOptionsInput = {}): ResolvedGalleryOptions {
  const defaults = DEFAULT_GALLERY_OPTIONS;
  const layout = GALLERY_LAYOUTS.includes(input.layout as GalleryLayoutType)
    ? (input.layout as GalleryLayoutType)
    : defaults.layout;
  const orientation =
    input.orientation === 'ROWS' || input.orientation === 'COLUMNS'
      ? input.orientation
      : layout === 'MASONRY'
        ? 'COLUMNS'
        : defaults.orientation;
  const ratio = input.item?.ratio;
  const placement = input.thumbnails?.placement;
  return {
    layout,
    orientation,
    horizontalScroll: input.horizontalScroll ?? defaults.horizontalScroll,
    numberOfColumns: clampInt(
      input.numberOfColumns,
      1,
      GALLERY_COLUMNS_MAX,
      defaults.numberOfColumns,
    ),
    mobileNumberOfColumns: clampInt(
      input.mobileNumberOfColumns,
      1,
      GALLERY_COLUMNS_MAX,
      defaults.mobileNumberOfColumns,
    ),
    ratio:
      ratio !== undefined && Number.isFinite(ratio) && ratio > 0
        ? Math.min(GALLERY_ASPECT_MAX, Math.max(GALLERY_ASPECT_MIN, ratio))
        : undefined,
    targetSize: clampInt(
      input.item?.targetSize,
      ITEM_SIZE_MIN,
      ITEM_SIZE_MAX,
      defaults.item.targetSize,
    ),
    crop: input.item?.crop === 'FIT' || input.item?.crop === 'FILL' ? input.item.crop : 'FILL',
    spacing: clampInt(input.item?.spacing, 0, SPACING_MAX, defaults.item.spacing),
    thumbnailPlacement:
      placement && THUMBNAIL_PLACEMENTS.includes(placement)
        ? placement
        : defaults.thumbnails.placement,
    thumbnailSpacing: clampInt(
      input.thumbnails?.spacing,
      0,
      SPACING_MAX,
      defaults.thumbnails.spacing,
    ),
  };
}

/** Width over height; unknown sizes count as square. */
export function galleryItemAspect(item: GalleryItemSize | undefined): number {
  const width = item?.width;
  const height = item?.height;
  if (!width || !height || !Number.isFinite(width) || !Number.isFinite(height)) return 1;
  if (width <= 0 || height <= 0) return 1;
  return Math.min(GALLERY_ASPECT_MAX, Math.max(GALLERY_ASPECT_MIN, width / height));
}

/**
 * Places a gallery's items for its layout (SPEC §3). Same input, same output; every box has
 * integer px, lies inside its container (or strip content) and keeps `spacing` from the others.
 * A container narrower than 1 px gives an empty layout.
 */
export function layoutGallery(input: GalleryLayoutInput): GalleryLayout {
  const options = resolveGalleryOptions(input.options);
  const width = Number.isFinite(input.containerWidth) ? Math.floor(input.containerWidth) : 0;
  const aspects = input.items.map(galleryItemAspect);
  const isMobile = input.isMobile ?? false;
  if (width < 1) {
    return { kind: isSlides(options.layout) ? 'slides' : 'grid', width: 0, height: 0, items: [] };
  }
  const context: Context = { aspects, width, options, isMobile };
  switch (options.layout) {
    case 'SLIDER':
      return sliderLayout(context, (aspect) => aspect);
    case 'SLIDESHOW':
      return slidesLayout(context, options.spacing, 'NONE');
    case 'FULLSIZE':
      // Edge to edge: one image fills the view, so no gap shows between slides.
      return slidesLayout(context, 0, 'NONE');
    case 'THUMBNAIL':
      return slidesLayout(context, options.spacing, options.thumbnailPlacement);
    case 'GRID':
      return options.horizontalScroll ? gridStripLayout(context) : gridLayout(context);
    case 'COLUMN': {
      const ratio = options.ratio;
      if (options.horizontalScroll) return sliderLayout(context, (aspect) => ratio ?? aspect);
      return stackLayout(context, ratio);
    }
    case 'PANORAMA':
      if (options.horizontalScroll) return sliderLayout(context, (aspect) => aspect);
      return stackLayout(context, undefined);
    case 'COLLAGE':
    case 'MASONRY':
    case 'MAGIC':
      if (options.horizontalScroll) return sliderLayout(context, (aspect) => aspect);
      if (options.orientation === 'COLUMNS') return masonryColumnsLayout(context);
      return rowsLayout(context);
  }
}

function isSlides(layout: GalleryLayoutType): boolean {
  return layout === 'SLIDESHOW' || layout === 'FULLSIZE' || layout === 'THUMBNAIL';
}

interface Context {
  aspects: number[];
  width: number;
  options: ResolvedGalleryOptions;
  isMobile: boolean;
}

function columnCount({ options, isMobile, width }: Context): number {
  const wanted = isMobile ? options.mobileNumberOfColumns : options.numberOfColumns;
  // Every column keeps at least 1 px once the gaps are taken out.
  const fitting = Math.floor((width + options.spacing) / (options.spacing + 1));
  return Math.max(1, Math.min(wanted, fitting));
}

/**
 * Column `c` of `count` equal columns with `spacing` between them across `width`: edges are
 * rounded so the columns differ by at most 1 px, the gaps are exact and the last one ends at
 * `width`. Columns past `count` continue at the same pitch (for horizontal strips).
 */
function column(c: number, count: number, width: number, spacing: number) {
  const pitch = (width + spacing) / count;
  const left = Math.round(c * pitch);
  return { left, width: Math.round((c + 1) * pitch) - spacing - left };
}

function gridLayout(context: Context): GalleryLayout {
  const { aspects, width, options } = context;
  const count = columnCount(context);
  const { spacing } = options;
  const ratio = options.ratio ?? DEFAULT_GALLERY_RATIO;
  const cellHeightPx = Math.max(1, Math.round(((width + spacing) / count - spacing) / ratio));
  const items = aspects.map((_, index): GalleryBox => {
    const row = Math.floor(index / count);
    const cell = column(index % count, count, width, spacing);
    return {
      index,
      left: cell.left,
      top: row * (cellHeightPx + spacing),
      width: cell.width,
      height: cellHeightPx,
      crop: options.crop,
    };
  });
  const rows = Math.ceil(aspects.length / count);
  return { kind: 'grid', width, height: stackedLength(rows, cellHeightPx, spacing), items };
}

/** GRID with horizontal scroll: one row of grid cells, `numberOfColumns` of them per view. */
function gridStripLayout(context: Context): GalleryLayout {
  const { aspects, width, options } = context;
  const count = columnCount(context);
  const { spacing } = options;
  const ratio = options.ratio ?? DEFAULT_GALLERY_RATIO;
  const height = Math.max(1, Math.round(((width + spacing) / count - spacing) / ratio));
  const items = aspects.map((_, index): GalleryBox => {
    const cell = column(index, count, width, spacing);
    return { index, left: cell.left, top: 0, width: cell.width, height, crop: options.crop };
  });
  return stripResult(items, width, height);
}

function stackedLength(count: number, size: number, spacing: number): number {
  return count === 0 ? 0 : count * size + (count - 1) * spacing;
}

function stripResult(items: GalleryBox[], width: number, height: number): GalleryLayout {
  const last = items.at(-1);
  return {
    kind: 'strip',
    width,
    height,
    items,
    strip: {
      left: 0,
      top: 0,
      width,
      height,
      contentWidth: last ? last.left + last.width : 0,
      contentHeight: height,
      axis: 'x',
    },
    ...(items.length > 0 ? { current: 0 } : {}),
  };
}

/**
 * SLIDER (and every layout with horizontal scroll but GRID): one row of items of equal height
 * `targetSize`, each as wide as its shape says. An item wider than the view is shown whole (FIT)
 * in a box as wide as the view.
 */
function sliderLayout(context: Context, shapeOf: (aspect: number) => number): GalleryLayout {
  const { aspects, width, options } = context;
  const height = options.targetSize;
  let left = 0;
  const items = aspects.map((aspect, index): GalleryBox => {
    const shape = shapeOf(aspect);
    const natural = Math.max(1, Math.round(shape * height));
    const boxWidth = Math.min(width, natural);
    const crop: GalleryCrop = natural > width ? 'FIT' : shape === aspect ? 'FILL' : options.crop;
    const box = { index, left, top: 0, width: boxWidth, height, crop };
    left += boxWidth + options.spacing;
    return box;
  });
  return stripResult(items, width, height);
}

/**
 * PANORAMA and COLUMN: one column of full-width items, at their natural height or, for COLUMN
 * with a stored ratio, at that ratio with the stored crop.
 */
function stackLayout(context: Context, ratio: number | undefined): GalleryLayout {
  const { aspects, width, options } = context;
  let top = 0;
  const items = aspects.map((aspect, index): GalleryBox => {
    const height = Math.max(1, Math.round(width / (ratio ?? aspect)));
    const box = {
      index,
      left: 0,
      top,
      width,
      height,
      crop: ratio === undefined ? ('FILL' as const) : options.crop,
    };
    top += height + options.spacing;
    return box;
  });
  const height = items.length === 0 ? 0 : top - options.spacing;
  return { kind: 'grid', width, height, items };
}

/**
 * SLIDESHOW, FULLSIZE and THUMBNAIL: one full-width slide at a time, as high as the stored ratio
 * or, without one, the first item. THUMBNAIL adds a strip of square thumbnails at `placement`;
 * beside the slides (LEFT, RIGHT) only when the slides stay wider than a thumbnail.
 */
function slidesLayout(
  context: Context,
  gap: number,
  placement: GalleryThumbnailPlacement,
): GalleryLayout {
  const { aspects, width, options, isMobile } = context;
  const count = aspects.length;
  const thumbSpacing = options.thumbnailSpacing;
  const wantedThumb = isMobile ? GALLERY_THUMBNAIL_SIZE_MOBILE : GALLERY_THUMBNAIL_SIZE;
  const isSide =
    (placement === 'LEFT' || placement === 'RIGHT') &&
    width - wantedThumb - thumbSpacing >= wantedThumb;
  const side: GalleryThumbnailPlacement =
    placement === 'NONE' ? 'NONE' : isSide ? placement : placement === 'TOP' ? 'TOP' : 'BOTTOM';
  const thumb = Math.min(wantedThumb, width);
  const slideWidth = isSide ? width - thumb - thumbSpacing : width;
  const shape = options.ratio ?? aspects[0] ?? 1;
  const slideHeight = Math.max(1, Math.round(slideWidth / shape));
  const items = aspects.map(
    (aspect, index): GalleryBox => ({
      index,
      left: index * (slideWidth + gap),
      top: 0,
      width: slideWidth,
      height: slideHeight,
      // Without a stored ratio the first slide has its own shape: nothing to crop.
      crop: options.ratio === undefined && aspect === shape ? 'FILL' : options.crop,
    }),
  );
  const slidesContent = count === 0 ? 0 : count * slideWidth + (count - 1) * gap;
  const strip: GalleryStrip = {
    left: side === 'LEFT' ? thumb + thumbSpacing : 0,
    top: side === 'TOP' ? thumb + thumbSpacing : 0,
    width: slideWidth,
    height: slideHeight,
    contentWidth: slidesContent,
    contentHeight: slideHeight,
    axis: 'x',
  };
  const base = { kind: 'slides' as const, items, strip, ...(count > 0 ? { current: 0 } : {}) };
  if (side === 'NONE') return { ...base, width, height: slideHeight };
  const thumbnails = aspects.map((_, index): GalleryBox => {
    const offset = index * (thumb + thumbSpacing);
    return isSide
      ? { index, left: 0, top: offset, width: thumb, height: thumb, crop: 'FILL' }
      : { index, left: offset, top: 0, width: thumb, height: thumb, crop: 'FILL' };
  });
  const thumbsLength = stackedLength(count, thumb, thumbSpacing);
  const thumbnailStrip: GalleryStrip = isSide
    ? {
        left: side === 'LEFT' ? 0 : slideWidth + thumbSpacing,
        top: 0,
        width: thumb,
        height: slideHeight,
        contentWidth: thumb,
        contentHeight: thumbsLength,
        axis: 'y',
      }
    : {
        left: 0,
        top: side === 'TOP' ? 0 : slideHeight + thumbSpacing,
        width,
        height: thumb,
        contentWidth: thumbsLength,
        contentHeight: thumb,
        axis: 'x',
      };
  return {
    ...base,
    width,
    height: isSide ? slideHeight : slideHeight + thumbSpacing + thumb,
    thumbnails,
    thumbnailStrip,
  };
}

/** COLUMNS orientation: equal columns, each item into the shortest one (leftmost on a tie). */
function masonryColumnsLayout(context: Context): GalleryLayout {
  const { aspects, width, options } = context;
  const count = columnCount(context);
  const { spacing } = options;
  const columns = Array.from({ length: count }, (_, c) => column(c, count, width, spacing));
  const bottoms = columns.map(() => 0);
  const items = aspects.map((aspect, index): GalleryBox => {
    let shortest = 0;
    for (let c = 1; c < count; c++) if (bottoms[c]! < bottoms[shortest]!) shortest = c;
    const col = columns[shortest]!;
    const top = bottoms[shortest] === 0 ? 0 : bottoms[shortest]! + spacing;
    const height = Math.max(1, Math.round(col.width / aspect));
    bottoms[shortest] = top + height;
    return { index, left: col.left, top, width: col.width, height, crop: 'FILL' };
  });
  return { kind: 'grid', width, height: Math.max(0, ...bottoms), items };
}

/**
 * A unit of a justified row: one item, or several stacked in one column of equal width. A stack
 * of items with aspects a₁…aₘ at row height h is w = α·h + β wide, with α = 1/Σ(1/aᵢ) and
 * β = −(m−1)·spacing·α, so every item keeps its shape exactly.
 */
interface Unit {
  indices: number[];
  alpha: number;
  beta: number;
}

function unitOf(indices: number[], aspects: number[], spacing: number): Unit {
  const alpha = 1 / indices.reduce((sum, i) => sum + 1 / aspects[i]!, 0);
  return { indices, alpha, beta: -(indices.length - 1) * spacing * alpha };
}

/** Same seed, same sequence (mulberry32): MAGIC must look random yet render identically. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How items group into units, and each row's target height, for the row layouts. */
function rowPlan(context: Context): { groups: number[][]; targetOf: (row: number) => number } {
  const { aspects, options } = context;
  const count = aspects.length;
  const target = options.targetSize;
  const groups: number[][] = [];
  if (options.layout === 'MASONRY') {
    for (let i = 0; i < count; i++) groups.push([i]);
    return { groups, targetOf: () => target };
  }
  if (options.layout === 'COLLAGE') {
    // One large item, then two small ones stacked beside it, and again.
    for (let i = 0; i < count; ) {
      const size = groups.length % 2 === 0 ? 1 : Math.min(2, count - i);
      groups.push(range(i, size));
      i += size;
    }
    return { groups, targetOf: () => target };
  }
  // MAGIC: seeded by the item count, so a gallery keeps its look while its images load.
  const random = seededRandom(count * 2654435761);
  for (let i = 0; i < count; ) {
    const roll = random();
    const size = Math.min(roll < 0.5 ? 1 : roll < 0.85 ? 2 : 3, count - i);
    groups.push(range(i, size));
    i += size;
  }
  const rowRandom = seededRandom(count * 40503 + 1);
  const scales: number[] = [];
  return {
    groups,
    targetOf: (row) => {
      while (scales.length <= row) scales.push([0.75, 1, 1.5][Math.floor(rowRandom() * 3)]!);
      return Math.round(target * scales[row]!);
    },
  };
}

function range(start: number, length: number): number[] {
  return Array.from({ length }, (_, k) => start + k);
}

/**
 * ROWS orientation (COLLAGE, MASONRY, MAGIC): justified rows. Units join a row while it is
 * taller than the target, and the last one joins only if that brings the height closer to the
 * target; the row is then scaled to fill the width exactly. The last row keeps the target height
 * rather than being stretched. A row whose stacks would leave an item under 1 px is rebuilt with
 * those stacks split into single items.
 */
function rowsLayout(context: Context): GalleryLayout {
  const { aspects, width, options } = context;
  const { spacing } = options;
  const plan = rowPlan(context);
  const units = plan.groups.map((group) => unitOf(group, aspects, spacing));
  const items: GalleryBox[] = [];
  let top = 0;
  let rowIndex = 0;
  for (let start = 0; start < units.length; ) {
    const target = plan.targetOf(rowIndex);
    const heightOf = (row: Unit[]) =>
      (width - (row.length - 1) * spacing - row.reduce((sum, unit) => sum + unit.beta, 0)) /
      row.reduce((sum, unit) => sum + unit.alpha, 0);
    const row = [units[start]!];
    let height = heightOf(row);
    let end = start + 1;
    while (end < units.length && height > target) {
      const candidate = [...row, units[end]!];
      const next = heightOf(candidate);
      if (!fits(candidate, next, aspects)) break;
      if (next < target && Math.abs(Math.log(next / target)) >= Math.log(height / target)) break;
      row.push(units[end]!);
      height = next;
      end++;
    }
    const isLast = end === units.length;
    const rowHeight = isLast && height > target ? target : height;
    if (!fits(row, rowHeight, aspects) && row.some((unit) => unit.indices.length > 1)) {
      const singles = row.flatMap((unit) => unit.indices.map((i) => unitOf([i], aspects, spacing)));
      units.splice(start, row.length, ...singles);
      continue;
    }
    placeRow(row, rowHeight, top, aspects, spacing, items);
    top += Math.max(1, Math.round(rowHeight)) + spacing;
    start = end;
    rowIndex++;
  }
  return { kind: 'grid', width, height: items.length === 0 ? 0 : top - spacing, items };
}

/** Whether every item of the row is at least 1 px each way at this row height. */
function fits(row: Unit[], height: number, aspects: number[]): boolean {
  if (height < 1) return false;
  return row.every((unit) => {
    const unitWidth = unit.alpha * height + unit.beta;
    if (unitWidth < 1) return false;
    return unit.indices.length === 1 || unit.indices.every((i) => unitWidth / aspects[i]! >= 1);
  });
}

/**
 * Rounds edges, not sizes: each box's edges are its exact edges rounded, so gaps stay exactly
 * `spacing`, a full row ends exactly at the container's width and no size is off by 1 px or more.
 */
function placeRow(
  row: Unit[],
  height: number,
  top: number,
  aspects: number[],
  spacing: number,
  out: GalleryBox[],
): void {
  const rowHeight = Math.max(1, Math.round(height));
  // The next edge is the previous rounded edge plus the spacing, never a second rounding of a
  // sum: floating-point sums on either side of a half pixel would round apart and leave a gap
  // 1 px short. The exact positions (x, y) only decide where each rounded edge falls.
  let x = 0;
  let left = 0;
  for (const unit of row) {
    const unitWidth = unit.alpha * height + unit.beta;
    const right = Math.round(x + unitWidth);
    let y = 0;
    let itemTop = 0;
    unit.indices.forEach((index, k) => {
      const isLast = k === unit.indices.length - 1;
      const itemHeight = unitWidth / aspects[index]!;
      const bottom = isLast ? rowHeight : Math.round(y + itemHeight);
      out.push({
        index,
        left,
        top: top + itemTop,
        width: right - left,
        height: bottom - itemTop,
        crop: 'FILL',
      });
      y += itemHeight + spacing;
      itemTop = bottom + spacing;
    });
    x += unitWidth + spacing;
    left = right + spacing;
  }
}
