/**
 * Plain HTML into block nodes: what classic posts are made of, and what sits inside each
 * Gutenberg block. Inline stretches become paragraphs (in classic mode a blank line starts a new
 * one, as wpautop does); block elements map to their node; an element Inkwell has no node for
 * (a form, a script, a definition list) is kept as an HTML node, which renders in its sandbox,
 * and reported as `unsupported-html:<tag>`.
 */
import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import type { BlockNode, HtmlNode } from '../../../rich-content/model/nodes';
import { type ContentMode, type ConvertContext, reportProblem, sourceOf } from './convert-context';
import { inlineRuns, isInlineNode } from './inline';
import { findFigcaption, findImage, galleryNode, imageNode, videoNode } from './media';
import { detailsNode, listNode, paragraphOf, quoteNode, tableNode } from './structures';

/** Elements that only wrap other content: their children are converted in their place. */
const TRANSPARENT_TAGS = new Set([
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'center',
  'body',
  'html',
  'figcaption',
]);
/** Elements with nothing to show: skipped without a problem. */
const EMPTY_TAGS = new Set(['br', 'wbr', 'meta', 'link', 'title', 'head']);

/** An HTML node holding markup as written. */
export function htmlNode(ctx: ConvertContext, html: string): HtmlNode {
  return { type: 'HTML', id: ctx.nextId(), nodes: [], htmlData: { html, source: 'HTML' } };
}

function headingLevel(name: string): number | null {
  const match = /^h([1-6])$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Text blocks (paragraphs or a heading) and the blocks ejected from their inline content. */
function textBlocks(
  ctx: ConvertContext,
  nodes: readonly ChildNode[],
  isClassic: boolean,
  level: number | null = null,
): BlockNode[] {
  const { paragraphs, ejected } = inlineRuns(nodes, ctx, isClassic);
  const out: BlockNode[] = [];
  for (const runs of paragraphs) {
    if (runs.length === 0) continue;
    if (level !== null) {
      out.push({ type: 'HEADING', id: ctx.nextId(), nodes: runs, headingData: { level } });
      continue;
    }
    const video = isClassic ? standaloneVideo(ctx, runs) : null;
    out.push(video ?? paragraphOf(ctx, runs));
  }
  for (const element of ejected) out.push(...convertElement(ctx, element));
  return out;
}

/** A classic post's line holding only a video address is an embed (WordPress's auto-embed). */
function standaloneVideo(ctx: ConvertContext, runs: { textData: { text: string } }[]) {
  const text = runs
    .map((run) => run.textData.text)
    .join('')
    .trim();
  return /^https?:\/\/\S+$/.test(text) ? videoNode(ctx, text) : null;
}

function figureNodes(ctx: ConvertContext, figure: Element): BlockNode[] {
  const table = DomUtils.findOne((element) => element.name === 'table', figure.children, true);
  if (table) {
    const node = tableNode(ctx, table);
    const figcaption = findFigcaption(figure.children);
    const caption = figcaption ? textBlocks(ctx, figcaption.children, false) : [];
    return node ? [node, ...caption] : caption;
  }
  const images = DomUtils.findAll((element) => element.name === 'img', figure.children);
  if (images.length > 1) {
    const gallery = galleryNode(ctx, figure.children);
    return gallery ? [gallery] : [];
  }
  const img = findImage(figure.children);
  if (img) {
    const image = imageNode(ctx, img, findFigcaption(figure.children));
    return image ? [image] : [];
  }
  return ctx.convertNodes(figure.children);
}

function mediaElementNodes(ctx: ConvertContext, element: Element): BlockNode[] {
  const source =
    element.attribs.src ??
    DomUtils.findOne((inner) => inner.name === 'source', element.children, true)?.attribs.src ??
    '';
  const video = source ? videoNode(ctx, source.trim()) : null;
  return video ? [video] : [unsupported(ctx, element)];
}

function unsupported(ctx: ConvertContext, element: Element): HtmlNode {
  const html = sourceOf(ctx, [element]);
  reportProblem(
    ctx,
    `unsupported-html:${element.name}`,
    `Inkwell has no block for <${element.name}>; it was kept as HTML.`,
    html,
  );
  return htmlNode(ctx, html);
}

/** The block nodes one HTML element becomes (none for an empty paragraph). */
export function convertElement(ctx: ConvertContext, element: Element): BlockNode[] {
  const name = element.name;
  const level = headingLevel(name);
  if (level !== null) return textBlocks(ctx, element.children, false, level);
  if (name === 'p') return textBlocks(ctx, element.children, false);
  if (name === 'ul' || name === 'ol') return [listNode(ctx, element)];
  if (name === 'blockquote') return [quoteNode(ctx, element)];
  if (name === 'pre') {
    const code = DomUtils.textContent(element).replace(/\n$/, '');
    return [
      {
        type: 'CODE_BLOCK',
        id: ctx.nextId(),
        nodes: code
          ? [{ type: 'TEXT', id: '', nodes: [], textData: { text: code, decorations: [] } }]
          : [],
        codeBlockData: {},
      },
    ];
  }
  if (name === 'hr') {
    return [
      {
        type: 'DIVIDER',
        id: ctx.nextId(),
        nodes: [],
        dividerData: { lineStyle: 'SINGLE', width: 'LARGE' },
      },
    ];
  }
  if (name === 'figure') return figureNodes(ctx, element);
  if (name === 'img') {
    const image = imageNode(ctx, element);
    return image ? [image] : [];
  }
  if (name === 'table') {
    const table = tableNode(ctx, element);
    return table ? [table] : [];
  }
  if (name === 'details') return [detailsNode(ctx, element)];
  if (name === 'iframe' || name === 'video') return mediaElementNodes(ctx, element);
  if (TRANSPARENT_TAGS.has(name)) return ctx.convertNodes(element.children);
  if (EMPTY_TAGS.has(name)) return [];
  if (isInlineNode(element)) return textBlocks(ctx, [element], false);
  return [unsupported(ctx, element)];
}

/**
 * Sibling nodes without block delimiters into blocks: inline stretches (text, links, images in
 * text) become paragraphs, elements convert one by one.
 */
export function convertHtml(
  ctx: ConvertContext,
  nodes: readonly ChildNode[],
  mode: ContentMode,
): BlockNode[] {
  const out: BlockNode[] = [];
  let inline: ChildNode[] = [];
  const flush = () => {
    if (inline.length > 0) out.push(...textBlocks(ctx, inline, mode === 'classic'));
    inline = [];
  };
  for (const node of nodes) {
    if (isText(node) || (isTag(node) && isInlineNode(node))) {
      inline.push(node);
      continue;
    }
    flush();
    if (isTag(node)) out.push(...convertElement(ctx, node));
  }
  flush();
  return out;
}
