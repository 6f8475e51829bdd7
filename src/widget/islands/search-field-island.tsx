/**
 * The search page's field as an island (issue 20, decision 053): the same field as the full app's,
 * whose searches show the next query's results in place (search-results-swap.ts) instead of
 * navigating a client router. A newer search cancels one still on its way.
 */
import { useEffect, useRef, useState } from 'react';
import { SearchField } from '../components/search-field';
import { markSearching, showSearchPage } from './search-results-swap';

/** The field over the search page's server HTML; `query` is the page's query as served. */
export function SearchFieldIsland({ base, query }: { base: string; query: string }) {
  const [shownQuery, setShownQuery] = useState(query);
  const [isSearching, setSearching] = useState(false);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => () => pending.current?.abort(), []);

  async function handleSearch(url: string, next: string) {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setSearching(true);
    markSearching(true);
    const isShown = await showSearchPage(url, controller.signal);
    if (!isShown) return;
    pending.current = null;
    setSearching(false);
    markSearching(false);
    setShownQuery(next);
  }

  return (
    <SearchField
      base={base}
      query={shownQuery}
      isSearching={isSearching}
      onSearch={(url, next) => void handleSearch(url, next)}
    />
  );
}
