/**
 * The more-options menu (SPEC §4): a menu button that opens a list of actions. It opens on click,
 * closes on an outside click, on Escape (focus back to the button) or when an item is chosen, and
 * is placed above or below, start- or end-aligned, by the room around the button. Keyboard as in
 * the WAI-ARIA menu button pattern: arrows, Home and End move between items, Tab leaves.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import { DotsIcon } from './icons';
import { POPOVER_ATTRIBUTE, Portal, usePopover } from './popover';
import '../styles/interactions.css';

/** The menu's popover behaviour, for other popovers such as the profile dropdown (SPEC §4). */
export { usePopover } from './popover';

/** One action of the menu: it runs `onSelect` or follows `href`. */
export interface MenuItem {
  id: string;
  /** Already translated. */
  label: string;
  icon?: ReactNode;
  onSelect?: () => void;
  href?: string;
  /** A destructive action (delete) is drawn in the danger colour. */
  isDanger?: boolean;
}

/** Which item to focus when the menu opens: the arrow that opened it decides. */
type FirstFocus = 'first' | 'last';

/** A "⋯" button and its menu of `items`; `label` names the button (default "More options"). */
export function MoreOptionsMenu({
  items,
  label,
  className,
  startOpen = false,
  trigger,
  heading,
}: {
  items: readonly MenuItem[];
  label?: string;
  className?: string;
  /** Opens on mount: a lazily loaded menu takes over from the click that loaded it. */
  startOpen?: boolean;
  /** What the button shows (the profile dropdown's avatar and name); "⋯" by default. */
  trigger?: ReactNode;
  /** A line above the items that is not an item (who is signed in). */
  heading?: ReactNode;
}) {
  const { t } = useTranslation();
  const popover = usePopover<HTMLButtonElement, HTMLDivElement>();
  const { isOpen, placement, popoverRef, triggerRef, close } = popover;
  const firstFocus = useRef<FirstFocus>('first');
  const hasIcons = items.some((item) => item.icon);

  // Focus moves into the menu once it is placed (a hidden element cannot take focus).
  const isPlaced = placement !== null;
  useEffect(() => {
    if (!isOpen || !isPlaced) return;
    const entries = menuItems(popoverRef.current);
    entries.at(firstFocus.current === 'first' ? 0 : -1)?.focus({ preventScroll: true });
  }, [isOpen, isPlaced, popoverRef]);

  function openWith(focus: FirstFocus) {
    firstFocus.current = focus;
    popover.open();
  }
  const openOnMount = useRef(startOpen);
  useEffect(() => {
    if (openOnMount.current) {
      openOnMount.current = false;
      triggerRef.current?.focus({ preventScroll: true });
      firstFocus.current = 'first';
      popover.open();
    }
  });

  function handleTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = menuItems(popoverRef.current);
    const current = entries.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: entries.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      entries[(next + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Tab') {
      // Leaves the menu: focus continues from the button, as if the menu was never opened.
      close(true);
    } else if (event.key === ' ' && current >= 0) {
      // Space chooses an item like Enter (a link ignores Space by itself).
      event.preventDefault();
      entries[current]?.click();
    }
  }

  function choose(item: MenuItem) {
    // Close first: an action that opens a modal then has the button as its opener.
    close(!item.href);
    item.onSelect?.();
  }

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={className ? `menu-button ${className}` : 'menu-button'}
        aria-label={label ?? t('ui.moreOptions')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? popover.id : undefined}
        // Named only while open (the menu points back at it): a closed menu's HTML carries no
        // useId, so the button is the same wherever it is rendered (decision 050's holes).
        id={isOpen ? `${popover.id}-button` : undefined}
        onClick={() => (isOpen ? close() : openWith('first'))}
        onKeyDown={handleTriggerKeyDown}
      >
        {trigger ?? <DotsIcon />}
      </button>
      {isOpen ? (
        <Portal rootId="popover-root">
          <div
            ref={popoverRef}
            id={popover.id}
            role="menu"
            aria-labelledby={`${popover.id}-button`}
            className="menu"
            data-vertical={placement?.vertical}
            style={popover.style}
            onKeyDown={handleMenuKeyDown}
            {...{ [POPOVER_ATTRIBUTE]: '' }}
          >
            {heading ? <div className="menu__heading">{heading}</div> : null}
            {items.map((item) => {
              const content = (
                <>
                  {/* With icons on some items, the others keep the space so that labels align. */}
                  {hasIcons ? <span className="menu__icon">{item.icon}</span> : null}
                  <span>{item.label}</span>
                </>
              );
              const itemClass = item.isDanger ? 'menu__item is-danger' : 'menu__item';
              return item.href ? (
                <Link
                  key={item.id}
                  to={item.href}
                  role="menuitem"
                  tabIndex={-1}
                  className={itemClass}
                  onClick={() => choose(item)}
                >
                  {content}
                </Link>
              ) : (
                <button
                  key={item.id}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={itemClass}
                  onClick={() => choose(item)}
                >
                  {content}
                </button>
              );
            })}
          </div>
        </Portal>
      ) : null}
    </>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}
