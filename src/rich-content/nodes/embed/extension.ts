/**
 * The TipTap node of EMBED in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** EMBED in the editor. */
export const embedExtension = mediaNode('EMBED', false) satisfies AnyExtension;
