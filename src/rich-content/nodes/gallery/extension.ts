/**
 * The TipTap node of GALLERY in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** GALLERY in the editor. */
export const galleryExtension = mediaNode('GALLERY', false) satisfies AnyExtension;
