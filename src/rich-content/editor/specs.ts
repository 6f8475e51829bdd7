/**
 * How the rich-content model (SPEC §3) appears in a TipTap editor: each node type's node name and
 * data attribute, each decoration's mark, and the JSON attributes that carry data blocks (decision
 * 012). Apart from the extensions themselves (`./extensions`), so that the converters and small
 * editors (the comment box) can use the names without loading every extension of the post editor.
 */
import type { Attribute } from '@tiptap/core';
import type { DecorationType } from '../model/decorations';
import type { NodeType } from '../model/nodes';

/** How a node type of the model appears in the editor: its node name and data attribute. */
export interface EditorNodeSpec {
  name: string;
  /** The model's data-block key, which is also the editor attribute's name; null when none. */
  dataKey: string | null;
  /** The node holds TEXT runs (editor text with marks). */
  isTextBlock: boolean;
}

const spec = (name: string, dataKey: string | null, isTextBlock = false): EditorNodeSpec => ({
  name,
  dataKey,
  isTextBlock,
});

/** Every node type of the model except TEXT (which is editor text), with its editor form. */
export const EDITOR_NODES = {
  PARAGRAPH: spec('paragraph', 'paragraphData', true),
  HEADING: spec('heading', 'headingData', true),
  CODE_BLOCK: spec('codeBlock', 'codeBlockData', true),
  CAPTION: spec('caption', 'captionData', true),
  BULLETED_LIST: spec('bulletList', 'bulletedListData'),
  ORDERED_LIST: spec('orderedList', 'orderedListData'),
  LIST_ITEM: spec('listItem', null),
  BLOCKQUOTE: spec('blockquote', 'blockquoteData'),
  TABLE: spec('table', 'tableData'),
  TABLE_ROW: spec('tableRow', null),
  TABLE_CELL: spec('tableCell', 'tableCellData'),
  COLLAPSIBLE_LIST: spec('collapsibleList', 'collapsibleListData'),
  COLLAPSIBLE_ITEM: spec('collapsibleItem', null),
  COLLAPSIBLE_ITEM_TITLE: spec('collapsibleItemTitle', null),
  COLLAPSIBLE_ITEM_BODY: spec('collapsibleItemBody', null),
  LAYOUT: spec('layout', 'layoutData'),
  LAYOUT_CELL: spec('layoutCell', 'layoutCellData'),
  EXTERNAL: spec('external', 'externalData'),
  IMAGE: spec('image', 'imageData'),
  VIDEO: spec('video', 'videoData'),
  GIF: spec('gif', 'gifData'),
  AUDIO: spec('audio', 'audioData'),
  GALLERY: spec('gallery', 'galleryData'),
  FILE: spec('file', 'fileData'),
  HTML: spec('html', 'htmlData'),
  LINK_PREVIEW: spec('linkPreview', 'linkPreviewData'),
  MAP: spec('map', 'mapData'),
  POLL: spec('poll', 'pollData'),
  APP_EMBED: spec('appEmbed', 'appEmbedData'),
  BUTTON: spec('button', 'buttonData'),
  EMBED: spec('embed', 'embedData'),
  DIVIDER: spec('divider', 'dividerData'),
} as const satisfies Record<Exclude<NodeType, 'TEXT'>, EditorNodeSpec>;

/** How a decoration of the model appears in the editor: its mark name and data attribute. */
export interface EditorMarkSpec {
  name: string;
  /** The decoration's data key, which is also the mark attribute's name. */
  dataKey: string;
}

/** Every decoration type with its mark. */
export const EDITOR_MARKS = {
  BOLD: { name: 'bold', dataKey: 'fontWeightValue' },
  ITALIC: { name: 'italic', dataKey: 'italicData' },
  UNDERLINE: { name: 'underline', dataKey: 'underlineData' },
  SPOILER: { name: 'spoiler', dataKey: 'spoilerData' },
  ANCHOR: { name: 'anchor', dataKey: 'anchorData' },
  MENTION: { name: 'mention', dataKey: 'mentionData' },
  LINK: { name: 'link', dataKey: 'linkData' },
  COLOR: { name: 'color', dataKey: 'colorData' },
  FONT_SIZE: { name: 'fontSize', dataKey: 'fontSizeData' },
  EXTERNAL: { name: 'externalDecoration', dataKey: 'externalData' },
} as const satisfies Record<DecorationType, EditorMarkSpec>;

/** The mark that carries a TEXT node's own `id` and `style` when they are not empty. */
export const TEXT_NODE_MARK = 'textNode';

/** `imageData` → `data-rc-image-data`. */
export const htmlName = (name: string) =>
  `data-rc-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

function parseJson(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** An attribute holding a JSON value (null when absent), kept in HTML as `data-rc-*` JSON. */
export function jsonAttribute(name: string, keepOnSplit = true): Attribute {
  const attribute = htmlName(name);
  return {
    default: null,
    keepOnSplit,
    parseHTML: (element) => parseJson(element.getAttribute(attribute)),
    renderHTML: (attributes) =>
      attributes[name] == null ? {} : { [attribute]: JSON.stringify(attributes[name]) },
  };
}

/** `id` (not copied when a block splits: the new half is a new node) and `style`. */
export function nodeAttributes(dataKey: string | null): Record<string, Attribute> {
  const attributes: Record<string, Attribute> = {
    id: {
      default: '',
      keepOnSplit: false,
      parseHTML: (element) => element.getAttribute('data-rc-id') ?? '',
      renderHTML: (attributes) => (attributes.id ? { 'data-rc-id': attributes.id } : {}),
    },
    style: jsonAttribute('style'),
  };
  if (dataKey) attributes[dataKey] = jsonAttribute(dataKey);
  return attributes;
}
