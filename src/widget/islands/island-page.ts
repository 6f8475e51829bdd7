/**
 * The page's data for its islands in the browser (decision 053; written by page-data.tsx).
 */
import type { BlogHandle } from '../blog-shell';

/** The element that carries the page's data for islands. */
export const ISLAND_PAGE_ELEMENT_ID = 'inkwell-islands';

/** One route match as the router shim's `useMatches` gives it. */
export interface IslandMatch {
  id: string;
  handle?: Pick<BlogHandle, 'mobileTitle'>;
  /** Present (an empty object) when the route's loader succeeded: the header tells 404s so. */
  data?: object;
}

/** The page's data for islands. */
export interface IslandPage {
  language: string;
  /**
   * Loader data by route id: the root's, the blog layout's (its error heads left out) and what
   * the page's route gives its islands.
   */
  routes: Record<string, unknown>;
  matches: IslandMatch[];
}

let page: IslandPage | undefined;

/** The islands' data of a page's HTML (another page's, fetched), or null when it has none. */
export function islandPageOf(html: string): IslandPage | null {
  const element = new DOMParser()
    .parseFromString(html, 'text/html')
    .getElementById(ISLAND_PAGE_ELEMENT_ID);
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as IslandPage) : null;
  } catch {
    return null;
  }
}

/** The page's data for islands, read once (an empty page when there is none). */
export function islandPage(): IslandPage {
  if (page) return page;
  try {
    const text = document.getElementById(ISLAND_PAGE_ELEMENT_ID)?.textContent;
    page = text ? (JSON.parse(text) as IslandPage) : undefined;
  } catch {
    page = undefined;
  }
  page ??= { language: document.documentElement.lang || 'en', routes: {}, matches: [] };
  return page;
}
