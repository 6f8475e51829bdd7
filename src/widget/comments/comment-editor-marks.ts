/** Inserting marked text into the comment box (a mention or a link), shared by its hooks. */
import type { Editor } from '@tiptap/core';
import type { Mark } from '@tiptap/pm/model';

/** Puts `text` with `mark` (and a space after it) in place of `from`–`to`. */
export function insertMarked(
  editor: Editor | null,
  from: number,
  to: number,
  text: string,
  mark: Mark,
) {
  if (!editor) return;
  // A transaction of our own: TipTap's insertContent turns text-only content into plain text,
  // dropping its marks.
  const { schema } = editor.state;
  const tr = editor.state.tr.replaceWith(from, to, [schema.text(text, [mark]), schema.text(' ')]);
  editor.view.dispatch(tr.removeStoredMark(mark.type));
  editor.commands.focus();
}
