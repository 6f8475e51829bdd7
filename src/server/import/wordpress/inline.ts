/**
 * Inline HTML (the inside of a paragraph, heading, caption or list item) as TEXT runs with
 * decorations: strong/b → BOLD, em/i → ITALIC, u/ins → UNDERLINE, a → LINK, br → a line break.
 * Inkwell has no inline code, strikethrough, highlight, subscript or superscript decoration: their
 * text is kept plain and the loss is reported once per kind (`format-lost:code`, ...). Elements
 * that are not inline (an image inside a paragraph, an iframe) are handed back as `ejected`, for
 * the caller to place as blocks after the text.
 */
import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import type { Decoration } from '../../../rich-content/model/decorations';
import type { TextNode } from '../../../rich-content/model/nodes';
import type { Link } from '../../../rich-content/model/shared';
import { isSafeUrl } from '../../../rich-content/safe-url';
import { type ConvertContext, reportProblem } from './convert-context';

interface Marks {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  link?: Link;
}

/** A run before whitespace is settled; `isBreak` runs are line breaks, `isParagraphBreak` splits. */
interface RawRun {
  text: string;
  marks: Marks;
  isBreak?: boolean;
  isParagraphBreak?: boolean;
}

const BOLD_TAGS = new Set(['strong', 'b']);
const ITALIC_TAGS = new Set(['em', 'i', 'cite', 'dfn']);
const UNDERLINE_TAGS = new Set(['u', 'ins']);
/** Formats Inkwell cannot show: the text stays, the look is lost and reported. */
const LOST_FORMATS: Record<string, string> = {
  code: 'code',
  kbd: 'code',
  samp: 'code',
  tt: 'code',
  s: 'strikethrough',
  del: 'strikethrough',
  strike: 'strikethrough',
  mark: 'highlight',
  sub: 'subscript',
  sup: 'superscript',
};
/** Elements read for their text only (their look is the theme's business). */
const PLAIN_INLINE_TAGS = new Set(['span', 'small', 'big', 'abbr', 'q', 'time', 'font', 'label']);

/** Whether a node belongs inside a paragraph (text or an inline element, images included). */
export function isInlineNode(node: ChildNode): boolean {
  if (isText(node)) return true;
  if (!isTag(node)) return false;
  const name = node.name;
  return (
    name === 'a' ||
    name === 'br' ||
    name === 'img' ||
    BOLD_TAGS.has(name) ||
    ITALIC_TAGS.has(name) ||
    UNDERLINE_TAGS.has(name) ||
    name in LOST_FORMATS ||
    PLAIN_INLINE_TAGS.has(name)
  );
}

/** The link of an `<a>`, or undefined when it has no safe address. */
export function linkOf(element: Element): Link | undefined {
  const href = element.attribs.href?.trim();
  if (!href || !isSafeUrl(href)) return undefined;
  const rel = (element.attribs.rel ?? '').split(/\s+/);
  return {
    url: href,
    target: element.attribs.target === '_blank' ? 'BLANK' : 'SELF',
    ...(rel.includes('nofollow') && { rel: { nofollow: true } }),
  };
}

/** What {@link inlineRuns} found: paragraphs of runs (one unless classic blank lines split them). */
export interface InlineResult {
  paragraphs: TextNode[][];
  /** Non-inline elements met inside the text (images, iframes), in order. */
  ejected: Element[];
}

interface Walk {
  ctx: ConvertContext;
  runs: RawRun[];
  ejected: Element[];
  isClassic: boolean;
}

function walk(nodes: readonly ChildNode[], marks: Marks, state: Walk): void {
  for (const node of nodes) {
    if (isText(node)) {
      pushText(node.data, marks, state);
      continue;
    }
    if (!isTag(node)) continue;
    const name = node.name;
    if (name === 'br') state.runs.push({ text: '\n', marks, isBreak: true });
    else if (BOLD_TAGS.has(name)) walk(node.children, { ...marks, bold: true }, state);
    else if (ITALIC_TAGS.has(name)) walk(node.children, { ...marks, italic: true }, state);
    else if (UNDERLINE_TAGS.has(name)) walk(node.children, { ...marks, underline: true }, state);
    else if (name === 'a') walkLink(node, marks, state);
    else if (name in LOST_FORMATS) {
      noteLostFormat(state.ctx, LOST_FORMATS[name] as string, node);
      walk(node.children, marks, state);
    } else if (PLAIN_INLINE_TAGS.has(name)) walk(node.children, marks, state);
    else state.ejected.push(node);
  }
}

function walkLink(element: Element, marks: Marks, state: Walk): void {
  const link = linkOf(element);
  if (!link && element.attribs.href) {
    reportProblem(state.ctx, 'unsafe-link', 'A link to an unsafe address was kept as plain text.');
  }
  walk(element.children, link ? { ...marks, link } : marks, state);
}

/** Text of a classic post: a blank line starts a paragraph, a single newline breaks the line. */
function pushText(data: string, marks: Marks, state: Walk): void {
  if (!state.isClassic) {
    state.runs.push({ text: data, marks });
    return;
  }
  const parts = data.split(/\n[ \t\r]*\n\s*/);
  parts.forEach((part, index) => {
    if (index > 0) state.runs.push({ text: '', marks, isParagraphBreak: true });
    const lines = part.split('\n');
    lines.forEach((line, lineIndex) => {
      if (lineIndex > 0) state.runs.push({ text: '\n', marks, isBreak: true });
      state.runs.push({ text: line, marks });
    });
  });
}

function noteLostFormat(ctx: ConvertContext, format: string, element: Element): void {
  const code = `format-lost:${format}`;
  if (ctx.reportedOnce.has(code)) return;
  ctx.reportedOnce.add(code);
  reportProblem(
    ctx,
    code,
    `Inkwell has no ${format} text style; the text was kept without it.`,
    textOfElement(element),
  );
}

function textOfElement(element: Element): string {
  return element.children.map((child) => (isText(child) ? child.data : '')).join('');
}

function decorationsOf(marks: Marks): Decoration[] {
  const decorations: Decoration[] = [];
  if (marks.bold) decorations.push({ type: 'BOLD' });
  if (marks.italic) decorations.push({ type: 'ITALIC' });
  if (marks.underline) decorations.push({ type: 'UNDERLINE' });
  if (marks.link) decorations.push({ type: 'LINK', linkData: { link: marks.link } });
  return decorations;
}

/**
 * Settles whitespace the way a browser shows it (runs of spaces and newlines are one space; none
 * at the start or end), keeping line breaks, and joins neighbouring runs with the same marks.
 */
function settle(runs: RawRun[]): TextNode[] {
  const out: { text: string; marks: Marks }[] = [];
  let endsWithSpace = true;
  for (const run of runs) {
    let text = run.isBreak ? '\n' : run.text.replace(/[ \t\r\n\f]+/g, ' ');
    if (!run.isBreak && endsWithSpace) text = text.replace(/^ /, '');
    if (run.isBreak) {
      const previous = out[out.length - 1];
      if (previous) previous.text = previous.text.replace(/ $/, '');
    }
    if (text === '') continue;
    endsWithSpace = run.isBreak === true || text.endsWith(' ');
    const previous = out[out.length - 1];
    if (previous && sameMarks(previous.marks, run.marks)) previous.text += text;
    else out.push({ text, marks: run.marks });
  }
  trimEnds(out);
  return out
    .filter((run) => run.text !== '')
    .map((run) => ({
      type: 'TEXT',
      id: '',
      nodes: [],
      textData: { text: run.text, decorations: decorationsOf(run.marks) },
    }));
}

function trimEnds(out: { text: string }[]): void {
  const first = out[0];
  if (first) first.text = first.text.replace(/^[\s]+/, '');
  const last = out[out.length - 1];
  if (last) last.text = last.text.replace(/[\s]+$/, '');
}

function sameMarks(a: Marks, b: Marks): boolean {
  return (
    Boolean(a.bold) === Boolean(b.bold) &&
    Boolean(a.italic) === Boolean(b.italic) &&
    Boolean(a.underline) === Boolean(b.underline) &&
    a.link?.url === b.link?.url &&
    a.link?.target === b.link?.target
  );
}

/**
 * The TEXT runs of inline nodes. In classic mode blank lines split the text into several
 * paragraphs (wpautop); otherwise there is exactly one list of runs (maybe empty).
 */
export function inlineRuns(
  nodes: readonly ChildNode[],
  ctx: ConvertContext,
  isClassic = false,
): InlineResult {
  const state: Walk = { ctx, runs: [], ejected: [], isClassic };
  walk(nodes, {}, state);
  const paragraphs: RawRun[][] = [[]];
  for (const run of state.runs) {
    if (run.isParagraphBreak) paragraphs.push([]);
    else paragraphs[paragraphs.length - 1]?.push(run);
  }
  return { paragraphs: paragraphs.map(settle), ejected: state.ejected };
}

/** The plain text of inline nodes, whitespace settled (a caption, a summary, a button label). */
export function inlineText(nodes: readonly ChildNode[], ctx: ConvertContext): string {
  const { paragraphs } = inlineRuns(nodes, ctx);
  return paragraphs
    .flat()
    .map((run) => run.textData.text)
    .join('');
}
