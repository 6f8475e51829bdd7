/**
 * The editor part of every node type (issue 16): its TipTap node (`nodes/<type>/extension.ts`,
 * joined in `editor/extensions.ts`), its names in the editor (`editor/specs.ts`; TEXT is editor
 * text and has none) and how the post editor shows it. Typed against every `NodeType`, so a node type without an editor part does
 * not compile. Only the editor imports this module: it loads TipTap, which the reader's pages and
 * the server's renderer never need (they use `nodes/registry.ts` and `nodes/render-registry.ts`).
 */
import type { AnyExtension } from '@tiptap/core';
import { NODE_EXTENSIONS } from '../editor/extensions';
import { EDITOR_NODES, type EditorNodeSpec } from '../editor/specs';
import type { NodeType } from '../model/nodes';

/**
 * How the post editor shows a node: `text`, as editable text in ProseMirror's own DOM; `preview`,
 * in a node view that draws the reader's renderer; `captioned`, a preview with an editable
 * caption under it.
 */
export type NodeEditorView = 'text' | 'preview' | 'captioned';

/** The editor's view of every node type. */
export const NODE_EDITOR_VIEWS = {
  PARAGRAPH: 'text',
  TEXT: 'text',
  HEADING: 'text',
  BULLETED_LIST: 'text',
  ORDERED_LIST: 'text',
  LIST_ITEM: 'text',
  BLOCKQUOTE: 'text',
  CODE_BLOCK: 'text',
  VIDEO: 'captioned',
  DIVIDER: 'preview',
  FILE: 'preview',
  GALLERY: 'preview',
  GIF: 'captioned',
  HTML: 'preview',
  IMAGE: 'captioned',
  LINK_PREVIEW: 'preview',
  MAP: 'preview',
  POLL: 'preview',
  APP_EMBED: 'preview',
  BUTTON: 'preview',
  COLLAPSIBLE_LIST: 'text',
  TABLE: 'text',
  EMBED: 'preview',
  COLLAPSIBLE_ITEM: 'text',
  COLLAPSIBLE_ITEM_TITLE: 'text',
  COLLAPSIBLE_ITEM_BODY: 'text',
  TABLE_CELL: 'text',
  TABLE_ROW: 'text',
  EXTERNAL: 'text',
  AUDIO: 'captioned',
  CAPTION: 'text',
  LAYOUT: 'text',
  LAYOUT_CELL: 'text',
} as const satisfies Record<NodeType, NodeEditorView>;

/** Node types the editor shows through a node view (a preview of the block). */
export type PreviewNodeType = {
  [T in NodeType]: (typeof NODE_EDITOR_VIEWS)[T] extends 'text' ? never : T;
}[NodeType];

/** Everything the editor knows about one node type. */
export interface EditorNodePart {
  /** The TipTap node of the rich-content schema. */
  extension: AnyExtension;
  /** Its node name and data attribute; null for TEXT, which is editor text. */
  spec: EditorNodeSpec | null;
  view: NodeEditorView;
}

function part(type: NodeType): EditorNodePart {
  return {
    extension: NODE_EXTENSIONS[type],
    spec: type === 'TEXT' ? null : EDITOR_NODES[type],
    view: NODE_EDITOR_VIEWS[type],
  };
}

/** The editor part of every node type. */
export const EDITOR_PARTS = Object.fromEntries(
  (Object.keys(NODE_EDITOR_VIEWS) as NodeType[]).map((type) => [type, part(type)]),
) as Record<NodeType, EditorNodePart>;

/** The node types shown as previews, and whether each has an editable caption. */
export const PREVIEW_NODE_TYPES = Object.fromEntries(
  (Object.keys(NODE_EDITOR_VIEWS) as NodeType[])
    .filter((type) => NODE_EDITOR_VIEWS[type] !== 'text')
    .map((type) => [type, NODE_EDITOR_VIEWS[type] === 'captioned']),
) as Record<PreviewNodeType, boolean>;
