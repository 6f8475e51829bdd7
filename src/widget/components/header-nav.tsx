/**
 * The desktop header's category navigation (SPEC §2 "Desktop header", §4 "Category navigation
 * moves items into More when space is short"). The server renders every link in the bar, clipped
 * when too long, so search engines see them all; once hydrated, a ResizeObserver measures the
 * items (debounced, SPEC §9 100 ms) and the ones that do not fit move into a More disclosure.
 * Moved items stay in the bar, hidden and out of the flow, so that they can be measured again.
 */
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { fitNavItems, NAV_GAP, NAV_RESIZE_DEBOUNCE_MS } from '../../domain/nav-overflow';
import { useTranslation } from '../i18n';
import { ChevronIcon } from './icons';

/** One link of the header navigation. */
export interface HeaderNavItem {
  key: string;
  to: string;
  label: string;
  isCurrent: boolean;
}

/** How the More menu was opened: hover and focus open it, a click pins it open. */
type OpenedBy = 'hover' | 'focus' | 'click' | null;

function NavItemLink({ item, onClick }: { item: HeaderNavItem; onClick?: () => void }) {
  return (
    <Link
      to={item.to}
      prefetch="intent"
      aria-current={item.isCurrent ? 'page' : undefined}
      onClick={onClick}
    >
      {item.label}
    </Link>
  );
}

/** The category navigation with its More dropdown. */
export function CategoryNav({ items }: { items: HeaderNavItem[] }) {
  const { t } = useTranslation();
  const navRef = useRef<HTMLElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const isRefocusing = useRef(false);
  const [kept, setKept] = useState(items.length);
  const [openedBy, setOpenedBy] = useState<OpenedBy>(null);
  const panelId = useId();
  const labels = items.map((item) => item.label).join('\n');

  useEffect(() => {
    const nav = navRef.current;
    if (!nav || typeof ResizeObserver === 'undefined' || labels === '') return;
    const refit = () => {
      const [list, more] = nav.children;
      if (!list || !more) return;
      setKept(
        fitNavItems({
          itemWidths: Array.from(list.children, (li) => li.getBoundingClientRect().width),
          availableWidth: nav.getBoundingClientRect().width,
          gap: NAV_GAP,
          moreWidth: more.getBoundingClientRect().width,
        }),
      );
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isFirst = true;
    const observer = new ResizeObserver(() => {
      // The first report comes right after hydration: fit at once, then debounce resizes.
      if (isFirst) {
        isFirst = false;
        refit();
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(refit, NAV_RESIZE_DEBOUNCE_MS);
    });
    observer.observe(nav);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [labels]);

  const moved = items.slice(kept);
  const hasMore = moved.length > 0;
  const isOpen = hasMore && openedBy !== null;
  const openBy = (how: Exclude<OpenedBy, null>) => setOpenedBy((now) => now ?? how);
  const close = () => setOpenedBy(null);

  return (
    <nav
      ref={navRef}
      className="blog-nav"
      aria-label={t('header.categoriesLabel')}
      style={{ '--nav-gap': `${NAV_GAP}px` } as CSSProperties}
    >
      <ul className="blog-nav__list">
        {items.map((item, index) => (
          <li key={item.key} data-moved={index >= kept ? '' : undefined}>
            <NavItemLink item={item} />
          </li>
        ))}
      </ul>
      {/* Always rendered, so that its width is known; hidden while every item fits. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only watches hover, focus leaving
          and Escape around its button (the control) and panel. */}
      <div
        className="blog-nav__more"
        data-idle={hasMore ? undefined : ''}
        // Near the start of the bar the panel opens toward the end, so it stays on screen.
        data-align={kept <= 1 ? 'start' : undefined}
        onPointerEnter={(event) => event.pointerType === 'mouse' && openBy('hover')}
        onPointerLeave={(event) => event.pointerType === 'mouse' && close()}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !isOpen) return;
          event.stopPropagation();
          close();
          isRefocusing.current = true;
          moreButton.current?.focus();
          isRefocusing.current = false;
        }}
      >
        <button
          ref={moreButton}
          type="button"
          className="blog-nav__more-button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          data-current={moved.some((item) => item.isCurrent) ? '' : undefined}
          onFocus={() => {
            if (!isRefocusing.current) openBy('focus');
          }}
          // A click (or Enter) pins a menu that hover or focus opened; a second one closes it.
          onClick={() => setOpenedBy((now) => (now === 'click' ? null : 'click'))}
        >
          {t('header.more')}
          <ChevronIcon direction="down" />
        </button>
        <ul id={panelId} className="blog-nav__panel" hidden={!isOpen}>
          {moved.map((item) => (
            <li key={item.key}>
              <NavItemLink item={item} onClick={close} />
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
