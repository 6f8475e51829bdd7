/**
 * The TipTap node of MAP in the post editor's schema (`editor/extensions.ts` joins every node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** MAP in the editor. */
export const mapExtension = mediaNode('MAP', false) satisfies AnyExtension;
