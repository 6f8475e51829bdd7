/**
 * The TipTap node of TEXT in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { Text } from '@tiptap/extension-text';

/** TEXT in the editor. */
export const textExtension = Text satisfies AnyExtension;
