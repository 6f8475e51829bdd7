/**
 * The small HTML strings inside Ghost cards (an image's caption, a callout's text, a toggle's
 * heading and content) as Inkwell text: inline HTML becomes decorated runs, and a toggle's content
 * becomes paragraphs, headings, lists and quotes. Anything else is read for its text. The post's
 * whole `html` is never converted this way: Ghost's Lexical or mobiledoc content is the source.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type {
  BlockNode,
  ListItemNode,
  ParagraphNode,
  TextNode,
} from '../../../../rich-content/model/nodes';
import type { GhostContentContext } from './context';
import { linkOf, type Marks, reportLostFormat, textRun } from './runs';

type HtmlNode = ReturnType<typeof parseDocument>['children'][number];
type HtmlElement = Extract<HtmlNode, { attribs: unknown }>;

const LOST_TAGS: Record<string, 'strikethrough' | 'code' | 'subscript' | 'superscript'> = {
  s: 'strikethrough',
  del: 'strikethrough',
  strike: 'strikethrough',
  code: 'code',
  sub: 'subscript',
  sup: 'superscript',
};

/** The marks an inline element adds to `marks`. */
function marksOfTag(node: HtmlElement, marks: Marks, context: GhostContentContext): Marks {
  switch (node.name) {
    case 'b':
    case 'strong':
      return { ...marks, bold: true };
    case 'i':
    case 'em':
      return { ...marks, italic: true };
    case 'u':
      return { ...marks, underline: true };
    case 'a': {
      const href = node.attribs.href;
      return href ? { ...marks, link: linkOf(context.url(href), node.attribs.target) } : marks;
    }
    default: {
      const lost = LOST_TAGS[node.name];
      if (lost) reportLostFormat(lost, context, textOf(node));
      return marks;
    }
  }
}

/** The text of a DOM node and its descendants. */
function textOf(node: HtmlNode): string {
  if (node.type === 'text') return node.data;
  if (node.type === 'tag') return node.children.map((child) => textOf(child as HtmlNode)).join('');
  return '';
}

function collectRuns(
  nodes: readonly HtmlNode[],
  marks: Marks,
  context: GhostContentContext,
  out: TextNode[],
): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      if (node.data !== '') out.push(textRun(node.data, marks));
    } else if (node.type === 'tag') {
      if (node.name === 'br') out.push(textRun('\n', marks));
      else collectRuns(node.children as HtmlNode[], marksOfTag(node, marks, context), context, out);
    }
  }
}

/** Inline HTML (`A <em>caption</em> with <a href="…">a link</a>`) as decorated runs. */
export function htmlToRuns(html: string, context: GhostContentContext): TextNode[] {
  if (html.trim() === '') return [];
  const runs: TextNode[] = [];
  collectRuns(parseDocument(html).children, {}, context, runs);
  return runs;
}

/** The text of an HTML string, entities decoded (a cover's caption, which has no runs). */
export function htmlText(html: string): string {
  return html.trim() === '' ? '' : DomUtils.textContent(parseDocument(html));
}

const HEADING_TAG = /^h([1-6])$/;

function paragraphOf(runs: TextNode[], context: GhostContentContext): ParagraphNode {
  return { type: 'PARAGRAPH', id: context.nextId(), nodes: runs, paragraphData: {} };
}

function runsOf(node: HtmlElement, context: GhostContentContext): TextNode[] {
  const runs: TextNode[] = [];
  collectRuns(node.children as HtmlNode[], {}, context, runs);
  return runs;
}

function blockOf(node: HtmlElement, context: GhostContentContext): BlockNode {
  const heading = HEADING_TAG.exec(node.name);
  if (heading) {
    return {
      type: 'HEADING',
      id: context.nextId(),
      nodes: runsOf(node, context),
      headingData: { level: Number(heading[1]) },
    };
  }
  if (node.name === 'blockquote') {
    return {
      type: 'BLOCKQUOTE',
      id: context.nextId(),
      nodes: [paragraphOf(runsOf(node, context), context)],
    };
  }
  if (node.name === 'ul' || node.name === 'ol') {
    const items = (node.children as HtmlNode[])
      .filter((child): child is HtmlElement => child.type === 'tag')
      .map(
        (item): ListItemNode => ({
          type: 'LIST_ITEM',
          id: context.nextId(),
          nodes: [paragraphOf(runsOf(item, context), context)],
        }),
      );
    return node.name === 'ol'
      ? { type: 'ORDERED_LIST', id: context.nextId(), nodes: items }
      : { type: 'BULLETED_LIST', id: context.nextId(), nodes: items };
  }
  return paragraphOf(runsOf(node, context), context);
}

const BLOCK_TAGS = new Set(['p', 'div', 'blockquote', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5']);

/**
 * Block HTML (a toggle's content: `<p>…</p><ul>…</ul>`) as blocks; inline content between block
 * elements is gathered into paragraphs.
 */
export function htmlToBlocks(html: string, context: GhostContentContext): BlockNode[] {
  if (html.trim() === '') return [];
  const blocks: BlockNode[] = [];
  let pending: TextNode[] = [];
  const flush = () => {
    if (pending.some((run) => run.textData.text.trim() !== '')) {
      blocks.push(paragraphOf(pending, context));
    }
    pending = [];
  };
  for (const node of parseDocument(html).children) {
    if (node.type === 'tag' && (BLOCK_TAGS.has(node.name) || node.name === 'h6')) {
      flush();
      blocks.push(blockOf(node, context));
    } else {
      collectRuns([node], {}, context, pending);
    }
  }
  flush();
  return blocks;
}
