import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type PlacementInput,
  POPOVER_CLEARANCE,
  POPOVER_GAP,
  placePopover,
  type Rect,
  VIEWPORT_MARGIN,
} from './placement';

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 740 };
const menu = { width: 200, height: 160 };

function button(left: number, top: number): Rect {
  return { left, top, width: 36, height: 36 };
}

/** A viewport, a popover that fits in it, and a trigger anywhere in (or a little out of) it. */
const scene = fc
  .record({
    vw: fc.integer({ min: 240, max: 2000 }),
    vh: fc.integer({ min: 240, max: 1400 }),
    direction: fc.constantFrom('ltr' as const, 'rtl' as const),
    prefer: fc.constantFrom('below' as const, 'above' as const),
  })
  .chain(({ vw, vh, direction, prefer }) =>
    fc.record({
      viewport: fc.constant({ width: vw, height: vh }),
      direction: fc.constant(direction),
      prefer: fc.constant(prefer),
      popover: fc.record({
        width: fc.integer({ min: 1, max: vw - 2 * VIEWPORT_MARGIN }),
        height: fc.integer({ min: 1, max: vh - 2 * VIEWPORT_MARGIN }),
      }),
      trigger: fc.record({
        left: fc.integer({ min: -50, max: vw + 50 }),
        top: fc.integer({ min: -50, max: vh + 50 }),
        width: fc.integer({ min: 0, max: 300 }),
        height: fc.integer({ min: 0, max: 120 }),
      }),
    }),
  );

/** A scene whose trigger lies inside the viewport, off its margins. */
const visibleScene = scene.filter(
  ({ trigger, viewport }) =>
    trigger.left >= VIEWPORT_MARGIN &&
    trigger.top >= VIEWPORT_MARGIN &&
    trigger.left + trigger.width <= viewport.width - VIEWPORT_MARGIN &&
    trigger.top + trigger.height <= viewport.height - VIEWPORT_MARGIN,
);

function mirror(input: PlacementInput): PlacementInput {
  const { trigger, viewport } = input;
  return {
    ...input,
    direction: input.direction === 'rtl' ? 'ltr' : 'rtl',
    trigger: { ...trigger, left: viewport.width - trigger.left - trigger.width },
  };
}

describe('placePopover', () => {
  it('opens below a trigger with room under it, start edges aligned', () => {
    expect(placePopover({ trigger: button(100, 100), popover: menu, viewport: desktop })).toEqual({
      top: 100 + 36 + POPOVER_GAP,
      left: 100,
      vertical: 'below',
      horizontal: 'start',
    });
  });

  it('flips above near the bottom of the viewport (SPEC §4)', () => {
    const placed = placePopover({ trigger: button(100, 700), popover: menu, viewport: desktop });
    expect(placed.vertical).toBe('above');
    expect(placed.top).toBe(700 - POPOVER_GAP - menu.height);
  });

  it('keeps the SPEC §9 clearance of 60 px below', () => {
    // Exactly enough room with the clearance: below. One pixel less: above.
    const top = desktop.height - POPOVER_CLEARANCE - menu.height - POPOVER_GAP - 36;
    expect(
      placePopover({ trigger: button(100, top), popover: menu, viewport: desktop }).vertical,
    ).toBe('below');
    expect(
      placePopover({ trigger: button(100, top + 1), popover: menu, viewport: desktop }).vertical,
    ).toBe('above');
  });

  it('aligns end edges near the right edge, and shifts right near the left (SPEC §4)', () => {
    const nearRight = placePopover({ trigger: button(1230, 20), popover: menu, viewport: desktop });
    expect(nearRight).toMatchObject({ horizontal: 'end', left: 1230 + 36 - menu.width });
    // On a phone a wide popover fits neither way from a centred trigger: it is shifted inside.
    const wide = { width: 300, height: 160 };
    const centred = placePopover({ trigger: button(120, 20), popover: wide, viewport: phone });
    expect(centred.left).toBe(phone.width - VIEWPORT_MARGIN - wide.width);
    // An end-aligned popover that would overflow the left edge shifts right.
    const rtlLeft = placePopover({
      trigger: button(10, 20),
      popover: menu,
      viewport: phone,
      direction: 'rtl',
    });
    expect(rtlLeft).toMatchObject({ horizontal: 'end', left: 10 });
    const leftEdge = placePopover({ trigger: button(2, 20), popover: menu, viewport: phone });
    expect(leftEdge.left).toBe(VIEWPORT_MARGIN);
  });

  it('mirrors in right-to-left: the start edge is the right one', () => {
    const placed = placePopover({
      trigger: button(300, 100),
      popover: menu,
      viewport: desktop,
      direction: 'rtl',
    });
    expect(placed).toMatchObject({ horizontal: 'start', left: 336 - menu.width });
  });

  it('prefers above when asked (tooltips), and falls back below', () => {
    expect(
      placePopover({ trigger: button(100, 300), popover: menu, viewport: desktop, prefer: 'above' })
        .vertical,
    ).toBe('above');
    expect(
      placePopover({ trigger: button(100, 20), popover: menu, viewport: desktop, prefer: 'above' })
        .vertical,
    ).toBe('below');
  });

  it('keeps a popover that fits in the viewport inside it, wherever the trigger is', () => {
    fc.assert(
      fc.property(scene, (input) => {
        const { top, left } = placePopover(input);
        expect(top).toBeGreaterThanOrEqual(VIEWPORT_MARGIN);
        expect(left).toBeGreaterThanOrEqual(VIEWPORT_MARGIN);
        expect(top + input.popover.height).toBeLessThanOrEqual(
          input.viewport.height - VIEWPORT_MARGIN,
        );
        expect(left + input.popover.width).toBeLessThanOrEqual(
          input.viewport.width - VIEWPORT_MARGIN,
        );
      }),
    );
  });

  it('opens below whenever it fits there with the clearance (preferring below)', () => {
    fc.assert(
      fc.property(visibleScene, (input) => {
        const { trigger, popover, viewport } = input;
        const bottom = trigger.top + trigger.height;
        fc.pre(bottom + POPOVER_GAP + popover.height + POPOVER_CLEARANCE <= viewport.height);
        const placed = placePopover({ ...input, prefer: 'below' });
        expect(placed.vertical).toBe('below');
        expect(placed.top).toBe(bottom + POPOVER_GAP);
      }),
    );
  });

  it('never covers the trigger when the chosen side has room', () => {
    fc.assert(
      fc.property(visibleScene, (input) => {
        const { trigger, popover, viewport } = input;
        const placed = placePopover(input);
        const bottom = trigger.top + trigger.height;
        const fitsAbove = trigger.top - POPOVER_GAP - popover.height >= VIEWPORT_MARGIN;
        const fitsBelow =
          bottom + POPOVER_GAP + popover.height + POPOVER_CLEARANCE <= viewport.height;
        if (placed.vertical === 'above' && fitsAbove) {
          expect(placed.top + popover.height).toBe(trigger.top - POPOVER_GAP);
        }
        if (placed.vertical === 'below' && fitsBelow) {
          expect(placed.top).toBe(bottom + POPOVER_GAP);
        }
        // It only leaves the preferred side when that side has no room.
        if (input.prefer === 'below' && placed.vertical === 'above') expect(fitsBelow).toBe(false);
        if (input.prefer === 'above' && placed.vertical === 'below') expect(fitsAbove).toBe(false);
      }),
    );
  });

  it('lines up the start edges whenever that fits, the end edges otherwise if that fits', () => {
    fc.assert(
      fc.property(visibleScene, (input) => {
        const { trigger, popover, viewport } = input;
        const placed = placePopover(input);
        const isLtr = input.direction === 'ltr';
        const right = trigger.left + trigger.width;
        const startLeft = isLtr ? trigger.left : right - popover.width;
        const endLeft = isLtr ? right - popover.width : trigger.left;
        const fits = (x: number) =>
          x >= VIEWPORT_MARGIN && x + popover.width <= viewport.width - VIEWPORT_MARGIN;
        if (fits(startLeft)) expect(placed).toMatchObject({ horizontal: 'start', left: startLeft });
        else if (fits(endLeft)) expect(placed).toMatchObject({ horizontal: 'end', left: endLeft });
      }),
    );
  });

  it('is the mirror image of itself between left-to-right and right-to-left', () => {
    fc.assert(
      fc.property(scene, (input) => {
        const placed = placePopover(input);
        const mirrored = placePopover(mirror(input));
        expect(mirrored.top).toBe(placed.top);
        expect(mirrored.vertical).toBe(placed.vertical);
        expect(mirrored.horizontal).toBe(placed.horizontal);
        expect(mirrored.left).toBe(input.viewport.width - placed.left - input.popover.width);
      }),
    );
  });

  it('keeps the top and start edges of a popover larger than the viewport visible', () => {
    const huge = { width: 500, height: 900 };
    expect(
      placePopover({ trigger: button(100, 100), popover: huge, viewport: phone }),
    ).toMatchObject({ top: VIEWPORT_MARGIN, left: VIEWPORT_MARGIN });
    const rtl = placePopover({
      trigger: button(100, 100),
      popover: huge,
      viewport: phone,
      direction: 'rtl',
    });
    expect(rtl.left + huge.width).toBe(phone.width - VIEWPORT_MARGIN);
  });
});
