/**
 * The TipTap node of APP_EMBED in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** APP_EMBED in the editor. */
export const appEmbedExtension = mediaNode('APP_EMBED', false) satisfies AnyExtension;
