/**
 * A WordPress post's content (`content:encoded`: Gutenberg block markup, classic-editor HTML, or
 * a mix) as an Inkwell rich-content document, the images it refers to, and what could not be
 * carried over. The result always passes `parseDocument`; if the converted tree does not (a
 * limit, a shape no converter foresaw), the whole content is kept as one HTML node and reported,
 * so an import never fails on one post's markup.
 */
import type { ChildNode } from 'domhandler';
import { parseDocument as parseHtml } from 'htmlparser2';
import { DOCUMENT_VERSION, type RichDocument } from '../../../rich-content/model/envelope';
import type { BlockNode } from '../../../rich-content/model/nodes';
import { parseDocument } from '../../../rich-content/model/parse';
import type { ImportImage, ImportProblem } from '../records';
import { convertSegments } from './blocks';
import type { ContentMode, ConvertContext } from './convert-context';
import { expandCaptions, findShortcodes } from './shortcodes';

/** What {@link wordpressContentToDocument} gives. */
export interface ConvertedContent {
  document: RichDocument;
  images: ImportImage[];
  problems: ImportProblem[];
}

function createContext(source: string): ConvertContext {
  let counter = 0;
  const ctx: ConvertContext = {
    source,
    problems: [],
    images: [],
    reportedOnce: new Set(),
    nextId: () => `n${(++counter).toString(36)}`,
    // Nested content (a list item, a column) is never wpautop'd: only the top level is classic.
    convertNodes: (nodes: readonly ChildNode[], mode: ContentMode = 'blocks') =>
      convertSegments(ctx, nodes, mode),
  };
  return ctx;
}

function documentOf(nodes: BlockNode[], stamp: string): unknown {
  return {
    nodes,
    metadata: { version: DOCUMENT_VERSION, createdTimestamp: stamp, updatedTimestamp: stamp },
  };
}

/**
 * Converts one post's HTML. `timestamp` becomes the document's created/updated stamp (the post's
 * own dates, so converting the same post twice gives the same document).
 */
export function wordpressContentToDocument(
  html: string,
  timestamp: Date = new Date(0),
): ConvertedContent {
  const source = expandCaptions(html);
  const ctx = createContext(source);
  const dom = parseHtml(source, { withStartIndices: true, withEndIndices: true });
  const nodes = ctx.convertNodes(dom.children, 'classic');
  const problems = [...ctx.problems, ...findShortcodes(source)];
  const stamp = timestamp.toISOString();
  const parsed = parseDocument(documentOf(nodes, stamp));
  if (parsed.ok) return { document: parsed.document, images: ctx.images, problems };
  const fallback = parseDocument(
    documentOf(
      source.trim()
        ? [{ type: 'HTML', id: 'n1', nodes: [], htmlData: { html: source, source: 'HTML' } }]
        : [],
      stamp,
    ),
  );
  problems.push({
    code: 'conversion-failed',
    message: `The post could not be converted (${parsed.message} at ${parsed.path || 'the top'}); it was kept as HTML.`,
  });
  if (fallback.ok) return { document: fallback.document, images: ctx.images, problems };
  // Even the HTML node failed (a post over the document size limit): an empty document, reported.
  problems.push({
    code: 'content-too-large',
    message: 'The post is too large to import; its content was left out.',
  });
  return {
    document: parseDocumentOrThrow(documentOf([], stamp)),
    images: [],
    problems,
  };
}

function parseDocumentOrThrow(input: unknown): RichDocument {
  const parsed = parseDocument(input);
  if (!parsed.ok) throw new Error(`An empty document did not parse: ${parsed.message}`);
  return parsed.document;
}
