/**
 * HTML structures that hold other blocks: lists (nested), quotes, tables and `<details>`. Their
 * content is converted through `ctx.convertNodes`, then fitted to what each Inkwell node may hold
 * (a list item holds paragraphs, headings and lists; a quote holds paragraphs): anything else is
 * flattened to paragraphs of its text and reported, never dropped silently.
 */
import { type ChildNode, type Element, isTag } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import type {
  BlockNode,
  BlockquoteNode,
  BulletedListNode,
  CollapsibleListNode,
  ListItemNode,
  OrderedListNode,
  ParagraphNode,
  TableCellNode,
  TableNode,
  TableRowNode,
  TextNode,
} from '../../../rich-content/model/nodes';
import { MAX_TABLE_COLUMNS } from '../../../rich-content/nodes/table/schema';
import { walkNodes } from '../../../rich-content/text';
import { type ConvertContext, reportProblem } from './convert-context';
import { inlineRuns } from './inline';

/** A PARAGRAPH of ready runs. */
export function paragraphOf(ctx: ConvertContext, runs: TextNode[]): ParagraphNode {
  return { type: 'PARAGRAPH', id: ctx.nextId(), nodes: runs, paragraphData: {} };
}

function plainTextOf(node: BlockNode): string {
  const parts: string[] = [];
  for (const inner of walkNodes([node])) {
    if (inner.type === 'TEXT') parts.push(inner.textData.text);
  }
  return parts.join(' ').trim();
}

/**
 * Blocks as paragraphs only: paragraphs stay, headings keep their runs, lists give one paragraph
 * per item, anything else gives its plain text (reported as `flattened:<TYPE>`).
 */
export function asParagraphs(ctx: ConvertContext, blocks: BlockNode[]): ParagraphNode[] {
  const out: ParagraphNode[] = [];
  for (const block of blocks) {
    if (block.type === 'PARAGRAPH') out.push(block);
    else if (block.type === 'HEADING') out.push(paragraphOf(ctx, block.nodes));
    else if (block.type === 'BULLETED_LIST' || block.type === 'ORDERED_LIST') {
      for (const item of walkNodes(block.nodes)) {
        if (item.type === 'PARAGRAPH') out.push(item);
      }
    } else {
      const text = plainTextOf(block);
      reportProblem(
        ctx,
        `flattened:${block.type}`,
        `A ${block.type.toLowerCase()} inside a quote or list was kept as plain text.`,
        text,
      );
      if (text)
        out.push(
          paragraphOf(ctx, [
            { type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } },
          ]),
        );
    }
  }
  return out;
}

type ListItemChild = ListItemNode['nodes'][number];

function listItemChildren(ctx: ConvertContext, blocks: BlockNode[]): ListItemChild[] {
  const out: ListItemChild[] = [];
  for (const block of blocks) {
    if (
      block.type === 'PARAGRAPH' ||
      block.type === 'HEADING' ||
      block.type === 'BULLETED_LIST' ||
      block.type === 'ORDERED_LIST'
    ) {
      out.push(block);
    } else out.push(...asParagraphs(ctx, [block]));
  }
  return out;
}

/** A BULLETED_LIST or ORDERED_LIST from `<ul>`/`<ol>`, nested lists included. */
export function listNode(
  ctx: ConvertContext,
  element: Element,
): BulletedListNode | OrderedListNode {
  const items: ListItemNode[] = [];
  for (const child of DomUtils.getChildren(element)) {
    if (!isTag(child)) continue;
    if (child.name === 'li') {
      const nodes = listItemChildren(ctx, ctx.convertNodes(child.children));
      items.push({
        type: 'LIST_ITEM',
        id: ctx.nextId(),
        nodes: nodes.length > 0 ? nodes : [paragraphOf(ctx, [])],
      });
    } else if (child.name === 'ul' || child.name === 'ol') {
      // A list straight inside a list (old editors wrote it so) belongs to the item before it.
      const nested = listNode(ctx, child);
      const previous = items[items.length - 1];
      if (previous) previous.nodes.push(nested);
      else
        items.push({ type: 'LIST_ITEM', id: ctx.nextId(), nodes: [paragraphOf(ctx, []), nested] });
    }
  }
  if (element.name === 'ol') {
    const start = Number(element.attribs.start);
    return {
      type: 'ORDERED_LIST',
      id: ctx.nextId(),
      nodes: items,
      orderedListData: Number.isInteger(start) && element.attribs.start ? { start } : {},
    };
  }
  return { type: 'BULLETED_LIST', id: ctx.nextId(), nodes: items, bulletedListData: {} };
}

/** A BLOCKQUOTE; its `<cite>` becomes a last paragraph "— Author". */
export function quoteNode(ctx: ConvertContext, element: Element): BlockquoteNode {
  const cites = element.children.filter((child) => isTag(child) && child.name === 'cite');
  const body = element.children.filter((child) => !cites.includes(child));
  const paragraphs = asParagraphs(ctx, ctx.convertNodes(body));
  for (const cite of cites as Element[]) {
    const runs = inlineRuns(cite.children, ctx).paragraphs.flat();
    if (runs.length === 0) continue;
    runs.unshift({ type: 'TEXT', id: '', nodes: [], textData: { text: '— ', decorations: [] } });
    paragraphs.push(paragraphOf(ctx, runs));
  }
  return { type: 'BLOCKQUOTE', id: ctx.nextId(), nodes: paragraphs, blockquoteData: {} };
}

function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of DomUtils.getChildren(table)) {
    if (!isTag(child)) continue;
    if (child.name === 'tr') rows.push(child);
    else if (['thead', 'tbody', 'tfoot'].includes(child.name)) rows.push(...rowsOf(child));
  }
  return rows;
}

function span(value: string | undefined): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 1 ? Math.min(number, MAX_TABLE_COLUMNS) : undefined;
}

function cellNode(ctx: ConvertContext, cell: Element): TableCellNode {
  const nodes = ctx.convertNodes(cell.children);
  const colspan = span(cell.attribs.colspan);
  const rowspan = span(cell.attribs.rowspan);
  return {
    type: 'TABLE_CELL',
    id: ctx.nextId(),
    nodes: nodes.length > 0 ? nodes : [paragraphOf(ctx, [])],
    ...((colspan || rowspan) && {
      tableCellData: { ...(colspan && { colspan }), ...(rowspan && { rowspan }) },
    }),
  };
}

/** A TABLE from `<table>`; a `<thead>` (or a first row of `<th>`) makes a header row. */
export function tableNode(ctx: ConvertContext, table: Element): TableNode | null {
  const rows = rowsOf(table);
  if (rows.length === 0) return null;
  const rowNodes: TableRowNode[] = rows.map((row) => ({
    type: 'TABLE_ROW',
    id: ctx.nextId(),
    nodes: row.children
      .filter((cell): cell is Element => isTag(cell) && (cell.name === 'td' || cell.name === 'th'))
      .map((cell) => cellNode(ctx, cell)),
  }));
  const firstRowCells = (rows[0] as Element).children.filter(isTag);
  const hasHead =
    DomUtils.findOne((element) => element.name === 'thead', table.children, false) !== null ||
    (firstRowCells.length > 0 && firstRowCells.every((cell) => cell.name === 'th'));
  const columns = Math.min(
    MAX_TABLE_COLUMNS,
    Math.max(1, ...rowNodes.map((row) => row.nodes.length)),
  );
  return {
    type: 'TABLE',
    id: ctx.nextId(),
    nodes: rowNodes,
    tableData: {
      dimensions: {
        colsWidthRatio: Array.from({ length: columns }, () => 1),
        rowsHeight: rowNodes.map(() => 47),
        colsMinWidth: Array.from({ length: columns }, () => 120),
      },
      rowHeader: hasHead,
    },
  };
}

/** A COLLAPSIBLE_LIST of one item from `<details>`: the `<summary>` is its title. */
export function detailsNode(ctx: ConvertContext, details: Element): CollapsibleListNode {
  const summary = details.children.find(
    (child): child is Element => isTag(child) && child.name === 'summary',
  );
  const rest: ChildNode[] = details.children.filter((child) => child !== summary);
  const title = summary ? inlineRuns(summary.children, ctx).paragraphs.flat() : [];
  const body = ctx.convertNodes(rest);
  return {
    type: 'COLLAPSIBLE_LIST',
    id: ctx.nextId(),
    nodes: [
      {
        type: 'COLLAPSIBLE_ITEM',
        id: ctx.nextId(),
        nodes: [
          { type: 'COLLAPSIBLE_ITEM_TITLE', id: ctx.nextId(), nodes: [paragraphOf(ctx, title)] },
          {
            type: 'COLLAPSIBLE_ITEM_BODY',
            id: ctx.nextId(),
            nodes: body.length > 0 ? body : [paragraphOf(ctx, [])],
          },
        ],
      },
    ],
    collapsibleListData: {
      expandOnlyOne: false,
      initialExpandedItems: details.attribs.open !== undefined ? 'ALL' : 'NONE',
    },
  };
}
