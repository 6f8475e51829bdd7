import { EditorState, NodeSelection, TextSelection } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import {
  documentOf,
  heading,
  paragraph,
  parseDocument,
  type RichDocument,
} from '../../rich-content/document';
import { fromEditorJson, toEditorJson } from '../../rich-content/editor/convert';
import { getRichContentSchema } from '../../rich-content/editor/extensions';
import {
  addPlaceholder,
  findPlaceholder,
  removePlaceholder,
  uploadPlaceholderPlugin,
} from './editor-uploads';
import { dividerNode, mapNode, tableNode, uploadedNode } from './insert-blocks';
import { insertBlockTransaction, insertPointOf } from './insert-commands';

const NOW = new Date('2026-11-21T12:00:00Z');

/** A headless editor state of a document (the editor's schema and the upload plugin). */
function stateOf(doc: RichDocument): EditorState {
  const schema = getRichContentSchema();
  return EditorState.create({
    doc: schema.nodeFromJSON(toEditorJson(doc)),
    plugins: [uploadPlaceholderPlugin()],
  });
}

/** The document a state holds, through the converter and the model's check. */
function documentOfState(state: EditorState): RichDocument {
  const doc = fromEditorJson(state.doc.toJSON(), { metadata: documentOf([], NOW).metadata });
  expect(parseDocument(doc).ok).toBe(true);
  return doc;
}

const types = (state: EditorState) => documentOfState(state).nodes.map((n) => n.type);

/** The position inside the n-th top-level block's text (its start + 1 + offset). */
function caretIn(state: EditorState, index: number, offset = 0): EditorState {
  let pos = 0;
  for (let i = 0; i < index; i++) pos += state.doc.child(i).nodeSize;
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, pos + 1 + offset)));
}

describe('insert points and insertion', () => {
  it('replaces the empty paragraph the caret is in, and adds a paragraph after a last block', () => {
    let state = caretIn(stateOf(documentOf([paragraph('Intro'), paragraph()], NOW)), 1);
    const point = insertPointOf(state.selection);
    expect(point.replacesEmpty).toBe(true);
    state = state.apply(insertBlockTransaction(state, dividerNode(), point));
    expect(types(state)).toEqual(['PARAGRAPH', 'DIVIDER', 'PARAGRAPH']);
    // The caret waits in the new paragraph after the atom.
    expect(state.selection.$from.parent.type.name).toBe('paragraph');
    expect(state.selection.$from.index(0)).toBe(2);
  });

  it('goes after the current block when its line has text, keeping that text', () => {
    let state = caretIn(stateOf(documentOf([heading(2, 'Where'), paragraph('After')], NOW)), 0, 3);
    state = state.apply(
      insertBlockTransaction(
        state,
        mapNode({ address: 'Quay 1', lat: '1', lng: '2' }),
        insertPointOf(state.selection),
      ),
    );
    expect(types(state)).toEqual(['HEADING', 'MAP', 'PARAGRAPH']);
    expect(documentOfState(state).nodes[2]).toMatchObject({ type: 'PARAGRAPH' });
  });

  it('puts the caret in the first cell of a new table', () => {
    let state = caretIn(stateOf(documentOf([paragraph()], NOW)), 0);
    state = state.apply(
      insertBlockTransaction(state, tableNode(2, 2), insertPointOf(state.selection)),
    );
    expect(types(state)).toEqual(['TABLE', 'PARAGRAPH']);
    expect(state.selection.$from.node(-1).type.name).toBe('tableCell');
  });

  it('inserts after a selected block', () => {
    let state = stateOf(documentOf([dividerNode(), paragraph('x')], NOW));
    state = state.apply(state.tr.setSelection(NodeSelection.create(state.doc, 0)));
    state = state.apply(
      insertBlockTransaction(state, dividerNode(), insertPointOf(state.selection)),
    );
    expect(types(state)).toEqual(['DIVIDER', 'DIVIDER', 'PARAGRAPH']);
  });
});

describe('upload placeholders', () => {
  const upload = {
    kind: 'image' as const,
    id: '0b6f7a52-6f8e-4b8e-9a4c-2d1c3f5e7a90',
    url: '/media/0b6f7a52-6f8e-4b8e-9a4c-2d1c3f5e7a90/original.png',
    mimeType: 'image/png',
    size: 10,
    fileName: 'a.png',
    width: 10,
    height: 10,
  };

  it('never enters the document, follows edits before it, and marks where the media goes', () => {
    let state = caretIn(stateOf(documentOf([paragraph('One'), paragraph()], NOW)), 1);
    const point = insertPointOf(state.selection);
    const before = state.doc.toJSON();
    state = state.apply(addPlaceholder(state.tr, 'u1', point.pos, 'Uploading a.png'));
    expect(state.doc.toJSON()).toEqual(before);
    expect(findPlaceholder(state, 'u1')).toBe(point.pos);
    // The writer types at the start meanwhile: the placeholder moves along.
    state = state.apply(state.tr.insertText('Day ', 1));
    const pos = findPlaceholder(state, 'u1');
    expect(pos).toBe(point.pos + 4);
    state = state.apply(removePlaceholder(state.tr, 'u1'));
    expect(findPlaceholder(state, 'u1')).toBeNull();
    state = state.apply(
      insertBlockTransaction(state, uploadedNode(upload), { pos: pos!, replacesEmpty: true }),
    );
    expect(types(state)).toEqual(['PARAGRAPH', 'IMAGE', 'PARAGRAPH']);
    expect(documentOfState(state).nodes[0]).toMatchObject({
      nodes: [{ textData: { text: 'Day One' } }],
    });
  });

  it('is gone when the text around it is deleted', () => {
    let state = stateOf(documentOf([paragraph('One'), paragraph('Two')], NOW));
    state = state.apply(addPlaceholder(state.tr, 'u2', 6, 'Uploading'));
    state = state.apply(state.tr.delete(0, state.doc.content.size));
    expect(findPlaceholder(state, 'u2')).toBeNull();
  });
});
