/**
 * The editor's toolbar (issue 4 "Writing"): one `role="toolbar"` with a single tab stop; arrow
 * keys, Home and End move between its controls (WAI-ARIA toolbar pattern). Toggles carry
 * `aria-pressed`; the text colour and size open small menus; "Insert" opens the same list as the
 * slash command.
 */
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { TextAlignment } from '../../rich-content/document';
import { useTranslation } from '../../rich-content/i18n';
import {
  activeAlignment,
  activeBlockType,
  type BlockType,
  FONT_SIZES,
  setAlignment,
  setBlockType,
  TEXT_COLORS,
} from './toolbar-commands';

export interface ToolbarProps {
  editor: Editor;
  onLink(): void;
  onInsert(): void;
  isInsertOpen: boolean;
  insertButtonRef: RefObject<HTMLButtonElement | null>;
  insertMenuId: string;
}

const BLOCK_TYPES: BlockType[] = ['paragraph', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const ALIGNMENTS: { value: TextAlignment; key: string }[] = [
  { value: 'LEFT', key: 'alignLeft' },
  { value: 'CENTER', key: 'alignCenter' },
  { value: 'RIGHT', key: 'alignRight' },
  { value: 'JUSTIFY', key: 'alignJustify' },
];

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

/** The formatting toolbar. */
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
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      blockType: activeBlockType(e),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      spoiler: e.isActive('spoiler'),
      link: e.isActive('link'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      alignment: activeAlignment(e),
      color: (e.getAttributes('color').colorData as { foreground?: string } | null)?.foreground,
      fontSize: (e.getAttributes('fontSize').fontSizeData as { value?: number } | null)?.value,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  useSingleTabStop(ref);
  const run = (command: (e: Editor) => void) => () => command(editor);
  const toggle = (
    label: string,
    isPressed: boolean,
    onClick: () => void,
    icon: string,
    shortcut?: string,
  ) => (
    <ToolButton
      label={label}
      isPressed={isPressed}
      onClick={onClick}
      icon={icon}
      shortcut={shortcut}
    />
  );
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
      <div className="rte-toolbar__group">
        <select
          className="rte-select"
          data-toolbar-item=""
          tabIndex={-1}
          aria-label={t('postEditor.toolbar.blockType')}
          value={state.blockType}
          onChange={(event) => setBlockType(editor, event.target.value as BlockType)}
          onKeyDown={(event) => {
            // Left and right move through the toolbar; up and down still choose in the list.
            if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') event.preventDefault();
          }}
        >
          {state.blockType === 'other' ? <option value="other">—</option> : null}
          {BLOCK_TYPES.map((type) => (
            <option key={type} value={type}>
              {type === 'paragraph'
                ? t('postEditor.toolbar.paragraph')
                : t('postEditor.toolbar.heading', { level: type.slice(1) })}
            </option>
          ))}
        </select>
      </div>
      <div className="rte-toolbar__group">
        {toggle(
          t('postEditor.toolbar.bold'),
          state.bold,
          run((e) => e.chain().focus().toggleBold().run()),
          'bold',
          'Ctrl+B',
        )}
        {toggle(
          t('postEditor.toolbar.italic'),
          state.italic,
          run((e) => e.chain().focus().toggleItalic().run()),
          'italic',
          'Ctrl+I',
        )}
        {toggle(
          t('postEditor.toolbar.underline'),
          state.underline,
          run((e) => e.chain().focus().toggleUnderline().run()),
          'underline',
          'Ctrl+U',
        )}
        {toggle(
          t('postEditor.toolbar.spoiler'),
          state.spoiler,
          run((e) => e.chain().focus().toggleMark('spoiler').run()),
          'spoiler',
        )}
        {toggle(t('postEditor.toolbar.link'), state.link, onLink, 'link', 'Ctrl+K')}
        <ColorMenu editor={editor} current={state.color} />
        <SizeMenu editor={editor} current={state.fontSize} />
      </div>
      <div className="rte-toolbar__group">
        {toggle(
          t('postEditor.toolbar.bulletedList'),
          state.bulletList,
          run((e) => e.chain().focus().toggleBulletList().run()),
          'bulletedList',
        )}
        {toggle(
          t('postEditor.toolbar.orderedList'),
          state.orderedList,
          run((e) => e.chain().focus().toggleOrderedList().run()),
          'orderedList',
        )}
        {toggle(
          t('postEditor.toolbar.quote'),
          state.blockquote,
          run((e) => e.chain().focus().toggleBlockquote().run()),
          'quote',
        )}
        {toggle(
          t('postEditor.toolbar.codeBlock'),
          state.codeBlock,
          run((e) => e.chain().focus().toggleCodeBlock().run()),
          'codeBlock',
        )}
      </div>
      <div className="rte-toolbar__group">
        {ALIGNMENTS.map(({ value, key }) =>
          toggle(
            t(`postEditor.toolbar.${key}`),
            state.alignment === value,
            () => setAlignment(editor, state.alignment === value ? 'AUTO' : value),
            `align-${value.toLowerCase()}`,
          ),
        )}
      </div>
      <div className="rte-toolbar__group">
        <ToolButton
          label={t('postEditor.toolbar.undo')}
          icon="undo"
          shortcut="Ctrl+Z"
          isDisabled={!state.canUndo}
          onClick={run((e) => e.chain().focus().undo().run())}
        />
        <ToolButton
          label={t('postEditor.toolbar.redo')}
          icon="redo"
          shortcut="Ctrl+Shift+Z"
          isDisabled={!state.canRedo}
          onClick={run((e) => e.chain().focus().redo().run())}
        />
      </div>
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

function ToolButton({
  label,
  icon,
  isPressed,
  isDisabled,
  onClick,
  shortcut,
  children,
  hasPopup,
  isExpanded,
  buttonRef,
}: {
  label: string;
  icon: string;
  isPressed?: boolean;
  isDisabled?: boolean;
  onClick(): void;
  shortcut?: string;
  children?: ReactNode;
  hasPopup?: boolean;
  isExpanded?: boolean;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="rte-tool"
      data-toolbar-item=""
      tabIndex={-1}
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-pressed={isPressed}
      aria-haspopup={hasPopup || undefined}
      aria-expanded={hasPopup ? isExpanded : undefined}
      aria-keyshortcuts={shortcut?.replace('Ctrl', 'Control')}
      disabled={isDisabled}
      // Keep the editor's selection: a toolbar click must not take it away first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span className={`rte-icon rte-icon--${icon}`} aria-hidden="true" />
      {children}
    </button>
  );
}

/** A small popup under a toolbar button; Escape or a click elsewhere closes it. */
function usePopup() {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    popupRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popupRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setIsOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen]);
  const close = (refocus: boolean) => {
    setIsOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    }
    // Arrow keys inside the popup move among its own buttons, not the toolbar's.
    if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)) {
      event.stopPropagation();
      event.preventDefault();
      const buttons = [...(popupRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
      const index = buttons.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 1;
      let next = (index + step + buttons.length) % buttons.length;
      if (event.key === 'Home') next = 0;
      if (event.key === 'End') next = buttons.length - 1;
      buttons[next]?.focus();
    }
  };
  return { isOpen, setIsOpen, buttonRef, popupRef, close, onKeyDown };
}

function ColorMenu({ editor, current }: { editor: Editor; current: string | undefined }) {
  const { t } = useTranslation();
  const popup = usePopup();
  const label = t('postEditor.toolbar.textColor');
  return (
    <span className="rte-popup-anchor">
      <ToolButton
        label={label}
        icon="color"
        hasPopup
        isExpanded={popup.isOpen}
        buttonRef={popup.buttonRef}
        onClick={() => popup.setIsOpen(!popup.isOpen)}
      >
        <span className="rte-tool__swatch" style={{ background: current ?? 'currentColor' }} />
      </ToolButton>
      {popup.isOpen ? (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; these are buttons.
        <div
          ref={popup.popupRef}
          className="rte-popup rte-popup--colors"
          role="group"
          aria-label={label}
          onKeyDown={popup.onKeyDown}
        >
          <button
            type="button"
            className="rte-popup__wide"
            onClick={() => {
              editor.chain().focus().unsetMark('color').run();
              popup.close(false);
            }}
          >
            {t('postEditor.toolbar.defaultColor')}
          </button>
          {TEXT_COLORS.map(({ name, value }) => (
            <button
              key={name}
              type="button"
              className="rte-swatch"
              style={{ background: value }}
              aria-label={t(`postEditor.colors.${name}`)}
              aria-pressed={current === value}
              title={t(`postEditor.colors.${name}`)}
              onClick={() => {
                editor
                  .chain()
                  .focus()
                  .setMark('color', { colorData: { foreground: value } })
                  .run();
                popup.close(false);
              }}
            />
          ))}
        </div>
      ) : null}
    </span>
  );
}

function SizeMenu({ editor, current }: { editor: Editor; current: number | undefined }) {
  const { t } = useTranslation();
  const popup = usePopup();
  const label = t('postEditor.toolbar.fontSize');
  return (
    <span className="rte-popup-anchor">
      <ToolButton
        label={label}
        icon="size"
        hasPopup
        isExpanded={popup.isOpen}
        buttonRef={popup.buttonRef}
        onClick={() => popup.setIsOpen(!popup.isOpen)}
      />
      {popup.isOpen ? (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form fields; these are buttons.
        <div
          ref={popup.popupRef}
          className="rte-popup rte-popup--sizes"
          role="group"
          aria-label={label}
          onKeyDown={popup.onKeyDown}
        >
          <button
            type="button"
            aria-pressed={current === undefined}
            onClick={() => {
              editor.chain().focus().unsetMark('fontSize').run();
              popup.close(false);
            }}
          >
            {t('postEditor.toolbar.defaultSize')}
          </button>
          {FONT_SIZES.map((size) => (
            <button
              key={size}
              type="button"
              aria-pressed={current === size}
              onClick={() => {
                editor
                  .chain()
                  .focus()
                  .setMark('fontSize', { fontSizeData: { unit: 'PX', value: size } })
                  .run();
                popup.close(false);
              }}
            >
              {t('postEditor.toolbar.sizePx', { size })}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
