/**
 * The TipTap node of CODE_BLOCK in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { CodeBlock } from '@tiptap/extension-code-block';
import { attributesOf } from '../../editor/node-extensions';
import { TEXT_CLASSES } from '../../render/text-classes';

/** CODE_BLOCK in the editor. */
export const codeBlockExtension = CodeBlock.configure({
  HTMLAttributes: { class: TEXT_CLASSES.code },
}).extend({
  // Decorations inside a code block are part of the model, so marks are allowed here.
  marks: '_',
  addAttributes: () => attributesOf('CODE_BLOCK'),
}) satisfies AnyExtension;
