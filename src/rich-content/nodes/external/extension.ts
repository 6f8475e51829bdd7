/**
 * The TipTap node of EXTERNAL in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { BLOCK, containerNode } from '../../editor/node-extensions';

/** EXTERNAL in the editor. */
export const externalExtension = containerNode('EXTERNAL', `${BLOCK}*`, {
  group: BLOCK,
  isolating: true,
}) satisfies AnyExtension;
