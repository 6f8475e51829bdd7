/**
 * What every popover shares (the more-options menu, the profile dropdown, tooltips): a portal into
 * one of the shell's roots, and `usePopover`, which opens and closes a popover, places it by the
 * room around its trigger (SPEC §4, domain/placement) and closes it on an outside click or Escape.
 */
import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { type Placement, type PlacementInput, placePopover } from '../../domain/placement';
import '../styles/interactions.css';

/**
 * Marks an element (and what it contains) as part of an open popover: a modal's focus trap lets
 * focus go there although the popover is portalled outside the dialog.
 */
export const POPOVER_ATTRIBUTE = 'data-popover';

/**
 * Renders `children` into the element with id `rootId` (the shell's `#modal-root`,
 * `#message-root` or `#popover-root`, SPEC §2), or in place when the page has none. Only for
 * content that appears after an interaction: the server renders nothing into a portal.
 */
export function Portal({ rootId, children }: { rootId: string; children: ReactNode }) {
  const root = typeof document === 'undefined' ? null : document.getElementById(rootId);
  return root ? createPortal(children, root) : children;
}

/** The text direction around an element, for placing popovers (SPEC §9 right-to-left). */
export function directionAt(element: Element): 'ltr' | 'rtl' {
  return getComputedStyle(element).direction === 'rtl' ? 'rtl' : 'ltr';
}

/** Where a `position: fixed` popover goes next to `trigger`, inside the visible viewport. */
export function placeNextTo(
  trigger: Element,
  popover: HTMLElement,
  options: Pick<PlacementInput, 'prefer' | 'clearance' | 'gap'> = {},
): Placement {
  const root = document.documentElement;
  return placePopover({
    ...options,
    trigger: trigger.getBoundingClientRect(),
    popover: { width: popover.offsetWidth, height: popover.offsetHeight },
    viewport: { width: root.clientWidth, height: root.clientHeight },
    direction: directionAt(trigger),
  });
}

/**
 * Keeps `popover` placed next to `trigger` while `isActive`: placed before the first paint, and
 * again on resize and on any scroll (SPEC §4). Until placed, the style hides it, so that it can
 * be measured without a flash in the wrong place.
 */
export function usePlacement(
  isActive: boolean,
  trigger: RefObject<HTMLElement | null>,
  popover: RefObject<HTMLElement | null>,
  options?: Pick<PlacementInput, 'prefer' | 'clearance' | 'gap'>,
): { placement: Placement | null; style: CSSProperties } {
  const [placement, setPlacement] = useState<Placement | null>(null);
  const prefer = options?.prefer;
  useLayoutEffect(() => {
    if (!isActive) {
      setPlacement(null);
      return;
    }
    function update() {
      if (trigger.current && popover.current) {
        setPlacement(placeNextTo(trigger.current, popover.current, { prefer }));
      }
    }
    update();
    window.addEventListener('resize', update);
    // Capture: a scroll of any scrolling box moves the trigger, not only the page's.
    window.addEventListener('scroll', update, { capture: true, passive: true });
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, { capture: true });
    };
  }, [isActive, trigger, popover, prefer]);
  const style: CSSProperties = placement
    ? { top: placement.top, left: placement.left }
    : { top: 0, left: 0, visibility: 'hidden' };
  return { placement, style };
}

/** What `usePopover` gives its component. */
export interface PopoverState<T extends HTMLElement, P extends HTMLElement> {
  isOpen: boolean;
  /** The id of the popover element, for the trigger's `aria-controls`. */
  id: string;
  open(): void;
  /** Closes; with `returnFocus`, focus goes back to the trigger (SPEC §4 Escape). */
  close(returnFocus?: boolean): void;
  toggle(): void;
  triggerRef: RefObject<T | null>;
  popoverRef: RefObject<P | null>;
  /** Null until measured and placed. */
  placement: Placement | null;
  /** The popover's `position: fixed` coordinates. */
  style: CSSProperties;
}

/**
 * A popover's behaviour (SPEC §4 more-options menu, profile dropdown): toggled by its trigger,
 * placed by the room around it, re-placed on resize and scroll, closed on a click outside both
 * (focus stays where the click put it) or on Escape (focus back to the trigger). Escape is
 * claimed with `preventDefault`, so a modal under the popover stays open.
 */
export function usePopover<
  T extends HTMLElement = HTMLButtonElement,
  P extends HTMLElement = HTMLDivElement,
>(options?: Pick<PlacementInput, 'prefer'>): PopoverState<T, P> {
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  const triggerRef = useRef<T>(null);
  const popoverRef = useRef<P>(null);
  const { placement, style } = usePlacement(isOpen, triggerRef, popoverRef, options);

  // Escape's focus goes back to the trigger at once, and again once the popover is gone if it
  // was lost on the way: on a busy machine the effect that moves focus into a just-opened menu
  // could run between the Escape and the render that removes the menu, and the removal dropped
  // the focus to <body> (keyboard-journeys spec, mobile).
  const returnFocusOnClose = useRef(false);
  const close = useCallback((returnFocus = false) => {
    returnFocusOnClose.current = returnFocus;
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);
  useEffect(() => {
    if (isOpen || !returnFocusOnClose.current) return;
    returnFocusOnClose.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) triggerRef.current?.focus();
  }, [isOpen]);
  const open = useCallback(() => setOpen(true), []);
  const toggle = useCallback(() => setOpen((was) => !was), []);

  useEffect(() => {
    if (!isOpen) return;
    function handlePointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (triggerRef.current?.contains(target) || popoverRef.current?.contains(target)) return;
      close();
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close(true);
    }
    document.addEventListener('pointerdown', handlePointerDown, true);
    // Capture on window: runs before a modal's own Escape listener.
    window.addEventListener('keydown', handleKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown, true);
      window.removeEventListener('keydown', handleKeyDown, true);
    };
  }, [isOpen, close]);

  return { isOpen, id, open, close, toggle, triggerRef, popoverRef, placement, style };
}
