/**
 * The end of a Ghost post's conversion: the blocks made into a document and checked with
 * `parseDocument`, the one entry for documents crossing a boundary. A document the checks refuse
 * (too many nodes, nested too deep) is not stored half-converted: the post keeps Ghost's own
 * rendered `html` as one HTML node, with a problem naming what failed.
 */
import { documentOf } from '../../../../rich-content/model/builders';
import type { RichDocument } from '../../../../rich-content/model/envelope';
import type { BlockNode, HtmlNode } from '../../../../rich-content/model/nodes';
import { parseDocument } from '../../../../rich-content/model/parse';
import type { ImportImage, ImportProblem } from '../../records';
import type { GhostContentContext } from './context';

/** What converting one post's content gives. */
export interface GhostConversion {
  document: RichDocument;
  /** Every image the document refers to by URL, in document order. */
  images: ImportImage[];
  problems: ImportProblem[];
}

/** The blocks as a checked document, with the context's images and problems. */
export function finishConversion(
  blocks: BlockNode[],
  context: GhostContentContext,
): GhostConversion {
  const timestamp = context.options.timestamp ?? new Date();
  const parsed = parseDocument(documentOf(blocks, timestamp));
  if (parsed.ok) {
    return { document: parsed.document, images: context.images, problems: context.problems };
  }
  context.problem(
    'document-invalid',
    `The converted post was refused (${parsed.path}: ${parsed.message}); Ghost's HTML was kept.`,
  );
  const html = context.options.html ?? '';
  const fallback: HtmlNode[] =
    html.trim() === ''
      ? []
      : [{ type: 'HTML', id: 'g-html', nodes: [], htmlData: { html, source: 'HTML' } }];
  const again = parseDocument(documentOf(fallback, timestamp));
  return {
    document: again.ok ? again.document : documentOf([], timestamp),
    images: context.images,
    problems: context.problems,
  };
}
