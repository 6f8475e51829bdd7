/**
 * The post editor's schema (DESIGN "Stack": TipTap 3; SPEC §3 "Rich content document"): TipTap
 * extensions that together represent every node type and every decoration of the rich-content
 * model, so that `convert.ts` can go to the editor and back without loss.
 *
 * - Text structure (paragraph, heading, lists, blockquote, code block, table, collapsible list,
 *   layout, caption, EXTERNAL) are real ProseMirror content nodes. Their content expressions
 *   mirror the model's children rules (`model/nodes.ts`) exactly, including empty containers, so
 *   any valid document is a valid editor document.
 * - Media, embeds and interactive nodes are atoms; IMAGE, VIDEO, GIF and AUDIO hold an optional
 *   editable `caption` and so are not atoms, but are selected and dragged as one unit.
 * - Decorations are marks. Every node carries `id` and `style`; the data block sits in one
 *   attribute named as the model names it (`imageData`, `paragraphData`, ...), and each mark
 *   carries its decoration's data the same way (`linkData`, `fontWeightValue`, ...). A few
 *   attributes mirror a field of the data block because TipTap's own commands need them
 *   (heading `level`, link `href`, table cell `colspan`/`rowspan`); `convert.ts` says which wins.
 * - TEXT nodes have ids and styles too: a non-empty one travels on the `textNode` mark.
 *
 * Attributes render to `data-rc-*` HTML attributes holding JSON and parse back from them, so that
 * copy and paste inside the editor keeps data blocks. This module is isomorphic: `getSchema`
 * runs in Node without a DOM. Only the editor page imports it (its own chunk).
 */
import {
  type AnyExtension,
  type Attribute,
  type Extensions,
  getSchema,
  Mark,
  mergeAttributes,
  Node,
} from '@tiptap/core';
import { Blockquote } from '@tiptap/extension-blockquote';
import { Bold } from '@tiptap/extension-bold';
import { CodeBlock } from '@tiptap/extension-code-block';
import { Document } from '@tiptap/extension-document';
import { Heading } from '@tiptap/extension-heading';
import { HorizontalRule } from '@tiptap/extension-horizontal-rule';
import { Italic } from '@tiptap/extension-italic';
import { Link } from '@tiptap/extension-link';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Table, TableCell, TableRow } from '@tiptap/extension-table';
import { Text } from '@tiptap/extension-text';
import { Underline } from '@tiptap/extension-underline';
import type { Schema } from '@tiptap/pm/model';
import type { DecorationType } from '../model/decorations';
import type { NodeType } from '../model/nodes';

import { EDITOR_MARKS, EDITOR_NODES, jsonAttribute, nodeAttributes, TEXT_NODE_MARK } from './specs';

export {
  EDITOR_MARKS,
  EDITOR_NODES,
  type EditorMarkSpec,
  type EditorNodeSpec,
  TEXT_NODE_MARK,
} from './specs';

/** Attributes of the node of the given model type. */
const attributesOf = (type: keyof typeof EDITOR_NODES) =>
  nodeAttributes(EDITOR_NODES[type].dataKey);

const BLOCK = 'block';

/** A structure node of our own: a container whose content mirrors the model's children. */
function containerNode(
  type: keyof typeof EDITOR_NODES,
  content: string,
  options: { group?: string; tag?: string; isolating?: boolean } = {},
) {
  const tag = options.tag ?? 'div';
  return Node.create({
    name: EDITOR_NODES[type].name,
    group: options.group,
    content,
    isolating: options.isolating ?? false,
    defining: true,
    addAttributes: () => attributesOf(type),
    parseHTML: () => [{ tag: `${tag}[data-rc-node="${type}"]` }],
    renderHTML: ({ HTMLAttributes }) => [
      tag,
      mergeAttributes({ 'data-rc-node': type }, HTMLAttributes),
      0,
    ],
  });
}

/** A media, embed or interactive block; IMAGE, VIDEO, GIF and AUDIO hold an optional caption. */
function mediaNode(type: keyof typeof EDITOR_NODES, hasCaption: boolean) {
  return Node.create({
    name: EDITOR_NODES[type].name,
    group: BLOCK,
    atom: !hasCaption,
    content: hasCaption ? `${EDITOR_NODES.CAPTION.name}?` : '',
    isolating: hasCaption,
    draggable: true,
    selectable: true,
    addAttributes: () => attributesOf(type),
    parseHTML: () => [{ tag: `${hasCaption ? 'figure' : 'div'}[data-rc-node="${type}"]` }],
    renderHTML: ({ HTMLAttributes }) => {
      const attributes = mergeAttributes({ 'data-rc-node': type }, HTMLAttributes);
      return hasCaption ? ['figure', attributes, 0] : ['div', attributes];
    },
  });
}

/** A decoration of our own as a mark. */
function decorationMark(type: keyof typeof EDITOR_MARKS, options: { inclusive?: boolean } = {}) {
  const { name, dataKey } = EDITOR_MARKS[type];
  return Mark.create({
    name,
    inclusive: options.inclusive ?? true,
    addAttributes: () => ({ [dataKey]: jsonAttribute(dataKey) }),
    parseHTML: () => [{ tag: `span[data-rc-mark="${type}"]` }],
    renderHTML: ({ HTMLAttributes }) => [
      'span',
      mergeAttributes({ 'data-rc-mark': type }, HTMLAttributes),
      0,
    ],
  });
}

const PARAGRAPH = EDITOR_NODES.PARAGRAPH.name;
const HEADING = EDITOR_NODES.HEADING.name;
const LIST_ITEM = EDITOR_NODES.LIST_ITEM.name;
const BULLETED_LIST = EDITOR_NODES.BULLETED_LIST.name;
const ORDERED_LIST = EDITOR_NODES.ORDERED_LIST.name;

/**
 * The editor node of every node type of the model, in the schema's order (the first block,
 * PARAGRAPH, is the one an empty document is filled with). Typed against every `NodeType`: a node
 * type without its editor node does not compile (`nodes/editor-registry.ts` joins it with the
 * node's names).
 */
export const NODE_EXTENSIONS = {
  TEXT: Text,
  // Text blocks. No hard break: the model keeps a newline inside a TEXT run as it is.
  PARAGRAPH: Paragraph.extend({ addAttributes: () => attributesOf('PARAGRAPH') }),
  HEADING: Heading.extend({
    addAttributes: () => ({
      // TipTap's heading commands set `level`; it wins over `headingData.level`.
      level: { default: 1, rendered: false },
      ...attributesOf('HEADING'),
    }),
  }),
  CODE_BLOCK: CodeBlock.extend({
    // Decorations inside a code block are part of the model, so marks are allowed here.
    marks: '_',
    addAttributes: () => attributesOf('CODE_BLOCK'),
  }),
  CAPTION: Node.create({
    name: EDITOR_NODES.CAPTION.name,
    content: 'inline*',
    addAttributes: () => attributesOf('CAPTION'),
    parseHTML: () => [{ tag: 'figcaption' }],
    renderHTML: ({ HTMLAttributes }) => ['figcaption', HTMLAttributes, 0],
  }),
  // Containers of text blocks.
  BLOCKQUOTE: Blockquote.extend({
    content: `${PARAGRAPH}*`,
    addAttributes: () => attributesOf('BLOCKQUOTE'),
  }),
  BULLETED_LIST: BulletList.extend({
    content: `${LIST_ITEM}*`,
    addAttributes: () => attributesOf('BULLETED_LIST'),
  }),
  ORDERED_LIST: OrderedList.extend({
    content: `${LIST_ITEM}*`,
    addAttributes: () => attributesOf('ORDERED_LIST'),
    renderHTML({ node, HTMLAttributes }) {
      const start = (node.attrs.orderedListData as { start?: number } | null)?.start;
      return ['ol', mergeAttributes(HTMLAttributes, start === undefined ? {} : { start }), 0];
    },
  }),
  LIST_ITEM: ListItem.extend({
    content: `(${PARAGRAPH} | ${HEADING} | ${BULLETED_LIST} | ${ORDERED_LIST})*`,
    addAttributes: () => attributesOf('LIST_ITEM'),
  }),
  // Tables: the model's header row and column are table data, so there is no header cell type.
  TABLE: Table.extend({
    content: `${EDITOR_NODES.TABLE_ROW.name}*`,
    addAttributes: () => attributesOf('TABLE'),
  }),
  TABLE_ROW: TableRow.extend({
    content: `${EDITOR_NODES.TABLE_CELL.name}*`,
    addAttributes: () => attributesOf('TABLE_ROW'),
  }),
  TABLE_CELL: TableCell.extend({
    content: `${BLOCK}*`,
    addAttributes() {
      const parent = this.parent?.() ?? {};
      return {
        // prosemirror-tables reads these; they mirror `tableCellData.colspan` and `.rowspan`.
        colspan: parent.colspan ?? { default: 1 },
        rowspan: parent.rowspan ?? { default: 1 },
        colwidth: parent.colwidth ?? { default: null },
        ...attributesOf('TABLE_CELL'),
      };
    },
  }),
  COLLAPSIBLE_LIST: containerNode('COLLAPSIBLE_LIST', `${EDITOR_NODES.COLLAPSIBLE_ITEM.name}*`, {
    group: BLOCK,
  }),
  COLLAPSIBLE_ITEM: containerNode(
    'COLLAPSIBLE_ITEM',
    `(${EDITOR_NODES.COLLAPSIBLE_ITEM_TITLE.name} | ${EDITOR_NODES.COLLAPSIBLE_ITEM_BODY.name})*`,
  ),
  COLLAPSIBLE_ITEM_TITLE: containerNode('COLLAPSIBLE_ITEM_TITLE', `${PARAGRAPH}*`, {
    isolating: true,
  }),
  COLLAPSIBLE_ITEM_BODY: containerNode('COLLAPSIBLE_ITEM_BODY', `${BLOCK}*`, { isolating: true }),
  LAYOUT: containerNode('LAYOUT', `${EDITOR_NODES.LAYOUT_CELL.name}*`, { group: BLOCK }),
  LAYOUT_CELL: containerNode('LAYOUT_CELL', `${BLOCK}*`, { isolating: true }),
  EXTERNAL: containerNode('EXTERNAL', `${BLOCK}*`, { group: BLOCK, isolating: true }),
  // Media, embeds and interactive nodes.
  IMAGE: mediaNode('IMAGE', true),
  VIDEO: mediaNode('VIDEO', true),
  GIF: mediaNode('GIF', true),
  AUDIO: mediaNode('AUDIO', true),
  GALLERY: mediaNode('GALLERY', false),
  FILE: mediaNode('FILE', false),
  HTML: mediaNode('HTML', false),
  LINK_PREVIEW: mediaNode('LINK_PREVIEW', false),
  MAP: mediaNode('MAP', false),
  POLL: mediaNode('POLL', false),
  APP_EMBED: mediaNode('APP_EMBED', false),
  BUTTON: mediaNode('BUTTON', false),
  EMBED: mediaNode('EMBED', false),
  DIVIDER: HorizontalRule.extend({
    name: EDITOR_NODES.DIVIDER.name,
    atom: true,
    draggable: true,
    addAttributes: () => attributesOf('DIVIDER'),
  }),
} as const satisfies Record<NodeType, AnyExtension>;

/** The mark of every decoration type (`EDITOR_MARKS` names them). */
export const MARK_EXTENSIONS = {
  BOLD: Bold.extend({
    addAttributes: () => ({ fontWeightValue: jsonAttribute('fontWeightValue') }),
  }),
  ITALIC: Italic.extend({ addAttributes: () => ({ italicData: jsonAttribute('italicData') }) }),
  UNDERLINE: Underline.extend({
    addAttributes: () => ({ underlineData: jsonAttribute('underlineData') }),
  }),
  SPOILER: decorationMark('SPOILER'),
  ANCHOR: decorationMark('ANCHOR', { inclusive: false }),
  MENTION: decorationMark('MENTION', { inclusive: false }),
  LINK: Link.extend({
    addAttributes() {
      return {
        // TipTap's link commands set `href`; it mirrors `linkData.link.url`.
        href: (this.parent?.() as Record<string, Attribute> | undefined)?.href ?? {
          default: null,
        },
        linkData: jsonAttribute('linkData'),
      };
    },
  }).configure({ openOnClick: false }),
  COLOR: decorationMark('COLOR'),
  FONT_SIZE: decorationMark('FONT_SIZE'),
  EXTERNAL: decorationMark('EXTERNAL'),
} as const satisfies Record<DecorationType, AnyExtension>;

/** Carries a TEXT node's own id and style (`TEXT_NODE_MARK`). */
const TextNodeMark = Mark.create({
  name: TEXT_NODE_MARK,
  addAttributes: () => nodeAttributes(null),
  parseHTML: () => [{ tag: 'span[data-rc-text-node]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'span',
    mergeAttributes({ 'data-rc-text-node': '' }, HTMLAttributes),
    0,
  ],
});

const NODE_LIST: AnyExtension[] = Object.values(NODE_EXTENSIONS);
const AFTER_LISTS = NODE_LIST.indexOf(NODE_EXTENSIONS.LIST_ITEM) + 1;

/**
 * Every extension of the rich-content editor: the document, the nodes and marks above, and
 * TipTap's list keymap (after the list nodes, where it always stood). The editor UI adds its
 * behaviour (placeholder, history, node views) on top.
 */
export const richContentExtensions: Extensions = [
  Document.extend({ content: `${BLOCK}*` }),
  ...NODE_LIST.slice(0, AFTER_LISTS),
  ListKeymap,
  ...NODE_LIST.slice(AFTER_LISTS),
  ...Object.values(MARK_EXTENSIONS),
  TextNodeMark,
];

let schema: Schema | undefined;

/** The ProseMirror schema of {@link richContentExtensions}, built once. */
export function getRichContentSchema(): Schema {
  schema ??= getSchema(richContentExtensions);
  return schema;
}
