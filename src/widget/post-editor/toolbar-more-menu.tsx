/**
 * The toolbar's More menu (issue 23): the tools that do not fit the row, as a WAI-ARIA menu
 * button. The button says `aria-haspopup="menu"` and `aria-expanded`; Enter, Space or the down
 * arrow open the menu on its first item (the up arrow on its last); up and down arrows, Home and
 * End move; Escape closes it and focus goes back to the button; Tab or a click elsewhere close it.
 * Toggles are `menuitemcheckbox`es, alignments `menuitemradio`s, with the state the row's buttons
 * show as `aria-pressed`.
 */
import {
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
} from 'react';
import { useTranslation } from '../../rich-content/i18n';
import type { ToolItem } from './toolbar-items';

/** The menu role of a tool. */
function roleOf(item: ToolItem): 'menuitem' | 'menuitemcheckbox' | 'menuitemradio' {
  if (item.kind === 'toggle') return 'menuitemcheckbox';
  if (item.kind === 'choice') return 'menuitemradio';
  return 'menuitem';
}

/**
 * Where focus goes in a menu of `count` items on `key` from `index` (-1: none yet); null when the
 * key is not the menu's. Arrows wrap around, as in the WAI-ARIA menu pattern.
 */
export function menuKeyTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return index < 0 ? 0 : (index + 1) % count;
  if (key === 'ArrowUp') return index < 0 ? count - 1 : (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

const entriesOf = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []),
];

export interface MoreMenuProps {
  /** The tools that do not fit the row, in the row's order. */
  items: ToolItem[];
  menuId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** A tool's panel opened from the menu (text colour, size), shown under More. */
  children?: ReactNode;
}

/** The More button and its menu. */
export function MoreMenu({
  items,
  menuId,
  buttonRef,
  isOpen,
  onOpenChange,
  children,
}: MoreMenuProps) {
  const { t } = useTranslation();
  const label = t('postEditor.toolbar.more');
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useEffect(() => {
    if (!isOpen) return;
    const entries = entriesOf(menuRef.current);
    (focusOnOpen.current === 'last' ? entries.at(-1) : entries[0])?.focus();
    focusOnOpen.current = 'first';
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        onOpenChange(false);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen, buttonRef, onOpenChange]);

  function close(refocus: boolean) {
    onOpenChange(false);
    if (refocus) buttonRef.current?.focus();
  }

  function handleButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    event.stopPropagation();
    focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first';
    if (isOpen) {
      const entries = entriesOf(menuRef.current);
      (event.key === 'ArrowUp' ? entries.at(-1) : entries[0])?.focus();
    } else {
      onOpenChange(true);
    }
  }

  function handleMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      close(false);
      return;
    }
    // The menu's keys are its own: the toolbar's arrows must not move focus out of it.
    if (['ArrowLeft', 'ArrowRight'].includes(event.key)) event.stopPropagation();
    const entries = entriesOf(menuRef.current);
    const next = menuKeyTarget(
      event.key,
      entries.indexOf(document.activeElement as HTMLElement),
      entries.length,
    );
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    entries[next]!.focus();
  }

  function choose(item: ToolItem) {
    if (item.isDisabled) return;
    // The command focuses the editor (or opens its panel or dialog): the menu just closes.
    onOpenChange(false);
    item.run();
  }

  let previousGroup: string | null = null;
  return (
    <span className="rte-popup-anchor rte-popup-anchor--end">
      <button
        ref={buttonRef}
        type="button"
        className="rte-tool rte-more-button"
        data-toolbar-item=""
        tabIndex={-1}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        // Keep the editor's selection: the menu's commands act on it.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onOpenChange(!isOpen)}
        onKeyDown={handleButtonKey}
      >
        <span className="rte-icon rte-icon--more" aria-hidden="true" />
      </button>
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          className="rte-popup rte-more-menu"
          role="menu"
          aria-label={label}
          onKeyDown={handleMenuKey}
        >
          {items.map((item, index) => {
            const separator =
              previousGroup !== null && previousGroup !== item.group ? (
                <hr className="rte-more-menu__separator" />
              ) : null;
            previousGroup = item.group;
            const role = roleOf(item);
            return (
              <Fragment key={item.id}>
                {separator}
                {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is set per tool; aria-checked only on menuitemcheckbox and menuitemradio. */}
                <button
                  type="button"
                  role={role}
                  className="rte-more-menu__item"
                  // Focus moves by the arrows; the first item keeps the menu (which may scroll) reachable.
                  tabIndex={index === 0 ? 0 : -1}
                  aria-checked={role === 'menuitem' ? undefined : item.isOn === true}
                  aria-disabled={item.isDisabled || undefined}
                  aria-haspopup={item.kind === 'dialog' ? 'dialog' : undefined}
                  aria-keyshortcuts={item.shortcut?.replace('Ctrl', 'Control')}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(item)}
                >
                  <span className={`rte-icon rte-icon--${item.icon}`} aria-hidden="true" />
                  <span className="rte-more-menu__label">
                    {t(`postEditor.toolbar.${item.labelKey}`)}
                  </span>
                  {item.shortcut ? (
                    <span className="rte-more-menu__shortcut" aria-hidden="true">
                      {item.shortcut}
                    </span>
                  ) : null}
                </button>
              </Fragment>
            );
          })}
        </div>
      ) : null}
      {children}
    </span>
  );
}
