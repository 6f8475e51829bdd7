/**
 * The TipTap node of FILE in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** FILE in the editor. */
export const fileExtension = mediaNode('FILE', false) satisfies AnyExtension;
