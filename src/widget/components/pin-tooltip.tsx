/**
 * The pin tooltip (SPEC §4): shown after 200 ms of hover, or at once on keyboard focus or a tap;
 * hidden after 3 s, on leave or blur, or on Escape. A `role="tooltip"` that describes its trigger
 * (`aria-describedby` while shown), portalled into the shell's `#popover-root` so that no card's
 * clipping cuts it.
 */
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { POPOVER_ATTRIBUTE, Portal, usePlacement } from './popover';
import '../styles/interactions.css';

/** SPEC §9: the tooltip waits 200 ms of hover before it shows. */
export const TOOLTIP_DELAY_MS = 200;
/** SPEC §9: the tooltip hides after 3 s. */
export const TOOLTIP_DURATION_MS = 3000;

/**
 * A button-like trigger (`children`, named by `label` when it shows only an icon) with a tooltip
 * that says `content`. Both strings come already translated.
 */
export function PinTooltip({
  content,
  label,
  children,
  className,
}: {
  content: string;
  label?: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const [isVisible, setVisible] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const timers = useRef<{
    show?: ReturnType<typeof setTimeout>;
    hide?: ReturnType<typeof setTimeout>;
  }>({});
  const { style } = usePlacement(isVisible, triggerRef, tooltipRef, { prefer: 'above' });

  const hide = useCallback(() => {
    clearTimeout(timers.current.show);
    clearTimeout(timers.current.hide);
    setVisible(false);
  }, []);
  const show = useCallback(
    (delay: number) => {
      clearTimeout(timers.current.show);
      clearTimeout(timers.current.hide);
      const reveal = () => {
        setVisible(true);
        timers.current.hide = setTimeout(hide, TOOLTIP_DURATION_MS);
      };
      if (delay > 0) timers.current.show = setTimeout(reveal, delay);
      else reveal();
    },
    [hide],
  );
  // No timer outlives the tooltip.
  useEffect(() => hide, [hide]);
  // Focus that reached the button before its island came alive (decision 053): the focus event
  // is long gone, so the tooltip shows now, as it would have then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the button comes alive
  useEffect(() => {
    const trigger = triggerRef.current;
    if (trigger && trigger === document.activeElement && trigger.matches(':focus-visible')) show(0);
  }, []);

  useEffect(() => {
    if (!isVisible) return;
    // Escape dismisses the tooltip only, not a modal under it (WCAG 1.4.13).
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      hide();
    }
    window.addEventListener('keydown', handleKeyDown, true);
    return () => window.removeEventListener('keydown', handleKeyDown, true);
  }, [isVisible, hide]);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={className ? `tooltip-trigger ${className}` : 'tooltip-trigger'}
        aria-label={label}
        aria-describedby={isVisible ? id : undefined}
        onPointerEnter={(event) => {
          if (event.pointerType === 'mouse') show(TOOLTIP_DELAY_MS);
        }}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') hide();
        }}
        onFocus={(event) => {
          // Keyboard focus only: a click focuses too, and is handled as a tap below.
          if (event.currentTarget.matches(':focus-visible')) show(0);
        }}
        onBlur={hide}
        onClick={() => show(0)}
      >
        {children}
      </button>
      {isVisible ? (
        <Portal rootId="popover-root">
          <div
            ref={tooltipRef}
            id={id}
            role="tooltip"
            className="tooltip"
            style={style}
            {...{ [POPOVER_ATTRIBUTE]: '' }}
          >
            {content}
          </div>
        </Portal>
      ) : null}
    </>
  );
}
