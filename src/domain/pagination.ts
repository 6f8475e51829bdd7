/** SPEC §4: number of page buttons in the visible window. */
export const PAGINATION_WINDOW = 5;

/** SPEC §4: first/last buttons appear only with more than this many pages. */
export const FIRST_LAST_MIN_PAGES = 5;

/** SPEC §4: with the position display, first/last appear with more than this many pages. */
export const FIRST_LAST_MIN_PAGES_WITH_POSITION = 2;

/** SPEC §4: the position display ('3 / 12') replaces page numbers under this width in px. */
export const POSITION_DISPLAY_MAX_WIDTH = 375;

/** SPEC §5, §9: with the experiment flag on, the total is capped at this many pages. */
export const EXPERIMENT_MAX_PAGES = 100;

/** A positive page number as written in a URL: no sign, no leading zero, no fraction. */
const PAGE_PARAM_PATTERN = /^[1-9][0-9]*$/;

/**
 * The last page number for `total` entities shown `pageSize` per page; at least 1, so an empty
 * list still has page 1. Throws a RangeError when the page size is not a positive integer.
 */
export function lastPage(total: number, pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`Page size must be a positive integer, got ${pageSize}`);
  }
  if (!Number.isFinite(total) || total <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Whether a page number from the route may be shown. SPEC §4: 1, or between 2 and the last. */
export function isValidPage(page: number, last: number): boolean {
  if (!Number.isInteger(page)) return false;
  return page === 1 || (page >= 2 && page <= last);
}

/**
 * Reads the `:page` route parameter: absent means page 1; anything but a plain positive
 * integer ('0', '-1', '1.5', 'abc', '01') gives null, which the page shows as not found.
 */
export function parsePageParam(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  if (!PAGE_PARAM_PATTERN.test(raw)) return null;
  const page = Number(raw);
  return Number.isSafeInteger(page) ? page : null;
}

/** SPEC §5: pagination is hidden when the entity count is at most the page size. */
export function isPaginationHidden(total: number, pageSize: number): boolean {
  return total <= pageSize;
}

/** SPEC §5: with the experiment flag on, the number of pages is capped at 100. */
export function capPages(last: number, experimentCap = false): number {
  return experimentCap ? Math.min(last, EXPERIMENT_MAX_PAGES) : last;
}

/** SPEC §4: whether the pagination shows its position ('3 / 12') instead of page numbers. */
export function shouldShowPosition(widthPx: number): boolean {
  return widthPx < POSITION_DISPLAY_MAX_WIDTH;
}

/** A button that moves to another page; disabled when it would stay on the current one. */
export interface PaginationStep {
  page: number;
  isDisabled: boolean;
}

/** What the pagination bar shows; a component renders it without further rules. */
export interface PaginationModel {
  first: { page: 1; isDisabled: boolean } | null;
  previous: PaginationStep;
  pages: { page: number; isCurrent: boolean }[];
  next: PaginationStep;
  last: PaginationStep | null;
  position: { current: number; last: number } | null;
}

/** Input of `paginationModel`. */
export interface PaginationModelInput {
  currentPage: number;
  lastPage: number;
  showPosition?: boolean;
}

/**
 * Builds the pagination bar (SPEC §4): previous and next always, disabled at the ends; first
 * and last only with more than 5 pages (more than 2 with the position display); a window of 5
 * page numbers around the current page, or the position instead of numbers. Out-of-range
 * input is clamped to [1, lastPage].
 */
export function paginationModel({
  currentPage,
  lastPage: rawLast,
  showPosition = false,
}: PaginationModelInput): PaginationModel {
  const last = Math.max(1, Math.floor(rawLast));
  const current = Math.min(Math.max(1, Math.floor(currentPage)), last);
  const isAtStart = current === 1;
  const isAtEnd = current === last;
  const edgeMinimum = showPosition ? FIRST_LAST_MIN_PAGES_WITH_POSITION : FIRST_LAST_MIN_PAGES;
  const hasEdges = last > edgeMinimum;

  return {
    first: hasEdges ? { page: 1, isDisabled: isAtStart } : null,
    previous: { page: Math.max(1, current - 1), isDisabled: isAtStart },
    pages: showPosition ? [] : pageWindow(current, last),
    next: { page: Math.min(last, current + 1), isDisabled: isAtEnd },
    last: hasEdges ? { page: last, isDisabled: isAtEnd } : null,
    position: showPosition ? { current, last } : null,
  };
}

/** Up to `PAGINATION_WINDOW` consecutive pages, the current one centred where room allows. */
function pageWindow(current: number, last: number): { page: number; isCurrent: boolean }[] {
  const size = Math.min(PAGINATION_WINDOW, last);
  const start = Math.min(Math.max(1, current - Math.floor(PAGINATION_WINDOW / 2)), last - size + 1);
  return Array.from({ length: size }, (_, index) => {
    const page = start + index;
    return { page, isCurrent: page === current };
  });
}

/** SPEC §9: the load-more sentinel triggers this many px before it scrolls into view. */
export const LOAD_MORE_MARGIN_PX = 200;
/** SPEC §4: in the editor, infinite scroll waits this long before loading the next page. */
export const EDITOR_LOAD_DELAY_MS = 1000;
/** SPEC §4: in the editor, infinite scroll stops after this many pages. */
export const EDITOR_MAX_PAGES = 3;

/** What the infinite scroll knows when its sentinel may have come into view. */
export interface LoadMoreState {
  isSentinelVisible: boolean;
  /** The last page shown so far. */
  shownPage: number;
  lastPage: number;
  isLoading: boolean;
  isServer: boolean;
  isEditor: boolean;
}

/**
 * SPEC §4: infinite scroll loads the next page when its sentinel is visible, only if more pages
 * exist, nothing is loading and not while rendering on the server; in the editor it stops after
 * page 3.
 */
export function shouldLoadNextPage(state: LoadMoreState): boolean {
  if (state.isServer || state.isLoading || !state.isSentinelVisible) return false;
  if (state.shownPage >= state.lastPage) return false;
  return !(state.isEditor && state.shownPage >= EDITOR_MAX_PAGES);
}
