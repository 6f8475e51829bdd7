/**
 * The TipTap node of LINK_PREVIEW in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { mediaNode } from '../../editor/node-extensions';

/** LINK_PREVIEW in the editor. */
export const linkPreviewExtension = mediaNode('LINK_PREVIEW', false) satisfies AnyExtension;
