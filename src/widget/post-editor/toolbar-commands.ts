/**
 * The toolbar's commands that TipTap has no ready command for in our schema: the block type
 * select, text alignment (kept in the block's data, `paragraphData.textStyle.textAlignment`, as
 * the model has it), the colour and size presets.
 */
import type { Editor } from '@tiptap/core';
import type { TextAlignment } from '../../rich-content/document';

export type BlockType = 'paragraph' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'other';

/** Text colours offered (names are `postEditor.colors.<name>` messages). */
export const TEXT_COLORS = [
  { name: 'ink', value: '#1c1e24' },
  { name: 'grey', value: '#6b7080' },
  { name: 'red', value: '#c62828' },
  { name: 'orange', value: '#d45d00' },
  { name: 'green', value: '#2e7d32' },
  { name: 'teal', value: '#00796b' },
  { name: 'blue', value: '#2a4bd7' },
  { name: 'purple', value: '#7b1fa2' },
] as const;

/** Font sizes offered, in px. */
export const FONT_SIZES = [12, 14, 16, 18, 20, 24, 30, 36, 48] as const;

/** Block types whose data holds a text style. */
const ALIGNABLE: Record<string, string> = {
  paragraph: 'paragraphData',
  heading: 'headingData',
  codeBlock: 'codeBlockData',
};

/** The block type under the selection, for the select. */
export function activeBlockType(editor: Editor): BlockType {
  const parent = editor.state.selection.$from.parent;
  if (parent.type.name === 'paragraph') return 'paragraph';
  if (parent.type.name === 'heading') return `h${parent.attrs.level as 1}` as BlockType;
  return 'other';
}

/** Turns the current text blocks into paragraphs or headings. */
export function setBlockType(editor: Editor, type: BlockType): void {
  const chain = editor.chain().focus();
  if (type === 'paragraph') chain.setParagraph().run();
  else if (type !== 'other') {
    const level = Number(type.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6;
    chain.setHeading({ level }).run();
  }
}

/** The alignment of the block under the caret. */
export function activeAlignment(editor: Editor): TextAlignment {
  const parent = editor.state.selection.$from.parent;
  const key = ALIGNABLE[parent.type.name];
  if (!key) return 'AUTO';
  const data = parent.attrs[key] as { textStyle?: { textAlignment?: TextAlignment } } | null;
  return data?.textStyle?.textAlignment ?? 'AUTO';
}

/** Sets the alignment of every text block the selection touches. */
export function setAlignment(editor: Editor, alignment: TextAlignment): void {
  editor
    .chain()
    .focus()
    .command(({ tr, state }) => {
      const { from, to } = state.selection;
      state.doc.nodesBetween(from, to, (node, pos) => {
        const key = ALIGNABLE[node.type.name];
        if (!key) return true;
        const data = (node.attrs[key] as Record<string, unknown> | null) ?? {};
        const textStyle = (data.textStyle as Record<string, unknown> | undefined) ?? {};
        tr.setNodeAttribute(pos, key, {
          ...data,
          textStyle: { ...textStyle, textAlignment: alignment },
        });
        return false;
      });
      return true;
    })
    .run();
}
