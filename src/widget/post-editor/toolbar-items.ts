/**
 * The formatting toolbar's tools as data (issue 23): one list that the bar draws as buttons and
 * its More menu as menu items, so a tool that does not fit a phone's row is still one tap away,
 * with the same label, state and command. The block type select and Insert are not in it: they
 * always stay in the row.
 */
import type { Editor } from '@tiptap/core';
import type { TextAlignment } from '../../rich-content/document';
import { setAlignment } from './toolbar-commands';
import type { ToolbarState } from './use-toolbar-state';

/** The toolbar's groups, in order (a divider between two); the block type sits after history. */
export type ToolGroup = 'history' | 'marks' | 'blocks' | 'align';

/**
 * What a tool is: a `toggle` (pressed or not: `aria-pressed`, a menu's `menuitemcheckbox`), a
 * `choice` among its group (alignment: `menuitemradio`), a `command` (undo), a `popup` (colour,
 * size: a small panel of choices) or a `dialog` (the link).
 */
export type ToolKind = 'toggle' | 'choice' | 'command' | 'popup' | 'dialog';

/** One tool of the toolbar. */
export interface ToolItem {
  id: string;
  group: ToolGroup;
  kind: ToolKind;
  /** The translation key of its name (`postEditor.toolbar.<key>`). */
  labelKey: string;
  icon: string;
  shortcut?: string;
  /** Pressed (toggle, dialog) or chosen (choice). */
  isOn?: boolean;
  isDisabled?: boolean;
  run(): void;
}

const ALIGNMENTS: { value: TextAlignment; key: string }[] = [
  { value: 'LEFT', key: 'alignLeft' },
  { value: 'CENTER', key: 'alignCenter' },
  { value: 'RIGHT', key: 'alignRight' },
  { value: 'JUSTIFY', key: 'alignJustify' },
];

/** What the tools that open something ask of the toolbar. */
export interface ToolActions {
  onLink(): void;
  openColor(): void;
  openSize(): void;
}

/** Every tool of the toolbar but the block type, in the row's order (undo and redo before it). */
export function toolItems(editor: Editor, state: ToolbarState, actions: ToolActions): ToolItem[] {
  const chain = () => editor.chain().focus();
  const toggle = (
    id: string,
    group: ToolGroup,
    isOn: boolean,
    run: () => void,
    shortcut?: string,
  ): ToolItem => ({ id, group, kind: 'toggle', labelKey: id, icon: id, isOn, run, shortcut });
  return [
    {
      id: 'undo',
      group: 'history',
      kind: 'command',
      labelKey: 'undo',
      icon: 'undo',
      shortcut: 'Ctrl+Z',
      isDisabled: !state.canUndo,
      run: () => chain().undo().run(),
    },
    {
      id: 'redo',
      group: 'history',
      kind: 'command',
      labelKey: 'redo',
      icon: 'redo',
      shortcut: 'Ctrl+Shift+Z',
      isDisabled: !state.canRedo,
      run: () => chain().redo().run(),
    },
    toggle('bold', 'marks', state.bold, () => chain().toggleBold().run(), 'Ctrl+B'),
    toggle('italic', 'marks', state.italic, () => chain().toggleItalic().run(), 'Ctrl+I'),
    toggle('underline', 'marks', state.underline, () => chain().toggleUnderline().run(), 'Ctrl+U'),
    toggle('spoiler', 'marks', state.spoiler, () => chain().toggleMark('spoiler').run()),
    {
      id: 'link',
      group: 'marks',
      kind: 'dialog',
      labelKey: 'link',
      icon: 'link',
      shortcut: 'Ctrl+K',
      isOn: state.link,
      run: actions.onLink,
    },
    {
      id: 'textColor',
      group: 'marks',
      kind: 'popup',
      labelKey: 'textColor',
      icon: 'color',
      run: actions.openColor,
    },
    {
      id: 'fontSize',
      group: 'marks',
      kind: 'popup',
      labelKey: 'fontSize',
      icon: 'size',
      run: actions.openSize,
    },
    toggle('bulletedList', 'blocks', state.bulletList, () => chain().toggleBulletList().run()),
    toggle('orderedList', 'blocks', state.orderedList, () => chain().toggleOrderedList().run()),
    toggle('quote', 'blocks', state.blockquote, () => chain().toggleBlockquote().run()),
    toggle('codeBlock', 'blocks', state.codeBlock, () => chain().toggleCodeBlock().run()),
    ...ALIGNMENTS.map(
      ({ value, key }): ToolItem => ({
        id: key,
        group: 'align',
        kind: 'choice',
        labelKey: key,
        icon: `align-${value.toLowerCase()}`,
        isOn: state.alignment === value,
        // Pressing the active one goes back to automatic.
        run: () => setAlignment(editor, state.alignment === value ? 'AUTO' : value),
      }),
    ),
  ];
}

/**
 * The order in which tools keep their place in the row (issue 23): the first ones are the last to
 * go to the More menu. Bold, italic and link are what writers reach for most; undo and redo next
 * (a phone has no Ctrl+Z); then the block tools and alignment, which desktop editors (Google Docs,
 * WordPress, Wix) keep in view; the rarer marks and panels go first.
 */
export const KEEP_ORDER: readonly string[] = [
  'bold',
  'italic',
  'link',
  'undo',
  'redo',
  'bulletedList',
  'orderedList',
  'quote',
  'alignLeft',
  'alignCenter',
  'alignRight',
  'alignJustify',
  'underline',
  'codeBlock',
  'textColor',
  'fontSize',
  'spoiler',
];

/** A tool's length along the row: its width and the gap after it in its group. */
export interface ToolLength {
  id: string;
  group: ToolGroup;
  length: number;
}

/**
 * Which tools the row shows (issue 23: the rest go to the More menu). `tools` are measured with
 * every tool shown; `groupExtra` is what a group takes beyond its tools' lengths (padding,
 * divider, the row's gap), paid while any of its tools shows; `room` is the row's length for tools
 * when nothing overflows (Insert kept), `roomWithMore` when the More button takes its place too.
 * All fit, or the tools go to More in reverse `KEEP_ORDER` until the rest fit beside More.
 */
export function shownTools(
  tools: readonly ToolLength[],
  groupExtra: Readonly<Partial<Record<ToolGroup, number>>>,
  room: number,
  roomWithMore: number,
): Set<string> {
  const shown = new Set(tools.map((tool) => tool.id));
  const lengthOf = () => {
    const groups = new Set<ToolGroup>();
    let sum = 0;
    for (const tool of tools) {
      if (!shown.has(tool.id)) continue;
      sum += tool.length;
      groups.add(tool.group);
    }
    for (const group of groups) sum += groupExtra[group] ?? 0;
    return sum;
  };
  if (lengthOf() <= room) return shown;
  const rank = (id: string) => {
    const index = KEEP_ORDER.indexOf(id);
    return index < 0 ? KEEP_ORDER.length : index;
  };
  const leaving = [...shown].sort((a, b) => rank(b) - rank(a));
  for (const id of leaving) {
    if (lengthOf() <= roomWithMore) break;
    shown.delete(id);
  }
  return shown;
}
