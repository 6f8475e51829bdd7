/**
 * The TipTap node of HEADING in the post editor's schema (`editor/extensions.ts` joins every
 * node's).
 */
import { type AnyExtension, mergeAttributes } from '@tiptap/core';
import { Heading } from '@tiptap/extension-heading';
import { attributesOf } from '../../editor/node-extensions';
import { headingClass } from '../../render/text-classes';

/** HEADING in the editor. */
export const headingExtension = Heading.extend({
  addAttributes: () => ({
    // TipTap's heading commands set `level`; it wins over `headingData.level`.
    level: { default: 1, rendered: false },
    ...attributesOf('HEADING'),
  }),
  // The post page's classes for the level (issue 23: the editor shows text as it is published).
  renderHTML({ node, HTMLAttributes }) {
    const level: number = this.options.levels.includes(node.attrs.level)
      ? node.attrs.level
      : this.options.levels[0];
    return [
      `h${level}`,
      mergeAttributes(this.options.HTMLAttributes, HTMLAttributes, { class: headingClass(level) }),
      0,
    ];
  },
}) satisfies AnyExtension;
