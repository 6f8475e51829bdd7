/** What the toolbar shows of the editor's selection: the block, marks, alignment, undo/redo. */
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { activeAlignment, activeBlockType } from './toolbar-commands';

/** The toolbar's view of the editor, re-read on every transaction. */
export function useToolbarState(editor: Editor) {
  return useEditorState({
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
}

/** What `useToolbarState` returns. */
export type ToolbarState = ReturnType<typeof useToolbarState>;
