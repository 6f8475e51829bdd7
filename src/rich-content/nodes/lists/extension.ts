/**
 * The TipTap nodes of BULLETED_LIST, ORDERED_LIST, LIST_ITEM in the post editor's schema
 * (`editor/extensions.ts` joins every node's).
 */
import { type AnyExtension, mergeAttributes } from '@tiptap/core';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import {
  attributesOf,
  BULLETED_LIST,
  HEADING,
  LIST_ITEM,
  ORDERED_LIST,
  PARAGRAPH,
} from '../../editor/node-extensions';
import { TEXT_CLASSES } from '../../render/text-classes';

/** BULLETED_LIST in the editor. */
export const bulletedListExtension = BulletList.configure({
  HTMLAttributes: { class: TEXT_CLASSES.bulletedList },
}).extend({
  content: `${LIST_ITEM}*`,
  addAttributes: () => attributesOf('BULLETED_LIST'),
}) satisfies AnyExtension;

/** ORDERED_LIST in the editor. */
export const orderedListExtension = OrderedList.configure({
  HTMLAttributes: { class: TEXT_CLASSES.orderedList },
}).extend({
  content: `${LIST_ITEM}*`,
  addAttributes: () => attributesOf('ORDERED_LIST'),
  renderHTML({ node, HTMLAttributes }) {
    const start = (node.attrs.orderedListData as { start?: number } | null)?.start;
    return [
      'ol',
      mergeAttributes(
        this.options.HTMLAttributes,
        HTMLAttributes,
        start === undefined ? {} : { start },
      ),
      0,
    ];
  },
}) satisfies AnyExtension;

/** LIST_ITEM in the editor. */
export const listItemExtension = ListItem.extend({
  content: `(${PARAGRAPH} | ${HEADING} | ${BULLETED_LIST} | ${ORDERED_LIST})*`,
  addAttributes: () => attributesOf('LIST_ITEM'),
}) satisfies AnyExtension;
