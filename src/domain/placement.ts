/**
 * Where a popover (the more-options menu, the profile dropdown, a tooltip) goes next to its
 * trigger, by the room there is (SPEC §4: "placed above/below and left/right by available room";
 * the profile dropdown "flips upward without room below, shifts right on overflow").
 *
 * Pure: every length is in CSS pixels of the viewport (what `getBoundingClientRect` gives), and
 * the answer is meant for a `position: fixed` popover.
 */

/** SPEC §9: a popover opens below only if 60 px stay free under it; otherwise it flips above. */
export const POPOVER_CLEARANCE = 60;
/** The space between the trigger and the popover. */
export const POPOVER_GAP = 4;
/** The popover never comes closer than this to the viewport's edges. */
export const VIEWPORT_MARGIN = 8;

/** A box in viewport coordinates. */
export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** A width and a height. */
export interface Size {
  width: number;
  height: number;
}

/** Text direction: which side is the start edge (SPEC §9 right-to-left languages). */
export type Direction = 'ltr' | 'rtl';

/** What to place and where. */
export interface PlacementInput {
  trigger: Rect;
  popover: Size;
  viewport: Size;
  direction?: Direction;
  /** The side tried first; a tooltip prefers above, a menu below. */
  prefer?: 'below' | 'above';
  clearance?: number;
  gap?: number;
  margin?: number;
}

/** The popover's top-left corner, and which side and edge it was put on. */
export interface Placement {
  top: number;
  left: number;
  vertical: 'below' | 'above';
  /** 'start': its start edge lines up with the trigger's; 'end': the end edges line up. */
  horizontal: 'start' | 'end';
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/**
 * Places a popover: below the trigger when it fits there with the clearance, else above when it
 * fits there, else on the roomier side; its start edge aligned with the trigger's (left in LTR,
 * right in RTL), else its end edge, else shifted to stay inside the viewport. A popover larger
 * than the viewport keeps its top and start edges visible.
 */
export function placePopover({
  trigger,
  popover,
  viewport,
  direction = 'ltr',
  prefer = 'below',
  clearance = POPOVER_CLEARANCE,
  gap = POPOVER_GAP,
  margin = VIEWPORT_MARGIN,
}: PlacementInput): Placement {
  const bottom = trigger.top + trigger.height;
  const right = trigger.left + trigger.width;

  // Vertical: SPEC §9 clearance under a popover that opens below.
  const fitsBelow = bottom + gap + popover.height + clearance <= viewport.height;
  const fitsAbove = trigger.top - gap - popover.height >= margin;
  const isRoomierBelow = viewport.height - bottom >= trigger.top;
  const vertical =
    prefer === 'below'
      ? fitsBelow || (!fitsAbove && isRoomierBelow)
        ? 'below'
        : 'above'
      : fitsAbove || (!fitsBelow && !isRoomierBelow)
        ? 'above'
        : 'below';
  const wantedTop = vertical === 'below' ? bottom + gap : trigger.top - gap - popover.height;
  const maxTop = viewport.height - margin - popover.height;
  const top = maxTop < margin ? margin : clamp(wantedTop, margin, maxTop);

  // Horizontal: start edge, else end edge, else shift inside (SPEC §4 "shifts right on overflow").
  const isLtr = direction === 'ltr';
  const startLeft = isLtr ? trigger.left : right - popover.width;
  const endLeft = isLtr ? right - popover.width : trigger.left;
  const maxLeft = viewport.width - margin - popover.width;
  const overflow = (left: number) => Math.max(0, margin - left) + Math.max(0, left - maxLeft);
  const horizontal = overflow(startLeft) <= overflow(endLeft) ? 'start' : 'end';
  const wantedLeft = horizontal === 'start' ? startLeft : endLeft;
  // Wider than the viewport: keep the start edge visible.
  const left = maxLeft < margin ? (isLtr ? margin : maxLeft) : clamp(wantedLeft, margin, maxLeft);

  return { top, left, vertical, horizontal };
}
