import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitNavItems, NAV_GAP, type NavFitInput } from './nav-overflow';

/** The width a bar of the first `kept` items takes, with More when some items moved. */
function usedWidth({ itemWidths, gap = NAV_GAP, moreWidth }: NavFitInput, kept: number): number {
  const items = itemWidths.slice(0, kept);
  const bar = items.reduce((sum, w) => sum + w, 0) + Math.max(0, items.length - 1) * gap;
  if (kept === itemWidths.length) return bar;
  return kept === 0 ? moreWidth : bar + gap + moreWidth;
}

// Whole pixels, so that sums are exact and the boundaries (fits exactly) are really tested.
const input: fc.Arbitrary<NavFitInput> = fc.record({
  itemWidths: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 31 }),
  availableWidth: fc.integer({ min: 0, max: 2000 }),
  gap: fc.integer({ min: 0, max: 60 }),
  moreWidth: fc.integer({ min: 1, max: 120 }),
});

describe('fitNavItems (SPEC §4: category navigation moves items into More)', () => {
  it('keeps every item when they all fit, with no More', () => {
    expect(fitNavItems({ itemWidths: [80, 60, 60], availableWidth: 280, moreWidth: 70 })).toBe(3);
    expect(fitNavItems({ itemWidths: [], availableWidth: 0, moreWidth: 70 })).toBe(0);
  });

  it('leaves room for a gap and the More button when some items move', () => {
    // All three take 280. In 279, 80 + 40 + More (70) = 190 fits; a second item makes 290.
    expect(fitNavItems({ itemWidths: [80, 60, 60], availableWidth: 279, moreWidth: 70 })).toBe(1);
    expect(fitNavItems({ itemWidths: [80, 60, 60, 60], availableWidth: 290, moreWidth: 70 })).toBe(
      2,
    );
  });

  it('moves everything into More when not even one item fits beside it', () => {
    expect(fitNavItems({ itemWidths: [200, 60], availableWidth: 150, moreWidth: 70 })).toBe(0);
  });

  it('never overflows: what stays, and More when needed, fit in the width', () => {
    fc.assert(
      fc.property(input, (args) => {
        const kept = fitNavItems(args);
        // More alone is the least the bar can show once an item had to move.
        if (kept === 0 && args.itemWidths.length > 0) return;
        expect(usedWidth(args, kept)).toBeLessThanOrEqual(args.availableWidth);
      }),
    );
  });

  it('keeps as many as fit: one more item would overflow', () => {
    fc.assert(
      fc.property(input, (args) => {
        const kept = fitNavItems(args);
        if (kept === args.itemWidths.length) return;
        expect(usedWidth(args, kept + 1)).toBeGreaterThan(args.availableWidth);
      }),
    );
  });

  it('shows More only when the items do not all fit', () => {
    fc.assert(
      fc.property(input, (args) => {
        const all = args.itemWidths.length;
        const fitsAll = usedWidth(args, all) <= args.availableWidth;
        expect(fitNavItems(args) === all).toBe(fitsAll);
      }),
    );
  });

  it('keeps the order: the bar is a prefix, so More holds the rest in order', () => {
    fc.assert(
      fc.property(input, (args) => {
        const kept = fitNavItems(args);
        expect(Number.isInteger(kept)).toBe(true);
        expect(kept).toBeGreaterThanOrEqual(0);
        expect(kept).toBeLessThanOrEqual(args.itemWidths.length);
      }),
    );
  });

  it('never keeps fewer items in a wider space', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 500 }), (args, extra) => {
        const wider = { ...args, availableWidth: args.availableWidth + extra };
        expect(fitNavItems(wider)).toBeGreaterThanOrEqual(fitNavItems(args));
      }),
    );
  });
});
