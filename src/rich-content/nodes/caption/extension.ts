/**
 * The TipTap node of CAPTION in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import { type AnyExtension, Node } from '@tiptap/core';
import { attributesOf } from '../../editor/node-extensions';
import { EDITOR_NODES } from '../../editor/specs';

/** CAPTION in the editor. */
export const captionExtension = Node.create({
  name: EDITOR_NODES.CAPTION.name,
  content: 'inline*',
  addAttributes: () => attributesOf('CAPTION'),
  parseHTML: () => [{ tag: 'figcaption' }],
  renderHTML: ({ HTMLAttributes }) => ['figcaption', HTMLAttributes, 0],
}) satisfies AnyExtension;
