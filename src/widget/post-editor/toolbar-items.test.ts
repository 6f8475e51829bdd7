import type { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/post-editor/en.json';
import { fittingCount, toolItems } from './toolbar-items';
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

  it('keeps the row order in groups: marks, blocks, alignment, history', () => {
    const groups = items.map((item) => item.group);
    expect([...new Set(groups)]).toEqual(['marks', 'blocks', 'align', 'history']);
    expect(groups).toEqual([...groups].sort((a, b) => order(a) - order(b)));
  });
});

const order = (group: string) => ['marks', 'blocks', 'align', 'history'].indexOf(group);

describe('fittingCount', () => {
  const ends = [50, 100, 150, 200];
  it('shows every tool, and no More, when the last one fits beside Insert', () => {
    expect(fittingCount(ends, 200, 160)).toBe(4);
    expect(fittingCount(ends, 250, 210)).toBe(4);
  });
  it('otherwise shows the tools that fit beside More and Insert', () => {
    expect(fittingCount(ends, 199, 160)).toBe(3);
    expect(fittingCount(ends, 180, 149)).toBe(2);
    expect(fittingCount(ends, 100, 40)).toBe(0);
  });
  it('has nothing to show without tools', () => {
    expect(fittingCount([], 100, 50)).toBe(0);
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
