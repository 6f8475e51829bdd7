import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapseSearchQuery, SEARCH_QUERY_MAX } from './search';
import { SearchQuerySchema } from './search-schemas';
import { isSafeText } from './text-input';

describe('SearchQuerySchema', () => {
  it('defaults to an empty query on page 1', () => {
    expect(SearchQuerySchema.parse({})).toEqual({ q: '', page: 1 });
  });

  it('collapses the query and reads the page', () => {
    expect(SearchQuerySchema.parse({ q: '  a   b ', page: '3' })).toEqual({ q: 'a b', page: 3 });
  });

  it('refuses bad pages and long queries', () => {
    for (const page of ['0', '-1', '1.5', 'x', '99999999']) {
      expect(SearchQuerySchema.safeParse({ page }).success).toBe(false);
    }
    expect(SearchQuerySchema.safeParse({ q: 'a'.repeat(SEARCH_QUERY_MAX + 1) }).success).toBe(
      false,
    );
    expect(SearchQuerySchema.safeParse({ q: ` ${'a'.repeat(SEARCH_QUERY_MAX)} ` }).success).toBe(
      true,
    );
  });

  it('accepts any storable text as a query, and refuses U+0000 and lone surrogates (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: SEARCH_QUERY_MAX }), (q) => {
        const parsed = SearchQuerySchema.safeParse({ q });
        // Issue 15 (decision 027): what PostgreSQL cannot store is refused, naming `q`.
        if (!isSafeText(q)) {
          expect(parsed.error?.issues[0]?.path).toEqual(['q']);
          return;
        }
        expect(parsed.data?.q).toBe(collapseSearchQuery(q));
      }),
    );
  });
});
