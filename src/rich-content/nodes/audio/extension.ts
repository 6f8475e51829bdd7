/**
 * The TipTap node of AUDIO in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** AUDIO in the editor. */
export const audioExtension = mediaNode('AUDIO', true) satisfies AnyExtension;
