/**
 * The rich-text editor's two insert menus and their state: the slash menu under the caret (the
 * slash plugin talks to it through a bridge) and the Insert button's popover with its search
 * field. Both list the same insert items and choose through the same callback.
 */
import type { Editor, Range } from '@tiptap/core';
import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../rich-content/i18n';
import { filterInsertItems, INSERT_ITEMS, type InsertItem } from './insert-blocks';
import {
  exitSuggestion,
  handleMenuKey,
  InsertMenu,
  optionId,
  type SlashBridge,
  type SlashState,
  SuggestionPluginKey,
} from './slash-menu';

/** Chooses an insert item, from the slash menu (with the `/query` range) or the button. */
export type ChooseItem = (item: InsertItem, range?: Range) => void;

/** The insert items' labels in the writer's language, for filtering. */
function useItemLabel() {
  const { t } = useTranslation();
  return useCallback((item: InsertItem) => t(`postEditor.insert.${item.id}.label`), [t]);
}

/**
 * The slash menu's state. `bridge` (handed to the slash plugin before the editor exists) is
 * pointed at this render's state on every render, so the plugin always reads the latest.
 */
export function useSlashMenu(
  bridge: { current: SlashBridge | null },
  editor: Editor | null,
  choose: RefObject<ChooseItem>,
) {
  const labelOf = useItemLabel();
  const [slash, setSlash] = useState<SlashState | null>(null);
  const [active, setActive] = useState(0);
  const items = useMemo(
    () => (slash ? filterInsertItems(INSERT_ITEMS, slash.query, labelOf) : []),
    [slash, labelOf],
  );
  const view = useRef({ slash, items, active });
  view.current = { slash, items, active };
  bridge.current = {
    onChange(state) {
      setSlash(state);
      if (!state || state.query !== view.current.slash?.query) setActive(0);
    },
    onKeyDown(event) {
      const current = view.current;
      if (!current.slash) return false;
      return handleMenuKey(
        event.key,
        { activeIndex: current.active, count: current.items.length },
        {
          move: setActive,
          choose: () => {
            const item = current.items[current.active];
            if (item) choose.current(item, current.slash!.range);
          },
          close: () => {
            if (editor) exitSuggestion(editor.view, SuggestionPluginKey);
            setSlash(null);
          },
        },
      );
    },
  };
  return { slash, setSlash, items, active, setActive };
}

/** The Insert button's popover: open or not, its search and its active option. */
export function useInsertMenu(choose: RefObject<ChooseItem>) {
  const labelOf = useItemLabel();
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const items = useMemo(() => filterInsertItems(INSERT_ITEMS, query, labelOf), [query, labelOf]);

  function toggle() {
    if (isOpen) {
      setIsOpen(false);
      return;
    }
    setQuery('');
    setActive(0);
    setIsOpen(true);
    requestAnimationFrame(() => searchRef.current?.focus());
  }

  function close() {
    setIsOpen(false);
    setQuery('');
  }

  function handleSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    const used = handleMenuKey(
      event.key,
      { activeIndex: active, count: items.length },
      {
        move: setActive,
        choose: () => {
          const item = items[active];
          if (item) choose.current(item);
        },
        close: () => {
          setIsOpen(false);
          buttonRef.current?.focus();
        },
      },
    );
    if (used) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  return {
    isOpen,
    setIsOpen,
    query,
    setQuery,
    active,
    setActive,
    items,
    buttonRef,
    searchRef,
    toggle,
    close,
    handleSearchKey,
  };
}

/** The Insert button's popover: a search field over the menu. */
export function InsertPopover({
  menu,
  menuId,
  choose,
}: {
  menu: ReturnType<typeof useInsertMenu>;
  menuId: string;
  choose: ChooseItem;
}) {
  const { t } = useTranslation();
  const activeItem = menu.items[menu.active];
  return (
    <div
      className="rte-insert-popover"
      role="dialog"
      aria-label={t('postEditor.slash.label')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          menu.setIsOpen(false);
        }
      }}
    >
      <input
        ref={menu.searchRef}
        className="rte-insert-popover__search"
        type="search"
        role="combobox"
        aria-expanded="true"
        aria-controls={menuId}
        aria-autocomplete="list"
        aria-activedescendant={activeItem ? optionId(menuId, activeItem.id) : undefined}
        aria-label={t('postEditor.slash.label')}
        placeholder={t('postEditor.slash.label')}
        value={menu.query}
        onChange={(event) => {
          menu.setQuery(event.target.value);
          menu.setActive(0);
        }}
        onKeyDown={menu.handleSearchKey}
      />
      <InsertMenu
        id={menuId}
        label={t('postEditor.slash.label')}
        items={menu.items}
        activeIndex={menu.active}
        onActiveChange={menu.setActive}
        onChoose={(item) => choose(item)}
        query={menu.query}
      />
    </div>
  );
}

/** The slash menu, under the caret inside the editor's box. */
export function SlashPopover({
  menu,
  menuId,
  editor,
  root,
  choose,
}: {
  menu: ReturnType<typeof useSlashMenu>;
  menuId: string;
  editor: Editor | null;
  root: HTMLElement | null;
  choose: ChooseItem;
}) {
  const { t } = useTranslation();
  const { slash } = menu;
  if (!slash?.rect || !root) return null;
  // Where the slash menu stands: under the caret, inside the editor's box.
  const box = root.getBoundingClientRect();
  const width = Math.min(320, box.width - 16);
  const left = Math.max(8, Math.min(slash.rect.left - box.left, box.width - width - 8));
  const position = { top: slash.rect.bottom - box.top + 6, left, width };
  const activeItem = menu.items[menu.active];
  return (
    <div className="rte-slash" style={position}>
      <SlashActiveDescendant
        editor={editor}
        descendant={activeItem ? optionId(menuId, activeItem.id) : undefined}
        controls={menuId}
      />
      <InsertMenu
        id={menuId}
        label={t('postEditor.slash.label')}
        items={menu.items}
        activeIndex={menu.active}
        onActiveChange={menu.setActive}
        onChoose={(item) => choose(item, slash.range)}
        query={slash.query}
      />
    </div>
  );
}

/**
 * While the slash menu is open, the editing area points at its active option, so a screen
 * reader follows the arrow keys although focus stays in the text.
 */
function SlashActiveDescendant({
  editor,
  descendant,
  controls,
}: {
  editor: Editor | null;
  descendant: string | undefined;
  controls: string;
}) {
  const element = editor?.view.dom;
  useEffect(() => {
    if (!element) return;
    if (descendant) element.setAttribute('aria-activedescendant', descendant);
    else element.removeAttribute('aria-activedescendant');
    element.setAttribute('aria-controls', controls);
    return () => {
      element.removeAttribute('aria-activedescendant');
      element.removeAttribute('aria-controls');
    };
  }, [element, descendant, controls]);
  return null;
}
