/**
 * The slash command (issue 4 "Writing"): typing `/` at the start of a paragraph, or after a
 * space, opens the list of insertable blocks, filtered by what follows the slash. The
 * `@tiptap/suggestion` plugin finds the trigger and the query; the list itself is React (the
 * same `InsertMenu` the toolbar's Insert button opens), fed through a small bridge so the
 * plugin's key handling reaches the component's state.
 */
import { Extension, type Range } from '@tiptap/core';
import { exitSuggestion, Suggestion, SuggestionPluginKey } from '@tiptap/suggestion';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../rich-content/i18n';
import { INSERT_GROUPS, type InsertItem } from './insert-blocks';

/** What the editor needs to know while a slash command is being typed. */
export interface SlashState {
  query: string;
  /** The `/query` text, replaced by the chosen block. */
  range: Range;
  /** Where the caret is on the screen (viewport coordinates). */
  rect: DOMRect | null;
}

/** The component's side of the bridge: the plugin calls these. */
export interface SlashBridge {
  onChange(state: SlashState | null): void;
  /** A key pressed while the menu is open; true when the menu used it. */
  onKeyDown(event: KeyboardEvent): boolean;
}

/** The slash-command extension; `bridge` is read at every call, so it may be replaced. */
export const SlashCommand = Extension.create<{ bridge: { current: SlashBridge | null } }>({
  name: 'slashCommand',
  addOptions: () => ({ bridge: { current: null } }),
  addProseMirrorPlugins() {
    const { bridge } = this.options;
    const report = (props: {
      query: string;
      range: Range;
      clientRect?: (() => DOMRect | null) | null;
    }) =>
      bridge.current?.onChange({
        query: props.query,
        range: props.range,
        rect: props.clientRect?.() ?? null,
      });
    return [
      Suggestion({
        editor: this.editor,
        char: '/',
        // Only in a plain paragraph: a slash in code or a caption is just a slash.
        allow: ({ state, range }) => state.doc.resolve(range.from).parent.type.name === 'paragraph',
        items: () => [],
        render: () => ({
          onStart: report,
          onUpdate: report,
          onExit: () => bridge.current?.onChange(null),
          onKeyDown: ({ event }) => bridge.current?.onKeyDown(event) ?? false,
        }),
      }),
    ];
  },
});

/** Closes an open slash command (after Escape, or after its block was inserted). */
export { exitSuggestion, SuggestionPluginKey };

/** The next active index when moving by `step` through `count` options (wrapping). */
export function moveActive(active: number, step: number, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return step > 0 ? 0 : count - 1;
  return (active + step + count) % count;
}

export interface InsertMenuProps {
  id: string;
  items: readonly InsertItem[];
  activeIndex: number;
  onActiveChange(index: number): void;
  onChoose(item: InsertItem): void;
  /** What was typed, for the "nothing matches" line. */
  query: string;
  /** The label of the list (the slash menu's or the Insert button's). */
  label: string;
}

/** The id of an option of the menu, for `aria-activedescendant`. */
export const optionId = (menuId: string, itemId: string) => `${menuId}-${itemId}`;

/**
 * The list of insertable blocks, grouped, one active at a time. Focus stays where it was (the
 * editor or the Insert search field), which points at the active option with
 * `aria-activedescendant`; the mouse hovers and clicks options directly.
 */
export function InsertMenu({
  id,
  items,
  activeIndex,
  onActiveChange,
  onChoose,
  query,
  label,
}: InsertMenuProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const active = items[activeIndex];
  useEffect(() => {
    if (!active) return;
    listRef.current
      ?.querySelector(`#${CSS.escape(optionId(id, active.id))}`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);
  if (items.length === 0) {
    return (
      <div className="rte-menu rte-menu--empty" id={id}>
        <p className="rte-menu__empty">{t('postEditor.slash.empty', { query })}</p>
      </div>
    );
  }
  const groups = INSERT_GROUPS.map((group) => ({
    group,
    entries: items.map((item, index) => ({ item, index })).filter((e) => e.item.group === group),
  })).filter((g) => g.entries.length > 0);
  return (
    <div className="rte-menu" ref={listRef}>
      <div id={id} role="listbox" aria-label={label} className="rte-menu__list">
        {groups.map(({ group, entries }) => (
          // biome-ignore lint/a11y/useSemanticElements: an option group of a listbox, not a form's fieldset.
          <div key={group} role="group" aria-labelledby={`${id}-group-${group}`}>
            <div id={`${id}-group-${group}`} className="rte-menu__group" role="presentation">
              {t(`postEditor.slash.groups.${group}`)}
            </div>
            {entries.map(({ item, index }) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled where focus is (editor or search field).
              // biome-ignore lint/a11y/useFocusableInteractive: options are pointed at with aria-activedescendant.
              <div
                key={item.id}
                id={optionId(id, item.id)}
                role="option"
                aria-selected={index === activeIndex}
                className={`rte-menu__option${index === activeIndex ? ' rte-menu__option--active' : ''}`}
                onMouseMove={() => {
                  if (index !== activeIndex) onActiveChange(index);
                }}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChoose(item)}
              >
                <span
                  className={`rte-menu__icon rte-icon rte-icon--${item.id}`}
                  aria-hidden="true"
                />
                <span className="rte-menu__text">
                  <span className="rte-menu__label">{t(`postEditor.insert.${item.id}.label`)}</span>
                  <span className="rte-menu__description">
                    {t(`postEditor.insert.${item.id}.description`)}
                  </span>
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
      <p className="rte-menu__hint" aria-hidden="true">
        {t('postEditor.slash.hint')}
      </p>
    </div>
  );
}

/** Keys of a list whose focus stays elsewhere: returns true when the key was used. */
export function handleMenuKey(
  key: string,
  state: { activeIndex: number; count: number },
  actions: { move(index: number): void; choose(): void; close(): void },
): boolean {
  switch (key) {
    case 'ArrowDown':
      actions.move(moveActive(state.activeIndex, 1, state.count));
      return true;
    case 'ArrowUp':
      actions.move(moveActive(state.activeIndex, -1, state.count));
      return true;
    case 'Home':
      if (state.count > 0) actions.move(0);
      return state.count > 0;
    case 'End':
      if (state.count > 0) actions.move(state.count - 1);
      return state.count > 0;
    case 'Enter':
    case 'Tab':
      if (state.activeIndex < 0 || state.count === 0) return false;
      actions.choose();
      return true;
    case 'Escape':
      actions.close();
      return true;
    default:
      return false;
  }
}
