/**
 * Limits that keep a malicious or broken document from costing the server much (DESIGN.md
 * "Errors and bad input"). They are checked by an iterative walk over the raw input before the
 * schema recurses into it, so a deeply nested input cannot exhaust the stack.
 */
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../../domain/text-input';
import { MAX_TEXT_LENGTH } from '../nodes/text/schema';

export { MAX_TEXT_LENGTH };

/**
 * Deepest nesting of nodes; top-level nodes are at depth 1, their TEXT at depth 2. A list nested
 * four levels inside a table cell inside a layout needs 17, so 24 leaves room.
 */
export const MAX_NODE_DEPTH = 24;
/** Most nodes in one document, TEXT nodes included. */
export const MAX_NODES = 20_000;
/** Deepest nesting of JSON values anywhere (data blocks and generic values included). */
export const MAX_JSON_DEPTH = 128;
/** Largest document, as UTF-8 encoded JSON. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

/** Where a limit was broken and what it is. */
export interface LimitViolation {
  path: string;
  message: string;
}

/** `nodes[3].nodes[0].tableCellData` from a list of keys and indexes. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Size of the input as UTF-8 JSON, or null when it is not JSON (cycles, too deep to print). */
function jsonBytes(input: unknown): number | null {
  try {
    const json = JSON.stringify(input);
    return json === undefined ? 0 : new TextEncoder().encode(json).length;
  } catch {
    return null;
  }
}

type FrameKind = 'root' | 'nodeList' | 'node' | 'other';
interface Frame {
  value: unknown;
  path: PropertyKey[];
  kind: FrameKind;
  /** How many nodes enclose this value (a node counts itself). */
  nodeDepth: number;
  jsonDepth: number;
}

/** What a child value is, given its parent's kind and its key. */
function childKind(parent: FrameKind, key: PropertyKey): FrameKind {
  if (parent === 'nodeList') return 'node';
  if ((parent === 'root' || parent === 'node') && key === 'nodes') return 'nodeList';
  return 'other';
}

/**
 * The first limit the raw input breaks, or null: size, depth, node count, text length, and text
 * that cannot be stored (U+0000, lone surrogates, in any string or key). Only the shape needed
 * to count is assumed (`nodes` lists of objects); everything else is left to the schema.
 */
export function checkLimits(input: unknown): LimitViolation | null {
  const bytes = jsonBytes(input);
  if (bytes === null) {
    return { path: '', message: 'The document is not JSON or is nested too deeply' };
  }
  if (bytes > MAX_DOCUMENT_BYTES) {
    return { path: '', message: `The document is larger than ${MAX_DOCUMENT_BYTES} bytes` };
  }
  const stack: Frame[] = [{ value: input, path: [], kind: 'root', nodeDepth: 0, jsonDepth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, path, kind, nodeDepth, jsonDepth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (jsonDepth > MAX_JSON_DEPTH) {
      return { path: formatPath(path), message: `Nested deeper than ${MAX_JSON_DEPTH} levels` };
    }
    if (kind === 'node') {
      nodes++;
      if (nodes > MAX_NODES) {
        return { path: formatPath(path), message: `More than ${MAX_NODES} nodes` };
      }
      if (nodeDepth > MAX_NODE_DEPTH) {
        return { path: formatPath(path), message: `Nodes nested deeper than ${MAX_NODE_DEPTH}` };
      }
      const text = (value as { textData?: { text?: unknown } }).textData?.text;
      if (typeof text === 'string' && text.length > MAX_TEXT_LENGTH) {
        return {
          path: formatPath([...path, 'textData', 'text']),
          message: `Text longer than ${MAX_TEXT_LENGTH} characters`,
        };
      }
    }
    const entries: [PropertyKey, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value);
    // Issue 15: PostgreSQL stores no U+0000 and UTF-8 carries no lone surrogate (decision 027).
    for (const [key, child] of entries) {
      const isUnsafe =
        (typeof key === 'string' && !isSafeText(key)) ||
        (typeof child === 'string' && !isSafeText(child));
      if (isUnsafe) return { path: formatPath([...path, key]), message: UNSAFE_TEXT_MESSAGE };
    }
    // Pushed in reverse so that the walk meets nodes in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (child === null || typeof child !== 'object') continue;
      const next = childKind(kind, key);
      stack.push({
        value: child,
        path: [...path, key],
        kind: next,
        nodeDepth: next === 'node' ? nodeDepth + 1 : nodeDepth,
        jsonDepth: jsonDepth + 1,
      });
    }
  }
  return null;
}
