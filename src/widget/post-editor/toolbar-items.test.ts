import type { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/post-editor/en.json';
import { KEEP_ORDER, shownTools, type ToolLength, toolItems } from './toolbar-items';
import { menuKeyTarget } from './toolbar-more-menu';
import type { ToolbarState } from './use-toolbar-state';

const STATE: ToolbarState = {
  blockType: 'paragraph',
  bold: true,
  italic: false,
  underline: false,
  spoiler: false,
  link: false,
  bulletList: false,
  orderedList: false,
  blockquote: false,
  codeBlock: false,
  alignment: 'CENTER',
  color: undefined,
  fontSize: undefined,
  canUndo: false,
  canRedo: true,
};
const noop = () => {};
// The commands are not run here: the list's shape and state are what is tested.
const items = toolItems({} as Editor, STATE, { onLink: noop, openColor: noop, openSize: noop });

describe('the toolbar tools (issue 23: the row and the More menu draw the same list)', () => {
  it('names every tool with a message the toolbar has', () => {
    const toolbar = en.postEditor.toolbar as Record<string, string>;
    for (const item of items) expect(toolbar[item.labelKey], item.id).toBeTypeOf('string');
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    expect(toolbar.more).toBe('More formatting');
  });

  it('carries the state the row shows as aria-pressed and the menu as aria-checked', () => {
    const byId = Object.fromEntries(items.map((item) => [item.id, item]));
    expect(byId.bold).toMatchObject({ kind: 'toggle', isOn: true });
    expect(byId.italic).toMatchObject({ kind: 'toggle', isOn: false });
    expect(byId.alignCenter).toMatchObject({ kind: 'choice', isOn: true });
    expect(byId.alignLeft).toMatchObject({ kind: 'choice', isOn: false });
    expect(byId.undo).toMatchObject({ kind: 'command', isDisabled: true });
    expect(byId.redo).toMatchObject({ kind: 'command', isDisabled: false });
    expect(byId.textColor?.kind).toBe('popup');
    expect(byId.link?.kind).toBe('dialog');
  });

  it('keeps the row order in groups: history, marks, blocks, alignment', () => {
    const groups = items.map((item) => item.group);
    expect([...new Set(groups)]).toEqual(['history', 'marks', 'blocks', 'align']);
    expect(groups).toEqual([...groups].sort((a, b) => order(a) - order(b)));
  });

  it('ranks every tool once for the More menu', () => {
    expect([...KEEP_ORDER].sort()).toEqual(items.map((item) => item.id).sort());
  });
});

const order = (group: string) => ['history', 'marks', 'blocks', 'align'].indexOf(group);

describe('shownTools', () => {
  // Row order; KEEP_ORDER keeps bold, then link, then undo, then alignment, then spoiler.
  const tools: ToolLength[] = [
    { id: 'undo', group: 'history', length: 30 },
    { id: 'bold', group: 'marks', length: 30 },
    { id: 'spoiler', group: 'marks', length: 30 },
    { id: 'link', group: 'marks', length: 30 },
    { id: 'alignLeft', group: 'align', length: 30 },
  ];
  const extra = { history: 10, marks: 10, align: 10 };
  const shown = (room: number, roomWithMore: number) =>
    [...shownTools(tools, extra, room, roomWithMore)].sort();
  it('shows every tool, and no More, when they all fit beside Insert', () => {
    expect(shown(180, 150)).toHaveLength(5);
  });
  it('sends the least kept tools to More first, whatever their place in the row', () => {
    expect(shown(179, 150)).toEqual(['alignLeft', 'bold', 'link', 'undo']);
    // Alignment goes next, and its group's padding and divider with it.
    expect(shown(179, 119)).toEqual(['bold', 'link', 'undo']);
    expect(shown(100, 80)).toEqual(['bold', 'link']);
    expect(shown(100, 40)).toEqual(['bold']);
    expect(shown(30, 20)).toEqual([]);
  });
  it('has nothing to show without tools', () => {
    expect(shownTools([], {}, 100, 50).size).toBe(0);
  });
});

describe('menuKeyTarget (WAI-ARIA menu keys)', () => {
  it('moves down and up with wrapping, Home and End to the ends', () => {
    expect(menuKeyTarget('ArrowDown', 0, 3)).toBe(1);
    expect(menuKeyTarget('ArrowDown', 2, 3)).toBe(0);
    expect(menuKeyTarget('ArrowUp', 0, 3)).toBe(2);
    expect(menuKeyTarget('ArrowUp', 2, 3)).toBe(1);
    expect(menuKeyTarget('Home', 2, 3)).toBe(0);
    expect(menuKeyTarget('End', 0, 3)).toBe(2);
  });
  it('starts at the first or last item when none has focus yet', () => {
    expect(menuKeyTarget('ArrowDown', -1, 3)).toBe(0);
    expect(menuKeyTarget('ArrowUp', -1, 3)).toBe(2);
  });
  it('leaves other keys and empty menus alone', () => {
    expect(menuKeyTarget('a', 0, 3)).toBeNull();
    expect(menuKeyTarget('ArrowDown', -1, 0)).toBeNull();
  });
});
