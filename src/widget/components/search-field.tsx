/**
 * The search page's header (SPEC §2 "Search page: header with expanded search input and back
 * button"; SPEC §4 "Escape clears", "Search page text is debounced 500 ms"): a back button, the
 * always-expanded search field and a clear button. The address follows the text: 500 ms after
 * the last keystroke the page navigates (replacing the history entry, so Back leaves the search
 * page instead of stepping through every prefix typed), and the results load by client-side
 * navigation, or, on the island page (decision 053), by its island putting the next page's
 * results in place (`onSearch`). Enter searches at once; Escape clears. Without script the field
 * is a plain GET form, which the page's loader turns into the search address.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import searchEn from '../../../locales/search/en.json';
import { homeUrl, searchUrl } from '../../domain/routes';
import {
  normalizeSearchQuery,
  SEARCH_DEBOUNCE_MS,
  SEARCH_QUERY_MAX,
  searchPageUrl,
} from '../../domain/search';
import { addNamespace } from '../../rich-content/i18n';
import { useTranslation } from '../i18n';
import { ArrowLeftIcon, CrossIcon, MagnifierIcon } from './search-icons';

// These words load with the code that shows them, not in every page's script (decision 001).
addNamespace('search', searchEn);

/**
 * Navigation state that asks the search page to focus its field, for links that open it from a
 * search button (`<Link to={searchUrl(base)} state={FOCUS_SEARCH_STATE}>`). The field is also
 * focused whenever the page opens without a query.
 */
export const FOCUS_SEARCH_STATE = { focusSearch: true } as const;

/**
 * State of the navigations the field makes, so that it does not echo its own addresses (the
 * island writes it as the history entry's `usr`, where the router shim's `useLocation` reads it).
 */
export const FROM_FIELD_STATE = { fromSearchField: true } as const;

function hasFlag(state: unknown, flag: string): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[flag] === true
  );
}

/** Whether the browser history holds a page of this blog before the current one. */
function hasAppHistory(): boolean {
  // React Router numbers its history entries; replacing an entry keeps the number.
  const state = window.history.state as { idx?: unknown } | null;
  if (typeof state?.idx === 'number') return state.idx > 0;
  // Island pages load as documents (decision 053): the page before is ours if it sent us here.
  return window.history.length > 1 && isOwnReferrer();
}

function isOwnReferrer(): boolean {
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false; // No referrer: the address was typed, or came from a bookmark.
  }
}

/** The search page's header: back, the field, clear. `query` is the page's current query. */
export function SearchField({
  base,
  query,
  isSearching,
  onSearch,
}: {
  base: string;
  query: string;
  /** Results for a new query are on their way. */
  isSearching: boolean;
  /** Shows the search page at `url` (for `query`); a client navigation when not given. */
  onSearch?: (url: string, query: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The query of the address the field last asked for: its own echoes are not news.
  const requested = useRef(query);

  // Another link changed the query (the header search, Back): show it.
  useEffect(() => {
    if (hasFlag(location.state, 'fromSearchField') && query === requested.current) return;
    requested.current = query;
    setText(query);
  }, [query, location.state]);

  // Opened from a search button, or with nothing to show yet: ready to type.
  const shouldFocus = query === '' || hasFlag(location.state, 'focusSearch');
  useEffect(() => {
    const field = input.current;
    if (!shouldFocus || !field) return;
    field.focus({ preventScroll: true });
    field.setSelectionRange(field.value.length, field.value.length);
  }, [shouldFocus]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function search(value: string) {
    clearTimeout(timer.current);
    const next = normalizeSearchQuery(value);
    if (next === requested.current && next === query) return;
    requested.current = next;
    const url = searchPageUrl(base, next);
    if (onSearch) onSearch(url, next);
    else void navigate(url, { replace: true, preventScrollReset: true, state: FROM_FIELD_STATE });
  }

  function handleChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    // SPEC §4, §9: the page's text is debounced 500 ms.
    timer.current = setTimeout(() => search(value), SEARCH_DEBOUNCE_MS);
  }

  function handleBack(event: React.MouseEvent) {
    if (!hasAppHistory()) return; // The link itself goes to the blog's home.
    event.preventDefault();
    void navigate(-1);
  }

  return (
    <div className="search-header">
      <Link
        to={homeUrl(base)}
        className="search-header__back"
        aria-label={t('search.back')}
        onClick={handleBack}
      >
        <ArrowLeftIcon />
      </Link>
      {/* biome-ignore lint/a11y/useSemanticElements: a search landmark; <search> is too new for some screen readers. */}
      <form
        role="search"
        className="search-field"
        action={searchUrl(base)}
        method="get"
        aria-busy={isSearching}
        onSubmit={(event) => {
          event.preventDefault();
          search(text);
          // On a phone, Enter means "show me": fold the keyboard away from the results.
          if (window.matchMedia('(pointer: coarse)').matches) input.current?.blur();
        }}
      >
        <span className={`search-field__icon${isSearching ? ' is-searching' : ''}`}>
          <MagnifierIcon />
        </span>
        <input
          ref={input}
          className="search-field__input"
          type="search"
          name="q"
          value={text}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          onChange={(event) => handleChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // SPEC §4: Escape clears (the browser's own clearing would skip the address).
            event.preventDefault();
            setText('');
            search('');
          }}
        />
        {text !== '' ? (
          <button
            type="button"
            className="search-field__clear"
            aria-label={t('search.clear')}
            onClick={() => {
              setText('');
              search('');
              input.current?.focus();
            }}
          >
            <CrossIcon />
          </button>
        ) : null}
        <button type="submit" className="visually-hidden">
          {t('search.submit')}
        </button>
      </form>
    </div>
  );
}
