/**
 * The node registry (issue 16, CONVENTIONS "One node registry"): every node type of the model
 * (SPEC §3) with its schema, its plain-text form, whether it holds only text, and its upgrade
 * steps. The map is typed against every `NodeType`, so a node type without one of these parts does
 * not compile. The parts that need React or TipTap have registries of their own, typed the same
 * way, so that neither the server nor the reader's bundle loads the editor:
 *
 * - `nodes/render-registry.ts`: the renderer of every node type (reader, server and editor
 *   previews);
 * - `nodes/editor-registry.ts`: the editor part of every node type (its TipTap extension and
 *   editor names).
 *
 * A node's own code lives in `nodes/<type>/` (its limits, and more as nodes move in); this module
 * is where the parts of every node meet. Search and plain text (`text.ts`) and the document's
 * upgrade path (`nodes/upgrades.ts`, used by `parseDocument`) read it.
 */
import type { z } from 'zod';
import {
  AppEmbedNodeSchema,
  AudioNodeSchema,
  BlockquoteNodeSchema,
  BulletedListNodeSchema,
  ButtonNodeSchema,
  CaptionNodeSchema,
  CodeBlockNodeSchema,
  CollapsibleItemBodyNodeSchema,
  CollapsibleItemNodeSchema,
  CollapsibleItemTitleNodeSchema,
  CollapsibleListNodeSchema,
  DividerNodeSchema,
  EmbedNodeSchema,
  ExternalNodeSchema,
  FileNodeSchema,
  GalleryNodeSchema,
  GifNodeSchema,
  HeadingNodeSchema,
  HtmlNodeSchema,
  ImageNodeSchema,
  LayoutCellNodeSchema,
  LayoutNodeSchema,
  LinkPreviewNodeSchema,
  ListItemNodeSchema,
  MapNodeSchema,
  type NodeOf,
  type NodeType,
  OrderedListNodeSchema,
  ParagraphNodeSchema,
  PollNodeSchema,
  TableCellNodeSchema,
  TableNodeSchema,
  TableRowNodeSchema,
  TextNodeSchema,
  VideoNodeSchema,
} from '../model/nodes';
import type { NodeUpgrade } from '../model/upgrade';

/** Everything the model knows about one node type. */
export interface NodeDefinition<T extends NodeType = NodeType> {
  /** The strict schema of the node, its data block and the children it may hold. */
  schema: z.ZodType<NodeOf<T>, unknown>;
  /**
   * The node's plain text (search, excerpts, reading time), given its children's text: a TEXT
   * run's text, a line break after a text block, nothing of its own for the rest.
   */
  plainText(node: NodeOf<T>, children: string): string;
  /** The node holds only text: with blank text it shows nothing (SPEC §5: a post needs content). */
  isTextOnly: boolean;
  /** The node's named upgrade steps, oldest first (`model/upgrade.ts`); none yet. */
  upgrades: readonly NodeUpgrade[];
}

/** Every node type's definition; a missing type, or a part of one, fails to compile. */
export type NodeRegistry = { [T in NodeType]: NodeDefinition<T> };

/** Text of its children only (structure, media and embeds). */
const childrenText = (_node: unknown, children: string) => children;
/** A text block: its children's text and a line break. */
const lineText = (_node: unknown, children: string) => `${children}\n`;

/** A node whose text is its children's. */
function node<T extends NodeType>(
  schema: NodeDefinition<T>['schema'],
  parts: Partial<Omit<NodeDefinition<T>, 'schema'>> = {},
): NodeDefinition<T> {
  return { schema, plainText: childrenText, isTextOnly: false, upgrades: [], ...parts };
}

export const NODES = {
  PARAGRAPH: node(ParagraphNodeSchema, { plainText: lineText, isTextOnly: true }),
  TEXT: node(TextNodeSchema, {
    plainText: (text, children) => text.textData.text + children,
    isTextOnly: true,
  }),
  HEADING: node(HeadingNodeSchema, { plainText: lineText, isTextOnly: true }),
  BULLETED_LIST: node(BulletedListNodeSchema, { isTextOnly: true }),
  ORDERED_LIST: node(OrderedListNodeSchema, { isTextOnly: true }),
  LIST_ITEM: node(ListItemNodeSchema, { plainText: lineText, isTextOnly: true }),
  BLOCKQUOTE: node(BlockquoteNodeSchema, { plainText: lineText, isTextOnly: true }),
  CODE_BLOCK: node(CodeBlockNodeSchema, { plainText: lineText, isTextOnly: true }),
  VIDEO: node(VideoNodeSchema),
  DIVIDER: node(DividerNodeSchema),
  FILE: node(FileNodeSchema),
  GALLERY: node(GalleryNodeSchema),
  GIF: node(GifNodeSchema),
  HTML: node(HtmlNodeSchema),
  IMAGE: node(ImageNodeSchema, {
    // The skeleton's caption string on images counts as a caption line (SPEC §3 Image caption).
    plainText: (image, children) =>
      image.imageData.caption ? `${children}\n${image.imageData.caption}\n` : children,
  }),
  LINK_PREVIEW: node(LinkPreviewNodeSchema),
  MAP: node(MapNodeSchema),
  POLL: node(PollNodeSchema),
  APP_EMBED: node(AppEmbedNodeSchema),
  BUTTON: node(ButtonNodeSchema),
  COLLAPSIBLE_LIST: node(CollapsibleListNodeSchema),
  TABLE: node(TableNodeSchema),
  EMBED: node(EmbedNodeSchema),
  COLLAPSIBLE_ITEM: node(CollapsibleItemNodeSchema),
  COLLAPSIBLE_ITEM_TITLE: node(CollapsibleItemTitleNodeSchema, { plainText: lineText }),
  COLLAPSIBLE_ITEM_BODY: node(CollapsibleItemBodyNodeSchema, { plainText: lineText }),
  TABLE_CELL: node(TableCellNodeSchema, { plainText: lineText }),
  TABLE_ROW: node(TableRowNodeSchema, { plainText: lineText }),
  EXTERNAL: node(ExternalNodeSchema),
  AUDIO: node(AudioNodeSchema),
  CAPTION: node(CaptionNodeSchema, { plainText: lineText }),
  LAYOUT: node(LayoutNodeSchema),
  LAYOUT_CELL: node(LayoutCellNodeSchema, { plainText: lineText }),
} as const satisfies NodeRegistry;

/** The definition of a node's type, for code that holds a node of any type. */
export const definitionOf = (type: NodeType): NodeDefinition => NODES[type] as NodeDefinition;
