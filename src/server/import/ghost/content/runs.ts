/**
 * Text runs for Ghost content: the marks Ghost puts on text (Lexical's format bit flags,
 * mobiledoc's markups, the inline HTML of captions and callouts) and the TEXT nodes they become.
 * Inkwell's decorations have bold, italic, underline and links; strikethrough, inline code,
 * subscript, superscript and highlight have no decoration, so the text stays and the post gets
 * a `format-lost:<name>` problem (once per post).
 */
import type { Decoration } from '../../../../rich-content/model/decorations';
import type { TextNode } from '../../../../rich-content/model/nodes';
import type { Link } from '../../../../rich-content/model/shared';
import type { GhostContentContext } from './context';

/** The formats of a run Inkwell can carry, and its link. */
export interface Marks {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  link?: Link;
}

/** Text formats with no Inkwell decoration. */
export type LostFormat = 'strikethrough' | 'code' | 'subscript' | 'superscript' | 'highlight';

/** Lexical's `TextNode.format` bits (lexical `TEXT_TYPE_TO_FORMAT`). */
const LEXICAL_FORMAT_BITS: readonly [number, keyof Marks | LostFormat][] = [
  [1, 'bold'],
  [2, 'italic'],
  [4, 'strikethrough'],
  [8, 'underline'],
  [16, 'code'],
  [32, 'subscript'],
  [64, 'superscript'],
  [128, 'highlight'],
];

/** Records a format that has no decoration, once per post. */
export function reportLostFormat(
  format: LostFormat,
  context: GhostContentContext,
  sample: string,
): void {
  context.problemOnce(
    `format-lost:${format}`,
    `Inkwell has no ${format} text format; the text is kept without it.`,
    sample,
  );
}

/** The marks of a Lexical text node's `format` on top of `outer`. */
export function marksFromLexicalFormat(
  format: unknown,
  outer: Marks,
  context: GhostContentContext,
  sample: string,
): Marks {
  if (typeof format !== 'number' || format === 0) return outer;
  const marks: Marks = { ...outer };
  for (const [bit, name] of LEXICAL_FORMAT_BITS) {
    if ((format & bit) === 0) continue;
    if (name === 'bold' || name === 'italic' || name === 'underline') marks[name] = true;
    else if (name !== 'link') reportLostFormat(name, context, sample);
  }
  return marks;
}

/** A link as Inkwell stores it; `_blank` opens a new tab. */
export function linkOf(url: string, target?: unknown): Link {
  return { url, target: target === '_blank' ? 'BLANK' : 'SELF' };
}

/** A TEXT node with the decorations of `marks`. */
export function textRun(value: string, marks: Marks = {}): TextNode {
  const decorations: Decoration[] = [];
  if (marks.bold) decorations.push({ type: 'BOLD' });
  if (marks.italic) decorations.push({ type: 'ITALIC' });
  if (marks.underline) decorations.push({ type: 'UNDERLINE' });
  if (marks.link) decorations.push({ type: 'LINK', linkData: { link: marks.link } });
  return { type: 'TEXT', id: '', nodes: [], textData: { text: value, decorations } };
}

/** The plain text of runs (an image caption for the import's image list). */
export function plainText(runs: readonly TextNode[]): string {
  return runs.map((run) => run.textData.text).join('');
}
