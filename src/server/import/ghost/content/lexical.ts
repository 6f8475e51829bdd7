/**
 * Ghost's Lexical content (the `lexical` column of posts since Ghost 5.x) as an Inkwell document
 * (issue 21). Lexical's element nodes (paragraph, heading, quote, aside, list) become Inkwell's
 * text blocks with their runs; every other top-level node is a Koenig card, converted by
 * `cardToBlocks`. Ghost's `extended-*` nodes are its subclasses of Lexical's own and read alike.
 */
import type {
  BlockNode,
  BulletedListNode,
  ListItemNode,
  OrderedListNode,
  ParagraphNode,
  TextNode,
} from '../../../../rich-content/model/nodes';
import type { TextAlignment } from '../../../../rich-content/model/shared';
import { type CardPayload, cardToBlocks } from './cards';
import { GhostContentContext, type GhostContentOptions, sampleOf } from './context';
import { finishConversion, type GhostConversion } from './conversion';
import { linkOf, type Marks, marksFromLexicalFormat, textRun } from './runs';

/** A node of Lexical's serialized state, as far as the converter looks at it. */
interface LexicalNode extends CardPayload {
  type?: unknown;
  children?: unknown;
}

function childrenOf(node: LexicalNode): LexicalNode[] {
  return Array.isArray(node.children)
    ? node.children.filter(
        (child): child is LexicalNode => child !== null && typeof child === 'object',
      )
    : [];
}

function typeOf(node: LexicalNode): string {
  return typeof node.type === 'string' ? node.type : '';
}

/** The plain text of a Lexical subtree (for samples and for unknown inline nodes). */
function textContent(node: LexicalNode): string {
  if (typeof node.text === 'string') return node.text;
  return childrenOf(node).map(textContent).join('');
}

function collectRuns(
  nodes: LexicalNode[],
  marks: Marks,
  context: GhostContentContext,
  out: TextNode[],
): void {
  for (const node of nodes) {
    const type = typeOf(node);
    if (type === 'text' || type === 'extended-text' || type === 'hashtag') {
      const value = typeof node.text === 'string' ? node.text : '';
      if (value !== '') {
        out.push(textRun(value, marksFromLexicalFormat(node.format, marks, context, value)));
      }
    } else if (type === 'linebreak') {
      out.push(textRun('\n', marks));
    } else if (type === 'tab') {
      out.push(textRun('\t', marks));
    } else if ((type === 'link' || type === 'autolink') && typeof node.url === 'string') {
      const link = linkOf(context.url(node.url), node.target);
      collectRuns(childrenOf(node), { ...marks, link }, context, out);
    } else if (Array.isArray(node.children)) {
      collectRuns(childrenOf(node), marks, context, out);
    } else {
      const value = textContent(node);
      context.problem(
        `unknown-inline:${type}`,
        `Lexical's ${type} inline node is kept as plain text.`,
        value || sampleOf(JSON.stringify(node)),
      );
      if (value !== '') out.push(textRun(value, marks));
    }
  }
}

function runsOf(node: LexicalNode, context: GhostContentContext): TextNode[] {
  const runs: TextNode[] = [];
  collectRuns(childrenOf(node), {}, context, runs);
  return runs;
}

const ALIGNMENTS: Readonly<Record<string, TextAlignment>> = {
  left: 'LEFT',
  start: 'LEFT',
  center: 'CENTER',
  right: 'RIGHT',
  end: 'RIGHT',
  justify: 'JUSTIFY',
};

function paragraphOf(node: LexicalNode, context: GhostContentContext): ParagraphNode {
  const alignment = typeof node.format === 'string' ? ALIGNMENTS[node.format] : undefined;
  const indent = typeof node.indent === 'number' && node.indent > 0 ? Math.min(node.indent, 16) : 0;
  return {
    type: 'PARAGRAPH',
    id: context.nextId(),
    nodes: runsOf(node, context),
    paragraphData: {
      ...(alignment !== undefined && { textStyle: { textAlignment: alignment } }),
      ...(indent > 0 && { indentation: indent }),
    },
  };
}

/**
 * A Lexical list. Lexical nests a list inside a list item of its own that follows the item it
 * belongs to; Inkwell keeps the nested list inside that item, after its paragraph.
 */
function listOf(
  node: LexicalNode,
  context: GhostContentContext,
): BulletedListNode | OrderedListNode {
  const items: ListItemNode[] = [];
  const isChecklist = node.listType === 'check';
  for (const item of childrenOf(node)) {
    const nested = childrenOf(item)
      .filter((child) => typeOf(child) === 'list')
      .map((child) => listOf(child, context));
    const inline = childrenOf(item).filter((child) => typeOf(child) !== 'list');
    const previous = items.at(-1);
    if (inline.length === 0 && nested.length > 0 && previous) {
      previous.nodes.push(...nested);
      continue;
    }
    const runs: TextNode[] = [];
    if (isChecklist) runs.push(textRun(item.checked === true ? '☑ ' : '☐ '));
    collectRuns(inline, {}, context, runs);
    const paragraph: ParagraphNode = {
      type: 'PARAGRAPH',
      id: context.nextId(),
      nodes: runs,
      paragraphData: {},
    };
    items.push({ type: 'LIST_ITEM', id: context.nextId(), nodes: [paragraph, ...nested] });
  }
  if (node.listType === 'number') {
    const start = typeof node.start === 'number' && node.start !== 1 ? node.start : undefined;
    return {
      type: 'ORDERED_LIST',
      id: context.nextId(),
      nodes: items,
      ...(start !== undefined && { orderedListData: { start } }),
    };
  }
  return { type: 'BULLETED_LIST', id: context.nextId(), nodes: items };
}

function blocksOf(node: LexicalNode, context: GhostContentContext): BlockNode[] {
  const type = typeOf(node);
  switch (type) {
    case 'paragraph':
      return [paragraphOf(node, context)];
    case 'heading':
    case 'extended-heading': {
      const level = /^h([1-6])$/.exec(typeof node.tag === 'string' ? node.tag : '')?.[1];
      return [
        {
          type: 'HEADING',
          id: context.nextId(),
          nodes: runsOf(node, context),
          headingData: { level: level ? Number(level) : 2 },
        },
      ];
    }
    // Ghost's aside is its second quote style; Inkwell has one.
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return [
        {
          type: 'BLOCKQUOTE',
          id: context.nextId(),
          nodes: [{ type: 'PARAGRAPH', id: context.nextId(), nodes: runsOf(node, context) }],
        },
      ];
    case 'list':
      return [listOf(node, context)];
    default:
      return cardToBlocks(type, node, context);
  }
}

/** The root of Lexical's serialized state, from the column's JSON text or an object. */
function rootOf(lexical: unknown): LexicalNode | null {
  let state = lexical;
  if (typeof state === 'string') {
    try {
      state = JSON.parse(state);
    } catch {
      return null;
    }
  }
  const root = (state as { root?: unknown } | null)?.root;
  return root !== null && typeof root === 'object' ? (root as LexicalNode) : null;
}

/**
 * A post's Lexical content (the `lexical` column's JSON text, or its parsed value) as a valid
 * Inkwell document, the images it refers to and what could not be carried over.
 */
export function lexicalToDocument(
  lexical: unknown,
  options: GhostContentOptions = {},
): GhostConversion {
  const context = new GhostContentContext(options);
  const root = rootOf(lexical);
  if (root === null) {
    context.problem('content-unreadable', "The post's Lexical content is not readable JSON.");
    return finishConversion([], context);
  }
  return finishConversion(
    childrenOf(root).flatMap((node) => blocksOf(node, context)),
    context,
  );
}
