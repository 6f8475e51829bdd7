/**
 * The rich-content document (SPEC §3 "Rich content document"): what every post is made of.
 * This is the skeleton's part of the model: the document envelope, text nodes and the block
 * nodes the reader renders today. The rich-content issue extends it node by node; unknown node
 * types already validate (as `unknown` data) so that stored documents are never rejected when a
 * newer writer saved them.
 */
import { z } from 'zod';

/** Current version of the stored document shape; bump with a named upgrade step. */
export const DOCUMENT_VERSION = 1;

export const DecorationSchema = z.object({
  type: z.enum([
    'BOLD',
    'ITALIC',
    'UNDERLINE',
    'SPOILER',
    'ANCHOR',
    'MENTION',
    'LINK',
    'COLOR',
    'FONT_SIZE',
    'EXTERNAL',
  ]),
  linkData: z
    .object({
      link: z.object({
        url: z.string().optional(),
        anchor: z.string().optional(),
        target: z.enum(['SELF', 'BLANK', 'PARENT', 'TOP']).optional(),
        rel: z
          .object({
            nofollow: z.boolean().optional(),
            sponsored: z.boolean().optional(),
            ugc: z.boolean().optional(),
            noreferrer: z.boolean().optional(),
          })
          .optional(),
      }),
    })
    .optional(),
  mentionData: z
    .object({ name: z.string(), slug: z.string(), id: z.string().optional() })
    .optional(),
  fontWeightValue: z.number().optional(),
  italicData: z.boolean().optional(),
  underlineData: z.boolean().optional(),
});
export type Decoration = z.infer<typeof DecorationSchema>;

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

/** A media source: a stored media id or an external URL (SPEC §3 Media). */
export const MediaSrcSchema = z.object({
  id: z.string().optional(),
  url: z.string().optional(),
  custom: z.string().optional(),
  private: z.boolean().optional(),
});

export interface RichNode {
  type: NodeType;
  id: string;
  nodes: RichNode[];
  style?: { paddingTop?: string; paddingBottom?: string; backgroundColor?: string };
  textData?: { text: string; decorations: Decoration[] };
  headingData?: { level: number; indentation?: number };
  paragraphData?: { indentation?: number; textStyle?: { textAlignment?: string } };
  orderedListData?: { indentation?: number; start?: number };
  bulletedListData?: { indentation?: number };
  codeBlockData?: { textStyle?: { textAlignment?: string } };
  dividerData?: { lineStyle?: 'SINGLE' | 'DOUBLE' | 'DASHED' | 'DOTTED'; width?: string };
  imageData?: {
    image: { src: z.infer<typeof MediaSrcSchema>; width?: number; height?: number };
    altText?: string;
    caption?: string;
    disableExpand?: boolean;
  };
  videoData?: {
    video: { src: z.infer<typeof MediaSrcSchema> };
    thumbnail?: { src: z.infer<typeof MediaSrcSchema>; width?: number; height?: number };
    title?: string;
  };
  /** Data blocks of node types the skeleton does not render yet; kept as they are. */
  [dataKey: `${string}Data`]: unknown;
}

export const RichNodeSchema: z.ZodType<RichNode> = z.lazy(() =>
  z
    .object({
      type: z.enum(NODE_TYPES),
      id: z.string(),
      nodes: z.array(RichNodeSchema).default([]),
      style: z
        .object({
          paddingTop: z.string().optional(),
          paddingBottom: z.string().optional(),
          backgroundColor: z.string().optional(),
        })
        .optional(),
      textData: z
        .object({ text: z.string(), decorations: z.array(DecorationSchema).default([]) })
        .optional(),
      headingData: z
        .object({ level: z.number().int().min(1).max(6), indentation: z.number().optional() })
        .optional(),
    })
    .loose(),
) as z.ZodType<RichNode>;

export const RichDocumentSchema = z.object({
  nodes: z.array(RichNodeSchema),
  metadata: z
    .object({
      version: z.number().int().default(DOCUMENT_VERSION),
      createdTimestamp: z.string().optional(),
      updatedTimestamp: z.string().optional(),
      id: z.string().optional(),
    })
    .default({ version: DOCUMENT_VERSION }),
  documentStyle: z.record(z.string(), z.unknown()).optional(),
});
export type RichDocument = z.infer<typeof RichDocumentSchema>;

let nodeCounter = 0;
/** A short node id, unique within a process; documents only need ids unique within themselves. */
function nextId(): string {
  nodeCounter = (nodeCounter + 1) % 1_000_000_000;
  return `n${nodeCounter.toString(36)}`;
}

/** A TEXT node with optional decorations. */
export function text(value: string, decorations: Decoration[] = []): RichNode {
  return { type: 'TEXT', id: '', nodes: [], textData: { text: value, decorations } };
}

/** A PARAGRAPH of text runs (plain strings become undecorated TEXT nodes). */
export function paragraph(...runs: (string | RichNode)[]): RichNode {
  return {
    type: 'PARAGRAPH',
    id: nextId(),
    nodes: runs.map((r) => (typeof r === 'string' ? text(r) : r)),
    paragraphData: {},
  };
}

/** A HEADING of the given level (1–6). */
export function heading(level: number, value: string): RichNode {
  return { type: 'HEADING', id: nextId(), nodes: [text(value)], headingData: { level } };
}

/** A BLOCKQUOTE holding one paragraph. */
export function blockquote(value: string): RichNode {
  return { type: 'BLOCKQUOTE', id: nextId(), nodes: [paragraph(value)] };
}

/** A CODE_BLOCK with its source text. */
export function codeBlock(source: string): RichNode {
  return { type: 'CODE_BLOCK', id: nextId(), nodes: [text(source)], codeBlockData: {} };
}

/** A BULLETED_LIST or ORDERED_LIST of plain-text items. */
export function list(kind: 'bulleted' | 'ordered', items: string[]): RichNode {
  return {
    type: kind === 'ordered' ? 'ORDERED_LIST' : 'BULLETED_LIST',
    id: nextId(),
    nodes: items.map((item) => ({ type: 'LIST_ITEM', id: nextId(), nodes: [paragraph(item)] })),
  };
}

/** A DIVIDER. */
export function divider(lineStyle: 'SINGLE' | 'DOUBLE' | 'DASHED' | 'DOTTED' = 'SINGLE'): RichNode {
  return { type: 'DIVIDER', id: nextId(), nodes: [], dividerData: { lineStyle, width: 'LARGE' } };
}

/** An IMAGE of a stored media file. */
export function image(
  media: { id: string; width: number; height: number },
  options: { altText?: string; caption?: string } = {},
): RichNode {
  return {
    type: 'IMAGE',
    id: nextId(),
    nodes: [],
    imageData: {
      image: { src: { id: media.id }, width: media.width, height: media.height },
      altText: options.altText,
      caption: options.caption,
    },
  };
}

/** A VIDEO from a video host or an own mp4 file, with an optional thumbnail. */
export function video(
  url: string,
  thumbnail?: { url: string; width: number; height: number },
  title?: string,
): RichNode {
  return {
    type: 'VIDEO',
    id: nextId(),
    nodes: [],
    videoData: {
      video: { src: { url } },
      thumbnail: thumbnail
        ? { src: { url: thumbnail.url }, width: thumbnail.width, height: thumbnail.height }
        : undefined,
      title,
    },
  };
}

/** A whole document from block nodes. */
export function documentOf(nodes: RichNode[], now = new Date()): RichDocument {
  const stamp = now.toISOString();
  return {
    nodes,
    metadata: { version: DOCUMENT_VERSION, createdTimestamp: stamp, updatedTimestamp: stamp },
  };
}
