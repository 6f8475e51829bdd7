/**
 * The TipTap node of BLOCKQUOTE in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { Blockquote } from '@tiptap/extension-blockquote';
import { attributesOf, PARAGRAPH } from '../../editor/node-extensions';
import { TEXT_CLASSES } from '../../render/text-classes';

/** BLOCKQUOTE in the editor. */
export const blockquoteExtension = Blockquote.configure({
  HTMLAttributes: { class: TEXT_CLASSES.blockquote },
}).extend({
  content: `${PARAGRAPH}*`,
  addAttributes: () => attributesOf('BLOCKQUOTE'),
}) satisfies AnyExtension;
