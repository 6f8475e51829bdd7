/**
 * The TipTap node of VIDEO in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** VIDEO in the editor. */
export const videoExtension = mediaNode('VIDEO', true) satisfies AnyExtension;
