/**
 * The editor's toolbar (issue 4 "Writing"): one `role="toolbar"` with a single tab stop; arrow
 * keys, Home and End move between its controls (WAI-ARIA toolbar pattern). Toggles carry
 * `aria-pressed`; the text colour and size open small menus; "Insert" opens the same list as the
 * slash command.
 */
import type { Editor } from '@tiptap/core';
import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from '../../rich-content/i18n';
import {
  AlignGroupPart,
  BlockGroupPart,
  BlockTypePart,
  HistoryGroupPart,
  MarkGroupPart,
} from './toolbar-groups-part';
import { useToolbarState } from './use-toolbar-state';

export interface ToolbarProps {
  editor: Editor;
  onLink(): void;
  onInsert(): void;
  isInsertOpen: boolean;
  insertButtonRef: RefObject<HTMLButtonElement | null>;
  insertMenuId: string;
}

/** Moves focus among the toolbar's controls: the roving tab stop of a toolbar. */
export function handleToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const toolbar = event.currentTarget;
  const controls = [
    ...toolbar.querySelectorAll<HTMLElement>('[data-toolbar-item]:not([disabled])'),
  ];
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
    const controls = [...(ref.current?.querySelectorAll<HTMLElement>('[data-toolbar-item]') ?? [])];
    if (controls.length === 0) return;
    if (!controls.some((c) => c.tabIndex === 0 && !c.hasAttribute('disabled'))) {
      const first = controls.find((c) => !c.hasAttribute('disabled')) ?? controls[0]!;
      for (const c of controls) c.tabIndex = c === first ? 0 : -1;
    }
  });
}

/**
 * The formatting toolbar. Its parts: what it shows of the editor (`useToolbarState`) and its
 * groups (`toolbar-groups-part.tsx`, with the colour and size menus of `toolbar-menus-part.tsx`).
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
  const state = useToolbarState(editor);
  useSingleTabStop(ref);
  return (
    <div
      ref={ref}
      className="rte-toolbar"
      role="toolbar"
      aria-label={t('postEditor.toolbar.label')}
      aria-controls={undefined}
      onKeyDown={handleToolbarKey}
      tabIndex={-1}
    >
      <BlockTypePart editor={editor} state={state} />
      <MarkGroupPart editor={editor} state={state} onLink={onLink} />
      <BlockGroupPart editor={editor} state={state} />
      <AlignGroupPart editor={editor} state={state} />
      <HistoryGroupPart editor={editor} state={state} />
      <div className="rte-toolbar__group rte-toolbar__group--end">
        <button
          ref={insertButtonRef}
          type="button"
          className="rte-insert-button"
          data-toolbar-item=""
          tabIndex={-1}
          aria-haspopup="listbox"
          aria-expanded={isInsertOpen}
          aria-controls={isInsertOpen ? insertMenuId : undefined}
          onClick={onInsert}
        >
          <span aria-hidden="true">+</span> {t('postEditor.toolbar.insert')}
        </button>
      </div>
    </div>
  );
}
