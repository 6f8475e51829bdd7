/**
 * The TipTap nodes of TABLE, TABLE_ROW, TABLE_CELL in the post editor's schema
 * (`editor/extensions.ts` joins every node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { Table, TableCell, TableRow } from '@tiptap/extension-table';
import { attributesOf, BLOCK } from '../../editor/node-extensions';
import { EDITOR_NODES } from '../../editor/specs';

/** TABLE in the editor. */
export const tableExtension = Table.extend({
  content: `${EDITOR_NODES.TABLE_ROW.name}*`,
  addAttributes: () => attributesOf('TABLE'),
}) satisfies AnyExtension;

/** TABLE_ROW in the editor. */
export const tableRowExtension = TableRow.extend({
  content: `${EDITOR_NODES.TABLE_CELL.name}*`,
  addAttributes: () => attributesOf('TABLE_ROW'),
}) satisfies AnyExtension;

/** TABLE_CELL in the editor. */
export const tableCellExtension = TableCell.extend({
  content: `${BLOCK}*`,
  addAttributes() {
    const parent = this.parent?.() ?? {};
    return {
      // prosemirror-tables reads these; they mirror `tableCellData.colspan` and `.rowspan`.
      colspan: parent.colspan ?? { default: 1 },
      rowspan: parent.rowspan ?? { default: 1 },
      colwidth: parent.colwidth ?? { default: null },
      ...attributesOf('TABLE_CELL'),
    };
  },
}) satisfies AnyExtension;
