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
 * A node's own code lives in `nodes/<type>/` (data-block schema, limits, renderer, TipTap node,
 * its own text form; docs/rich-content-nodes.md); this module is where the parts of every node
 * meet. Search and plain text (`text.ts`) and the document's upgrade path (`nodes/upgrades.ts`,
 * used by `parseDocument`) read it.
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
import { IMAGE_TEXT } from './image/text';
import { TEXT_TEXT } from './text/text';
import { CHILDREN_TEXT, LINE_TEXT, type TextForm } from './text-forms';

export type { TextForm };

/** Everything the model knows about one node type. */
export interface NodeDefinition<T extends NodeType = NodeType> {
  /** The strict schema of the node, its data block and the children it may hold. */
  schema: z.ZodType<NodeOf<T>, unknown>;
  /** The node's plain-text form (search, excerpts, reading time). */
  text: TextForm<T>;
  /** The node holds only text: with blank text it shows nothing (SPEC §5: a post needs content). */
  isTextOnly: boolean;
  /** The node's named upgrade steps, oldest first (`model/upgrade.ts`); none yet. */
  upgrades: readonly NodeUpgrade[];
}

/** Every node type's definition; a missing type, or a part of one, fails to compile. */
export type NodeRegistry = { [T in NodeType]: NodeDefinition<T> };

/** A node's definition: its schema and text form; not text only and no upgrades unless given. */
function node<T extends NodeType>(
  schema: NodeDefinition<T>['schema'],
  text: TextForm<NoInfer<T>>,
  parts: Partial<Pick<NodeDefinition<T>, 'isTextOnly' | 'upgrades'>> = {},
): NodeDefinition<T> {
  return { schema, text, isTextOnly: false, upgrades: [], ...parts };
}

export const NODES = {
  PARAGRAPH: node(ParagraphNodeSchema, LINE_TEXT, { isTextOnly: true }),
  TEXT: node(TextNodeSchema, TEXT_TEXT, { isTextOnly: true }),
  HEADING: node(HeadingNodeSchema, LINE_TEXT, { isTextOnly: true }),
  BULLETED_LIST: node(BulletedListNodeSchema, CHILDREN_TEXT, { isTextOnly: true }),
  ORDERED_LIST: node(OrderedListNodeSchema, CHILDREN_TEXT, { isTextOnly: true }),
  LIST_ITEM: node(ListItemNodeSchema, LINE_TEXT, { isTextOnly: true }),
  BLOCKQUOTE: node(BlockquoteNodeSchema, LINE_TEXT, { isTextOnly: true }),
  CODE_BLOCK: node(CodeBlockNodeSchema, LINE_TEXT, { isTextOnly: true }),
  VIDEO: node(VideoNodeSchema, CHILDREN_TEXT),
  DIVIDER: node(DividerNodeSchema, CHILDREN_TEXT),
  FILE: node(FileNodeSchema, CHILDREN_TEXT),
  GALLERY: node(GalleryNodeSchema, CHILDREN_TEXT),
  GIF: node(GifNodeSchema, CHILDREN_TEXT),
  HTML: node(HtmlNodeSchema, CHILDREN_TEXT),
  IMAGE: node(ImageNodeSchema, IMAGE_TEXT),
  LINK_PREVIEW: node(LinkPreviewNodeSchema, CHILDREN_TEXT),
  MAP: node(MapNodeSchema, CHILDREN_TEXT),
  POLL: node(PollNodeSchema, CHILDREN_TEXT),
  APP_EMBED: node(AppEmbedNodeSchema, CHILDREN_TEXT),
  BUTTON: node(ButtonNodeSchema, CHILDREN_TEXT),
  COLLAPSIBLE_LIST: node(CollapsibleListNodeSchema, CHILDREN_TEXT),
  TABLE: node(TableNodeSchema, CHILDREN_TEXT),
  EMBED: node(EmbedNodeSchema, CHILDREN_TEXT),
  COLLAPSIBLE_ITEM: node(CollapsibleItemNodeSchema, CHILDREN_TEXT),
  COLLAPSIBLE_ITEM_TITLE: node(CollapsibleItemTitleNodeSchema, LINE_TEXT),
  COLLAPSIBLE_ITEM_BODY: node(CollapsibleItemBodyNodeSchema, LINE_TEXT),
  TABLE_CELL: node(TableCellNodeSchema, LINE_TEXT),
  TABLE_ROW: node(TableRowNodeSchema, LINE_TEXT),
  EXTERNAL: node(ExternalNodeSchema, CHILDREN_TEXT),
  AUDIO: node(AudioNodeSchema, CHILDREN_TEXT),
  CAPTION: node(CaptionNodeSchema, LINE_TEXT),
  LAYOUT: node(LayoutNodeSchema, CHILDREN_TEXT),
  LAYOUT_CELL: node(LayoutCellNodeSchema, LINE_TEXT),
} as const satisfies NodeRegistry;

/** The definition of a node's type, for code that holds a node of any type. */
export const definitionOf = (type: NodeType): NodeDefinition => NODES[type] as NodeDefinition;
