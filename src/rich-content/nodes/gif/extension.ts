/**
 * The TipTap node of GIF in the post editor's schema (`editor/extensions.ts` joins every node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** GIF in the editor. */
export const gifExtension = mediaNode('GIF', true) satisfies AnyExtension;
