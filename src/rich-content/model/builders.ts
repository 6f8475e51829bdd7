/**
 * Small constructors for documents in code: the seed, test factories and tests. They return
 * nodes that already pass the schema (defaults included where the schema would add them).
 */

import type { DividerData } from '../nodes/divider/schema';
import type { Oembed } from '../nodes/embed/schema';
import type { GalleryData } from '../nodes/gallery/schema';
import type { Decoration } from './decorations';
import { DOCUMENT_VERSION, type RichDocument } from './envelope';
import type {
  BlockNode,
  BlockquoteNode,
  BulletedListNode,
  ButtonNode,
  CaptionNode,
  CodeBlockNode,
  CollapsibleItemNode,
  CollapsibleListNode,
  DividerNode,
  EmbedNode,
  GalleryNode,
  HeadingNode,
  ImageNode,
  LayoutCellNode,
  LayoutNode,
  ListItemNode,
  OrderedListNode,
  ParagraphNode,
  TableCellNode,
  TableNode,
  TableRowNode,
  TextNode,
  VideoNode,
} from './nodes';
import type { Link } from './shared';

let nodeCounter = 0;
/** A short node id, unique within a process; documents only need ids unique within themselves. */
function nextId(): string {
  nodeCounter = (nodeCounter + 1) % 1_000_000_000;
  return `n${nodeCounter.toString(36)}`;
}

/** A TEXT node with optional decorations. */
export function text(value: string, decorations: Decoration[] = []): TextNode {
  return { type: 'TEXT', id: '', nodes: [], textData: { text: value, decorations } };
}

type Run = string | TextNode;
const runs = (items: Run[]): TextNode[] => items.map((r) => (typeof r === 'string' ? text(r) : r));

/** A PARAGRAPH of text runs (plain strings become undecorated TEXT nodes). */
export function paragraph(...items: Run[]): ParagraphNode {
  return { type: 'PARAGRAPH', id: nextId(), nodes: runs(items), paragraphData: {} };
}

/** A HEADING of the given level (1–6). */
export function heading(level: number, value: string | TextNode): HeadingNode {
  return { type: 'HEADING', id: nextId(), nodes: runs([value]), headingData: { level } };
}

/** A BLOCKQUOTE holding one paragraph. */
export function blockquote(value: string): BlockquoteNode {
  return { type: 'BLOCKQUOTE', id: nextId(), nodes: [paragraph(value)] };
}

/** A CODE_BLOCK with its source text. */
export function codeBlock(source: string): CodeBlockNode {
  return { type: 'CODE_BLOCK', id: nextId(), nodes: [text(source)], codeBlockData: {} };
}

/** A LIST_ITEM holding a paragraph and optionally a nested list. */
export function listItem(
  value: string | ParagraphNode,
  nested?: BulletedListNode | OrderedListNode,
): ListItemNode {
  const first = typeof value === 'string' ? paragraph(value) : value;
  return { type: 'LIST_ITEM', id: nextId(), nodes: nested ? [first, nested] : [first] };
}

/** A BULLETED_LIST or ORDERED_LIST of plain-text items (or ready-made LIST_ITEMs). */
export function list(
  kind: 'bulleted' | 'ordered',
  items: (string | ListItemNode)[],
): BulletedListNode | OrderedListNode {
  const nodes = items.map((item) => (typeof item === 'string' ? listItem(item) : item));
  return kind === 'ordered'
    ? { type: 'ORDERED_LIST', id: nextId(), nodes }
    : { type: 'BULLETED_LIST', id: nextId(), nodes };
}

/** A DIVIDER. */
export function divider(lineStyle: DividerData['lineStyle'] = 'SINGLE'): DividerNode {
  return { type: 'DIVIDER', id: nextId(), nodes: [], dividerData: { lineStyle, width: 'LARGE' } };
}

/** A CAPTION of text runs, for IMAGE, VIDEO, GIF and AUDIO nodes. */
export function caption(...items: Run[]): CaptionNode {
  return { type: 'CAPTION', id: nextId(), nodes: runs(items) };
}

/** An IMAGE of a stored media file. */
export function image(
  media: { id: string; width: number; height: number },
  options: { altText?: string; caption?: string; link?: Link } = {},
): ImageNode {
  return {
    type: 'IMAGE',
    id: nextId(),
    nodes: [],
    imageData: {
      image: { src: { id: media.id }, width: media.width, height: media.height },
      ...(options.altText !== undefined && { altText: options.altText }),
      ...(options.caption !== undefined && { caption: options.caption }),
      ...(options.link !== undefined && { link: options.link }),
    },
  };
}

/** A VIDEO from a video host or an own mp4 file, with an optional thumbnail. */
export function video(
  url: string,
  thumbnail?: { url: string; width: number; height: number },
  title?: string,
): VideoNode {
  return {
    type: 'VIDEO',
    id: nextId(),
    nodes: [],
    videoData: {
      video: { src: { url } },
      ...(thumbnail && {
        thumbnail: {
          src: { url: thumbnail.url },
          width: thumbnail.width,
          height: thumbnail.height,
        },
      }),
      ...(title !== undefined && { title }),
    },
  };
}

/** A GALLERY of stored images, laid out as SPEC §9's default (COLLAGE in ROWS) unless told. */
export function gallery(
  images: { id: string; width: number; height: number; altText?: string; title?: string }[],
  layout: GalleryData['options']['layout']['type'] = 'COLLAGE',
): GalleryNode {
  return {
    type: 'GALLERY',
    id: nextId(),
    nodes: [],
    galleryData: {
      items: images.map(({ id, width, height, altText, title }) => ({
        image: { media: { src: { id }, width, height } },
        ...(altText !== undefined && { altText }),
        ...(title !== undefined && { title }),
      })),
      options: { layout: { type: layout, orientation: 'ROWS' } },
    },
  };
}

/** An EMBED of an oEmbed response (a tweet, a video page, a song). */
export function embed(oembed: Oembed, src?: string): EmbedNode {
  return {
    type: 'EMBED',
    id: nextId(),
    nodes: [],
    embedData: { oembed, ...(src !== undefined && { src }) },
  };
}

/** A link BUTTON. */
export function button(label: string, url: string): ButtonNode {
  return {
    type: 'BUTTON',
    id: nextId(),
    nodes: [],
    buttonData: { type: 'LINK', text: label, link: { url, target: 'SELF' } },
  };
}

/** A TABLE from rows of cells; a string cell becomes a paragraph. */
export function table(
  rows: (string | BlockNode[])[][],
  options: { rowHeader?: boolean } = {},
): TableNode {
  const cell = (content: string | BlockNode[]): TableCellNode => ({
    type: 'TABLE_CELL',
    id: nextId(),
    nodes: typeof content === 'string' ? [paragraph(content)] : content,
  });
  const columns = Math.max(0, ...rows.map((r) => r.length));
  return {
    type: 'TABLE',
    id: nextId(),
    nodes: rows.map((r): TableRowNode => ({ type: 'TABLE_ROW', id: nextId(), nodes: r.map(cell) })),
    tableData: {
      dimensions: {
        colsWidthRatio: Array.from({ length: columns }, () => 1),
        rowsHeight: rows.map(() => 47),
        colsMinWidth: Array.from({ length: columns }, () => 120),
      },
      ...(options.rowHeader !== undefined && { rowHeader: options.rowHeader }),
    },
  };
}

/** A COLLAPSIBLE_LIST of items, each a title and a body of blocks (a string body: a paragraph). */
export function collapsibleList(
  items: { title: string; body: string | BlockNode[] }[],
): CollapsibleListNode {
  return {
    type: 'COLLAPSIBLE_LIST',
    id: nextId(),
    nodes: items.map(
      ({ title, body }): CollapsibleItemNode => ({
        type: 'COLLAPSIBLE_ITEM',
        id: nextId(),
        nodes: [
          { type: 'COLLAPSIBLE_ITEM_TITLE', id: nextId(), nodes: [paragraph(title)] },
          {
            type: 'COLLAPSIBLE_ITEM_BODY',
            id: nextId(),
            nodes: typeof body === 'string' ? [paragraph(body)] : body,
          },
        ],
      }),
    ),
    collapsibleListData: { expandOnlyOne: false, initialExpandedItems: 'FIRST' },
  };
}

/** A LAYOUT of cells side by side; `colSpan` out of 12 columns. */
export function layout(cells: { colSpan?: number; nodes: BlockNode[] }[]): LayoutNode {
  return {
    type: 'LAYOUT',
    id: nextId(),
    nodes: cells.map(
      ({ colSpan, nodes }): LayoutCellNode => ({
        type: 'LAYOUT_CELL',
        id: nextId(),
        nodes,
        ...(colSpan !== undefined && { layoutCellData: { colSpan } }),
      }),
    ),
  };
}

/** A whole document from block nodes. */
export function documentOf(nodes: BlockNode[], now = new Date()): RichDocument {
  const stamp = now.toISOString();
  return {
    nodes,
    metadata: { version: DOCUMENT_VERSION, createdTimestamp: stamp, updatedTimestamp: stamp },
  };
}
