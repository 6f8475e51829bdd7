/**
 * SPEC §4 "Category navigation moves items into More when space is short": the pure rule that
 * decides how many of the header's navigation items stay in the bar. The widget measures, this
 * decides; no DOM here.
 */

/** SPEC §9 "Nav gap 40 px": the space between two items of the header navigation. */
export const NAV_GAP = 40;

/** SPEC §9 "resize debounce 100 ms": how long the navigation waits after a resize to refit. */
export const NAV_RESIZE_DEBOUNCE_MS = 100;

/** SPEC §9 "Category list in header 30": the most top-level categories the header lists. */
export const HEADER_CATEGORY_LIMIT = 30;

/** What `fitNavItems` needs: every width in CSS pixels, measured on the page. */
export interface NavFitInput {
  /** The width of each item, in the bar's order. */
  itemWidths: readonly number[];
  /** The width the navigation may use. */
  availableWidth: number;
  /** The space between two items, and between the last item and More. */
  gap?: number;
  /** The width of the More button. */
  moreWidth: number;
}

/**
 * How many items, from the first, stay in the bar; the rest go into More, in the same order.
 * Every item stays when all of them fit side by side (no More then). Otherwise the largest
 * prefix that fits together with the More button after one more gap; that may be 0 when even one
 * item and More do not fit (More alone then holds everything).
 */
export function fitNavItems({
  itemWidths,
  availableWidth,
  gap = NAV_GAP,
  moreWidth,
}: NavFitInput): number {
  const count = itemWidths.length;
  let used = 0;
  for (let i = 0; i < count; i++) used += (itemWidths[i] ?? 0) + (i > 0 ? gap : 0);
  if (used <= availableWidth) return count;
  // Some must move: keep the longest prefix that leaves room for a gap and the More button.
  let kept = 0;
  let prefix = 0;
  while (kept < count) {
    const next = prefix + (itemWidths[kept] ?? 0) + gap;
    if (next + moreWidth > availableWidth) break;
    prefix = next;
    kept++;
  }
  return kept;
}
