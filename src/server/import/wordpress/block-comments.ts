/**
 * Gutenberg's block delimiters: a block is written as `<!-- wp:name {"json":"attrs"} -->` ...
 * `<!-- /wp:name -->` around its HTML, or `<!-- wp:name /-->` when it has none (a dynamic block).
 * Delimiters of nested blocks sit inside their parent's element, so the blocks of one level are
 * always siblings: splitting a list of sibling DOM nodes at its delimiters gives that level's
 * blocks, with loose HTML (classic content) between them.
 */
import { type ChildNode, type Comment, isComment } from 'domhandler';

/** One delimiter comment, read. */
export interface BlockDelimiter {
  /** Full name: `core/paragraph` for `wp:paragraph`, `jetpack/slideshow` as written. */
  name: string;
  attrs: Record<string, unknown>;
  isCloser: boolean;
  isSelfClosing: boolean;
}

/** A stretch of sibling nodes: one block (between its delimiters) or loose HTML. */
export type Segment =
  | {
      kind: 'block';
      name: string;
      attrs: Record<string, unknown>;
      /** The nodes between the delimiters (none for a self-closing block). */
      inner: ChildNode[];
      /** The delimiters themselves, for keeping an unknown block's source as written. */
      opener: Comment;
      closer: Comment | null;
    }
  | { kind: 'loose'; nodes: ChildNode[] };

const DELIMITER =
  /^\s*(\/)?wp:([a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?)(?:\s+(\{[\s\S]*\}))?\s*(\/)?\s*$/;

/** The delimiter a comment's text spells, or null for any other comment (`<!--more-->`). */
export function readDelimiter(data: string): BlockDelimiter | null {
  const match = DELIMITER.exec(data);
  if (!match) return null;
  const [, closing, rawName = '', json, selfClosing] = match;
  const name = rawName.includes('/') ? rawName : `core/${rawName}`;
  return {
    name,
    attrs: parseAttrs(json),
    isCloser: closing === '/',
    isSelfClosing: selfClosing === '/',
  };
}

/** Block attributes are JSON; attributes that do not parse are treated as none. */
function parseAttrs(json: string | undefined): Record<string, unknown> {
  if (json === undefined) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function delimiterOf(node: ChildNode): BlockDelimiter | null {
  return isComment(node) ? readDelimiter(node.data) : null;
}

/** The index of the closer matching the opener at `start`, counting same-named openers between. */
function findCloser(nodes: readonly ChildNode[], start: number, name: string): number {
  let depth = 0;
  for (let i = start + 1; i < nodes.length; i++) {
    const delimiter = delimiterOf(nodes[i] as ChildNode);
    if (!delimiter || delimiter.name !== name || delimiter.isSelfClosing) continue;
    if (!delimiter.isCloser) depth++;
    else if (depth === 0) return i;
    else depth--;
  }
  return -1;
}

/**
 * Splits sibling nodes into blocks and loose stretches. A stray closer is dropped (it holds
 * nothing); an opener without its closer takes the rest of the siblings, as WordPress's own
 * parser does.
 */
export function splitBlocks(nodes: readonly ChildNode[]): Segment[] {
  const segments: Segment[] = [];
  let loose: ChildNode[] = [];
  const flushLoose = () => {
    if (loose.length > 0) segments.push({ kind: 'loose', nodes: loose });
    loose = [];
  };
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as ChildNode;
    const delimiter = delimiterOf(node);
    if (!delimiter) {
      loose.push(node);
      continue;
    }
    if (delimiter.isCloser) continue;
    flushLoose();
    const opener = node as Comment;
    const { name, attrs } = delimiter;
    if (delimiter.isSelfClosing) {
      segments.push({ kind: 'block', name, attrs, inner: [], opener, closer: null });
      continue;
    }
    const end = findCloser(nodes, i, name);
    const stop = end === -1 ? nodes.length : end;
    const closer = end === -1 ? null : (nodes[end] as Comment);
    segments.push({ kind: 'block', name, attrs, inner: nodes.slice(i + 1, stop), opener, closer });
    i = stop;
  }
  flushLoose();
  return segments;
}
