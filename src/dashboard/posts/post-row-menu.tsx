/**
 * A row's ⋯ menu on the Posts screen: the actions `can()` allows on that post (SPEC §6), links
 * first (edit, preview, view, reports), then the changes. Opens on click, closes on a choice, an
 * outside click or Escape (SPEC §4 more-options menu), placed below the button or above it when
 * there is no room, and kept inside the viewport. Arrow keys move between its items.
 */
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { DashboardPostRow } from '../../domain/dashboard-posts';
import { type Action, type Actor, can } from '../../domain/permissions';
import type { PostStatus } from '../../domain/post-status';
import { useTranslation } from '../../widget/i18n';
import type { usePostActions } from './use-post-actions';

type RowActions = ReturnType<typeof usePostActions>['row'];

interface MenuItem {
  key: string;
  label: string;
  href?: string;
  /** A link out of the dashboard (the blog's editor and pages) is a plain anchor. */
  isExternal?: boolean;
  run?: () => unknown;
  isDanger?: boolean;
}

/** The entries of a post's menu for `actor`. */
export function menuItemsFor(
  actor: Actor,
  post: DashboardPostRow,
  actions: RowActions,
  t: (key: string) => string,
): MenuItem[] {
  const facts = { post: { ownerId: post.author.id, status: post.status } };
  const may = (action: Action, status: PostStatus = post.status) =>
    can(actor, action as 'post:edit', { post: { ...facts.post, status } });
  const label = (key: string) => t(`dashboardPosts.menu.${key}`);
  const items: MenuItem[] = [];
  if (post.tab === 'trash') {
    if (post.restoresTo && may('post:restore', post.restoresTo)) {
      items.push({ key: 'restore', label: label('restore'), run: () => actions.restore(post) });
    }
    if (may('post:delete-forever')) {
      items.push({
        key: 'deleteForever',
        label: label('deleteForever'),
        run: () => actions.deleteForever(post),
        isDanger: true,
      });
    }
    return items;
  }
  if (may('post:edit'))
    items.push({ key: 'edit', label: label('edit'), href: post.links.edit, isExternal: true });
  if (may('post:preview')) {
    items.push({
      key: 'preview',
      label: label('preview'),
      href: post.links.preview,
      isExternal: true,
    });
  }
  if (post.links.view)
    items.push({ key: 'view', label: label('view'), href: post.links.view, isExternal: true });
  if (post.links.report && may('post:view-report')) {
    items.push({ key: 'viewReport', label: label('viewReport'), href: post.links.report });
  }
  if (may('post:duplicate') && can(actor, 'post:create', {})) {
    items.push({ key: 'duplicate', label: label('duplicate'), run: () => actions.duplicate(post) });
  }
  if (may('post:pin')) {
    items.push({
      key: 'pin',
      label: label(post.isPinned ? 'unpin' : 'pin'),
      run: () => actions.pin(post),
    });
  }
  if (may('post:feature')) {
    items.push({
      key: 'feature',
      label: label(post.isFeatured ? 'unfeature' : 'feature'),
      run: () => actions.feature(post),
    });
  }
  if (may('post:change-owner')) {
    items.push({
      key: 'changeOwner',
      label: label('changeOwner'),
      run: () => actions.changeOwner(post),
    });
  }
  if (may('post:change-category')) {
    items.push({ key: 'move', label: label('move'), run: () => actions.move(post) });
  }
  if (may('post:revert-to-draft')) {
    items.push({ key: 'revert', label: label('revert'), run: () => actions.revert(post) });
  }
  if (may('post:delete')) {
    items.push({
      key: 'trash',
      label: label('trash'),
      run: () => actions.trash(post),
      isDanger: true,
    });
  }
  return items;
}

function DotsIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}

/** The ⋯ button and its menu. */
export function PostRowMenu({
  actor,
  post,
  actions,
}: {
  actor: Actor;
  post: DashboardPostRow;
  actions: RowActions;
}) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const items = menuItemsFor(actor, post, actions, t);

  useLayoutEffect(() => {
    if (!isOpen || !buttonRef.current || !menuRef.current) return;
    const button = buttonRef.current.getBoundingClientRect();
    const height = menuRef.current.offsetHeight;
    const viewport = document.documentElement;
    const below = button.bottom + 4;
    const top =
      below + height > viewport.clientHeight && button.top - height - 4 > 0
        ? button.top - height - 4
        : below;
    setPlace({ top, right: Math.max(8, viewport.clientWidth - button.right) });
  }, [isOpen]);

  // Once placed (and so visible), the first entry takes the focus.
  useEffect(() => {
    if (isOpen && place) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [isOpen, place]);

  useEffect(() => {
    if (!isOpen) return;
    function handlePointer(event: PointerEvent) {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    }
    function handleKey(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
    const close = () => setOpen(false);
    document.addEventListener('pointerdown', handlePointer);
    window.addEventListener('keydown', handleKey);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      window.removeEventListener('keydown', handleKey);
      window.removeEventListener('resize', close);
    };
  }, [isOpen]);

  if (items.length === 0) return null;

  function handleMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const entries = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const next = (at + (event.key === 'ArrowDown' ? 1 : -1) + entries.length) % entries.length;
    entries[next]?.focus();
  }

  return (
    <div className="dp-menu">
      <button
        ref={buttonRef}
        type="button"
        className="dp-icon-button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={t('dashboardPosts.menu.label', {
          title: post.title || t('dashboardPosts.untitled'),
        })}
        onClick={() => {
          setPlace(null);
          setOpen((open) => !open);
        }}
      >
        <DotsIcon />
      </button>
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          className="dp-menu__list"
          style={place ? { top: place.top, right: place.right } : { visibility: 'hidden' }}
          onKeyDown={handleMenuKey}
        >
          {items.map((item) =>
            item.href ? (
              item.isExternal ? (
                <a key={item.key} role="menuitem" className="dp-menu__item" href={item.href}>
                  {item.label}
                </a>
              ) : (
                <Link key={item.key} role="menuitem" className="dp-menu__item" to={item.href}>
                  {item.label}
                </Link>
              )
            ) : (
              <button
                key={item.key}
                type="button"
                role="menuitem"
                className={item.isDanger ? 'dp-menu__item dp-menu__item--danger' : 'dp-menu__item'}
                onClick={() => {
                  setOpen(false);
                  buttonRef.current?.focus();
                  void item.run?.();
                }}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
