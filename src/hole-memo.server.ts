/**
 * The HTML of a shared page's holes, kept by what each read of the reader (issue 20; decision
 * 054). A hole's HTML at serve time is a function of its captured element and contexts (fixed with
 * the page) and of the reader's values it reads through the reader hooks
 * (widget/reader/reader.tsx `HoleReadsContext`; rendered by entry.server.tsx's `renderHoles`): equal values for the same reads take the same
 * path through the same components, so they give the same HTML. Most like buttons read "not
 * liked, N likes" and the gates of any member, so most members share their HTML; a header shows
 * one member and is theirs.
 *
 * The memo hangs off the hole itself (a WeakMap): when the page's holes leave the hole store
 * (server/ssr/pages.server.ts), their memos go with them. Its size is bounded on its own: a few variants per
 * hole, small HTML only, and a budget for all of them, past which every memo starts again.
 */
import type { ReaderView } from './domain/reader-state';
import type { CapturedHole } from './load-context';
import { readValueOf } from './widget/reader/reader';

/** Variants kept per hole, the oldest dropped first (a header: one per recent member). */
export const HOLE_MEMO_VARIANTS_MAX = 8;
/** A hole's HTML longer than this is rendered each time (comment threads): memory over speed. */
export const HOLE_MEMO_HTML_MAX = 16 * 1024;
/** Characters of HTML kept by all memos together; past it, every memo starts again. */
export const HOLE_MEMO_BUDGET_CHARS = 8 * 1024 * 1024;

/** One rendered variant: the reads in order, their values, the HTML they gave. */
interface Variant {
  reads: readonly string[];
  values: readonly string[];
  html: string;
}

let memos = new WeakMap<CapturedHole, Variant[]>();
let keptChars = 0;
/** Each view's values by read, computed once per request however many holes ask. */
const valuesByView = new WeakMap<ReaderView, Map<string, string>>();

function readValue(view: ReaderView, read: string): string {
  let values = valuesByView.get(view);
  if (!values) {
    values = new Map();
    valuesByView.set(view, values);
  }
  let value = values.get(read);
  if (value === undefined) {
    value = readValueOf(view, read);
    values.set(read, value);
  }
  return value;
}

/** The hole's HTML for this reader when a reader with equal reads had it rendered, else undefined. */
export function memoisedHole(hole: CapturedHole, view: ReaderView): string | undefined {
  const variants = memos.get(hole);
  if (!variants) return undefined;
  for (const variant of variants) {
    let isEqual = true;
    for (let i = 0; i < variant.reads.length && isEqual; i++) {
      isEqual = readValue(view, variant.reads[i]!) === variant.values[i];
    }
    if (isEqual) return variant.html;
  }
  return undefined;
}

/** Keeps a hole's HTML as rendered for this reader, by the reads it made (in order, as made). */
export function rememberHole(
  hole: CapturedHole,
  view: ReaderView,
  reads: readonly string[],
  html: string,
): void {
  // The whole view read (the page's JSON copy of it): the reader's alone, never shared.
  if (reads.includes('*') || html.length > HOLE_MEMO_HTML_MAX) return;
  const unique = [...new Set(reads)];
  if (keptChars + html.length > HOLE_MEMO_BUDGET_CHARS) {
    memos = new WeakMap();
    keptChars = 0;
  }
  const variants = memos.get(hole) ?? [];
  variants.push({ reads: unique, values: unique.map((read) => readValue(view, read)), html });
  if (variants.length > HOLE_MEMO_VARIANTS_MAX) variants.shift();
  memos.set(hole, variants);
  keptChars += html.length;
}
