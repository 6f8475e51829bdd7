import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capPages,
  EDITOR_MAX_PAGES,
  isPaginationHidden,
  isValidPage,
  lastPage,
  PAGINATION_WINDOW,
  paginationModel,
  parsePageParam,
  shouldLoadNextPage,
  shouldShowPosition,
} from './pagination';

describe('lastPage', () => {
  it('rounds up and is at least 1', () => {
    expect(lastPage(0, 20)).toBe(1);
    expect(lastPage(1, 20)).toBe(1);
    expect(lastPage(20, 20)).toBe(1);
    expect(lastPage(21, 20)).toBe(2);
    expect(lastPage(100, 3)).toBe(34);
  });

  it('treats a negative or non-finite total as empty', () => {
    expect(lastPage(-5, 20)).toBe(1);
    expect(lastPage(Number.NaN, 20)).toBe(1);
  });

  it('rejects a page size that is not a positive integer', () => {
    expect(() => lastPage(10, 0)).toThrow(RangeError);
    expect(() => lastPage(10, 2.5)).toThrow(RangeError);
  });
});

describe('isValidPage', () => {
  it('accepts 1 even when there is nothing to show', () => {
    expect(isValidPage(1, 1)).toBe(true);
    expect(isValidPage(1, 0)).toBe(true);
  });

  it('accepts pages between 2 and the last', () => {
    expect(isValidPage(2, 3)).toBe(true);
    expect(isValidPage(3, 3)).toBe(true);
  });

  it('rejects pages past the last, below 1 or fractional', () => {
    expect(isValidPage(4, 3)).toBe(false);
    expect(isValidPage(0, 3)).toBe(false);
    expect(isValidPage(-1, 3)).toBe(false);
    expect(isValidPage(1.5, 3)).toBe(false);
    expect(isValidPage(Number.NaN, 3)).toBe(false);
  });
});

describe('parsePageParam', () => {
  it('reads an absent parameter as page 1', () => {
    expect(parsePageParam(undefined)).toBe(1);
  });

  it('reads plain positive integers', () => {
    expect(parsePageParam('1')).toBe(1);
    expect(parsePageParam('2')).toBe(2);
    expect(parsePageParam('120')).toBe(120);
  });

  it.each(['0', '-1', '1.5', 'abc', '01', '', ' 2', '2 ', '+2', '1e3', '99999999999999999999'])(
    'rejects %j',
    (raw) => {
      expect(parsePageParam(raw)).toBeNull();
    },
  );

  it('reads back what String(page) writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (page) => {
        expect(parsePageParam(String(page))).toBe(page);
      }),
    );
  });
});

describe('isPaginationHidden', () => {
  it('hides when the count is at most the page size', () => {
    expect(isPaginationHidden(0, 20)).toBe(true);
    expect(isPaginationHidden(20, 20)).toBe(true);
    expect(isPaginationHidden(21, 20)).toBe(false);
  });
});

describe('capPages', () => {
  it('caps at 100 pages only with the experiment flag', () => {
    expect(capPages(250)).toBe(250);
    expect(capPages(250, false)).toBe(250);
    expect(capPages(250, true)).toBe(100);
    expect(capPages(7, true)).toBe(7);
  });
});

describe('shouldShowPosition', () => {
  it('shows the position under 375 px', () => {
    expect(shouldShowPosition(374)).toBe(true);
    expect(shouldShowPosition(375)).toBe(false);
  });
});

describe('paginationModel', () => {
  const pageNumbers = (currentPage: number, last: number) =>
    paginationModel({ currentPage, lastPage: last }).pages.map((p) => p.page);

  it('shows only previous, pages and next with 5 pages or fewer', () => {
    expect(paginationModel({ currentPage: 2, lastPage: 5 })).toEqual({
      first: null,
      previous: { page: 1, isDisabled: false },
      pages: [
        { page: 1, isCurrent: false },
        { page: 2, isCurrent: true },
        { page: 3, isCurrent: false },
        { page: 4, isCurrent: false },
        { page: 5, isCurrent: false },
      ],
      next: { page: 3, isDisabled: false },
      last: null,
      position: null,
    });
  });

  it('adds first and last with more than 5 pages', () => {
    const model = paginationModel({ currentPage: 4, lastPage: 6 });
    expect(model.first).toEqual({ page: 1, isDisabled: false });
    expect(model.last).toEqual({ page: 6, isDisabled: false });
  });

  it('disables previous and first on page 1', () => {
    const model = paginationModel({ currentPage: 1, lastPage: 10 });
    expect(model.previous).toEqual({ page: 1, isDisabled: true });
    expect(model.first).toEqual({ page: 1, isDisabled: true });
    expect(model.next).toEqual({ page: 2, isDisabled: false });
  });

  it('disables next and last on the last page', () => {
    const model = paginationModel({ currentPage: 10, lastPage: 10 });
    expect(model.next).toEqual({ page: 10, isDisabled: true });
    expect(model.last).toEqual({ page: 10, isDisabled: true });
    expect(model.previous).toEqual({ page: 9, isDisabled: false });
  });

  it('disables both directions with a single page', () => {
    const model = paginationModel({ currentPage: 1, lastPage: 1 });
    expect(model.previous.isDisabled).toBe(true);
    expect(model.next.isDisabled).toBe(true);
    expect(model.pages).toEqual([{ page: 1, isCurrent: true }]);
  });

  it('centres a window of 5 pages, clamped at the ends', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(4, 20)).toEqual([2, 3, 4, 5, 6]);
    expect(pageNumbers(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageNumbers(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageNumbers(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
  });

  it('shows the position instead of pages, with first/last from 3 pages', () => {
    expect(paginationModel({ currentPage: 2, lastPage: 3, showPosition: true })).toEqual({
      first: { page: 1, isDisabled: false },
      previous: { page: 1, isDisabled: false },
      pages: [],
      next: { page: 3, isDisabled: false },
      last: { page: 3, isDisabled: false },
      position: { current: 2, last: 3 },
    });
    const twoPages = paginationModel({ currentPage: 1, lastPage: 2, showPosition: true });
    expect(twoPages.first).toBeNull();
    expect(twoPages.last).toBeNull();
  });

  it('clamps a current page outside the range', () => {
    expect(paginationModel({ currentPage: 50, lastPage: 8 }).position).toBeNull();
    expect(pageNumbers(50, 8)).toEqual([4, 5, 6, 7, 8]);
    expect(pageNumbers(0, 8)).toEqual([1, 2, 3, 4, 5]);
  });

  it('always holds the current page in a window of consecutive valid pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (a, b) => {
        const last = Math.max(a, b);
        const current = Math.min(a, b);
        const { pages, previous, next } = paginationModel({ currentPage: current, lastPage: last });
        expect(pages).toHaveLength(Math.min(PAGINATION_WINDOW, last));
        expect(pages.filter((p) => p.isCurrent)).toEqual([{ page: current, isCurrent: true }]);
        pages.forEach((p, i) => {
          expect(isValidPage(p.page, last)).toBe(true);
          if (i > 0) expect(p.page).toBe((pages[i - 1]?.page ?? 0) + 1);
        });
        expect(isValidPage(previous.page, last)).toBe(true);
        expect(isValidPage(next.page, last)).toBe(true);
      }),
    );
  });
});

describe('shouldLoadNextPage (SPEC §4 infinite scroll)', () => {
  const ready = {
    isSentinelVisible: true,
    shownPage: 1,
    lastPage: 5,
    isLoading: false,
    isServer: false,
    isEditor: false,
  };

  it('loads the next page when the sentinel shows and more exist', () => {
    expect(shouldLoadNextPage(ready)).toBe(true);
  });

  it('waits while loading, on the server, before the sentinel shows and after the last page', () => {
    expect(shouldLoadNextPage({ ...ready, isLoading: true })).toBe(false);
    expect(shouldLoadNextPage({ ...ready, isServer: true })).toBe(false);
    expect(shouldLoadNextPage({ ...ready, isSentinelVisible: false })).toBe(false);
    expect(shouldLoadNextPage({ ...ready, shownPage: 5 })).toBe(false);
  });

  it('stops after page 3 in the editor', () => {
    expect(shouldLoadNextPage({ ...ready, isEditor: true, shownPage: 2 })).toBe(true);
    expect(shouldLoadNextPage({ ...ready, isEditor: true, shownPage: 3 })).toBe(false);
    expect(EDITOR_MAX_PAGES).toBe(3);
  });
});
