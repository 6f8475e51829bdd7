import type { Node as PmNode } from '@tiptap/pm/model';
import { type Command, EditorState, Selection, TextSelection } from '@tiptap/pm/state';
import {
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowBefore,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  tableEditing,
} from '@tiptap/pm/tables';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documentOf,
  paragraph,
  parseDocument,
  type RichDocument,
  table,
} from '../../rich-content/document';
import { fromEditorJson, toEditorJson } from '../../rich-content/editor/convert';
import { getRichContentSchema } from '../../rich-content/editor/extensions';
import {
  remapValues,
  TABLE_DEFAULTS,
  tableDimensionsPlugin,
  tableHeaders,
  toggleTableHeaderTransaction,
} from './table-commands';

const NOW = new Date('2026-11-21T12:00:00Z');

/** A 3×3 table whose cells say where they are (r0c0 …), with distinct widths and heights. */
function sampleDocument(): RichDocument {
  const grid = [0, 1, 2].map((r) => [0, 1, 2].map((c) => `r${r}c${c}`));
  const node = table(grid, { rowHeader: true });
  node.tableData.dimensions = {
    colsWidthRatio: [1, 2, 3],
    rowsHeight: [40, 50, 60],
    colsMinWidth: [100, 200, 300],
  };
  return documentOf([paragraph('Before'), node, paragraph('After')], NOW);
}

/** A headless editor state: the editor's schema, table editing and the dimensions plugin. */
function stateOf(doc: RichDocument): EditorState {
  return EditorState.create({
    doc: getRichContentSchema().nodeFromJSON(toEditorJson(doc)),
    plugins: [tableEditing(), tableDimensionsPlugin()],
  });
}

/** The caret inside the cell whose text is `text`. */
function caretInCell(state: EditorState, text: string): EditorState {
  let at = -1;
  state.doc.descendants((node: PmNode, pos: number) => {
    if (at < 0 && node.isText && node.text === text) at = pos + 1;
    return at < 0;
  });
  if (at < 0) throw new Error(`No cell ${text}`);
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, at)));
}

function run(state: EditorState, command: Command): EditorState {
  let next = state;
  const ran = command(state, (tr) => {
    next = state.apply(tr);
  });
  expect(ran).toBe(true);
  return next;
}

/** The stored document of a state, checked by the model. */
function stored(state: EditorState): RichDocument {
  const doc = fromEditorJson(state.doc.toJSON(), { metadata: documentOf([], NOW).metadata });
  const parsed = parseDocument(doc);
  expect(parsed.ok).toBe(true);
  return doc;
}

function tableOf(state: EditorState) {
  const node = stored(state).nodes.find((n) => n.type === 'TABLE');
  if (node?.type !== 'TABLE') throw new Error('no table');
  const cells = node.nodes.map((row) =>
    row.nodes.map((cell) => {
      const first = cell.nodes[0];
      return first?.type === 'PARAGRAPH'
        ? (first.nodes ?? []).map((t) => (t.type === 'TEXT' ? t.textData.text : '')).join('')
        : '';
    }),
  );
  return { cells, data: node.tableData };
}

describe('table editing keeps the stored table in step', () => {
  it('a column added after the caret gets a width in its place; the others keep theirs', () => {
    const state = run(caretInCell(stateOf(sampleDocument()), 'r1c0'), addColumnAfter);
    const { cells, data } = tableOf(state);
    expect(cells[0]).toEqual(['r0c0', '', 'r0c1', 'r0c2']);
    expect(data.dimensions?.colsWidthRatio).toEqual([1, 2, 2, 3]);
    expect(data.dimensions?.colsMinWidth).toEqual([100, 200, 200, 300]);
    expect(data.dimensions?.rowsHeight).toEqual([40, 50, 60]);
  });

  it('a column before the first, and deleting the middle column', () => {
    let state = run(caretInCell(stateOf(sampleDocument()), 'r0c0'), addColumnBefore);
    expect(tableOf(state).data.dimensions?.colsWidthRatio).toEqual([2, 1, 2, 3]);
    state = run(caretInCell(state, 'r2c1'), deleteColumn);
    const { cells, data } = tableOf(state);
    expect(cells[2]).toEqual(['', 'r2c0', 'r2c2']);
    expect(data.dimensions?.colsWidthRatio).toEqual([2, 1, 3]);
    expect(data.dimensions?.colsMinWidth).toEqual([200, 100, 300]);
  });

  it('rows above, below and deleted carry their heights', () => {
    let state = run(caretInCell(stateOf(sampleDocument()), 'r1c1'), addRowBefore);
    expect(tableOf(state).data.dimensions?.rowsHeight).toEqual([40, 50, 50, 60]);
    state = run(caretInCell(state, 'r2c2'), addRowAfter);
    expect(tableOf(state).data.dimensions?.rowsHeight).toEqual([40, 50, 50, 60, 50]);
    state = run(caretInCell(state, 'r0c0'), deleteRow);
    const { cells, data } = tableOf(state);
    expect(cells.map((row) => row[0])).toEqual(['', 'r1c0', 'r2c0', '']);
    expect(data.dimensions?.rowsHeight).toEqual([50, 50, 60, 50]);
  });

  it('a new row gets a height, and its cells a paragraph the caret can go in', () => {
    let state = caretInCell(stateOf(sampleDocument()), 'r2c2');
    expect(goToNextCell(1)(state)).toBe(false);
    state = run(state, addRowAfter);
    expect(tableOf(state).data.dimensions?.rowsHeight).toHaveLength(4);
    // Tab now goes into the new row's first cell, a paragraph.
    state = run(state, goToNextCell(1));
    expect(state.selection.$from.parent.type.name).toBe('paragraph');
    expect(state.selection.$from.node(-1).type.name).toBe('tableCell');
    const table = stored(state).nodes[1]!;
    if (table.type !== 'TABLE') throw new Error('no table');
    expect(table.nodes[3]!.nodes.map((cell) => cell.nodes.map((n) => n.type))).toEqual([
      ['PARAGRAPH'],
      ['PARAGRAPH'],
      ['PARAGRAPH'],
    ]);
  });

  it('new columns get paragraphs too; cells that were empty and untouched stay so', () => {
    const doc = sampleDocument();
    const node = doc.nodes[1]!;
    if (node.type !== 'TABLE') throw new Error('no table');
    node.nodes[2]!.nodes[2]!.nodes = [];
    const state = run(caretInCell(stateOf(doc), 'r0c0'), addColumnAfter);
    const table = stored(state).nodes[1]!;
    if (table.type !== 'TABLE') throw new Error('no table');
    expect(table.nodes.map((row) => row.nodes[1]!.nodes.length)).toEqual([1, 1, 1]);
    expect(table.nodes[2]!.nodes[3]!.nodes).toEqual([]);
  });

  it('deleting the table leaves the text around it', () => {
    const state = run(caretInCell(stateOf(sampleDocument()), 'r1c1'), deleteTable);
    expect(stored(state).nodes.map((n) => n.type)).toEqual(['PARAGRAPH', 'PARAGRAPH']);
  });

  it('toggles the header row and column in the table data', () => {
    let state = caretInCell(stateOf(sampleDocument()), 'r1c1');
    expect(tableHeaders(state)).toEqual({ rowHeader: true, columnHeader: false });
    state = state.apply(toggleTableHeaderTransaction(state, 'rowHeader')!);
    state = state.apply(toggleTableHeaderTransaction(state, 'columnHeader')!);
    expect(tableHeaders(state)).toEqual({ rowHeader: false, columnHeader: true });
    expect(tableOf(state).data).toMatchObject({ rowHeader: false, columnHeader: true });
    // Outside a table there is nothing to toggle.
    const outside = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 2)));
    expect(tableHeaders(outside)).toBeNull();
    expect(toggleTableHeaderTransaction(outside, 'rowHeader')).toBeNull();
  });

  it('reads the older `header` flag as the header row', () => {
    const doc = sampleDocument();
    const node = doc.nodes[1]!;
    if (node.type !== 'TABLE') throw new Error('no table');
    node.tableData = { dimensions: node.tableData.dimensions, header: true };
    let state = caretInCell(stateOf(doc), 'r0c0');
    expect(tableHeaders(state)?.rowHeader).toBe(true);
    state = state.apply(toggleTableHeaderTransaction(state, 'rowHeader')!);
    expect(tableHeaders(state)?.rowHeader).toBe(false);
  });

  it('leaves tables without dimensions alone', () => {
    const doc = sampleDocument();
    const node = doc.nodes[1]!;
    if (node.type !== 'TABLE') throw new Error('no table');
    node.tableData = { rowHeader: true };
    const state = run(caretInCell(stateOf(doc), 'r0c0'), addColumnAfter);
    expect(tableOf(state).data.dimensions).toBeUndefined();
  });

  it('any sequence of row and column edits keeps every array the size of the table', () => {
    const commands = [
      addColumnAfter,
      addColumnBefore,
      addRowAfter,
      addRowBefore,
      deleteRow,
      deleteColumn,
    ];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.nat(), fc.nat()), { maxLength: 8 }),
        (steps) => {
          let state = stateOf(sampleDocument());
          for (const [which, rowPick, colPick] of steps) {
            // The caret in some cell of the current table.
            const cells: number[] = [];
            state.doc.descendants((node, pos) => {
              if (node.type.spec.tableRole === 'cell') cells.push(pos + 1);
              return true;
            });
            if (cells.length === 0) break;
            const at = cells[(rowPick * 7 + colPick) % cells.length]!;
            state = state.apply(state.tr.setSelection(Selection.near(state.doc.resolve(at))));
            commands[which]!(state, (tr) => {
              state = state.apply(tr);
            });
          }
          const { cells, data } = tableOf(state);
          const width = Math.max(...cells.map((row) => row.length));
          expect(data.dimensions?.colsWidthRatio).toHaveLength(width);
          expect(data.dimensions?.colsMinWidth).toHaveLength(width);
          expect(data.dimensions?.rowsHeight).toHaveLength(cells.length);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('remapValues', () => {
  it('moves values and fills new places with the mean of the kept ones', () => {
    expect(remapValues([1, 2, 3], [0, 2, null], 3, 9)).toEqual([1, 1.5, 2]);
    expect(remapValues([], [], 2, TABLE_DEFAULTS.rowHeight)).toEqual([47, 47]);
    expect(remapValues([4], [null], 1, 5)).toEqual([5]);
  });
});
