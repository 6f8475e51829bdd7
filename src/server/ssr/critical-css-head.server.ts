/**
 * A reader page's head with its critical CSS inline and the site's stylesheet deferred (issue 20;
 * decision 052 "Critical CSS"); the renderer (src/entry.server.tsx) applies it to each fresh
 * render of an island page, before it hashes the page's inline scripts for its policy, so a cache
 * hit replays the same page with the same header. Which rules are critical:
 * critical-css.server.ts.
 */
import type { CriticalStylesheet } from '../../load-context';

/** Every class name in the `class` attributes of `html` (React writes them double-quoted). */
export function classNamesOfPage(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1]!.split(/\s+/)) if (name) names.add(name);
  }
  return names;
}

/**
 * Turns the deferred stylesheet on once it has loaded (or at once if it already has). Its hash is
 * in the page's policy like every inline script's (`pageContentSecurityPolicy`).
 */
export const DEFERRED_STYLESHEET_SCRIPT =
  '{const l=document.currentScript.previousElementSibling;const on=()=>{l.media="all"};' +
  'l.sheet?on():l.addEventListener("load",on)}';

/** `<link rel="stylesheet" href="…">` as React writes it in the head. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)"\/>/;

/**
 * `html` with its stylesheet `href` (the first in the head) replaced by its critical CSS inline
 * and the stylesheet deferred; `html` as it is when its head has no stylesheet, or the stylesheet
 * cannot be read (`stylesheetOf` gives null: a development server, a missing file).
 */
export function withCriticalCss(
  html: string,
  stylesheetOf: (href: string) => CriticalStylesheet | null,
): string {
  const headEnd = html.indexOf('</head>');
  const link = STYLESHEET_LINK.exec(headEnd < 0 ? '' : html.slice(0, headEnd));
  if (!link) return html;
  const href = link[1]!;
  const stylesheet = stylesheetOf(href);
  if (!stylesheet) return html;
  const critical = stylesheet.cssFor(classNamesOfPage(html));
  // A `</style` inside would end the element early; the built stylesheet never has one.
  if (/<\/style/i.test(critical)) return html;
  const replacement =
    `<style data-critical-css="">${critical}</style>` +
    `<link rel="stylesheet" href="${href}" media="print"/>` +
    `<script>${DEFERRED_STYLESHEET_SCRIPT}</script>` +
    `<noscript><link rel="stylesheet" href="${href}"/></noscript>`;
  return html.slice(0, link.index) + replacement + html.slice(link.index + link[0].length);
}

/**
 * `html` without its inline critical CSS: for a look at the page's markup alone (the CSS names
 * every class of the blocks on the page, states the page does not show included).
 */
export function withoutCriticalCss(html: string): string {
  return html.replace(/<style data-critical-css="">.*?<\/style>/s, '');
}
