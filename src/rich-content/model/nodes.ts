/**
 * The node shapes of the rich-content document (SPEC §3): one strict object per node type with
 * its own data block and only the children it may hold, joined in discriminated unions on
 * `type`. The children rules:
 *
 * - PARAGRAPH, HEADING, CODE_BLOCK and CAPTION hold TEXT; TEXT holds nothing.
 * - BULLETED_LIST and ORDERED_LIST hold LIST_ITEM; a LIST_ITEM holds PARAGRAPH or HEADING and
 *   nested lists. BLOCKQUOTE holds PARAGRAPH.
 * - TABLE → TABLE_ROW → TABLE_CELL → blocks; COLLAPSIBLE_LIST → COLLAPSIBLE_ITEM →
 *   COLLAPSIBLE_ITEM_TITLE (PARAGRAPH) and COLLAPSIBLE_ITEM_BODY (blocks); LAYOUT →
 *   LAYOUT_CELL → blocks; EXTERNAL → blocks.
 * - IMAGE, VIDEO, GIF and AUDIO may hold a CAPTION; the other media and interactive nodes hold
 *   nothing.
 *
 * "Blocks" are the node types that may stand at the top of a document ({@link BLOCK_NODE_TYPES}).
 * Recursive members use getters, which is how zod 4 builds recursive objects with inferred types.
 */
import { z } from 'zod';
import { AppEmbedDataSchema } from '../nodes/app-embed/schema';
import { AudioDataSchema } from '../nodes/audio/schema';
import { BlockquoteDataSchema } from '../nodes/blockquote/schema';
import { ButtonDataSchema } from '../nodes/button/schema';
import { CaptionDataSchema } from '../nodes/caption/schema';
import { CodeBlockDataSchema } from '../nodes/code-block/schema';
import { CollapsibleListDataSchema } from '../nodes/collapsible-list/schema';
import { DividerDataSchema } from '../nodes/divider/schema';
import { EmbedDataSchema } from '../nodes/embed/schema';
import { ExternalDataSchema } from '../nodes/external/schema';
import { FileDataSchema } from '../nodes/file/schema';
import { GalleryDataSchema } from '../nodes/gallery/schema';
import { GifDataSchema } from '../nodes/gif/schema';
import { HeadingDataSchema } from '../nodes/heading/schema';
import { HtmlDataSchema } from '../nodes/html/schema';
import { ImageDataSchema } from '../nodes/image/schema';
import { LayoutCellDataSchema, LayoutDataSchema } from '../nodes/layout/schema';
import { LinkPreviewDataSchema } from '../nodes/link-preview/schema';
import { BulletedListDataSchema, OrderedListDataSchema } from '../nodes/lists/schema';
import { MapDataSchema } from '../nodes/map/schema';
import { ParagraphDataSchema } from '../nodes/paragraph/schema';
import { PollDataSchema } from '../nodes/poll/schema';
import { TableCellDataSchema, TableDataSchema } from '../nodes/table/schema';
import { TextDataSchema } from '../nodes/text/schema';
import { VideoDataSchema } from '../nodes/video/schema';
import { NodeStyleSchema } from './shared';

export const NODE_TYPES = [
  'PARAGRAPH',
  'TEXT',
  'HEADING',
  'BULLETED_LIST',
  'ORDERED_LIST',
  'LIST_ITEM',
  'BLOCKQUOTE',
  'CODE_BLOCK',
  'VIDEO',
  'DIVIDER',
  'FILE',
  'GALLERY',
  'GIF',
  'HTML',
  'IMAGE',
  'LINK_PREVIEW',
  'MAP',
  'POLL',
  'APP_EMBED',
  'BUTTON',
  'COLLAPSIBLE_LIST',
  'TABLE',
  'EMBED',
  'COLLAPSIBLE_ITEM',
  'COLLAPSIBLE_ITEM_TITLE',
  'COLLAPSIBLE_ITEM_BODY',
  'TABLE_CELL',
  'TABLE_ROW',
  'EXTERNAL',
  'AUDIO',
  'CAPTION',
  'LAYOUT',
  'LAYOUT_CELL',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** Node types that may stand at the top of a document and inside cells, bodies and layouts. */
export const BLOCK_NODE_TYPES = [
  'PARAGRAPH',
  'HEADING',
  'BULLETED_LIST',
  'ORDERED_LIST',
  'BLOCKQUOTE',
  'CODE_BLOCK',
  'VIDEO',
  'DIVIDER',
  'FILE',
  'GALLERY',
  'GIF',
  'HTML',
  'IMAGE',
  'LINK_PREVIEW',
  'MAP',
  'POLL',
  'APP_EMBED',
  'BUTTON',
  'COLLAPSIBLE_LIST',
  'TABLE',
  'EMBED',
  'EXTERNAL',
  'AUDIO',
  'LAYOUT',
] as const satisfies readonly NodeType[];
export type BlockNodeType = (typeof BLOCK_NODE_TYPES)[number];

/** Fields every node has. TEXT nodes conventionally have an empty id. */
const id = z.string().max(200).default('');
const style = NodeStyleSchema.optional();

type Discriminable = z.core.$ZodTypeDiscriminable;
/** The schema of a node's children: a list of the node types it may hold. */
type Children<T extends readonly [Discriminable, ...Discriminable[]]> = z.ZodDefault<
  z.ZodArray<z.ZodDiscriminatedUnion<T, 'type'>>
>;

/** The message for a child whose type its parent may not hold. */
function childError(parent: string, allowed: readonly string[]) {
  return (issue: { input?: unknown }) => {
    const found = (issue.input as { type?: unknown } | undefined)?.type;
    const what = typeof found === 'string' ? `a ${found} node` : 'a node without a known type';
    const list = allowed === BLOCK_NODE_TYPES ? 'block nodes' : allowed.join(', ');
    return `${parent} may hold only ${list}; found ${what}`;
  };
}

/** Children of `parent` that may be any of `options` (named in `allowed` for messages). */
function children<const T extends readonly [Discriminable, ...Discriminable[]]>(
  parent: string,
  allowed: readonly string[],
  options: T,
): Children<T> {
  return z
    .array(z.discriminatedUnion('type', options, { error: childError(parent, allowed) }))
    .default([]);
}

/** A leaf has no children; `nodes` is an empty list. */
function leaf(parent: string) {
  return z
    .array(z.never({ error: `${parent} has no children` }))
    .max(0, { error: `${parent} has no children` })
    .default([]);
}

export const TextNodeSchema = z.strictObject({
  type: z.literal('TEXT'),
  id,
  style,
  nodes: leaf('TEXT'),
  textData: TextDataSchema,
});

const textChildren = (parent: string) => children(parent, ['TEXT'], [TextNodeSchema]);

export const ParagraphNodeSchema = z.strictObject({
  type: z.literal('PARAGRAPH'),
  id,
  style,
  nodes: textChildren('PARAGRAPH'),
  paragraphData: ParagraphDataSchema.optional(),
});

export const HeadingNodeSchema = z.strictObject({
  type: z.literal('HEADING'),
  id,
  style,
  nodes: textChildren('HEADING'),
  headingData: HeadingDataSchema,
});

export const CodeBlockNodeSchema = z.strictObject({
  type: z.literal('CODE_BLOCK'),
  id,
  style,
  nodes: textChildren('CODE_BLOCK'),
  codeBlockData: CodeBlockDataSchema.optional(),
});

export const CaptionNodeSchema = z.strictObject({
  type: z.literal('CAPTION'),
  id,
  style,
  nodes: textChildren('CAPTION'),
  captionData: CaptionDataSchema.optional(),
});

export const BlockquoteNodeSchema = z.strictObject({
  type: z.literal('BLOCKQUOTE'),
  id,
  style,
  nodes: children('BLOCKQUOTE', ['PARAGRAPH'], [ParagraphNodeSchema]),
  blockquoteData: BlockquoteDataSchema.optional(),
});

/** Media that may carry one CAPTION child. */
const captionChildren = (parent: string) => {
  const list = children(parent, ['CAPTION'], [CaptionNodeSchema]);
  return list
    .unwrap()
    .max(1, { error: `${parent} holds at most one CAPTION` })
    .default([]);
};

export const ImageNodeSchema = z.strictObject({
  type: z.literal('IMAGE'),
  id,
  style,
  nodes: captionChildren('IMAGE'),
  imageData: ImageDataSchema,
});
export const VideoNodeSchema = z.strictObject({
  type: z.literal('VIDEO'),
  id,
  style,
  nodes: captionChildren('VIDEO'),
  videoData: VideoDataSchema,
});
export const GifNodeSchema = z.strictObject({
  type: z.literal('GIF'),
  id,
  style,
  nodes: captionChildren('GIF'),
  gifData: GifDataSchema,
});
export const AudioNodeSchema = z.strictObject({
  type: z.literal('AUDIO'),
  id,
  style,
  nodes: captionChildren('AUDIO'),
  audioData: AudioDataSchema,
});
export const DividerNodeSchema = z.strictObject({
  type: z.literal('DIVIDER'),
  id,
  style,
  nodes: leaf('DIVIDER'),
  dividerData: DividerDataSchema.prefault({}),
});
export const FileNodeSchema = z.strictObject({
  type: z.literal('FILE'),
  id,
  style,
  nodes: leaf('FILE'),
  fileData: FileDataSchema,
});
export const GalleryNodeSchema = z.strictObject({
  type: z.literal('GALLERY'),
  id,
  style,
  nodes: leaf('GALLERY'),
  galleryData: GalleryDataSchema,
});
export const HtmlNodeSchema = z.strictObject({
  type: z.literal('HTML'),
  id,
  style,
  nodes: leaf('HTML'),
  htmlData: HtmlDataSchema,
});
export const LinkPreviewNodeSchema = z.strictObject({
  type: z.literal('LINK_PREVIEW'),
  id,
  style,
  nodes: leaf('LINK_PREVIEW'),
  linkPreviewData: LinkPreviewDataSchema,
});
export const EmbedNodeSchema = z.strictObject({
  type: z.literal('EMBED'),
  id,
  style,
  nodes: leaf('EMBED'),
  embedData: EmbedDataSchema,
});
export const MapNodeSchema = z.strictObject({
  type: z.literal('MAP'),
  id,
  style,
  nodes: leaf('MAP'),
  mapData: MapDataSchema,
});
export const PollNodeSchema = z.strictObject({
  type: z.literal('POLL'),
  id,
  style,
  nodes: leaf('POLL'),
  pollData: PollDataSchema,
});
export const AppEmbedNodeSchema = z.strictObject({
  type: z.literal('APP_EMBED'),
  id,
  style,
  nodes: leaf('APP_EMBED'),
  appEmbedData: AppEmbedDataSchema,
});
export const ButtonNodeSchema = z.strictObject({
  type: z.literal('BUTTON'),
  id,
  style,
  nodes: leaf('BUTTON'),
  buttonData: ButtonDataSchema,
});

export const CollapsibleItemTitleNodeSchema = z.strictObject({
  type: z.literal('COLLAPSIBLE_ITEM_TITLE'),
  id,
  style,
  nodes: children('COLLAPSIBLE_ITEM_TITLE', ['PARAGRAPH'], [ParagraphNodeSchema]),
});

// ---- Recursive members: getters with annotated types (zod 4 recursion) ---------------------

/** Children that are any block node. */
type BlockChildren = z.ZodDefault<z.ZodArray<typeof BlockNodeSchema>>;
function blockChildren(parent: string): BlockChildren {
  return children(parent, BLOCK_NODE_TYPES, BlockNodeSchema.options);
}

type ListItemChildren = Children<
  [
    typeof ParagraphNodeSchema,
    typeof HeadingNodeSchema,
    typeof BulletedListNodeSchema,
    typeof OrderedListNodeSchema,
  ]
>;
export const ListItemNodeSchema = z.strictObject({
  type: z.literal('LIST_ITEM'),
  id,
  style,
  get nodes(): ListItemChildren {
    return children(
      'LIST_ITEM',
      ['PARAGRAPH', 'HEADING', 'BULLETED_LIST', 'ORDERED_LIST'],
      [ParagraphNodeSchema, HeadingNodeSchema, BulletedListNodeSchema, OrderedListNodeSchema],
    );
  },
});

export const BulletedListNodeSchema = z.strictObject({
  type: z.literal('BULLETED_LIST'),
  id,
  style,
  get nodes(): Children<[typeof ListItemNodeSchema]> {
    return children('BULLETED_LIST', ['LIST_ITEM'], [ListItemNodeSchema]);
  },
  bulletedListData: BulletedListDataSchema.optional(),
});

export const OrderedListNodeSchema = z.strictObject({
  type: z.literal('ORDERED_LIST'),
  id,
  style,
  get nodes(): Children<[typeof ListItemNodeSchema]> {
    return children('ORDERED_LIST', ['LIST_ITEM'], [ListItemNodeSchema]);
  },
  orderedListData: OrderedListDataSchema.optional(),
});

export const TableCellNodeSchema = z.strictObject({
  type: z.literal('TABLE_CELL'),
  id,
  style,
  get nodes(): BlockChildren {
    return blockChildren('TABLE_CELL');
  },
  tableCellData: TableCellDataSchema.optional(),
});

export const TableRowNodeSchema = z.strictObject({
  type: z.literal('TABLE_ROW'),
  id,
  style,
  get nodes(): Children<[typeof TableCellNodeSchema]> {
    return children('TABLE_ROW', ['TABLE_CELL'], [TableCellNodeSchema]);
  },
});

export const TableNodeSchema = z.strictObject({
  type: z.literal('TABLE'),
  id,
  style,
  get nodes(): Children<[typeof TableRowNodeSchema]> {
    return children('TABLE', ['TABLE_ROW'], [TableRowNodeSchema]);
  },
  tableData: TableDataSchema.prefault({}),
});

export const CollapsibleItemBodyNodeSchema = z.strictObject({
  type: z.literal('COLLAPSIBLE_ITEM_BODY'),
  id,
  style,
  get nodes(): BlockChildren {
    return blockChildren('COLLAPSIBLE_ITEM_BODY');
  },
});

type CollapsibleItemChildren = Children<
  [typeof CollapsibleItemTitleNodeSchema, typeof CollapsibleItemBodyNodeSchema]
>;
export const CollapsibleItemNodeSchema = z.strictObject({
  type: z.literal('COLLAPSIBLE_ITEM'),
  id,
  style,
  get nodes(): CollapsibleItemChildren {
    return children(
      'COLLAPSIBLE_ITEM',
      ['COLLAPSIBLE_ITEM_TITLE', 'COLLAPSIBLE_ITEM_BODY'],
      [CollapsibleItemTitleNodeSchema, CollapsibleItemBodyNodeSchema],
    );
  },
});

export const CollapsibleListNodeSchema = z.strictObject({
  type: z.literal('COLLAPSIBLE_LIST'),
  id,
  style,
  get nodes(): Children<[typeof CollapsibleItemNodeSchema]> {
    return children('COLLAPSIBLE_LIST', ['COLLAPSIBLE_ITEM'], [CollapsibleItemNodeSchema]);
  },
  collapsibleListData: CollapsibleListDataSchema.optional(),
});

export const LayoutCellNodeSchema = z.strictObject({
  type: z.literal('LAYOUT_CELL'),
  id,
  style,
  get nodes(): BlockChildren {
    return blockChildren('LAYOUT_CELL');
  },
  layoutCellData: LayoutCellDataSchema.optional(),
});

export const LayoutNodeSchema = z.strictObject({
  type: z.literal('LAYOUT'),
  id,
  style,
  get nodes(): Children<[typeof LayoutCellNodeSchema]> {
    return children('LAYOUT', ['LAYOUT_CELL'], [LayoutCellNodeSchema]);
  },
  layoutData: LayoutDataSchema.optional(),
});

export const ExternalNodeSchema = z.strictObject({
  type: z.literal('EXTERNAL'),
  id,
  style,
  get nodes(): BlockChildren {
    return blockChildren('EXTERNAL');
  },
  externalData: ExternalDataSchema.optional(),
});

/** Any node that may stand at the top of a document. */
export const BlockNodeSchema = z.discriminatedUnion(
  'type',
  [
    ParagraphNodeSchema,
    HeadingNodeSchema,
    BulletedListNodeSchema,
    OrderedListNodeSchema,
    BlockquoteNodeSchema,
    CodeBlockNodeSchema,
    VideoNodeSchema,
    DividerNodeSchema,
    FileNodeSchema,
    GalleryNodeSchema,
    GifNodeSchema,
    HtmlNodeSchema,
    ImageNodeSchema,
    LinkPreviewNodeSchema,
    MapNodeSchema,
    PollNodeSchema,
    AppEmbedNodeSchema,
    ButtonNodeSchema,
    CollapsibleListNodeSchema,
    TableNodeSchema,
    EmbedNodeSchema,
    ExternalNodeSchema,
    AudioNodeSchema,
    LayoutNodeSchema,
  ],
  { error: childError('A document', BLOCK_NODE_TYPES) },
);

/** Any node at all, including the ones that only live inside others (TEXT, TABLE_ROW, ...). */
export const RichNodeSchema = z.discriminatedUnion(
  'type',
  [
    BlockNodeSchema,
    TextNodeSchema,
    ListItemNodeSchema,
    CaptionNodeSchema,
    TableRowNodeSchema,
    TableCellNodeSchema,
    CollapsibleItemNodeSchema,
    CollapsibleItemTitleNodeSchema,
    CollapsibleItemBodyNodeSchema,
    LayoutCellNodeSchema,
  ],
  {
    error: (issue) =>
      `Unknown node type ${JSON.stringify((issue.input as { type?: unknown })?.type)}`,
  },
);

export type TextNode = z.infer<typeof TextNodeSchema>;
export type ParagraphNode = z.infer<typeof ParagraphNodeSchema>;
export type HeadingNode = z.infer<typeof HeadingNodeSchema>;
export type CodeBlockNode = z.infer<typeof CodeBlockNodeSchema>;
export type CaptionNode = z.infer<typeof CaptionNodeSchema>;
export type BlockquoteNode = z.infer<typeof BlockquoteNodeSchema>;
export type ImageNode = z.infer<typeof ImageNodeSchema>;
export type VideoNode = z.infer<typeof VideoNodeSchema>;
export type GifNode = z.infer<typeof GifNodeSchema>;
export type AudioNode = z.infer<typeof AudioNodeSchema>;
export type DividerNode = z.infer<typeof DividerNodeSchema>;
export type FileNode = z.infer<typeof FileNodeSchema>;
export type GalleryNode = z.infer<typeof GalleryNodeSchema>;
export type HtmlNode = z.infer<typeof HtmlNodeSchema>;
export type LinkPreviewNode = z.infer<typeof LinkPreviewNodeSchema>;
export type EmbedNode = z.infer<typeof EmbedNodeSchema>;
export type MapNode = z.infer<typeof MapNodeSchema>;
export type PollNode = z.infer<typeof PollNodeSchema>;
export type AppEmbedNode = z.infer<typeof AppEmbedNodeSchema>;
export type ButtonNode = z.infer<typeof ButtonNodeSchema>;
export type ListItemNode = z.infer<typeof ListItemNodeSchema>;
export type BulletedListNode = z.infer<typeof BulletedListNodeSchema>;
export type OrderedListNode = z.infer<typeof OrderedListNodeSchema>;
export type TableCellNode = z.infer<typeof TableCellNodeSchema>;
export type TableRowNode = z.infer<typeof TableRowNodeSchema>;
export type TableNode = z.infer<typeof TableNodeSchema>;
export type CollapsibleItemTitleNode = z.infer<typeof CollapsibleItemTitleNodeSchema>;
export type CollapsibleItemBodyNode = z.infer<typeof CollapsibleItemBodyNodeSchema>;
export type CollapsibleItemNode = z.infer<typeof CollapsibleItemNodeSchema>;
export type CollapsibleListNode = z.infer<typeof CollapsibleListNodeSchema>;
export type LayoutCellNode = z.infer<typeof LayoutCellNodeSchema>;
export type LayoutNode = z.infer<typeof LayoutNodeSchema>;
export type ExternalNode = z.infer<typeof ExternalNodeSchema>;
/** A node that may stand at the top of a document. */
export type BlockNode = z.infer<typeof BlockNodeSchema>;
/** Any node; narrow on `type` to reach its data block. */
export type RichNode = z.infer<typeof RichNodeSchema>;
/** The node of the given type. */
export type NodeOf<T extends NodeType> = Extract<RichNode, { type: T }>;
