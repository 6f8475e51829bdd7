/**
 * The feed layouts' rules (SPEC §2 list layouts, §5 layout bounds, §9 layout defaults and sizes):
 * how a layout's parameters become the list's CSS custom properties and class names, which
 * layouts show images, how large their images are drawn (for `sizes`), how many cards are in the
 * first row, and how masonry balances its columns. Pure, so the server and the browser agree.
 */
import { parseHexColor } from './contrast';
import type { FeedLayout, FeedSettingsView, ImageRatio, LayoutParams } from './settings';

/** Layouts whose cards sit in rows of several (the rest stack one per row). */
const MULTI_COLUMN: ReadonlySet<FeedLayout> = new Set([
  'grid',
  'medium',
  'masonry',
  'pro-gallery',
  'magazine',
]);

/** Layouts with the image beside the text. */
const SIDE_IMAGE: ReadonlySet<FeedLayout> = new Set([
  'side-by-side',
  'mobile-side-by-side',
  'mobile-list',
]);

/** Layouts that write the text over the image. */
const TEXT_ON_IMAGE: ReadonlySet<FeedLayout> = new Set(['magazine', 'mobile-magazine']);

/**
 * The dark layer right behind the text of text-on-image cards (issue 23). The owner's overlay
 * (colour and opacity, SPEC §9 overlay 55%) is their look and may be light or off; this layer is
 * what keeps the cards' white text at WCAG AA contrast (4.5:1) whatever the picture: over pure
 * white, the lightest possible picture, it leaves #666 (5.7:1), and anything darker below only
 * darkens it further (feed-layout.test.ts). Black at 54% is the least that passes; 60% leaves room.
 */
export const TEXT_SCRIM = { color: '#000000', opacity: 0.6 } as const;

/** The scrim as a CSS colour. */
function scrimColor(): string {
  const { r, g, b } = parseHexColor(TEXT_SCRIM.color);
  return `rgb(${r} ${g} ${b} / ${TEXT_SCRIM.opacity})`;
}

/** SPEC §9: the widget's content width. */
export const CONTENT_WIDTH = 980;

/** Width over height of an image ratio ('16:9' → 1.777…). */
export function ratioValue(ratio: ImageRatio): number {
  const [width, height] = ratio.split(':').map(Number) as [number, number];
  return width / height;
}

/** Whether the layout's cards show the cover image (the simple list is text only). */
export function showsImages(layout: FeedLayout): boolean {
  return layout !== 'list';
}

/** How the card arranges its image and text: stacked, beside, over, or text only. */
export function cardShape(layout: FeedLayout): 'stacked' | 'beside' | 'over' | 'text' {
  if (layout === 'list') return 'text';
  if (SIDE_IMAGE.has(layout)) return 'beside';
  if (TEXT_ON_IMAGE.has(layout)) return 'over';
  return 'stacked';
}

function numberParam(params: LayoutParams, name: string, fallback: number): number {
  const value = params[name];
  return typeof value === 'number' ? value : fallback;
}

function stringParam<T extends string>(params: LayoutParams, name: string, fallback: T): T {
  const value = params[name];
  return typeof value === 'string' ? (value as T) : fallback;
}

/** Cards per row the layout asks for (1 for the stacked layouts). */
export function cardsPerRow(layout: FeedLayout, params: LayoutParams): number {
  if (!MULTI_COLUMN.has(layout)) return 1;
  return numberParam(params, 'cardsPerRow', 3);
}

/**
 * The list's CSS custom properties: every length in px, ratios as CSS `aspect-ratio` values,
 * the overlay as an opacity (SPEC §9: overlay 55%).
 */
export function layoutStyle(view: FeedSettingsView): Record<string, string> {
  const { layout, params, design } = view;
  const px = (name: string, fallback: number) => `${numberParam(params, name, fallback)}px`;
  const ratio = stringParam<ImageRatio>(params, 'imageRatio', '16:9');
  const style: Record<string, string> = {
    '--list-gap': px('spacing', 32),
    '--list-margin': px('margins', 20),
    '--card-padding': px('sidesPadding', 30),
    '--card-border': px('borderWidth', 1),
    '--card-radius': px('cornerRadius', 0),
    '--title-lines': String(numberParam(params, 'titleLines', 3)),
    '--description-lines': String(numberParam(params, 'descriptionLines', 3)),
    '--image-ratio': ratio.replace(':', ' / '),
    '--columns': String(cardsPerRow(layout, params)),
    '--item-size': px('itemSize', 292),
    '--content-height': px('contentHeight', 300),
    '--image-share': `${numberParam(params, 'imageProportions', 50)}%`,
    '--overlay-opacity': String(numberParam(params, 'overlayOpacity', 55) / 100),
    '--info-size': px('infoSize', 150),
    '--title-size': `${design.titleFont.size}px`,
    '--title-family': `var(--font-${design.titleFont.family})`,
    '--description-size': `${design.descriptionFont.size}px`,
    '--description-family': `var(--font-${design.descriptionFont.family})`,
    '--meta-size': `${design.metaFont.size}px`,
    '--title-color': design.titleColor,
    '--text-color': design.textColor,
    '--link-color': design.linkColor,
    '--card-background': design.cardBackground,
    '--card-border-color': design.borderColor,
    '--overlay-color': design.overlayColor,
    '--text-scrim': scrimColor(),
  };
  return style;
}

/** The list's class names: the layout and each enumerated choice (crop, alignments, height). */
export function layoutClassNames(view: FeedSettingsView): string {
  const { layout, params } = view;
  const names = [
    'post-list',
    `post-list--${layout}`,
    `post-list--${cardShape(layout)}`,
    `is-align-${stringParam(params, 'contentAlignment', 'start')}`,
    `is-image-${stringParam(params, 'imageCrop', 'crop')}`,
  ];
  if (SIDE_IMAGE.has(layout))
    names.push(`is-image-at-${stringParam(params, 'imageAlignment', 'end')}`);
  if (MULTI_COLUMN.has(layout)) {
    names.push(`is-columns-${stringParam(params, 'cardsPerRowMode', 'fixed')}`);
  }
  if (params.contentHeightMode !== undefined) {
    names.push(`is-height-${stringParam(params, 'contentHeightMode', 'manual')}`);
  }
  if (layout === 'pro-gallery')
    names.push(`is-gallery-${stringParam(params, 'galleryType', 'grid')}`);
  return names.join(' ');
}

/**
 * The `sizes` attribute of a card's image: the width it is drawn at, per breakpoint (SPEC §9
 * breakpoints 660 and 980), so the browser downloads the smallest image that fills it.
 */
export function imageSizes(layout: FeedLayout, params: LayoutParams): string {
  const columns = cardsPerRow(layout, params);
  const fit = params.cardsPerRowMode === 'fit';
  const share = numberParam(params, 'imageProportions', 50) / 100;
  switch (cardShape(layout)) {
    case 'beside':
      return `(max-width: 660px) ${Math.round(share * 100)}vw, ${Math.round(CONTENT_WIDTH * share)}px`;
    case 'text':
      return '1px';
    default: {
      if (columns === 1) return `(max-width: ${CONTENT_WIDTH}px) 100vw, ${CONTENT_WIDTH}px`;
      const width = fit
        ? numberParam(params, 'itemSize', 292)
        : Math.round(CONTENT_WIDTH / columns);
      return `(max-width: 660px) 100vw, (max-width: ${CONTENT_WIDTH}px) 50vw, ${width}px`;
    }
  }
}

/** How many cards are in the first row: their images are the page's largest paint (eager). */
export function firstRowCount(layout: FeedLayout, params: LayoutParams): number {
  if (!showsImages(layout)) return 0;
  return Math.min(cardsPerRow(layout, params), 5);
}

/** What masonry knows of a card before it is drawn. */
export interface MasonryItem {
  /** Image width over height, or null without an image. */
  aspect: number | null;
  /** Characters of title and excerpt shown. */
  textLength: number;
}

/**
 * Masonry columns (SPEC §9 masonry gutter 32): each card goes to the currently shortest column,
 * by an estimate of its height at `columnWidth`, so columns end near the same line and reading
 * order runs across the rows. Returns the card indexes of each column.
 */
export function masonryColumns(
  items: readonly MasonryItem[],
  columns: number,
  columnWidth = 292,
): number[][] {
  const count = Math.max(1, Math.floor(columns));
  const heights = new Array<number>(count).fill(0);
  const result: number[][] = Array.from({ length: count }, () => []);
  // Text: about 7 px of width per character and 24 px per line, plus the meta and padding.
  const charsPerLine = Math.max(10, Math.floor(columnWidth / 7));
  items.forEach((item, index) => {
    const image = item.aspect ? columnWidth / item.aspect : 0;
    const text = Math.ceil(item.textLength / charsPerLine) * 24 + 110;
    let shortest = 0;
    for (let c = 1; c < count; c++) if (heights[c]! < heights[shortest]!) shortest = c;
    result[shortest]!.push(index);
    heights[shortest]! += image + text;
  });
  return result;
}
