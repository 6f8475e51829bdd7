/**
 * The TipTap node of POLL in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** POLL in the editor. */
export const pollExtension = mediaNode('POLL', false) satisfies AnyExtension;
