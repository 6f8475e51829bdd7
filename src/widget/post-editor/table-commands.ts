/**
 * Table editing for the writer's editor (issue 4): the commands of the table bar and what keeps a
 * TABLE's data in step with its cells. prosemirror-tables adds and removes rows and columns, but
 * the model keeps per-column widths and per-row heights in `tableData.dimensions` (SPEC §3
 * "Table: dimensions (colsWidthRatio, rowsHeight, colsMinWidth)"), which the post page draws
 * with; left alone they would drift from the cells (a new column with no width, a deleted row's
 * height given to the next). A plugin follows every change of a table's shape — the bar's
 * buttons, Tab in the last cell, paste — and moves each width and height with its row or column.
 * Cells the commands add get an empty paragraph, so the caret can go in them. Header row and
 * header column are table data too (`rowHeader`, `columnHeader`): the model has
 * no header cell type, so they are toggled on the table, not on cells.
 */
import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { type EditorState, Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { TableMap } from '@tiptap/pm/tables';
import { Mapping } from '@tiptap/pm/transform';
import type { TableData } from '../../rich-content/document';

/** Defaults for a new row or column when the table has no other to go by (as `tableNode`). */
export const TABLE_DEFAULTS = { colWidthRatio: 1, colMinWidth: 120, rowHeight: 47 } as const;

type Dimensions = NonNullable<TableData['dimensions']>;

/**
 * Moves the entries of `values` to their new places: `moves[i]` is where old entry `i` went, or
 * null when its row or column was deleted. Places nothing moved to get the mean of the moved
 * values (a new column is as wide as the others), or `fallback`.
 */
export function remapValues(
  values: readonly number[],
  moves: readonly (number | null)[],
  size: number,
  fallback: number,
): number[] {
  const result: (number | undefined)[] = Array.from({ length: size }, () => undefined);
  values.forEach((value, index) => {
    const to = moves[index];
    if (to !== null && to !== undefined && to >= 0 && to < size) result[to] = value;
  });
  const kept = result.filter((value): value is number => value !== undefined);
  const mean =
    kept.length > 0
      ? Math.round((kept.reduce((sum, value) => sum + value, 0) / kept.length) * 100) / 100
      : fallback;
  return result.map((value) => value ?? mean);
}

/**
 * The dimensions of a table whose rows and columns moved as `rowMoves` and `colMoves` say, for a
 * table of `width` columns and `height` rows. Arrays the table did not keep stay empty.
 */
export function remapDimensions(
  dimensions: Dimensions,
  rowMoves: readonly (number | null)[],
  colMoves: readonly (number | null)[],
  width: number,
  height: number,
): Dimensions {
  const remap = (
    values: readonly number[],
    moves: readonly (number | null)[],
    size: number,
    fallback: number,
  ) => (values.length === 0 ? [] : remapValues(values, moves, size, fallback));
  return {
    ...dimensions,
    colsWidthRatio: remap(dimensions.colsWidthRatio, colMoves, width, TABLE_DEFAULTS.colWidthRatio),
    rowsHeight: remap(dimensions.rowsHeight, rowMoves, height, TABLE_DEFAULTS.rowHeight),
    colsMinWidth: remap(dimensions.colsMinWidth, colMoves, width, TABLE_DEFAULTS.colMinWidth),
  };
}

/** Whether a table's dimension arrays disagree with its shape. */
function isOutOfStep(dimensions: Dimensions | undefined, width: number, height: number): boolean {
  if (!dimensions) return false;
  const wrong = (values: readonly number[], size: number) =>
    values.length > 0 && values.length !== size;
  return (
    wrong(dimensions.colsWidthRatio, width) ||
    wrong(dimensions.colsMinWidth, width) ||
    wrong(dimensions.rowsHeight, height)
  );
}

/** Calls `visit` for the nodes of `current` that are not the very nodes of `old` (a changed part). */
function changedNodes(
  old: PmNode,
  current: PmNode,
  offset: number,
  visit: (node: PmNode, pos: number) => void,
): void {
  let scanFrom = 0;
  outer: for (let i = 0; i < current.childCount; i++) {
    const child = current.child(i);
    for (let scan = scanFrom, end = Math.min(old.childCount, i + 3); scan < end; scan++) {
      if (old.child(scan) === child) {
        scanFrom = scan + 1;
        offset += child.nodeSize;
        continue outer;
      }
    }
    visit(child, offset);
    const match = scanFrom < old.childCount ? old.child(scanFrom) : null;
    // A node of the same type may differ in attributes only (a table's data): its children are
    // still compared one by one.
    if (match?.type === child.type) changedNodes(match, child, offset + 1, visit);
    else child.descendants((node, pos) => visit(node, offset + 1 + pos));
    offset += child.nodeSize;
  }
}

/** Where each old row and column of a table went (null: deleted), through `mapping`. */
function movesOf(
  oldTable: PmNode,
  oldPos: number,
  newTable: PmNode,
  newPos: number,
  mapping: Mapping,
): { rowMoves: (number | null)[]; colMoves: (number | null)[] } {
  // Rows: the point just inside each old row (its opening token before it, so deleting the row's
  // first cell does not count as deleting the row).
  const newRowStarts: number[] = [];
  newTable.forEach((_row, offset) => {
    newRowStarts.push(newPos + 1 + offset);
  });
  const rowIndexAt = (pos: number) => {
    for (let i = newRowStarts.length - 1; i >= 0; i--) if (pos > newRowStarts[i]!) return i;
    return null;
  };
  const rowMoves: (number | null)[] = [];
  oldTable.forEach((_row, offset) => {
    const mapped = mapping.mapResult(oldPos + 1 + offset + 1, -1);
    rowMoves.push(mapped.deleted ? null : rowIndexAt(mapped.pos));
  });

  // Columns: follow one cell of each column that spans it alone.
  const oldMap = TableMap.get(oldTable);
  const newMap = TableMap.get(newTable);
  const colMoves: (number | null)[] = [];
  for (let column = 0; column < oldMap.width; column++) {
    let moved: number | null = null;
    for (let row = 0; row < oldMap.height; row++) {
      const cellOffset = oldMap.map[row * oldMap.width + column]!;
      const rect = oldMap.findCell(cellOffset);
      if (rect.left !== column || rect.right !== column + 1) continue;
      const mapped = mapping.mapResult(oldPos + 1 + cellOffset + 1, -1);
      if (mapped.deleted) break;
      const newOffset = mapped.pos - 1 - (newPos + 1);
      try {
        const newRect = newMap.findCell(newOffset);
        moved = newRect.right - newRect.left === 1 ? newRect.left : null;
      } catch {
        moved = null;
      }
      break;
    }
    colMoves.push(moved);
  }
  return { rowMoves, colMoves };
}

/** Puts the dimensions of every table whose shape changed back in step with its cells. */
export function tableDimensionsFix(
  transactions: readonly Transaction[],
  oldState: EditorState,
  newState: EditorState,
): Transaction | null {
  if (!transactions.some((tr) => tr.docChanged)) return null;
  const mapping = new Mapping();
  for (const tr of transactions) mapping.appendMapping(tr.mapping);
  const inverted = mapping.invert();
  let fix: Transaction | null = null;
  const paragraph = newState.schema.nodes.paragraph;
  changedNodes(oldState.doc, newState.doc, 0, (node, pos) => {
    const role = node.type.spec.tableRole;
    // Cells the table commands add are empty (the model allows it, so the schema does), and an
    // empty cell has no place for the caret: a new cell gets an empty paragraph to type in.
    // A cell of the document before (one stored empty) stays as it is: only a cell that did not
    // exist before the change (its inside maps back to nothing) gets the paragraph.
    const isNewCell = () => inverted.mapResult(pos + 1).deleted;
    if ((role === 'cell' || role === 'header_cell') && node.childCount === 0 && paragraph) {
      if (!isNewCell()) return;
      fix ??= newState.tr;
      fix.insert(fix.mapping.map(pos + 1), paragraph.create());
      return;
    }
    if (role !== 'table') return;
    const data = (node.attrs.tableData as TableData | null) ?? null;
    const map = TableMap.get(node);
    if (!data || !isOutOfStep(data.dimensions, map.width, map.height)) return;
    const oldPos = inverted.map(pos, 1);
    const oldTable = oldState.doc.nodeAt(oldPos);
    // The same table before the change: it was there and maps to here (not a table pasted or
    // inserted where another one starts).
    const isSameTable =
      oldTable?.type === node.type &&
      (mapping.map(oldPos, 1) === pos || mapping.map(oldPos, -1) === pos);
    const moves =
      isSameTable && oldTable
        ? movesOf(oldTable, oldPos, node, pos, mapping)
        : { rowMoves: [], colMoves: [] };
    fix ??= newState.tr;
    fix.setNodeAttribute(fix.mapping.map(pos), 'tableData', {
      ...data,
      dimensions: remapDimensions(
        data.dimensions!,
        moves.rowMoves,
        moves.colMoves,
        map.width,
        map.height,
      ),
    });
  });
  return fix;
}

/** The plugin that keeps table dimensions in step (see the module comment). */
export function tableDimensionsPlugin(): Plugin {
  return new Plugin({
    key: new PluginKey('tableDimensions'),
    appendTransaction: tableDimensionsFix,
  });
}

/**
 * The editor extension of `tableDimensionsPlugin`, and Tab in a table's last cell: TipTap adds a
 * row and moves on in one transaction, before the new cells have a paragraph, so the caret could
 * not enter them; here the row is added first and the caret moves once the cells can take it.
 */
export const TableDimensions = Extension.create({
  name: 'tableDimensions',
  // Before the table extension's own Tab.
  priority: 110,
  addProseMirrorPlugins: () => [tableDimensionsPlugin()],
  addKeyboardShortcuts() {
    return {
      Tab: () => {
        const { editor } = this;
        if (!tableAround(editor.state)) return false;
        if (editor.commands.goToNextCell()) return true;
        if (!editor.can().addRowAfter()) return false;
        editor.commands.addRowAfter();
        return editor.commands.goToNextCell();
      },
    };
  },
});

/** The table around the selection, with its position, or null. */
export function tableAround(state: EditorState): { node: PmNode; pos: number } | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.spec.tableRole === 'table') return { node, pos: $from.before(depth) };
  }
  return null;
}

/** Which header the table around the selection has, or null outside a table. */
export function tableHeaders(
  state: EditorState,
): { rowHeader: boolean; columnHeader: boolean } | null {
  const table = tableAround(state);
  if (!table) return null;
  const data = (table.node.attrs.tableData as TableData | null) ?? {};
  // `header` is the older name of `rowHeader` (SPEC §3); the renderer reads them the same way.
  return {
    rowHeader: data.rowHeader ?? data.header ?? false,
    columnHeader: data.columnHeader ?? false,
  };
}

/** A transaction that turns the table's header row or column on or off; null outside a table. */
export function toggleTableHeaderTransaction(
  state: EditorState,
  which: 'rowHeader' | 'columnHeader',
): Transaction | null {
  const table = tableAround(state);
  const headers = tableHeaders(state);
  if (!table || !headers) return null;
  const data = (table.node.attrs.tableData as TableData | null) ?? {};
  return state.tr.setNodeAttribute(table.pos, 'tableData', { ...data, [which]: !headers[which] });
}
