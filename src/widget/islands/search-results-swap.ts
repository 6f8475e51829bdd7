/**
 * The search page's results without a document load (issue 20, decision 053): on an island page
 * the search field asks for the next query's page, which the page cache serves to visitors as it
 * serves a typed-in address, and puts that page's results in place of the ones shown. What the
 * reader searches for is what a GET of the same address shows, so the page stays cacheable and
 * a reload, a shared link or Back shows the same results.
 */
import { FROM_FIELD_STATE } from '../components/search-field';

const RESULTS = '.search-results';
const SUMMARY = '.search-results__summary';

/** Marks the shown results as on their way out (styles dim them; assistive tech hears busy). */
export function markSearching(isSearching: boolean): void {
  const results = document.querySelector<HTMLElement>(RESULTS);
  if (!results) return;
  results.classList.toggle('is-searching', isSearching);
  results.setAttribute('aria-busy', String(isSearching));
}

/**
 * Puts `next`'s results in place of `current`'s. The live summary keeps its node and takes the
 * new text, so a screen reader reads the new count out (a new node would be read by none).
 */
export function swapSearchResults(current: Element, next: Element): void {
  const summary = current.querySelector(SUMMARY);
  for (const child of [...current.children]) {
    if (child !== summary) child.remove();
  }
  for (const child of [...next.children]) {
    if (child.matches(SUMMARY)) {
      if (summary) summary.textContent = child.textContent;
    } else {
      current.append(document.adoptNode(child));
    }
  }
}

/**
 * Shows the search page at `url` in place: its results, its title, its address (replacing the
 * history entry, so Back leaves the search page instead of stepping through every prefix typed).
 * Resolves false when `signal` aborted it (a newer search took over); a page that cannot be
 * shown in place (an error page, a failed request) is loaded as a document instead.
 */
export async function showSearchPage(url: string, signal: AbortSignal): Promise<boolean> {
  let html: string;
  let address = url;
  try {
    const response = await fetch(url, { credentials: 'same-origin', signal });
    if (!response.ok) throw new Error(`search page ${response.status}`);
    address = response.url || url;
    html = await response.text();
  } catch {
    if (signal.aborted) return false;
    window.location.replace(url);
    return true;
  }
  if (signal.aborted) return false;
  const page = new DOMParser().parseFromString(html, 'text/html');
  const next = page.querySelector(RESULTS);
  const current = document.querySelector(RESULTS);
  if (!next || !current) {
    window.location.replace(url);
    return true;
  }
  swapSearchResults(current, next);
  document.title = page.title;
  window.history.replaceState({ usr: FROM_FIELD_STATE }, '', address);
  return true;
}
