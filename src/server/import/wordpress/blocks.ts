/**
 * Gutenberg blocks into block nodes. Most core blocks are plain HTML underneath (a paragraph is
 * a `<p>`, a list an `<ol>`, a table a `<figure><table>`), so their inside goes through the HTML
 * converter; the blocks whose meaning is in their attributes or wrappers (gallery, embed,
 * buttons, columns, custom HTML) have their own converter here. A block this module does not
 * know is kept as an HTML node with its markup as written, and reported as
 * `unknown-block:<name>`.
 */
import { type ChildNode, type Element, isTag } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import type { BlockNode, ButtonNode, LayoutCellNode } from '../../../rich-content/model/nodes';
import { LAYOUT_COLUMNS } from '../../../rich-content/nodes/layout/limits';
import { type Segment, splitBlocks } from './block-comments';
import { type ConvertContext, reportProblem, sourceOf } from './convert-context';
import { convertHtml, htmlNode } from './elements';
import { inlineText, linkOf } from './inline';
import { embedNodes, findFigcaption, galleryNode } from './media';

type BlockSegment = Extract<Segment, { kind: 'block' }>;
type BlockConverter = (ctx: ConvertContext, block: BlockSegment) => BlockNode[];

/** Core blocks that are their HTML: the HTML converter reads them as they are. */
const HTML_BLOCKS = [
  'paragraph',
  'heading',
  'list',
  'list-item',
  'quote',
  'pullquote',
  'code',
  'preformatted',
  'image',
  'table',
  'separator',
  'details',
  'group',
  'column',
  'video',
];

/** Core blocks that hold nothing to show on another site (the excerpt marker, page breaks). */
const SILENT_BLOCKS = ['more', 'nextpage'];

const convertAsHtml: BlockConverter = (ctx, block) => convertHtml(ctx, block.inner, 'blocks');

function stringAttr(block: BlockSegment, name: string): string {
  const value = block.attrs[name];
  return typeof value === 'string' ? value : '';
}

/** The element a block's markup is wrapped in (`<figure class="wp-block-embed">`, ...). */
function wrapperOf(block: BlockSegment): Element | null {
  return (block.inner.find(isTag) as Element | undefined) ?? null;
}

const convertGallery: BlockConverter = (ctx, block) => {
  const gallery = galleryNode(ctx, block.inner);
  return gallery ? [gallery] : [];
};

const convertEmbed: BlockConverter = (ctx, block) => {
  const wrapper = wrapperOf(block);
  const url =
    stringAttr(block, 'url') ||
    (wrapper ? DomUtils.textContent(wrapper.children.filter((c) => !isFigcaption(c))).trim() : '');
  const provider = stringAttr(block, 'providerNameSlug') || block.name.replace(/^core-embed\//, '');
  return embedNodes(ctx, url, provider, wrapper ? findFigcaption(wrapper.children) : null);
};

function isFigcaption(node: ChildNode): boolean {
  return isTag(node) && node.name === 'figcaption';
}

/** One BUTTON per `<a>` under the block (a `core/buttons` holds `core/button`s). */
const convertButtons: BlockConverter = (ctx, block) => {
  const anchors = DomUtils.findAll((element) => element.name === 'a', block.inner);
  const buttons: ButtonNode[] = [];
  for (const anchor of anchors) {
    const label = inlineText(anchor.children, ctx);
    const link = linkOf(anchor);
    buttons.push({
      type: 'BUTTON',
      id: ctx.nextId(),
      nodes: [],
      buttonData: { type: 'LINK', text: label, ...(link && { link }) },
    });
  }
  if (buttons.length === 0) {
    reportProblem(
      ctx,
      'empty-button',
      'A button without a link was left out.',
      sourceOf(ctx, block.inner),
    );
  }
  return buttons;
};

/** A column's share of the layout's 12 columns, from its `width` ("33.33%") when it has one. */
function columnSpan(attrs: Record<string, unknown>, count: number): number {
  const width = typeof attrs.width === 'string' ? /^([\d.]+)%$/.exec(attrs.width) : null;
  const share = width ? Number(width[1]) / 100 : 1 / count;
  return Math.min(LAYOUT_COLUMNS, Math.max(1, Math.round(share * LAYOUT_COLUMNS)));
}

/** `core/columns` → LAYOUT, each `core/column` → a LAYOUT_CELL of its converted blocks. */
const convertColumns: BlockConverter = (ctx, block) => {
  const wrapper = wrapperOf(block);
  const columns = splitBlocks(wrapper ? wrapper.children : block.inner).filter(
    (segment): segment is BlockSegment => segment.kind === 'block',
  );
  const cells: LayoutCellNode[] = columns.map((column) => {
    const inner = wrapperOf(column);
    return {
      type: 'LAYOUT_CELL',
      id: ctx.nextId(),
      nodes: ctx.convertNodes(inner ? inner.children : column.inner),
      layoutCellData: { colSpan: columnSpan(column.attrs, columns.length) },
    };
  });
  if (cells.length === 0) return [];
  return [{ type: 'LAYOUT', id: ctx.nextId(), nodes: cells, layoutData: {} }];
};

/** `core/html`: the writer's own markup, kept whole in an HTML node (its sandbox shows it). */
const convertCustomHtml: BlockConverter = (ctx, block) => {
  const html = sourceOf(ctx, block.inner).trim();
  return html ? [htmlNode(ctx, html)] : [];
};

const CONVERTERS = new Map<string, BlockConverter>([
  ...HTML_BLOCKS.map((name): [string, BlockConverter] => [`core/${name}`, convertAsHtml]),
  ...SILENT_BLOCKS.map((name): [string, BlockConverter] => [`core/${name}`, () => []]),
  ['core/gallery', convertGallery],
  ['core/embed', convertEmbed],
  ['core/buttons', convertButtons],
  ['core/button', convertButtons],
  ['core/columns', convertColumns],
  ['core/html', convertCustomHtml],
]);

function converterOf(name: string): BlockConverter | undefined {
  // Before WordPress 5.6 each provider had its own embed block (`core-embed/youtube`).
  return name.startsWith('core-embed/') ? convertEmbed : CONVERTERS.get(name);
}

/** An unknown block: its markup as written in an HTML node, and a problem naming the block. */
function keepUnknown(ctx: ConvertContext, block: BlockSegment): BlockNode[] {
  const inner = sourceOf(ctx, block.inner).trim();
  const html = inner || sourceOf(ctx, [block.opener]);
  reportProblem(
    ctx,
    `unknown-block:${block.name}`,
    `The block ${block.name} has no Inkwell equivalent; it was kept as HTML.`,
    html,
  );
  return [htmlNode(ctx, html)];
}

/** Sibling nodes, in block markup or not, into block nodes. */
export function convertSegments(
  ctx: ConvertContext,
  nodes: readonly ChildNode[],
  mode: 'blocks' | 'classic',
): BlockNode[] {
  const out: BlockNode[] = [];
  for (const segment of splitBlocks(nodes)) {
    if (segment.kind === 'loose') {
      out.push(...convertHtml(ctx, segment.nodes, mode));
      continue;
    }
    const convert = converterOf(segment.name);
    out.push(...(convert ? convert(ctx, segment) : keepUnknown(ctx, segment)));
  }
  return out;
}
