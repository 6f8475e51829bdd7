/**
 * The TipTap node of HTML in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** HTML in the editor. */
export const htmlExtension = mediaNode('HTML', false) satisfies AnyExtension;
