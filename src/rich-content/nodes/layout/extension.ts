/**
 * The TipTap nodes of LAYOUT, LAYOUT_CELL in the post editor's schema (`editor/extensions.ts`
 * joins every node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { BLOCK, containerNode } from '../../editor/node-extensions';
import { EDITOR_NODES } from '../../editor/specs';

/** LAYOUT in the editor. */
export const layoutExtension = containerNode('LAYOUT', `${EDITOR_NODES.LAYOUT_CELL.name}*`, {
  group: BLOCK,
}) satisfies AnyExtension;

/** LAYOUT_CELL in the editor. */
export const layoutCellExtension = containerNode('LAYOUT_CELL', `${BLOCK}*`, {
  isolating: true,
}) satisfies AnyExtension;
