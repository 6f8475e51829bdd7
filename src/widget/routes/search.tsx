/**
 * The search page, `/search(/:query)` (SPEC §2, page kind search_results): the expanded search
 * field with a back button, and the published posts matching the query, 20 a page (SPEC §9).
 *
 * Addresses: the query is the path segment, `encodeURIComponent` of the text
 * (`/blog/search/slow%20travel`); pages past the first add `?page=N`. Older addresses
 * (SPEC §2: `/search/{lowercased text with # replaced by .hash.}`) redirect permanently to the
 * new shape (the rule is `legacySearchQuery` in domain/search.ts), as do addresses whose query
 * is not in its normal form, and the no-script form's `/search?q=...`.
 *
 * On the live site the page is server HTML plus islands (decision 053): the results, their pages
 * and the empty and no-result states are static HTML; the field is an island
 * (islands/search-field-island.tsx).
 */
import { redirect, useLoaderData, useNavigation } from 'react-router';
import { isValidPage } from '../../domain/pagination';
import { searchUrl } from '../../domain/routes';
import {
  legacySearchQuery,
  normalizeSearchQuery,
  SEARCH_PAGE_PARAM,
  searchPageUrl,
} from '../../domain/search';
import { BlogErrorBoundary } from '../components/blog-error';
import { SearchField } from '../components/search-field';
import { SearchResults } from '../components/search-results';
import { Island } from '../islands/island';
import '../styles/search.css';
import searchEn from '../../../locales/search/en.json';
import { addNamespace } from '../../rich-content/i18n';
import type { BlogHandle } from '../blog-shell';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import { searchHead } from '../seo/page-heads';
import type { Route } from './+types/search';
import { notFound, pageBasics, requestedPage } from './feed-params';

// These words load with the code that shows them, not in every page's script (decision 001).
addNamespace('search', searchEn);

// Server HTML plus islands (decision 053): the results are static HTML; the field is an island
// that puts the next query's results in place as the reader types.
export const handle: BlogHandle = {
  mobileTitle: 'blog',
  isSharedWithMembers: true,
  hasIslands: true,
};

/**
 * Loads one page of results for the query in the path; redirects the older and the
 * non-canonical addresses (see the module comment); a malformed or out-of-range page is a 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const base = context.site.blogBase;
  const url = new URL(request.url);
  const formQuery = url.searchParams.get('q');
  if (formQuery !== null) throw redirect(searchPageUrl(base, normalizeSearchQuery(formQuery)));

  const raw = params.query ?? '';
  const legacy = legacySearchQuery(raw);
  if (legacy !== null) throw redirect(searchPageUrl(base, normalizeSearchQuery(legacy)), 301);
  const query = normalizeSearchQuery(raw);
  const page = requestedPage(url.searchParams.get(SEARCH_PAGE_PARAM) ?? undefined);
  if (query !== raw) throw redirect(searchPageUrl(base, query, page), 301);

  const results = await context.reader.searchPosts(query, page);
  if (!isValidPage(page, results.lastPage)) throw notFound();
  return {
    results,
    ...pageBasics(context),
    head: searchHead(headContextFor(context), { results }),
  };
}

/** "Search" or the query as the page's title; result pages are kept out of search engines. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** Whether a navigation is on its way to a search page of this blog. */
function useIsSearching(base: string): boolean {
  const navigation = useNavigation();
  const path = searchUrl(base);
  const next = navigation.location?.pathname;
  return next !== undefined && (next === path || next.startsWith(`${path}/`));
}

/** The search page. */
export default function Search() {
  const { results, now, timeZone, base } = useLoaderData<typeof loader>();
  const isSearching = useIsSearching(base);
  return (
    <div className="search-page">
      {/* `visible`: the field is focused at once on an empty search, and typed into first. */}
      <Island name="search-field" when="visible" props={{ base, query: results.query }}>
        <SearchField base={base} query={results.query} isSearching={isSearching} />
      </Island>
      <SearchResults
        results={results}
        base={base}
        now={now}
        timeZone={timeZone}
        isSearching={isSearching}
      />
    </div>
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
