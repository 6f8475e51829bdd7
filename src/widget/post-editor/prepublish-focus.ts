/**
 * Leading the writer to a pre-publish finding (issue 23, decision 067): the block the finding's
 * path names is selected and scrolled to; an image's description field takes focus, a link's
 * words or a heading's text are selected in the editor, ready for the toolbar.
 */
import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import type { FindingPath, PrepublishFinding } from '../../domain/prepublish-checks';
import { focusAltField } from './alt-prompt';

/** What the page asks of the editor it holds. */
export interface EditorController {
  /** Selects what a finding names and puts focus where it is fixed; false when it is gone. */
  focusFinding(finding: PrepublishFinding): boolean;
}

/** The position of the block at `path` (the document's indices mirror the editor's), or null. */
export function positionOfPath(doc: PmNode, path: FindingPath): number | null {
  let node = doc;
  let pos = -1; // the document itself has no position; its first child is at 0
  for (const index of path) {
    if (index < 0 || index >= node.childCount) return null;
    let offset = 0;
    for (let at = 0; at < index; at += 1) offset += node.child(at).nodeSize;
    pos += 1 + offset;
    node = node.child(index);
  }
  return pos < 0 ? null : pos;
}

/** The range of the first link in a text block whose address or words are missing. */
function emptyLinkRange(block: PmNode, start: number): { from: number; to: number } | null {
  let found: { from: number; to: number } | null = null;
  block.forEach((child, offset) => {
    if (found || !child.isText) return;
    const link = child.marks.find((mark) => mark.type.name === 'link');
    if (!link) return;
    const href = typeof link.attrs.href === 'string' ? link.attrs.href.trim() : '';
    if (href === '' || (child.text ?? '').trim() === '') {
      found = { from: start + 1 + offset, to: start + 1 + offset + child.nodeSize };
    }
  });
  return found;
}

/** Leads the writer to `finding` in `editor`. */
export function focusFinding(editor: Editor, finding: PrepublishFinding): boolean {
  const pos = positionOfPath(editor.state.doc, finding.path);
  const block = pos === null ? null : editor.state.doc.nodeAt(pos);
  if (pos === null || !block) return false;
  const { view } = editor;
  if (finding.kind === 'image-alt' || finding.kind === 'gallery-alt') {
    view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, pos)));
    const item = finding.kind === 'gallery-alt' ? finding.item : 0;
    return focusAltField(view.nodeDOM(pos) as Element | null, item);
  }
  const range =
    finding.kind === 'heading-skip' ? null : block.isTextblock ? emptyLinkRange(block, pos) : null;
  const from = range?.from ?? pos + 1;
  const to = range?.to ?? pos + block.nodeSize - 1;
  editor
    .chain()
    .focus()
    .command(({ tr }) => {
      tr.setSelection(TextSelection.create(tr.doc, from, to));
      return true;
    })
    .scrollIntoView()
    .run();
  return true;
}
