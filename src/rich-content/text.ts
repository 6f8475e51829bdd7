/**
 * Text derived from a rich-content document when a post is saved: plain text for search, the
 * excerpt, the reading time, hashtags and the first media for the cover choice (SPEC §4, §5).
 */
import { timeToReadMinutes } from '../domain/dates';
import { extractHashtags } from '../domain/hashtags';
import type { RichDocument, RichNode } from './document';

/** Block-level node types after which plain text gets a line break. */
const BLOCK_TYPES = new Set([
  'PARAGRAPH',
  'HEADING',
  'BLOCKQUOTE',
  'CODE_BLOCK',
  'LIST_ITEM',
  'CAPTION',
  'TABLE_CELL',
]);

function collectText(node: RichNode, out: string[]): void {
  if (node.type === 'TEXT' && node.textData) out.push(node.textData.text);
  for (const child of node.nodes ?? []) collectText(child, out);
  if (BLOCK_TYPES.has(node.type)) out.push('\n');
}

/** The document's text, one line per block. */
export function plainText(doc: RichDocument): string {
  const out: string[] = [];
  for (const node of doc.nodes) collectText(node, out);
  return out
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** SPEC §9: excerpts are taken from the first 700 characters. */
export const EXCERPT_SOURCE_CHARS = 700;

/** A short excerpt cut at a word boundary, with an ellipsis when text was dropped. */
export function excerptOf(text: string, maxChars = 160): string {
  const flat = text.slice(0, EXCERPT_SOURCE_CHARS).replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[.,;:!?-]+$/, '')}…`;
}

/** Number of words, counting runs of letters or digits. */
export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)?.length ?? 0;
}

function findFirst(nodes: RichNode[], test: (node: RichNode) => boolean): RichNode | undefined {
  for (const node of nodes) {
    if (test(node)) return node;
    const inner = findFirst(node.nodes ?? [], test);
    if (inner) return inner;
  }
  return undefined;
}

/** The first IMAGE node's source, for the cover choice (SPEC §4). */
export function firstImage(doc: RichDocument) {
  const node = findFirst(doc.nodes, (n) => n.type === 'IMAGE');
  const data = node?.imageData;
  if (!data) return null;
  return {
    id: data.image.src.id,
    url: data.image.src.url,
    width: data.image.width,
    height: data.image.height,
    alt: data.altText,
  };
}

/** The first VIDEO node's thumbnail, for the cover choice (SPEC §4). */
export function firstVideoThumbnail(doc: RichDocument) {
  const node = findFirst(doc.nodes, (n) => n.type === 'VIDEO');
  const thumb = node?.videoData?.thumbnail;
  if (!thumb) return null;
  return { id: thumb.src.id, url: thumb.src.url, width: thumb.width, height: thumb.height };
}

/** Everything a save derives from the content, computed in one pass over its text. */
export function deriveFromContent(doc: RichDocument) {
  const text = plainText(doc);
  return {
    text,
    excerpt: excerptOf(text),
    timeToRead: timeToReadMinutes(wordCount(text)),
    hashtags: extractHashtags(text),
  };
}
