/**
 * Converters between the stored rich-content document (SPEC §3) and the post editor's TipTap
 * JSON (`./extensions`). What is stored is always our document; the editor's JSON is a working
 * form (DESIGN "Stack").
 *
 * The round trip `fromEditorJson(toEditorJson(doc), doc)` returns `normalizeDocument(doc)`, and
 * a normalised document comes back deep-equal, also when the JSON has been through the
 * ProseMirror schema (`nodeFromJSON(...).toJSON()`). Normalising changes only what ProseMirror
 * cannot hold or what renders the same either way (see {@link normalizeDocument}).
 *
 * Metadata and documentStyle do not enter the editor; the editor keeps them and hands them back
 * to {@link fromEditorJson}.
 */
import type { JSONContent } from '@tiptap/core';
import {
  DECORATION_TYPES,
  type Decoration,
  type DecorationOf,
  type DecorationType,
} from '../model/decorations';
import type { DocumentMetadata, DocumentStyle, RichDocument } from '../model/envelope';
import type { NodeType, RichNode, TextNode } from '../model/nodes';
import { parseDocument } from '../model/parse';
import type { Link, NodeStyle } from '../model/shared';
import { MAX_TEXT_LENGTH } from '../nodes/text/schema';
import { EDITOR_MARKS, EDITOR_NODES, type EditorNodeSpec, TEXT_NODE_MARK } from './specs';

type EditorNodeType = keyof typeof EDITOR_NODES;
type EditorMark = NonNullable<JSONContent['marks']>[number];
/** A node seen through its generic shape, to reach its data block by key. */
type NodeRecord = { type: NodeType; id: string; style?: NodeStyle; nodes: RichNode[] } & Record<
  string,
  unknown
>;

const NODE_BY_NAME = new Map<string, EditorNodeType>(
  Object.entries(EDITOR_NODES).map(([type, spec]) => [spec.name, type as EditorNodeType]),
);
const DECORATION_BY_MARK = new Map<string, DecorationType>(
  Object.entries(EDITOR_MARKS).map(([type, spec]) => [spec.name, type as DecorationType]),
);
const DECORATION_RANK = new Map<DecorationType, number>(DECORATION_TYPES.map((t, i) => [t, i]));

/** Editor JSON that is not a valid document; `path` points into the document it would make. */
export class EditorContentError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(path ? `${path}: ${message}` : message);
    this.name = 'EditorContentError';
  }
}

// ---- Normal form -------------------------------------------------------------------------------

/**
 * The canonical decorations of a run: one per type, in the order of `DECORATION_TYPES` (BOLD,
 * ITALIC, UNDERLINE, SPOILER, ANCHOR, MENTION, LINK, COLOR, FONT_SIZE, EXTERNAL). When a type
 * repeats, the last one wins, as in the renderer; repeated COLORs merge their fields, which is
 * also what the renderer shows. (A ProseMirror mark set holds one mark of each type.)
 */
export function canonicalDecorations(decorations: readonly Decoration[]): Decoration[] {
  const byType = new Map<DecorationType, Decoration>();
  let isCanonical = true;
  let lastRank = -1;
  for (const decoration of decorations) {
    const rank = DECORATION_RANK.get(decoration.type)!;
    if (rank <= lastRank) isCanonical = false;
    lastRank = rank;
    const previous = byType.get(decoration.type);
    if (decoration.type === 'COLOR' && previous?.type === 'COLOR') {
      byType.set('COLOR', {
        type: 'COLOR',
        colorData: { ...previous.colorData, ...definedFields(decoration.colorData) },
      });
    } else {
      byType.set(decoration.type, decoration);
    }
  }
  if (isCanonical) return [...decorations];
  return DECORATION_TYPES.flatMap((type) => byType.get(type) ?? []);
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Where to cut a long text so that a surrogate pair stays whole. */
function cutAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/**
 * The canonical runs of a text block, as ProseMirror holds them: decorations canonical, empty
 * runs dropped (ProseMirror has no empty text nodes), neighbours with the same decorations, id
 * and style joined (ProseMirror joins them), and a run longer than the model's limit cut.
 */
export function normalizeTextRuns(runs: readonly TextNode[]): TextNode[] {
  const joined: TextNode[] = [];
  for (const run of runs) {
    if (run.textData.text === '') continue;
    const decorations = canonicalDecorations(run.textData.decorations);
    const previous = joined.at(-1);
    if (
      previous &&
      previous.id === run.id &&
      isDeepEqual(previous.style, run.style) &&
      isDeepEqual(previous.textData.decorations, decorations)
    ) {
      previous.textData.text += run.textData.text;
      continue;
    }
    joined.push(textRun(run.textData.text, decorations, run.id, run.style));
  }
  if (joined.every((run) => run.textData.text.length <= MAX_TEXT_LENGTH)) return joined;
  return joined.flatMap((run) => {
    const pieces: TextNode[] = [];
    let text = run.textData.text;
    while (text.length > MAX_TEXT_LENGTH) {
      const at = cutAt(text, MAX_TEXT_LENGTH);
      pieces.push(textRun(text.slice(0, at), run.textData.decorations, run.id, run.style));
      text = text.slice(at);
    }
    pieces.push(textRun(text, run.textData.decorations, run.id, run.style));
    return pieces;
  });
}

function textRun(
  text: string,
  decorations: Decoration[],
  id: string,
  style: NodeStyle | undefined,
): TextNode {
  return {
    type: 'TEXT',
    id,
    ...(style === undefined ? {} : { style }),
    nodes: [],
    textData: { text, decorations },
  };
}

const isTextBlock = (type: NodeType): boolean =>
  type !== 'TEXT' && EDITOR_NODES[type as EditorNodeType].isTextBlock;

function normalizeNode(node: RichNode): RichNode {
  if (isTextBlock(node.type)) {
    return { ...node, nodes: normalizeTextRuns(node.nodes as TextNode[]) } as RichNode;
  }
  if (node.nodes.length === 0) return node;
  return { ...node, nodes: (node.nodes as RichNode[]).map(normalizeNode) } as RichNode;
}

/**
 * The form of a document that the editor holds without loss: every text block's runs through
 * {@link normalizeTextRuns}. Everything else (ids, styles, data blocks, empty containers,
 * metadata, documentStyle) is kept as it is.
 */
export function normalizeDocument(doc: RichDocument): RichDocument {
  return { ...doc, nodes: doc.nodes.map(normalizeNode) as RichDocument['nodes'] };
}

// ---- Document → editor -------------------------------------------------------------------------

function withContent(json: JSONContent, content: JSONContent[]): JSONContent {
  return content.length > 0 ? { ...json, content } : json;
}

function decorationMark(decoration: Decoration): EditorMark {
  const { name, dataKey } = EDITOR_MARKS[decoration.type];
  const value = (decoration as Record<string, unknown>)[dataKey];
  const attrs: Record<string, unknown> = { [dataKey]: value ?? null };
  if (decoration.type === 'LINK') attrs.href = decoration.linkData.link.url ?? null;
  return { type: name, attrs };
}

function textToEditor(runs: readonly TextNode[]): JSONContent[] {
  return normalizeTextRuns(runs).map((run) => {
    const marks = run.textData.decorations.map(decorationMark);
    if (run.id !== '' || run.style !== undefined) {
      marks.push({ type: TEXT_NODE_MARK, attrs: { id: run.id, style: run.style ?? null } });
    }
    const json: JSONContent = { type: 'text', text: run.textData.text };
    return marks.length > 0 ? { ...json, marks } : json;
  });
}

function nodeToEditor(node: RichNode): JSONContent {
  if (node.type === 'TEXT') throw new EditorContentError('', 'A TEXT node outside a text block');
  const spec: EditorNodeSpec = EDITOR_NODES[node.type];
  const record = node as NodeRecord;
  const attrs: Record<string, unknown> = { id: node.id, style: node.style ?? null };
  if (spec.dataKey) attrs[spec.dataKey] = record[spec.dataKey] ?? null;
  if (node.type === 'HEADING') attrs.level = node.headingData.level;
  if (node.type === 'TABLE_CELL') {
    attrs.colspan = node.tableCellData?.colspan ?? 1;
    attrs.rowspan = node.tableCellData?.rowspan ?? 1;
  }
  const content = spec.isTextBlock
    ? textToEditor(node.nodes as TextNode[])
    : (node.nodes as RichNode[]).map(nodeToEditor);
  return withContent({ type: spec.name, attrs }, content);
}

/**
 * The editor's JSON for a document (`editor.commands.setContent(toEditorJson(doc))`). The runs
 * are normalised on the way ({@link normalizeDocument}); metadata and documentStyle stay out.
 */
export function toEditorJson(doc: RichDocument): JSONContent {
  return withContent({ type: 'doc' }, doc.nodes.map(nodeToEditor));
}

// ---- Editor → document -------------------------------------------------------------------------

/** What travels beside the editor: the document's metadata and document-wide styles. */
export interface DocumentEnvelope {
  metadata?: DocumentMetadata;
  documentStyle?: DocumentStyle;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A LINK from its mark: TipTap's `href` wins over `linkData.link.url` when they differ. */
function linkDecoration(attrs: Record<string, unknown>): DecorationOf<'LINK'> {
  const linkData = isObject(attrs.linkData) ? attrs.linkData : null;
  const link = (isObject(linkData?.link) ? linkData.link : { target: 'SELF' }) as Link;
  const href = typeof attrs.href === 'string' ? attrs.href : null;
  if (href === (link.url ?? null)) return { type: 'LINK', linkData: { ...linkData, link } };
  const { url: _old, ...rest } = link;
  return {
    type: 'LINK',
    linkData: { ...linkData, link: href === null ? rest : { ...rest, url: href } },
  };
}

function markToDecoration(mark: EditorMark, path: string): Decoration {
  const type = DECORATION_BY_MARK.get(mark.type);
  if (!type) throw new EditorContentError(path, `Unknown mark "${mark.type}"`);
  const attrs: Record<string, unknown> = mark.attrs ?? {};
  if (type === 'LINK') return linkDecoration(attrs);
  const { dataKey } = EDITOR_MARKS[type];
  const value = attrs[dataKey];
  // The schema check in fromEditorJson validates the data; here it is only placed.
  return (value == null ? { type } : { type, [dataKey]: value }) as Decoration;
}

function textFromEditor(content: readonly JSONContent[], path: string): TextNode[] {
  const runs = content.map((json, i): TextNode => {
    if (json.type !== 'text' || typeof json.text !== 'string') {
      throw new EditorContentError(`${path}[${i}]`, `Expected text, found "${json.type}"`);
    }
    let id = '';
    let style: NodeStyle | undefined;
    const decorations: Decoration[] = [];
    for (const mark of json.marks ?? []) {
      if (mark.type === TEXT_NODE_MARK) {
        id = typeof mark.attrs?.id === 'string' ? mark.attrs.id : '';
        style = isObject(mark.attrs?.style) ? (mark.attrs.style as NodeStyle) : undefined;
      } else {
        decorations.push(markToDecoration(mark, `${path}[${i}]`));
      }
    }
    return textRun(json.text, decorations, id, style);
  });
  return normalizeTextRuns(runs);
}

/** The data block of a node from its attributes, with the mirrored attributes folded in. */
function dataFromAttributes(type: EditorNodeType, attrs: Record<string, unknown>): unknown {
  const { dataKey } = EDITOR_NODES[type];
  const data = dataKey ? attrs[dataKey] : null;
  if (type === 'HEADING') {
    const heading = isObject(data) ? data : {};
    return { ...heading, level: typeof attrs.level === 'number' ? attrs.level : heading.level };
  }
  if (type === 'TABLE_CELL') {
    // prosemirror-tables edits colspan and rowspan; they win when they differ from the data.
    const cell: Record<string, unknown> = isObject(data) ? { ...data } : {};
    let isChanged = false;
    for (const key of ['colspan', 'rowspan']) {
      const value = attrs[key];
      if (typeof value === 'number' && value !== (cell[key] ?? 1)) {
        cell[key] = value;
        isChanged = true;
      }
    }
    return isChanged || isObject(data) ? cell : null;
  }
  return data;
}

function nodeFromEditor(json: JSONContent, path: string): NodeRecord {
  const type = json.type === undefined ? undefined : NODE_BY_NAME.get(json.type);
  if (!type) throw new EditorContentError(path, `Unknown editor node "${json.type}"`);
  const spec: EditorNodeSpec = EDITOR_NODES[type];
  const attrs: Record<string, unknown> = json.attrs ?? {};
  const content = json.content ?? [];
  const nodes = spec.isTextBlock
    ? textFromEditor(content, `${path}.nodes`)
    : content.map((child, i) => nodeFromEditor(child, `${path}.nodes[${i}]`));
  const node: NodeRecord = {
    type,
    id: typeof attrs.id === 'string' ? attrs.id : '',
    nodes: nodes as RichNode[],
  };
  if (isObject(attrs.style)) node.style = attrs.style as NodeStyle;
  const data = dataFromAttributes(type, attrs);
  if (spec.dataKey && data != null) node[spec.dataKey] = data;
  return node;
}

/**
 * The document of the editor's JSON (`editor.getJSON()`), with the metadata and documentStyle
 * the editor kept beside it. The result is validated by `parseDocument` (defaults filled in, runs
 * normalised), so it is a document as stored. Throws {@link EditorContentError} when the JSON
 * has a node or mark this schema does not know or a data block the model rejects.
 */
export function fromEditorJson(json: JSONContent, base: DocumentEnvelope = {}): RichDocument {
  if (json.type !== 'doc') throw new EditorContentError('', `Expected a doc, found "${json.type}"`);
  const nodes = (json.content ?? []).map((child, i) => nodeFromEditor(child, `nodes[${i}]`));
  const result = parseDocument({
    nodes,
    metadata: base.metadata ?? {},
    ...(base.documentStyle === undefined ? {} : { documentStyle: base.documentStyle }),
  });
  if (!result.ok) throw new EditorContentError(result.path, result.message);
  return result.document;
}

/** Structural equality of JSON-like values (key order ignored, undefined fields absent). */
function isDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => isDeepEqual(item, b[i]));
  }
  const left = definedFields(a);
  const right = definedFields(b);
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(right, key) &&
      isDeepEqual((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
  );
}
