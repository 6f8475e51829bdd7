/**
 * The state one WordPress content conversion carries through its converters: fresh node ids, the
 * problems found, the images met, and the source text (so an unknown block is kept exactly as it
 * was written). `convertNodes` is the entry for nested content (a column, a quote, a list item):
 * the converters reach each other through it instead of importing each other in a cycle.
 */
import type { ChildNode } from 'domhandler';
import type { BlockNode } from '../../../rich-content/model/nodes';
import type { ImportImage, ImportProblem } from '../records';

/** How the HTML around blocks is read: `classic` follows wpautop (blank line: new paragraph). */
export type ContentMode = 'blocks' | 'classic';

export interface ConvertContext {
  /** The HTML being converted, after shortcodes were expanded; node indices point into it. */
  source: string;
  problems: ImportProblem[];
  images: ImportImage[];
  /** Problem codes reported once per document (a lost text style), already reported. */
  reportedOnce: Set<string>;
  /** A node id unique within this document (`n1`, `n2`, ...), so conversions are repeatable. */
  nextId(): string;
  /** Converts sibling DOM nodes (block comments, elements, loose text) into block nodes. */
  convertNodes(nodes: readonly ChildNode[], mode?: ContentMode): BlockNode[];
}

/** A problem's sample is a short excerpt: enough to recognise, never a whole post. */
export const PROBLEM_SAMPLE_MAX = 200;

/** Records a problem for the import report, with a whitespace-collapsed, shortened sample. */
export function reportProblem(
  ctx: ConvertContext,
  code: string,
  message: string,
  sample?: string,
): void {
  const problem: ImportProblem = { code, message };
  if (sample !== undefined) {
    const flat = sample.replace(/\s+/g, ' ').trim();
    problem.sample =
      flat.length > PROBLEM_SAMPLE_MAX ? `${flat.slice(0, PROBLEM_SAMPLE_MAX - 1)}…` : flat;
  }
  ctx.problems.push(problem);
}

/** The exact source text of sibling nodes (they were parsed with start and end indices). */
export function sourceOf(ctx: ConvertContext, nodes: readonly ChildNode[]): string {
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  if (!first || !last || first.startIndex === null || last.endIndex === null) return '';
  return ctx.source.slice(first.startIndex, last.endIndex + 1);
}
