/**
 * The TipTap node of BUTTON in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** BUTTON in the editor. */
export const buttonExtension = mediaNode('BUTTON', false) satisfies AnyExtension;
