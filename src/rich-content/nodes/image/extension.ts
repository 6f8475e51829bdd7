/**
 * The TipTap node of IMAGE in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** IMAGE in the editor. */
export const imageExtension = mediaNode('IMAGE', true) satisfies AnyExtension;
