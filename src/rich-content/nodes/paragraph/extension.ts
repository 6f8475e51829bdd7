/**
 * The TipTap node of PARAGRAPH in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { Paragraph } from '@tiptap/extension-paragraph';
import { attributesOf } from '../../editor/node-extensions';

/** PARAGRAPH in the editor. */
export const paragraphExtension = Paragraph.extend({
  addAttributes: () => attributesOf('PARAGRAPH'),
}) satisfies AnyExtension;
