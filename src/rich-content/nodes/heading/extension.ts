/**
 * The TipTap node of HEADING in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import type { AnyExtension } from '@tiptap/core';
import { Heading } from '@tiptap/extension-heading';
import { attributesOf } from '../../editor/node-extensions';

/** HEADING in the editor. */
export const headingExtension = Heading.extend({
  addAttributes: () => ({
    // TipTap's heading commands set `level`; it wins over `headingData.level`.
    level: { default: 1, rendered: false },
    ...attributesOf('HEADING'),
  }),
}) satisfies AnyExtension;
