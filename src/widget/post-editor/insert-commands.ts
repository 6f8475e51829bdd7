/**
 * Where inserted blocks go and how (issue 4 "Writing"), as plain ProseMirror transactions so they
 * are tested without a browser: a block replaces the empty paragraph the caret is in, or goes
 * after the current block (after the media whose caption holds the caret); a block at the end of
 * the document gets a paragraph after it so writing can go on; the caret lands in the block's
 * first text, or right after an atom.
 */
import type { JSONContent } from '@tiptap/core';
import type { EditorState } from '@tiptap/pm/state';
import { NodeSelection, type Selection, TextSelection, type Transaction } from '@tiptap/pm/state';
import { type BlockNode, documentOf, parseDocument } from '../../rich-content/document';
import { toEditorJson } from '../../rich-content/editor/convert';

/** Where a new block goes. */
export interface InsertPoint {
  pos: number;
  /** Whether the block replaces an empty paragraph standing at `pos`. */
  replacesEmpty: boolean;
}

/** The insert point for the selection. */
export function insertPointOf(selection: Selection): InsertPoint {
  if (selection instanceof NodeSelection) return { pos: selection.to, replacesEmpty: false };
  const { $from } = selection;
  const parent = $from.parent;
  if ($from.depth === 0) return { pos: $from.pos, replacesEmpty: false };
  if (parent.type.name === 'paragraph' && parent.content.size === 0) {
    return { pos: $from.before(), replacesEmpty: true };
  }
  // Inside a caption, the block goes after the media it captions.
  const depth = parent.type.name === 'caption' ? $from.depth - 1 : $from.depth;
  return { pos: $from.after(depth), replacesEmpty: false };
}

/** A block's editor JSON, after the model's own check (defaults filled in, as on load). */
export function editorJsonOf(node: BlockNode): JSONContent {
  const parsed = parseDocument(documentOf([node]));
  if (!parsed.ok) throw new Error(`Invalid block: ${parsed.path}: ${parsed.message}`);
  return toEditorJson(parsed.document).content![0]!;
}

/** The transaction inserting `node` at `point` of `state`. */
export function insertBlockTransaction(
  state: EditorState,
  node: BlockNode,
  point: InsertPoint,
): Transaction {
  const tr = state.tr;
  const content = state.schema.nodeFromJSON(editorJsonOf(node));
  const at = Math.min(point.pos, tr.doc.content.size);
  const here = tr.doc.nodeAt(at);
  const isEmptyParagraph =
    point.replacesEmpty && here?.type.name === 'paragraph' && here.content.size === 0;
  tr.replaceWith(at, isEmptyParagraph && here ? at + here.nodeSize : at, content);
  const end = at + content.nodeSize;
  if (end >= tr.doc.content.size && tr.doc.lastChild?.type.name !== 'paragraph') {
    tr.insert(tr.doc.content.size, state.schema.nodes.paragraph!.create());
  }
  const inside = TextSelection.findFrom(tr.doc.resolve(content.isAtom ? end : at), 1, true);
  if (inside) tr.setSelection(inside);
  return tr.scrollIntoView();
}
