/**
 * What one Ghost post's conversion carries along while it walks the content (issue 21): node ids,
 * the images met, the problems found, Ghost's `__GHOST_URL__` placeholder and the post's rendered
 * `html`, from which a card this converter does not know is cut out and kept as an HTML node.
 */
import { parseDocument } from 'htmlparser2';
import type { ImportImage, ImportProblem } from '../../records';

/** What the caller knows about the post beside its Lexical or mobiledoc content. */
export interface GhostContentOptions {
  /**
   * The old site's address (`https://blog.example.com`), put where Ghost wrote its
   * `__GHOST_URL__` placeholder. Without it the placeholder stays, for the job to resolve.
   */
  siteUrl?: string;
  /** The post's `html` as Ghost rendered it: the source of an unknown card's markup. */
  html?: string | null;
  /** The document's timestamps (the post's `updated_at`); now when absent. */
  timestamp?: Date;
}

/** Ghost writes links to its own site with this placeholder in exports since 5.0. */
export const GHOST_URL_PLACEHOLDER = '__GHOST_URL__';

/** Longest sample kept with a problem (records.ts: "at most ~200 characters"). */
const SAMPLE_MAX = 200;

/** A sample for a problem: whitespace squeezed, cut at {@link SAMPLE_MAX}. */
export function sampleOf(value: string): string {
  const squeezed = value.replace(/\s+/g, ' ').trim();
  return squeezed.length > SAMPLE_MAX ? `${squeezed.slice(0, SAMPLE_MAX - 1)}…` : squeezed;
}

/** `url` with Ghost's placeholder replaced by `siteUrl` (no trailing slash), or as it is. */
export function resolveGhostUrl(url: string, siteUrl: string | undefined): string {
  if (siteUrl === undefined || !url.includes(GHOST_URL_PLACEHOLDER)) return url;
  return url.split(GHOST_URL_PLACEHOLDER).join(siteUrl.replace(/\/+$/, ''));
}

type HtmlNode = ReturnType<typeof parseDocument>['children'][number];

/** The class names of an element, or none for text and comments. */
function classesOf(node: HtmlNode): string[] {
  if (node.type !== 'tag') return [];
  return (node.attribs.class ?? '').split(/\s+/);
}

/** The per-post state of a conversion; one instance per post. */
export class GhostContentContext {
  readonly images: ImportImage[] = [];
  readonly problems: ImportProblem[] = [];
  private counter = 0;
  private readonly reported = new Set<string>();
  private cardsHtml: HtmlNode[] | null = null;
  private readonly cardsTaken = new Map<string, number>();

  constructor(readonly options: GhostContentOptions = {}) {}

  /** A node id unique within the document, the same on every run (imports are repeatable). */
  nextId(): string {
    this.counter += 1;
    return `g${this.counter.toString(36)}`;
  }

  /** A URL from the content with the placeholder resolved. */
  url(raw: string): string {
    return resolveGhostUrl(raw, this.options.siteUrl);
  }

  problem(code: string, message: string, sample?: string): void {
    this.problems.push({
      code,
      message,
      ...(sample !== undefined && sample !== '' && { sample: sampleOf(sample) }),
    });
  }

  /** A problem reported once per post however often it occurs (a lost text format). */
  problemOnce(code: string, message: string, sample?: string): void {
    if (this.reported.has(code)) return;
    this.reported.add(code);
    this.problem(code, message, sample);
  }

  image(image: ImportImage): void {
    this.images.push(image);
  }

  /**
   * The markup Ghost rendered for the n-th card of `type` met so far, taken from the post's
   * `html`: Ghost's card renderers mark their outer element `kg-<type>-card` (a few use another
   * name, given in `classNames`). Null when the post has no html or no such element.
   */
  takeCardHtml(type: string, classNames: string[] = [`kg-${type}-card`]): string | null {
    const html = this.options.html;
    if (!html) return null;
    if (this.cardsHtml === null) {
      const dom = parseDocument(html, { withStartIndices: true, withEndIndices: true });
      this.cardsHtml = dom.children;
    }
    const taken = this.cardsTaken.get(type) ?? 0;
    const matches = this.cardsHtml.filter((node) =>
      classesOf(node).some((name) => classNames.includes(name)),
    );
    const match = matches[taken];
    if (!match || match.startIndex === null || match.endIndex === null) return null;
    this.cardsTaken.set(type, taken + 1);
    return html.slice(match.startIndex, match.endIndex + 1);
  }
}
