/**
 * The search request's schema (SPEC §9 search sizes), apart from domain/search.ts's rules so that
 * the search page's island, which uses those rules, carries no zod (decision 053; 055 did the same
 * for the actor's and the gallery's schemas).
 */
import { z } from 'zod';
import {
  collapseSearchQuery,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
  searchQueryLength,
} from './search';
import { safeText } from './text-input';

/**
 * `GET /api/search?q=&page=`: the query, collapsed, at most `SEARCH_QUERY_MAX` characters (empty
 * is allowed and finds nothing), and the page, a positive integer, 1 by default.
 */
export const SearchQuerySchema = z.object({
  q: safeText()
    .default('')
    .transform(collapseSearchQuery)
    .refine((q) => searchQueryLength(q) <= SEARCH_QUERY_MAX, {
      message: `must be at most ${SEARCH_QUERY_MAX} characters`,
    }),
  page: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(1),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
