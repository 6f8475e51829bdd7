/**
 * The editor's toolbar (issue 4 "Writing"): one `role="toolbar"` with a single tab stop; arrow
 * keys, Home and End move between its controls (WAI-ARIA toolbar pattern). Toggles carry
 * `aria-pressed`; the text colour and size open small panels; "Insert" opens the same list as the
 * slash command. Issue 23: one row at every width; the tools that do not fit it go to a More menu
 * (`toolbar-more-menu.tsx`), as in Google Docs and WordPress on a phone.
 */
import type { Editor } from '@tiptap/core';
import {
  Fragment,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../rich-content/i18n';
import { BlockTypePart, ToolPart } from './toolbar-groups-part';
import { type ToolGroup, type ToolItem, toolItems } from './toolbar-items';
import { ColorPopup, SizePopup } from './toolbar-menus-part';
import { MoreMenu } from './toolbar-more-menu';
import { useToolbarOverflow } from './use-toolbar-overflow';
import { useToolbarPopup } from './use-toolbar-popup';
import { useToolbarState } from './use-toolbar-state';

export interface ToolbarProps {
  editor: Editor;
  onLink(): void;
  onInsert(): void;
  isInsertOpen: boolean;
  insertButtonRef: RefObject<HTMLButtonElement | null>;
  insertMenuId: string;
}

/** The toolbar's controls that can take focus: enabled, and not gone to a More menu. */
function reachableControls(toolbar: HTMLElement): HTMLElement[] {
  return [...toolbar.querySelectorAll<HTMLElement>('[data-toolbar-item]:not([disabled])')].filter(
    (control) => control.closest('[hidden]') === null,
  );
}

/** Moves focus among the toolbar's controls: the roving tab stop of a toolbar. */
export function handleToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const toolbar = event.currentTarget;
  const controls = reachableControls(toolbar);
  const index = controls.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  let next = index;
  if (event.key === 'ArrowRight') next = (index + 1) % controls.length;
  if (event.key === 'ArrowLeft') next = (index - 1 + controls.length) % controls.length;
  if (event.key === 'Home') next = 0;
  if (event.key === 'End') next = controls.length - 1;
  for (const control of controls) control.tabIndex = -1;
  controls[next]!.tabIndex = 0;
  controls[next]!.focus();
  controls[next]!.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * One tab stop for a toolbar (`data-toolbar-item` controls): the first enabled control, until
 * arrow keys move it (`handleToolbarKey`). Runs after every render, as controls come and go.
 */
export function useSingleTabStop(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const toolbar = ref.current;
    const controls = [...(toolbar?.querySelectorAll<HTMLElement>('[data-toolbar-item]') ?? [])];
    if (!toolbar || controls.length === 0) return;
    const reachable = reachableControls(toolbar);
    if (!reachable.some((c) => c.tabIndex === 0)) {
      const first = reachable[0] ?? controls[0]!;
      for (const c of controls) c.tabIndex = c === first ? 0 : -1;
    }
  });
}

/**
 * The groups of the row, in order, with the block type after undo and redo (where Google Docs and
 * WordPress have them); a group whose tools all went to More is hidden with them.
 */
const GROUPS: ToolGroup[] = ['history', 'marks', 'blocks', 'align'];

/**
 * The formatting toolbar: the block type, the tools (`toolbar-items.ts`) as far as the row has
 * room (`useToolbarOverflow`), More with the rest, and Insert.
 */
export function Toolbar({
  editor,
  onLink,
  onInsert,
  isInsertOpen,
  insertButtonRef,
  insertMenuId,
}: ToolbarProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const moreMenuId = `${useId().replace(/:/g, '')}-more`;
  const moreButtonRef = useRef<HTMLButtonElement>(null);
  const [isMoreOpen, setIsMoreOpen] = useState(false);
  const color = useToolbarPopup(moreButtonRef);
  const size = useToolbarPopup(moreButtonRef);
  const state = useToolbarState(editor);
  const items = toolItems(editor, state, {
    onLink,
    openColor: () => color.setIsOpen(!color.isOpen, isMoreOpen || colorHidden ? 'more' : 'button'),
    openSize: () => size.setIsOpen(!size.isOpen, isMoreOpen || sizeHidden ? 'more' : 'button'),
  });
  const { isShown, isMeasuring } = useToolbarOverflow(ref);
  const colorHidden = !isShown('textColor');
  const sizeHidden = !isShown('fontSize');
  const overflow = items.filter((item) => !isShown(item.id));
  const hasMore = isMeasuring || overflow.length > 0;
  const handleMoreOpen = useCallback((open: boolean) => setIsMoreOpen(open), []);
  useSingleTabStop(ref);

  const colorPanel = <ColorPopup editor={editor} current={state.color} popup={color} />;
  const sizePanel = <SizePopup editor={editor} current={state.fontSize} popup={size} />;
  const toolOf = (item: ToolItem) => {
    const isHidden = !isShown(item.id);
    if (item.id === 'textColor' || item.id === 'fontSize') {
      const popup = item.id === 'textColor' ? color : size;
      return (
        <ToolPart
          key={item.id}
          item={item}
          isHidden={isHidden}
          isExpanded={popup.openedFrom === 'button'}
          buttonRef={popup.buttonRef}
          swatch={
            item.id === 'textColor' ? (
              <span
                className="rte-tool__swatch"
                style={{ background: state.color ?? 'currentColor' }}
              />
            ) : null
          }
          panel={
            popup.openedFrom === 'button'
              ? item.id === 'textColor'
                ? colorPanel
                : sizePanel
              : null
          }
        />
      );
    }
    return <ToolPart key={item.id} item={item} isHidden={isHidden} />;
  };

  return (
    <div
      ref={ref}
      className={`rte-toolbar${isMeasuring ? ' is-measuring' : ''}`}
      role="toolbar"
      aria-label={t('postEditor.toolbar.label')}
      onKeyDown={handleToolbarKey}
      tabIndex={-1}
    >
      {GROUPS.map((group) => {
        const tools = items.filter((item) => item.group === group);
        return (
          <Fragment key={group}>
            <div
              className="rte-toolbar__group"
              data-tool-group={group}
              hidden={tools.every((item) => !isShown(item.id))}
            >
              {tools.map(toolOf)}
            </div>
            {group === 'history' ? <BlockTypePart editor={editor} state={state} /> : null}
          </Fragment>
        );
      })}
      <div className="rte-toolbar__group rte-toolbar__group--end">
        {hasMore ? (
          <MoreMenu
            items={overflow}
            menuId={moreMenuId}
            buttonRef={moreButtonRef}
            isOpen={isMoreOpen}
            onOpenChange={handleMoreOpen}
          >
            {color.openedFrom === 'more' ? colorPanel : null}
            {size.openedFrom === 'more' ? sizePanel : null}
          </MoreMenu>
        ) : null}
        <button
          ref={insertButtonRef}
          type="button"
          className="rte-insert-button"
          data-toolbar-item=""
          tabIndex={-1}
          title={t('postEditor.toolbar.insert')}
          aria-haspopup="listbox"
          aria-expanded={isInsertOpen}
          aria-controls={isInsertOpen ? insertMenuId : undefined}
          onClick={onInsert}
        >
          <span aria-hidden="true">+</span>
          <span className="rte-insert-button__text">{t('postEditor.toolbar.insert')}</span>
        </button>
      </div>
    </div>
  );
}
