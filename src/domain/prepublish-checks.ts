/**
 * Pre-publish checks (issue 23, decision 067): what a writer should fix before a post goes public,
 * found in the stored rich-content document (SPEC §3) as JSON. Pure: the editor page runs them
 * when Publish or Schedule is pressed and from its Check button; nothing here knows the editor.
 *
 * - the post's own cover image with no description and not marked decorative (the cover's alt is
 *   not in the document: the editor's draft holds it beside the content);
 * - an image (IMAGE, or an image of a GALLERY) with no alternative text and not marked decorative;
 * - a link with no address, or whose words are only spaces (a link nobody can read or follow);
 * - a heading that skips a level: the post title is the page's h1 and a document's level-1
 *   heading renders as h2 (`rich-content/nodes/heading/render.tsx`), so levels are compared as
 *   rendered, the title counting as h1.
 *
 * A finding names its block by `path`: the indices through the `nodes` arrays from the document
 * down to the block (TEXT runs are never on a path; they are inside the text block it names).
 * The editor's blocks mirror the document's one to one, so the path finds the block there too.
 */

/** Where a finding is: the block's indices from the document down. */
export type FindingPath = readonly number[];

/** One thing to fix before publishing. `number` counts images in document order, from 1. */
export type PrepublishFinding =
  | { kind: 'cover-alt'; path: FindingPath }
  | { kind: 'image-alt'; path: FindingPath; number: number }
  | { kind: 'gallery-alt'; path: FindingPath; item: number; number: number }
  | { kind: 'link-no-address'; path: FindingPath; text: string }
  | { kind: 'link-no-text'; path: FindingPath; url: string }
  | { kind: 'heading-skip'; path: FindingPath; text: string; from: number; to: number };

/** The kinds of finding, in the order the panel groups them. */
export const PREPUBLISH_FINDING_KINDS = [
  'cover-alt',
  'image-alt',
  'gallery-alt',
  'link-no-address',
  'link-no-text',
  'heading-skip',
] as const satisfies readonly PrepublishFinding['kind'][];

/** The rendered level of the post title: the page's one h1. */
const TITLE_LEVEL = 1;
/** The lowest and highest rendered heading levels of a document (level 1 renders as h2). */
const HEADING_RENDERED_MIN = 2;
const HEADING_RENDERED_MAX = 6;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const childrenOf = (node: Json): unknown[] => (Array.isArray(node.nodes) ? node.nodes : []);

const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** The LINK decoration's link of a TEXT run, or null when the run is not linked. */
function linkOf(run: Json): Json | null {
  const data = isObject(run.textData) ? run.textData : null;
  const decorations = Array.isArray(data?.decorations) ? data.decorations : [];
  for (const decoration of decorations) {
    if (!isObject(decoration) || decoration.type !== 'LINK') continue;
    const linkData = isObject(decoration.linkData) ? decoration.linkData : {};
    return isObject(linkData.link) ? linkData.link : {};
  }
  return null;
}

const textOf = (run: Json): string => {
  const data = isObject(run.textData) ? run.textData : null;
  return typeof data?.text === 'string' ? data.text : '';
};

/** A link's address as the reader's page uses it: its URL, else its in-page anchor. */
const addressOf = (link: Json): string =>
  hasText(link.url) ? String(link.url).trim() : hasText(link.anchor) ? `#${link.anchor}` : '';

/** The plain text of a block (its TEXT runs, nested ones included). */
function plainText(node: Json): string {
  if (node.type === 'TEXT') return textOf(node);
  return childrenOf(node)
    .filter(isObject)
    .map((child) => plainText(child))
    .join('');
}

/**
 * The links of a text block: neighbouring linked runs with the same address are one link (a
 * word in bold inside a link splits it into runs).
 */
function linksOf(block: Json): { address: string; text: string }[] {
  const links: { address: string; text: string }[] = [];
  let current: { address: string; text: string } | null = null;
  for (const run of childrenOf(block)) {
    const link = isObject(run) && run.type === 'TEXT' ? linkOf(run) : null;
    if (!link || !isObject(run)) {
      current = null;
      continue;
    }
    const address = addressOf(link);
    if (current && current.address === address) current.text += textOf(run);
    else {
      current = { address, text: textOf(run) };
      links.push(current);
    }
  }
  return links;
}

/** The part of the post's cover the checks read (the editor's draft `coverImage`). */
export interface CoverToCheck {
  isEnabled: boolean;
  mediaId: string | null;
  alt?: string;
  isDecorative?: boolean;
}

/**
 * The findings of a post: its chosen cover first (it is shown above the text), then the document's
 * in document order (images, links and headings as they come). A cover that is hidden, or left to
 * the content (no picture chosen: the first image is the cover, and has its own finding), gives
 * none. Anything that is not a document (or a node that is not an object) gives no finding.
 */
export function prepublishFindings(
  document: unknown,
  cover: CoverToCheck | null = null,
): PrepublishFinding[] {
  const findings: PrepublishFinding[] = [];
  if (cover?.isEnabled && cover.mediaId !== null && !cover.isDecorative && !hasText(cover.alt)) {
    // The cover is no block of the document: an empty path.
    findings.push({ kind: 'cover-alt', path: [] });
  }
  if (!isObject(document)) return findings;
  let images = 0;
  let previousLevel = TITLE_LEVEL;

  function visit(node: Json, path: number[]) {
    switch (node.type) {
      case 'IMAGE': {
        images += 1;
        const data = isObject(node.imageData) ? node.imageData : {};
        if (data.decorative !== true && !hasText(data.altText)) {
          findings.push({ kind: 'image-alt', path, number: images });
        }
        break;
      }
      case 'GALLERY': {
        const data = isObject(node.galleryData) ? node.galleryData : {};
        const items = Array.isArray(data.items) ? data.items : [];
        items.forEach((item, index) => {
          // Videos are named by their player; only pictures need a description here.
          if (!isObject(item) || !isObject(item.image)) return;
          images += 1;
          if (item.decorative !== true && !hasText(item.altText)) {
            findings.push({ kind: 'gallery-alt', path, item: index, number: images });
          }
        });
        break;
      }
      case 'HEADING': {
        const data = isObject(node.headingData) ? node.headingData : {};
        const level = typeof data.level === 'number' ? data.level : HEADING_RENDERED_MIN;
        const rendered = Math.min(Math.max(level, HEADING_RENDERED_MIN), HEADING_RENDERED_MAX);
        if (rendered > previousLevel + 1) {
          findings.push({
            kind: 'heading-skip',
            path,
            text: plainText(node).trim(),
            from: previousLevel,
            to: rendered,
          });
        }
        previousLevel = rendered;
        break;
      }
    }
    for (const link of linksOf(node)) {
      if (link.address === '') {
        findings.push({ kind: 'link-no-address', path, text: link.text.trim() });
      } else if (link.text.trim() === '') {
        findings.push({ kind: 'link-no-text', path, url: link.address });
      }
    }
    childrenOf(node).forEach((child, index) => {
      if (isObject(child) && child.type !== 'TEXT') visit(child, [...path, index]);
    });
  }

  childrenOf(document).forEach((node, index) => {
    if (isObject(node)) visit(node, [index]);
  });
  return findings;
}

/** A stable key of a finding (a list's React key, a test's handle). */
export function findingKey(finding: PrepublishFinding): string {
  const at = finding.path.join('.');
  return finding.kind === 'gallery-alt'
    ? `${finding.kind}:${at}:${finding.item}`
    : `${finding.kind}:${at}`;
}
