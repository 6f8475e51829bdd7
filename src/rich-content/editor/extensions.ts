/**
 * The post editor's schema (DESIGN "Stack": TipTap 3; SPEC §3 "Rich content document"): TipTap
 * extensions that together represent every node type and every decoration of the rich-content
 * model, so that `convert.ts` can go to the editor and back without loss. Each node type's TipTap
 * node is in its folder (`nodes/<type>/extension.ts`, helpers in `node-extensions.ts`); this
 * module joins them with the marks.
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
} from '@tiptap/core';
import { Bold } from '@tiptap/extension-bold';
import { Document } from '@tiptap/extension-document';
import { Italic } from '@tiptap/extension-italic';
import { Link } from '@tiptap/extension-link';
import { ListKeymap } from '@tiptap/extension-list';
import { Underline } from '@tiptap/extension-underline';
import type { Schema } from '@tiptap/pm/model';
import type { DecorationType } from '../model/decorations';
import type { NodeType } from '../model/nodes';
import { appEmbedExtension } from '../nodes/app-embed/extension';
import { audioExtension } from '../nodes/audio/extension';
import { blockquoteExtension } from '../nodes/blockquote/extension';
import { buttonExtension } from '../nodes/button/extension';
import { captionExtension } from '../nodes/caption/extension';
import { codeBlockExtension } from '../nodes/code-block/extension';
import {
  collapsibleItemBodyExtension,
  collapsibleItemExtension,
  collapsibleItemTitleExtension,
  collapsibleListExtension,
} from '../nodes/collapsible-list/extension';
import { dividerExtension } from '../nodes/divider/extension';
import { embedExtension } from '../nodes/embed/extension';
import { externalExtension } from '../nodes/external/extension';
import { fileExtension } from '../nodes/file/extension';
import { galleryExtension } from '../nodes/gallery/extension';
import { gifExtension } from '../nodes/gif/extension';
import { headingExtension } from '../nodes/heading/extension';
import { htmlExtension } from '../nodes/html/extension';
import { imageExtension } from '../nodes/image/extension';
import { layoutCellExtension, layoutExtension } from '../nodes/layout/extension';
import { linkPreviewExtension } from '../nodes/link-preview/extension';
import {
  bulletedListExtension,
  listItemExtension,
  orderedListExtension,
} from '../nodes/lists/extension';
import { mapExtension } from '../nodes/map/extension';
import { paragraphExtension } from '../nodes/paragraph/extension';
import { pollExtension } from '../nodes/poll/extension';
import { tableCellExtension, tableExtension, tableRowExtension } from '../nodes/table/extension';
import { textExtension } from '../nodes/text/extension';
import { videoExtension } from '../nodes/video/extension';
import { BLOCK } from './node-extensions';
import { EDITOR_MARKS, jsonAttribute, nodeAttributes, TEXT_NODE_MARK } from './specs';

export {
  EDITOR_MARKS,
  EDITOR_NODES,
  type EditorMarkSpec,
  type EditorNodeSpec,
  TEXT_NODE_MARK,
} from './specs';

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

/**
 * The editor node of every node type of the model, in the schema's order (the first block,
 * PARAGRAPH, is the one an empty document is filled with). Typed against every `NodeType`: a node
 * type without its editor node does not compile (`nodes/editor-registry.ts` joins it with the
 * node's names).
 */
export const NODE_EXTENSIONS = {
  TEXT: textExtension,
  // Text blocks. No hard break: the model keeps a newline inside a TEXT run as it is.
  PARAGRAPH: paragraphExtension,
  HEADING: headingExtension,
  CODE_BLOCK: codeBlockExtension,
  CAPTION: captionExtension,
  // Containers of text blocks.
  BLOCKQUOTE: blockquoteExtension,
  BULLETED_LIST: bulletedListExtension,
  ORDERED_LIST: orderedListExtension,
  LIST_ITEM: listItemExtension,
  // Tables: the model's header row and column are table data, so there is no header cell type.
  TABLE: tableExtension,
  TABLE_ROW: tableRowExtension,
  TABLE_CELL: tableCellExtension,
  COLLAPSIBLE_LIST: collapsibleListExtension,
  COLLAPSIBLE_ITEM: collapsibleItemExtension,
  COLLAPSIBLE_ITEM_TITLE: collapsibleItemTitleExtension,
  COLLAPSIBLE_ITEM_BODY: collapsibleItemBodyExtension,
  LAYOUT: layoutExtension,
  LAYOUT_CELL: layoutCellExtension,
  EXTERNAL: externalExtension,
  // Media, embeds and interactive nodes.
  IMAGE: imageExtension,
  VIDEO: videoExtension,
  GIF: gifExtension,
  AUDIO: audioExtension,
  GALLERY: galleryExtension,
  FILE: fileExtension,
  HTML: htmlExtension,
  LINK_PREVIEW: linkPreviewExtension,
  MAP: mapExtension,
  POLL: pollExtension,
  APP_EMBED: appEmbedExtension,
  BUTTON: buttonExtension,
  EMBED: embedExtension,
  DIVIDER: dividerExtension,
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
