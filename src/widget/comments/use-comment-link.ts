/**
 * The comment box's link field: the address being typed (`draft`, null while the field is
 * closed), whether it is refused, and applying it to the selection (or inserting the address as
 * the link's text when nothing is selected).
 */
import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { insertMarked } from './comment-editor-marks';

/** The link field's state and actions. */
export function useCommentLink(editor: Editor | null) {
  const [draft, setDraft] = useState<string | null>(null);
  const [isInvalid, setInvalid] = useState(false);

  function apply() {
    if (!editor || draft === null) return;
    const url = draft.trim();
    if (url === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setDraft(null);
      return;
    }
    const href = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
    if (!/^(https?:\/\/[^\s]+\.[^\s]+|mailto:[^\s]+@[^\s]+)$/i.test(href)) {
      setInvalid(true);
      return;
    }
    const { empty, from } = editor.state.selection;
    if (empty && !editor.isActive('link')) {
      // Nothing chosen: the address itself becomes the link's text.
      insertMarked(editor, from, from, url, editor.schema.marks.link!.create({ href }));
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
    setDraft(null);
    setInvalid(false);
  }

  return { draft, setDraft, isInvalid, setInvalid, apply };
}

/** What `useCommentLink` gives its parts. */
export type CommentLink = ReturnType<typeof useCommentLink>;
