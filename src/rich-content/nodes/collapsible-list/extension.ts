/**
 * The TipTap nodes of COLLAPSIBLE_LIST, COLLAPSIBLE_ITEM, COLLAPSIBLE_ITEM_TITLE,
 * COLLAPSIBLE_ITEM_BODY in the post editor's schema (`editor/extensions.ts` joins every node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { BLOCK, containerNode, PARAGRAPH } from '../../editor/node-extensions';
import { EDITOR_NODES } from '../../editor/specs';

/** COLLAPSIBLE_LIST in the editor. */
export const collapsibleListExtension = containerNode(
  'COLLAPSIBLE_LIST',
  `${EDITOR_NODES.COLLAPSIBLE_ITEM.name}*`,
  {
    group: BLOCK,
  },
) satisfies AnyExtension;

/** COLLAPSIBLE_ITEM in the editor. */
export const collapsibleItemExtension = containerNode(
  'COLLAPSIBLE_ITEM',
  `(${EDITOR_NODES.COLLAPSIBLE_ITEM_TITLE.name} | ${EDITOR_NODES.COLLAPSIBLE_ITEM_BODY.name})*`,
) satisfies AnyExtension;

/** COLLAPSIBLE_ITEM_TITLE in the editor. */
export const collapsibleItemTitleExtension = containerNode(
  'COLLAPSIBLE_ITEM_TITLE',
  `${PARAGRAPH}*`,
  {
    isolating: true,
  },
) satisfies AnyExtension;

/** COLLAPSIBLE_ITEM_BODY in the editor. */
export const collapsibleItemBodyExtension = containerNode('COLLAPSIBLE_ITEM_BODY', `${BLOCK}*`, {
  isolating: true,
}) satisfies AnyExtension;
