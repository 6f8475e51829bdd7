/**
 * The TipTap node of PARAGRAPH in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { Paragraph } from '@tiptap/extension-paragraph';
import { attributesOf } from '../../editor/node-extensions';
import { TEXT_CLASSES } from '../../render/text-classes';

/** PARAGRAPH in the editor. */
export const paragraphExtension = Paragraph.configure({
  // The post page's class: the editor shows text as it will be published (issue 23).
  HTMLAttributes: { class: TEXT_CLASSES.paragraph },
}).extend({
  addAttributes: () => attributesOf('PARAGRAPH'),
}) satisfies AnyExtension;
