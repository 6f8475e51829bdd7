/**
 * Ghost's mobiledoc content (the `mobiledoc` column, Ghost 1.x to 4.x and posts never reopened
 * in the Lexical editor) as an Inkwell document (issue 21). Mobiledoc 0.3 keeps text in sections
 * of markers that open and close markups by index, and cards and atoms in lists of their own:
 *
 * - `[1, tagName, markers]` markup section (p, h1–h6, blockquote, aside, pull-quote)
 * - `[2, src]` image section; `[3, 'ul' | 'ol', items]` list section; `[10, cardIndex]` card
 * - marker `[0 | 1, openedMarkups, closedCount, text | atomIndex]`
 */
import type {
  BlockNode,
  ListItemNode,
  ParagraphNode,
  TextNode,
} from '../../../../rich-content/model/nodes';
import { type CardPayload, cardToBlocks } from './cards';
import { GhostContentContext, type GhostContentOptions } from './context';
import { finishConversion, type GhostConversion } from './conversion';
import { type LostFormat, linkOf, type Marks, reportLostFormat, textRun } from './runs';

interface Mobiledoc {
  atoms: unknown[];
  cards: unknown[];
  markups: unknown[];
  sections: unknown[];
}

const LOST_MARKUPS: Readonly<Record<string, LostFormat>> = {
  s: 'strikethrough',
  del: 'strikethrough',
  strike: 'strikethrough',
  code: 'code',
  sub: 'subscript',
  sup: 'superscript',
  mark: 'highlight',
};

function arrayAt(value: unknown, index: number): unknown[] {
  const item = Array.isArray(value) ? value[index] : undefined;
  return Array.isArray(item) ? item : [];
}

/** A markup's attribute, from mobiledoc's flat `[name, value, name, value]` list. */
function attribute(markup: unknown[], name: string): string {
  const attributes = arrayAt(markup, 1);
  for (let i = 0; i + 1 < attributes.length; i += 2) {
    if (String(attributes[i]).toLowerCase() === name && typeof attributes[i + 1] === 'string') {
      return attributes[i + 1] as string;
    }
  }
  return '';
}

/** The marks of the markups open at a marker. */
function marksOf(open: unknown[][], context: GhostContentContext, sample: string): Marks {
  const marks: Marks = {};
  for (const markup of open) {
    const tag = String(markup[0] ?? '').toLowerCase();
    if (tag === 'b' || tag === 'strong') marks.bold = true;
    else if (tag === 'i' || tag === 'em') marks.italic = true;
    else if (tag === 'u') marks.underline = true;
    else if (tag === 'a' && attribute(markup, 'href') !== '') {
      marks.link = linkOf(context.url(attribute(markup, 'href')), attribute(markup, 'target'));
    } else if (LOST_MARKUPS[tag]) reportLostFormat(LOST_MARKUPS[tag], context, sample);
  }
  return marks;
}

function atomText(doc: Mobiledoc, index: unknown, context: GhostContentContext): string {
  const atom = typeof index === 'number' ? doc.atoms[index] : undefined;
  const [name, text] = Array.isArray(atom) ? atom : [];
  if (name === 'soft-return') return '\n';
  const value = typeof text === 'string' ? text : '';
  context.problem(
    `unknown-atom:${String(name)}`,
    `Mobiledoc's ${String(name)} atom is kept as its text.`,
    value,
  );
  return value;
}

/** A section's markers as runs, following which markups each marker opens and closes. */
function runsOf(markers: unknown[], doc: Mobiledoc, context: GhostContentContext): TextNode[] {
  const runs: TextNode[] = [];
  const open: unknown[][] = [];
  for (const marker of markers) {
    if (!Array.isArray(marker)) continue;
    const [kind, opened, closed, value] = marker;
    for (const index of Array.isArray(opened) ? opened : []) {
      open.push(typeof index === 'number' ? arrayAt(doc.markups, index) : []);
    }
    const text =
      kind === 1 ? atomText(doc, value, context) : typeof value === 'string' ? value : '';
    if (text !== '') runs.push(textRun(text, marksOf(open, context, text)));
    open.splice(Math.max(0, open.length - (typeof closed === 'number' ? closed : 0)));
  }
  return runs;
}

function paragraphOf(runs: TextNode[], context: GhostContentContext): ParagraphNode {
  return { type: 'PARAGRAPH', id: context.nextId(), nodes: runs, paragraphData: {} };
}

function markupSection(
  tag: string,
  markers: unknown[],
  doc: Mobiledoc,
  context: GhostContentContext,
): BlockNode {
  const runs = runsOf(markers, doc, context);
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) {
    return {
      type: 'HEADING',
      id: context.nextId(),
      nodes: runs,
      headingData: { level: Number(heading[1]) },
    };
  }
  if (tag === 'blockquote' || tag === 'aside' || tag === 'pull-quote') {
    return { type: 'BLOCKQUOTE', id: context.nextId(), nodes: [paragraphOf(runs, context)] };
  }
  return paragraphOf(runs, context);
}

function listSection(
  tag: string,
  items: unknown[],
  doc: Mobiledoc,
  context: GhostContentContext,
): BlockNode {
  const nodes = items.map(
    (markers): ListItemNode => ({
      type: 'LIST_ITEM',
      id: context.nextId(),
      nodes: [paragraphOf(runsOf(Array.isArray(markers) ? markers : [], doc, context), context)],
    }),
  );
  return tag === 'ol'
    ? { type: 'ORDERED_LIST', id: context.nextId(), nodes }
    : { type: 'BULLETED_LIST', id: context.nextId(), nodes };
}

function sectionBlocks(
  section: unknown,
  doc: Mobiledoc,
  context: GhostContentContext,
): BlockNode[] {
  if (!Array.isArray(section)) return [];
  const [kind, first, second] = section;
  const tag = typeof first === 'string' ? first.toLowerCase() : '';
  switch (kind) {
    case 1:
      return [markupSection(tag, Array.isArray(second) ? second : [], doc, context)];
    case 2:
      return cardToBlocks('image', { src: first }, context);
    case 3:
      return [listSection(tag, Array.isArray(second) ? second : [], doc, context)];
    case 10: {
      const card = typeof first === 'number' ? doc.cards[first] : undefined;
      const [name, payload] = Array.isArray(card) ? card : [];
      const fields = payload !== null && typeof payload === 'object' ? payload : {};
      return cardToBlocks(String(name), fields as CardPayload, context);
    }
    default:
      context.problem(
        `unknown-section:${String(kind)}`,
        'A mobiledoc section of an unknown kind was not carried over.',
      );
      return [];
  }
}

function readMobiledoc(input: unknown): Mobiledoc | null {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (value === null || typeof value !== 'object') return null;
  const doc = value as Record<string, unknown>;
  if (!Array.isArray(doc.sections)) return null;
  const list = (key: string) => (Array.isArray(doc[key]) ? (doc[key] as unknown[]) : []);
  return {
    atoms: list('atoms'),
    cards: list('cards'),
    markups: list('markups'),
    sections: doc.sections,
  };
}

/**
 * A post's mobiledoc content (the `mobiledoc` column's JSON text, or its parsed value) as a valid
 * Inkwell document, the images it refers to and what could not be carried over.
 */
export function mobiledocToDocument(
  mobiledoc: unknown,
  options: GhostContentOptions = {},
): GhostConversion {
  const context = new GhostContentContext(options);
  const doc = readMobiledoc(mobiledoc);
  if (doc === null) {
    context.problem('content-unreadable', "The post's mobiledoc content is not readable.");
    return finishConversion([], context);
  }
  return finishConversion(
    doc.sections.flatMap((section) => sectionBlocks(section, doc, context)),
    context,
  );
}
