/**
 * The History panel's side-by-side comparison (issue 17 "Revision history", decision 034): a
 * revision against the current text, block by block. Each top-level block of the document is its
 * plain text (the node registry's text form); blocks are aligned with `diffArrays`, a removed
 * block followed by an added one is shown as one changed block with a word diff (`diffWords`), and
 * long runs of unchanged blocks fold into one row. Pure, so every case is unit-tested.
 */
import { diffArrays, diffWords } from 'diff';
import type { RichDocument } from '../../rich-content/document';
import { plainText } from '../../rich-content/text';

/** A stretch of text on one side: unchanged, or only on this side. */
export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

/** One row of the comparison: the block as it was (`before`) and as it is now (`after`). */
export type DiffRow =
  | { kind: 'same'; text: string }
  | { kind: 'changed'; before: DiffPart[]; after: DiffPart[] }
  | { kind: 'removed'; text: string }
  | { kind: 'added'; text: string }
  /** `count` unchanged blocks, folded. */
  | { kind: 'folded'; count: number };

/** Unchanged blocks around a change that stay visible; longer runs fold. */
export const DIFF_CONTEXT_BLOCKS = 1;
/** A word diff gives up after this long (a huge block shows as replaced instead). */
const WORD_DIFF_TIMEOUT_MS = 200;

/** A document's top-level blocks as plain text, empty blocks left out. */
export function blocksOf(document: unknown): string[] {
  const doc = document as RichDocument | null;
  if (!doc || !Array.isArray(doc.nodes)) return [];
  return doc.nodes
    .map((node) =>
      plainText({ ...doc, nodes: [node] })
        .replace(/\s*\n\s*/g, ' ')
        .trim(),
    )
    .filter((text) => text !== '');
}

/** The word diff of one changed block, as the two sides show it. */
export function wordDiff(before: string, after: string): { before: DiffPart[]; after: DiffPart[] } {
  const changes = diffWords(before, after, { timeout: WORD_DIFF_TIMEOUT_MS });
  if (!changes) {
    return { before: [{ text: before, kind: 'removed' }], after: [{ text: after, kind: 'added' }] };
  }
  const left: DiffPart[] = [];
  const right: DiffPart[] = [];
  for (const change of changes) {
    if (change.added) right.push({ text: change.value, kind: 'added' });
    else if (change.removed) left.push({ text: change.value, kind: 'removed' });
    else {
      left.push({ text: change.value, kind: 'same' });
      right.push({ text: change.value, kind: 'same' });
    }
  }
  return { before: left, after: right };
}

/** Folds runs of unchanged rows longer than the context kept around each change. */
function foldUnchanged(rows: DiffRow[]): DiffRow[] {
  const out: DiffRow[] = [];
  let i = 0;
  while (i < rows.length) {
    if (rows[i]!.kind !== 'same') {
      out.push(rows[i]!);
      i += 1;
      continue;
    }
    let end = i;
    while (end < rows.length && rows[end]!.kind === 'same') end += 1;
    const keepBefore = i === 0 ? 0 : DIFF_CONTEXT_BLOCKS;
    const keepAfter = end === rows.length ? 0 : DIFF_CONTEXT_BLOCKS;
    const run = rows.slice(i, end);
    if (run.length > keepBefore + keepAfter + 1) {
      out.push(...run.slice(0, keepBefore));
      out.push({ kind: 'folded', count: run.length - keepBefore - keepAfter });
      out.push(...run.slice(run.length - keepAfter));
    } else out.push(...run);
    i = end;
  }
  return out;
}

/**
 * The rows comparing `before` (a revision's blocks) with `after` (the current ones), in document
 * order. Identical texts give one folded row.
 */
export function diffBlocks(before: readonly string[], after: readonly string[]): DiffRow[] {
  const changes = diffArrays([...before], [...after]);
  const rows: DiffRow[] = [];
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const next = changes[i + 1];
    if (change.removed && next?.added) {
      // A replaced run: pair its blocks one to one as changes, the rest removed or added.
      const pairs = Math.min(change.value.length, next.value.length);
      for (let k = 0; k < pairs; k++) {
        rows.push({ kind: 'changed', ...wordDiff(change.value[k]!, next.value[k]!) });
      }
      for (const text of change.value.slice(pairs)) rows.push({ kind: 'removed', text });
      for (const text of next.value.slice(pairs)) rows.push({ kind: 'added', text });
      i += 1;
    } else if (change.removed) {
      for (const text of change.value) rows.push({ kind: 'removed', text });
    } else if (change.added) {
      for (const text of change.value) rows.push({ kind: 'added', text });
    } else {
      for (const text of change.value) rows.push({ kind: 'same', text });
    }
  }
  return foldUnchanged(rows);
}

/** Whether a comparison shows any change. */
export function hasChanges(rows: readonly DiffRow[]): boolean {
  return rows.some((row) => row.kind !== 'same' && row.kind !== 'folded');
}
