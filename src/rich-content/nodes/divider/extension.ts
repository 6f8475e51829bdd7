/**
 * The TipTap node of DIVIDER in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { HorizontalRule } from '@tiptap/extension-horizontal-rule';
import { attributesOf } from '../../editor/node-extensions';
import { EDITOR_NODES } from '../../editor/specs';

/** DIVIDER in the editor. */
export const dividerExtension = HorizontalRule.extend({
  name: EDITOR_NODES.DIVIDER.name,
  atom: true,
  draggable: true,
  addAttributes: () => attributesOf('DIVIDER'),
}) satisfies AnyExtension;
