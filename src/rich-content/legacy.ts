/**
 * The older block-and-entity-map form of a document (SPEC §3: Draft.js raw content as the Wix
 * editor stored it before Ricos documents) converted to the rich-content document. Importers do
 * not call this directly: `importDocument` (`import.ts`) takes either form and checks the result.
 *
 * - Blocks: `unstyled` → PARAGRAPH, `header-one`…`header-six` → HEADING, `blockquote` →
 *   BLOCKQUOTE, consecutive `code-block`s → one CODE_BLOCK (lines joined by "\n"), consecutive
 *   list items → one BULLETED_LIST/ORDERED_LIST with nested lists by `depth`, `atomic` → the
 *   node of its entity. Unknown block types keep their text as a PARAGRAPH.
 * - Inline styles and entity ranges may overlap: the text is cut at every range boundary and
 *   each run gets the decorations covering it (adjacent runs with the same marks are merged).
 * - Entities: LINK → LINK (or ANCHOR for in-document links), mention → MENTION; atomic images,
 *   videos, dividers and galleries become IMAGE, VIDEO, DIVIDER and GALLERY. Unknown entity
 *   types, and atomic entities whose data does not make a valid node, are dropped.
 *
 * Offsets: Draft.js' `convertToRaw` writes range offsets and lengths in Unicode code points
 * (`UnicodeUtils.strlen`), so an emoji (two UTF-16 code units) counts as one. That is the default
 * here; `offsetUnit: 'utf16'` reads them as JavaScript string indexes instead, for producers that
 * wrote `string.length`-based ranges. Either way a range never splits a surrogate pair.
 */
import { z } from 'zod';
import {
  type BlockNode,
  BlockNodeSchema,
  type ContainerData,
  type Decoration,
  DOCUMENT_VERSION,
  GALLERY_LAYOUTS,
  type GalleryItem,
  type ListItemNode,
  type Media,
  type ParagraphNode,
  type RichDocument,
  RichDocumentSchema,
  type TextAlignment,
  type TextNode,
} from './document';

const RangeSchema = z.object({
  offset: z.number().int(),
  length: z.number().int(),
});

/** The raw content shape, read leniently: only what the converter needs is checked. */
export const LegacyContentSchema = z.looseObject({
  blocks: z.array(
    z.looseObject({
      key: z.string().optional(),
      text: z.string().default(''),
      type: z.string().default('unstyled'),
      depth: z.number().int().min(0).default(0),
      inlineStyleRanges: z.array(RangeSchema.extend({ style: z.string() })).default([]),
      entityRanges: z
        .array(RangeSchema.extend({ key: z.union([z.number(), z.string()]) }))
        .default([]),
      data: z.record(z.string(), z.unknown()).default({}),
    }),
  ),
  entityMap: z
    .record(
      z.string(),
      z.looseObject({
        type: z.string(),
        mutability: z.string().optional(),
        data: z.record(z.string(), z.unknown()).default({}),
      }),
    )
    .default({}),
});
export type LegacyContent = z.input<typeof LegacyContentSchema>;
type Block = z.infer<typeof LegacyContentSchema>['blocks'][number];
type Entity = z.infer<typeof LegacyContentSchema>['entityMap'][string];

export interface LegacyOptions {
  /** How range offsets count characters; see the module comment. Default `'code-point'`. */
  offsetUnit?: 'code-point' | 'utf16';
  /** Stamp for the document's metadata when the raw content has none. */
  now?: Date;
}

// ---- small readers for loosely typed entity data -------------------------------------------

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' ? Number.parseFloat(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
};
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
/** Drops undefined fields (the schema would, and JSON does): results compare cleanly. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

// ---- offsets --------------------------------------------------------------------------------

/** Maps a range position to a UTF-16 index of `text`, never inside a surrogate pair. */
function offsetMapper(text: string, unit: 'code-point' | 'utf16'): (position: number) => number {
  if (unit === 'utf16') {
    return (position) => {
      let at = Math.max(0, Math.min(position, text.length));
      // A position between the halves of a pair moves back to the pair's start.
      const code = text.charCodeAt(at);
      if (at > 0 && at < text.length && code >= 0xdc00 && code <= 0xdfff) at--;
      return at;
    };
  }
  const starts: number[] = [];
  let index = 0;
  for (const char of text) {
    starts.push(index);
    index += char.length;
  }
  starts.push(text.length);
  return (position) => starts[Math.max(0, Math.min(position, starts.length - 1))]!;
}

// ---- inline styles and entities --------------------------------------------------------------

const STYLE_DECORATIONS: Record<string, Decoration> = {
  BOLD: { type: 'BOLD' },
  ITALIC: { type: 'ITALIC' },
  UNDERLINE: { type: 'UNDERLINE' },
  SPOILER: { type: 'SPOILER' },
};
const STYLE_ORDER = ['BOLD', 'ITALIC', 'UNDERLINE', 'SPOILER', 'COLOR'];

/** Wix wrote colours as JSON inline styles: `{"FG":"#ff0000"}` and `{"BG":"#ffff00"}`. */
function colorOf(style: string): { foreground?: string; background?: string } | undefined {
  if (!style.startsWith('{')) return undefined;
  try {
    const parsed = obj(JSON.parse(style));
    const foreground = str(parsed?.FG);
    const background = str(parsed?.BG);
    return foreground || background ? defined({ foreground, background }) : undefined;
  } catch {
    return undefined;
  }
}

const LINK_TARGETS: Record<string, 'SELF' | 'BLANK' | 'PARENT' | 'TOP'> = {
  _self: 'SELF',
  _blank: 'BLANK',
  _parent: 'PARENT',
  _top: 'TOP',
};

/** The decoration an inline entity stands for, or null for entities that have none. */
function entityDecoration(entity: Entity | undefined): Decoration | null {
  if (!entity) return null;
  const data = entity.data;
  switch (entity.type.toUpperCase()) {
    case 'LINK': {
      const url = str(data.url) ?? str(data.href);
      const anchor = str(data.anchor);
      if (!url && anchor) return { type: 'ANCHOR', anchorData: { anchor } };
      if (!url) return null;
      const relWords = new Set((str(data.rel) ?? '').toLowerCase().split(/\s+/));
      const rel = defined({
        nofollow: relWords.has('nofollow') || undefined,
        sponsored: relWords.has('sponsored') || undefined,
        ugc: relWords.has('ugc') || undefined,
        noreferrer: relWords.has('noreferrer') || undefined,
      });
      const target = LINK_TARGETS[str(data.target) ?? ''] ?? 'SELF';
      return {
        type: 'LINK',
        linkData: {
          link: defined({ url, target, rel: Object.keys(rel).length > 0 ? rel : undefined }),
        },
      };
    }
    case 'MENTION': {
      const mention = obj(data.mention) ?? data;
      const name = str(mention.name);
      const slug = str(mention.slug);
      if (!name || !slug) return null;
      const id = str(mention.id) ?? str(obj(mention.serializedData)?.id);
      return { type: 'MENTION', mentionData: defined({ name, slug, id }) };
    }
    default:
      return null;
  }
}

/**
 * The block's text as TEXT runs: cut at every style and entity boundary, each run decorated by
 * what covers it. Runs with the same marks next to each other are merged.
 */
function textRuns(
  block: Block,
  entityMap: Record<string, Entity>,
  unit: LegacyOptions['offsetUnit'],
): TextNode[] {
  const text = block.text;
  if (text === '') return [];
  const at = offsetMapper(text, unit ?? 'code-point');
  type Mark = { start: number; end: number; style?: string; entity?: string };
  const marks: Mark[] = [];
  for (const range of block.inlineStyleRanges) {
    const start = at(range.offset);
    const end = at(range.offset + range.length);
    if (end > start) marks.push({ start, end, style: range.style });
  }
  for (const range of block.entityRanges) {
    const start = at(range.offset);
    const end = at(range.offset + range.length);
    if (end > start) marks.push({ start, end, entity: String(range.key) });
  }
  const cuts = [...new Set([0, text.length, ...marks.flatMap((m) => [m.start, m.end])])].sort(
    (a, b) => a - b,
  );
  const runs: { text: string; signature: string; decorations: Decoration[] }[] = [];
  for (let i = 0; i < cuts.length - 1; i++) {
    const start = cuts[i]!;
    const end = cuts[i + 1]!;
    const covering = marks.filter((m) => m.start <= start && m.end >= end);
    const styles = new Set(covering.flatMap((m) => (m.style ? [m.style] : [])));
    const entityKey = covering.find((m) => m.entity !== undefined)?.entity;
    const decorations: Decoration[] = [];
    let color: { foreground?: string; background?: string } | undefined;
    for (const style of styles) {
      const c = colorOf(style);
      if (c) color = { ...color, ...c };
    }
    for (const name of STYLE_ORDER) {
      if (name === 'COLOR') {
        if (color) decorations.push({ type: 'COLOR', colorData: color });
      } else if (styles.has(name)) {
        decorations.push(STYLE_DECORATIONS[name]!);
      }
    }
    const entity = entityDecoration(entityKey !== undefined ? entityMap[entityKey] : undefined);
    if (entity) decorations.push(entity);
    // Same entity key and same marks: one run. Different links never merge.
    const signature = `${JSON.stringify(decorations)}|${entity ? entityKey : ''}`;
    const previous = runs[runs.length - 1];
    if (previous && previous.signature === signature) previous.text += text.slice(start, end);
    else runs.push({ text: text.slice(start, end), signature, decorations });
  }
  return runs.map((r) => ({
    type: 'TEXT',
    id: '',
    nodes: [],
    textData: { text: r.text, decorations: r.decorations },
  }));
}

// ---- text blocks -----------------------------------------------------------------------------

const ALIGNMENTS: Record<string, TextAlignment> = {
  left: 'LEFT',
  right: 'RIGHT',
  center: 'CENTER',
  justify: 'JUSTIFY',
};

function textStyleOf(block: Block) {
  const alignment = ALIGNMENTS[str(block.data.textAlignment) ?? ''];
  return alignment ? { textStyle: { textAlignment: alignment } } : {};
}

const HEADER_LEVELS: Record<string, number> = {
  'header-one': 1,
  'header-two': 2,
  'header-three': 3,
  'header-four': 4,
  'header-five': 5,
  'header-six': 6,
};

interface Context {
  entityMap: Record<string, Entity>;
  unit: LegacyOptions['offsetUnit'];
  ids: Set<string>;
}

/** A node id from the block key, unique within the document. */
function idFor(ctx: Context, base: string | undefined, suffix = ''): string {
  const root = `${base ?? 'b'}${suffix}`;
  let id = root;
  for (let n = 2; ctx.ids.has(id); n++) id = `${root}-${n}`;
  ctx.ids.add(id);
  return id;
}

function paragraphOf(block: Block, ctx: Context, suffix = ''): ParagraphNode {
  const style = textStyleOf(block);
  const indentation = block.depth > 0 && !block.type.endsWith('list-item') ? block.depth : 0;
  return {
    type: 'PARAGRAPH',
    id: idFor(ctx, block.key, suffix),
    nodes: textRuns(block, ctx.entityMap, ctx.unit),
    paragraphData: { ...style, ...(indentation > 0 && { indentation }) },
  };
}

// ---- atomic blocks ---------------------------------------------------------------------------

const CONTAINER_SIZES: Record<string, NonNullable<ContainerData['width']>['size']> = {
  content: 'CONTENT',
  small: 'SMALL',
  inline: 'SMALL',
  original: 'ORIGINAL',
  fullWidth: 'FULL_WIDTH',
};
const CONTAINER_ALIGNMENTS: Record<string, ContainerData['alignment']> = {
  left: 'LEFT',
  right: 'RIGHT',
  center: 'CENTER',
};

function containerOf(config: Loose | undefined): { containerData?: ContainerData } {
  if (!config) return {};
  const size = CONTAINER_SIZES[str(config.size) ?? ''];
  const alignment = CONTAINER_ALIGNMENTS[str(config.alignment) ?? ''];
  if (!size && !alignment) return {};
  return { containerData: defined({ width: size ? { size } : undefined, alignment }) };
}

/** A media source: stored file names and ids become `id`, addresses become `url`. */
function sourceOf(value: unknown): Media['src'] | undefined {
  const s = str(value);
  if (!s) return undefined;
  return /^(https?:)?\/\//i.test(s) || s.startsWith('/') ? { url: s } : { id: s };
}

function imageNode(data: Loose, id: string): unknown {
  const src = obj(data.src);
  const source = src
    ? (sourceOf(src.file_name) ?? sourceOf(src.id) ?? sourceOf(src.url))
    : sourceOf(data.src);
  if (!source) return null;
  const metadata = obj(data.metadata) ?? {};
  const config = obj(data.config);
  const link = obj(config?.link);
  const url = str(link?.url);
  return {
    type: 'IMAGE',
    id,
    nodes: [],
    imageData: defined({
      ...containerOf(config),
      image: defined({ src: source, width: num(src?.width), height: num(src?.height) }),
      altText: str(metadata.alt),
      caption: str(metadata.caption),
      disableExpand: bool(config?.disableExpand),
      disableDownload: bool(config?.disableDownload),
      link: url ? { url, target: LINK_TARGETS[str(link?.target) ?? ''] ?? 'SELF' } : undefined,
    }),
  };
}

function videoNode(data: Loose, id: string): unknown {
  const src = obj(data.src);
  const video = src ? (sourceOf(src.pathname) ?? sourceOf(src.url)) : sourceOf(data.src);
  if (!video) return null;
  const metadata = obj(data.metadata) ?? {};
  const uploadedThumb = obj(src?.thumbnail);
  const thumbSource = sourceOf(metadata.thumbnail_url) ?? sourceOf(uploadedThumb?.pathname);
  const thumbnail = thumbSource
    ? defined({
        src: thumbSource,
        width: num(metadata.thumbnail_width) ?? num(uploadedThumb?.width),
        height: num(metadata.thumbnail_height) ?? num(uploadedThumb?.height),
      })
    : undefined;
  return {
    type: 'VIDEO',
    id,
    nodes: [],
    videoData: defined({
      ...containerOf(obj(data.config)),
      video: { src: video },
      thumbnail,
      title: str(metadata.title),
    }),
  };
}

const LINE_STYLES: Record<string, 'SINGLE' | 'DOUBLE' | 'DASHED' | 'DOTTED'> = {
  single: 'SINGLE',
  double: 'DOUBLE',
  dashed: 'DASHED',
  dotted: 'DOTTED',
};
const DIVIDER_WIDTHS: Record<string, 'LARGE' | 'MEDIUM' | 'SMALL'> = {
  large: 'LARGE',
  medium: 'MEDIUM',
  small: 'SMALL',
};

function dividerNode(data: Loose, id: string): unknown {
  const config = obj(data.config);
  return {
    type: 'DIVIDER',
    id,
    nodes: [],
    dividerData: defined({
      lineStyle: LINE_STYLES[str(data.type) ?? ''] ?? 'SINGLE',
      width: DIVIDER_WIDTHS[str(config?.size) ?? ''] ?? 'LARGE',
      alignment: CONTAINER_ALIGNMENTS[str(config?.alignment) ?? ''],
    }),
  };
}

/** Wix Pro Gallery's numeric `galleryLayout` (0 collage … 9 fullsize); others fall back. */
function galleryLayoutOf(value: unknown) {
  const n = typeof value === 'number' ? value : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n < GALLERY_LAYOUTS.length
    ? GALLERY_LAYOUTS[n]!
    : 'COLLAGE';
}

const THUMBNAIL_PLACEMENTS: Record<string, 'TOP' | 'RIGHT' | 'BOTTOM' | 'LEFT'> = {
  top: 'TOP',
  right: 'RIGHT',
  bottom: 'BOTTOM',
  left: 'LEFT',
};

function galleryItem(raw: unknown): GalleryItem | null {
  const item = obj(raw);
  if (!item) return null;
  const metadata = obj(item.metadata) ?? {};
  const source = sourceOf(item.url) ?? sourceOf(item.src);
  if (!source) return null;
  const media: Media = defined({
    src: source,
    width: num(metadata.width),
    height: num(metadata.height),
  });
  const common = defined({ title: str(metadata.title), altText: str(metadata.altText) });
  if (str(metadata.type) === 'video') {
    const poster = obj(metadata.poster);
    const posterSource = poster
      ? (sourceOf(poster.url) ?? sourceOf(poster.id))
      : sourceOf(metadata.poster);
    const thumbnail = posterSource
      ? defined({ src: posterSource, width: num(poster?.width), height: num(poster?.height) })
      : undefined;
    return { video: defined({ media, thumbnail }), ...common };
  }
  return { image: { media }, ...common };
}

function galleryNode(data: Loose, id: string): unknown {
  const items = (Array.isArray(data.items) ? data.items : [])
    .map(galleryItem)
    .filter((item): item is GalleryItem => item !== null);
  const styles = obj(data.styles) ?? {};
  const cubeType = str(styles.cubeType);
  const placement = THUMBNAIL_PLACEMENTS[str(styles.galleryThumbnailsAlignment) ?? ''];
  const item = defined({
    targetSize: num(styles.gallerySizePx),
    ratio: num(styles.cubeRatio) || undefined,
    crop:
      cubeType === 'fit' ? ('FIT' as const) : cubeType === 'fill' ? ('FILL' as const) : undefined,
    spacing: num(styles.imageMargin),
  });
  const columns = num(styles.numberOfImagesPerRow);
  return {
    type: 'GALLERY',
    id,
    nodes: [],
    galleryData: defined({
      ...containerOf(obj(data.config)),
      items,
      options: defined({
        layout: defined({
          type: galleryLayoutOf(styles.galleryLayout),
          orientation: styles.isVertical === true ? ('COLUMNS' as const) : ('ROWS' as const),
          horizontalScroll: bool(styles.oneRow),
          numberOfColumns: columns && columns >= 1 ? Math.round(columns) : undefined,
        }),
        item: Object.keys(item).length > 0 ? item : undefined,
        thumbnails: placement
          ? defined({ placement, spacing: num(styles.thumbnailSpacings) })
          : undefined,
      }),
      disableExpand: bool(obj(data.config)?.disableExpand),
      disableDownload: bool(obj(data.config)?.disableDownload),
    }),
  };
}

const ATOMIC_CONVERTERS: Record<string, (data: Loose, id: string) => unknown> = {
  IMAGE: imageNode,
  'wix-draft-plugin-image': imageNode,
  VIDEO: videoNode,
  'wix-draft-plugin-video': videoNode,
  DIVIDER: dividerNode,
  'wix-draft-plugin-divider': dividerNode,
  GALLERY: galleryNode,
  'wix-draft-plugin-gallery': galleryNode,
};

/** The node of an atomic block's entity, or null when unknown or not valid. */
function atomicNode(block: Block, ctx: Context): BlockNode | null {
  const range = block.entityRanges[0];
  const entity = range ? ctx.entityMap[String(range.key)] : undefined;
  const convert = entity ? ATOMIC_CONVERTERS[entity.type] : undefined;
  if (!entity || !convert) return null;
  const candidate = convert(entity.data, idFor(ctx, block.key));
  if (!candidate) return null;
  const parsed = BlockNodeSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

// ---- lists -----------------------------------------------------------------------------------

type ListKind = 'BULLETED_LIST' | 'ORDERED_LIST';
interface OpenList {
  kind: ListKind;
  items: ListItemNode[];
}

/**
 * Groups consecutive list items into lists, nesting by depth: a deeper item opens a list inside
 * the previous item; a change of kind at the same depth starts a new list.
 */
class ListBuilder {
  private readonly stack: OpenList[] = [];
  constructor(
    private readonly ctx: Context,
    private readonly out: BlockNode[],
  ) {}

  add(block: Block, kind: ListKind): void {
    // A depth can only go one level deeper than the open lists allow.
    const depth = Math.min(block.depth, this.stack.length);
    while (this.stack.length > depth + 1) this.stack.pop();
    if (this.stack.length === depth + 1 && this.stack[depth]!.kind !== kind) this.stack.pop();
    if (this.stack.length === depth) this.open(kind, block);
    const item: ListItemNode = {
      type: 'LIST_ITEM',
      id: idFor(this.ctx, block.key),
      nodes: [paragraphOf(block, this.ctx, '-p')],
    };
    this.stack[depth]!.items.push(item);
  }

  private open(kind: ListKind, block: Block): void {
    const list: OpenList = { kind, items: [] };
    const node = {
      type: kind,
      id: idFor(this.ctx, block.key, '-list'),
      nodes: list.items,
    } as BlockNode & { type: ListKind };
    const parent = this.stack[this.stack.length - 1];
    if (parent) parent.items[parent.items.length - 1]!.nodes.push(node);
    else this.out.push(node);
    this.stack.push(list);
  }

  close(): void {
    this.stack.length = 0;
  }
}

// ---- the converter ---------------------------------------------------------------------------

/**
 * Converts Draft.js raw content (`{ blocks, entityMap }`) to a rich-content document that passes
 * `parseDocument`. Throws a ZodError when the input is not raw content at all.
 */
export function fromLegacyContent(raw: unknown, options: LegacyOptions = {}): RichDocument {
  const content = LegacyContentSchema.parse(raw);
  const ctx: Context = { entityMap: content.entityMap, unit: options.offsetUnit, ids: new Set() };
  const nodes: BlockNode[] = [];
  const lists = new ListBuilder(ctx, nodes);
  let code: { node: BlockNode & { type: 'CODE_BLOCK' } } | null = null;

  for (const block of content.blocks) {
    const type = block.type;
    if (type !== 'code-block') code = null;
    if (type === 'unordered-list-item' || type === 'ordered-list-item') {
      lists.add(block, type === 'ordered-list-item' ? 'ORDERED_LIST' : 'BULLETED_LIST');
      continue;
    }
    lists.close();
    const level = HEADER_LEVELS[type];
    if (level !== undefined) {
      nodes.push({
        type: 'HEADING',
        id: idFor(ctx, block.key),
        nodes: textRuns(block, ctx.entityMap, ctx.unit),
        headingData: { level, ...textStyleOf(block) },
      });
    } else if (type === 'blockquote') {
      nodes.push({
        type: 'BLOCKQUOTE',
        id: idFor(ctx, block.key),
        nodes: [paragraphOf(block, ctx, '-p')],
      });
    } else if (type === 'code-block') {
      const runs = textRuns(block, ctx.entityMap, ctx.unit);
      if (code) {
        code.node.nodes.push(
          { type: 'TEXT', id: '', nodes: [], textData: { text: '\n', decorations: [] } },
          ...runs,
        );
      } else {
        code = {
          node: { type: 'CODE_BLOCK', id: idFor(ctx, block.key), nodes: runs, codeBlockData: {} },
        };
        nodes.push(code.node);
      }
    } else if (type === 'atomic') {
      const node = atomicNode(block, ctx);
      if (node) nodes.push(node);
    } else {
      nodes.push(paragraphOf(block, ctx));
    }
  }

  const stamp = (options.now ?? new Date()).toISOString();
  return RichDocumentSchema.parse({
    nodes,
    metadata: { version: DOCUMENT_VERSION, createdTimestamp: stamp, updatedTimestamp: stamp },
  });
}
