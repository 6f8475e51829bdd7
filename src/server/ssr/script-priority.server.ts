/**
 * The page's module preloads at low fetch priority (issue 20, decision 052).
 *
 * Every blog page is whole in its HTML: the scripts only hydrate it. React Router's `<Scripts/>`
 * lists 15 (feed) to 40 (post) `<link rel="modulepreload">` tags, which browsers fetch at high
 * priority beside the one stylesheet and the cover: on a slow phone connection they share its
 * bandwidth with what the first paint needs, and the page's first paint waited for them (the
 * deferred module scripts then ran before the first frame). At `fetchpriority="low"` the
 * stylesheet and the LCP image go first; the scripts still load in parallel, from the same
 * preloads (a module import reuses a preloaded response whatever its priority), and hydrate as
 * before. `<Scripts/>` takes no attribute for its preloads, so the rendered page is rewritten
 * once per render (cache hits replay the stored page).
 */

const MODULE_PRELOAD = '<link rel="modulepreload"';

/** `html` with `fetchpriority="low"` on each of its module preloads. */
export function withLowPriorityModulePreloads(html: string): string {
  return html.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`);
}
