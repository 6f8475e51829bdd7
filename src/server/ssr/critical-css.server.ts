/**
 * The critical CSS of a reader page, inline in its head, and the site's stylesheet loaded without
 * blocking the first paint (issue 20; decision 052 "Critical CSS").
 *
 * The one stylesheet of the public site (`site-*.css`, 106 kB, 17 kB Brotli) was the reader pages'
 * only render-blocking request: the first paint waited for its round trip. A page now carries, in
 * a `<style>` in its head, every rule of that stylesheet that can apply to the HTML it was
 * rendered with: a rule stays when one of its selectors names only classes the page's HTML has
 * (its `:not()`, `:is()`, `:has()`… arguments, ids, attributes and tags are not looked at, so a
 * rule is kept when in doubt, never dropped). The whole stylesheet follows as `media="print"`,
 * which browsers fetch without blocking anything, and a small inline script (allowed by its hash,
 * decision 029) turns it to `all` once it has loaded; `<noscript>` keeps it for readers without
 * script. The full stylesheet holds every inlined rule again, in its own place, so once it applies
 * each element's style is what the stylesheet alone gives: nothing moves when it arrives. What
 * the page's HTML does not show yet (menus and dialogs the islands open, a member's own parts
 * laid over the shared page) is styled by the full stylesheet, which is there before the islands
 * are (their boot script waits for the page to be parsed, the stylesheet loads in parallel).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type ChildNode, type Container } from 'postcss';
import type { CriticalStylesheet } from '../../load-context';

export type { CriticalStylesheet };

/** A piece of the stylesheet: text always kept, a rule kept by its classes, or an at-rule block. */
type Piece =
  | { kind: 'text'; css: string }
  | { kind: 'rule'; css: string; selectors: readonly (readonly string[])[] }
  | { kind: 'block'; open: string; children: Piece[] };

const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;

/**
 * The classes a selector needs, each of them, for it to match anything; null when the selector
 * is one this reading cannot tell about (escapes), which keeps its rule.
 */
export function classesOfSelector(selector: string): string[] | null {
  if (selector.includes('\\')) return null;
  // Strings and attribute values may hold dots that are no class ("[href$='.pdf']").
  let bare = selector.replace(/"[^"]*"|'[^']*'/g, '').replace(/\[[^\]]*\]/g, '');
  // A functional pseudo-class's argument (:not, :is, :where, :has, :nth-child) may match without
  // its classes on the page (`:not(.x)`): left out, the rule is kept more often, never less.
  while (/\([^()]*\)/.test(bare)) bare = bare.replace(/\([^()]*\)/g, '');
  return [...bare.matchAll(CLASS_NAME)].map((match) => match[1]!);
}

function piecesOf(container: Container<ChildNode>): Piece[] {
  const pieces: Piece[] = [];
  container.each((node) => {
    if (node.type === 'rule') {
      const selectors = node.selectors.map(classesOfSelector);
      const css = node.toString();
      if (selectors.some((classes) => classes === null || classes.length === 0)) {
        pieces.push({ kind: 'text', css });
      } else {
        pieces.push({ kind: 'rule', css, selectors: selectors as string[][] });
      }
    } else if (node.type === 'atrule') {
      const isPrint =
        node.name === 'page' || (node.name === 'media' && /^print$/i.test(node.params));
      // Print rules wait for the full stylesheet, which is there long before anyone prints.
      if (isPrint) return;
      const hasRules =
        node.nodes !== undefined && ['media', 'supports', 'container', 'layer'].includes(node.name);
      if (hasRules) {
        pieces.push({
          kind: 'block',
          open: `@${node.name} ${node.params}{`,
          children: piecesOf(node),
        });
      } else {
        // @font-face (a face downloads only when text uses it), @keyframes, @import, @layer a, b;
        pieces.push({ kind: 'text', css: node.toString() });
      }
    }
  });
  return pieces;
}

/** A class's BEM block: `post-card` of `post-card__media` and of `post-card--featured`. */
function blockOf(className: string): string {
  const end = className.search(/__|--/);
  return end < 0 ? className : className.slice(0, end);
}

/**
 * Classes the page's HTML may not have, whose rules are critical all the same: those a reader's
 * own parts (`<Personal>`, decision 050) show where the visitor's page they are laid over shows
 * others. The header's controls (`header-*`: the profile button, the bell, Create post, Log in),
 * and the blocks below. A member's page laid over the shared one must be the page rendered whole
 * for them, critical CSS included: reader-overlay-pages.test.ts fails when one is missing here.
 */
const ALWAYS_CRITICAL = /^header-/;
const READERS_OWN_BLOCKS: ReadonlySet<string> = new Set([
  'avatar',
  'button',
  'comment-composer',
  'menu-button',
]);

/**
 * The BEM blocks of a page's classes: a rule applies when each class it names belongs to one of
 * them, so a block's states and parts that its islands or a reader's own state switch on
 * (`like-button--liked`) are styled at the first paint too.
 */
function blocksOf(classNames: ReadonlySet<string>): Set<string> {
  const blocks = new Set<string>(READERS_OWN_BLOCKS);
  for (const name of classNames) blocks.add(blockOf(name));
  return blocks;
}

function isCritical(className: string, blocks: ReadonlySet<string>): boolean {
  return blocks.has(blockOf(className)) || ALWAYS_CRITICAL.test(className);
}

function select(pieces: readonly Piece[], blocks: ReadonlySet<string>, out: string[]): void {
  for (const piece of pieces) {
    if (piece.kind === 'text') out.push(piece.css);
    else if (piece.kind === 'rule') {
      const applies = piece.selectors.some((classes) =>
        classes.every((name) => isCritical(name, blocks)),
      );
      if (applies) out.push(piece.css);
    } else {
      const inner: string[] = [];
      select(piece.children, blocks, inner);
      if (inner.length > 0) out.push(piece.open, ...inner, '}');
    }
  }
}

/** How many class sets' critical CSS is kept (a site's reader pages have a handful of shapes). */
const REMEMBERED_CLASS_SETS = 64;

/** The site's stylesheet `css`, ready to give the critical CSS of any page. */
export function criticalStylesheetOf(css: string): CriticalStylesheet {
  const pieces = piecesOf(postcss.parse(css));
  const remembered = new Map<string, string>();
  return {
    cssFor(classNames) {
      const blocks = blocksOf(classNames);
      const key = [...blocks].sort().join(' ');
      const known = remembered.get(key);
      if (known !== undefined) return known;
      const out: string[] = [];
      select(pieces, blocks, out);
      const critical = out.join('');
      if (remembered.size >= REMEMBERED_CLASS_SETS) remembered.clear();
      remembered.set(key, critical);
      return critical;
    },
  };
}

/** Built stylesheets' addresses: `/assets/<name>.css`, nothing that climbs out of `assets/`. */
const ASSET_STYLESHEET = /^\/assets\/[\w.-]+\.css$/;

/**
 * Reads and parses the build's stylesheets under `clientDir` on first use, once each (the
 * parse takes a few hundred ms on a loaded machine, once per server start). A stylesheet that
 * is not there gives null, and pages keep their `<link>`.
 */
export function criticalStylesheetsIn(
  clientDir: string,
): (href: string) => CriticalStylesheet | null {
  const parsed = new Map<string, CriticalStylesheet | null>();
  return (href) => {
    let stylesheet = parsed.get(href);
    if (stylesheet === undefined) {
      stylesheet = null;
      // React Router's manifest ends its stylesheets' addresses with `#`: the file has none.
      const file = href.replace(/[?#].*$/, '');
      if (ASSET_STYLESHEET.test(file)) {
        try {
          stylesheet = criticalStylesheetOf(readFileSync(path.join(clientDir, file), 'utf8'));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      parsed.set(href, stylesheet);
    }
    return stylesheet;
  };
}
