/**
 * The Posts screen's toolbar: the status tabs with their counts, the search box (as the user
 * types, after a pause; Enter at once) and the author, category, tag and sort choices. Each
 * change goes into the URL (`go`), whose loader lists again.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  DASHBOARD_POST_SORTS,
  DASHBOARD_POST_TABS,
  type DashboardPostsOptions,
  type DashboardPostsPage,
  type DashboardPostsQuery,
  dashboardPostsSearch,
} from '../../domain/dashboard-posts';
import { useTranslation } from '../../widget/i18n';

/** How long typing pauses before the list searches. */
const SEARCH_PAUSE_MS = 400;

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The tabs, the search and the filters. */
export function PostsToolbar({
  page,
  options,
  query,
  go,
}: {
  page: DashboardPostsPage;
  options: DashboardPostsOptions;
  query: DashboardPostsQuery;
  go(changes: Partial<DashboardPostsQuery>): unknown;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(query.q ?? '');
  useEffect(() => setText(query.q ?? ''), [query.q]);
  const isFiltered = Boolean(query.q || query.author || query.category || query.tag);
  // Search as the user types, after a pause; Enter searches at once.
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current || text === (query.q ?? '')) return;
    const timer = setTimeout(() => go({ q: text.trim() || undefined }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  });
  function handleSearch(event: FormEvent) {
    event.preventDefault();
    typed.current = false;
    void go({ q: text.trim() || undefined });
  }

  return (
    <>
      <nav className="dash-tabs" aria-label={t('dashboardPosts.tabs.label')}>
        {DASHBOARD_POST_TABS.map((tab) => (
          <a
            key={tab}
            className={tab === query.status ? 'dash-tabs__tab' : 'dash-tabs__tab'}
            aria-current={tab === query.status ? 'page' : undefined}
            href={`/dashboard/posts${dashboardPostsSearch({ ...query, cursor: undefined, status: tab })}`}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              void go({ status: tab });
            }}
          >
            {t(`dashboardPosts.tabs.${tab}`)}
            <span className="dash-tabs__count">{page.counts[tab]}</span>
          </a>
        ))}
      </nav>

      <div className="dash-toolbar">
        {/* biome-ignore lint/a11y/useSemanticElements: a search landmark; <search> is too new for some screen readers. */}
        <form className="dp-search" role="search" onSubmit={handleSearch}>
          <SearchIcon />
          <input
            type="search"
            className="dp-search__input"
            aria-label={t('dashboardPosts.search.label')}
            placeholder={t('dashboardPosts.search.placeholder')}
            value={text}
            maxLength={200}
            onChange={(event) => {
              typed.current = true;
              setText(event.target.value);
            }}
          />
        </form>
        <div className="dp-filters">
          {page.scope === 'all' ? (
            <select
              className="dash-select"
              aria-label={t('dashboardPosts.filters.author')}
              value={query.author ?? ''}
              onChange={(event) => go({ author: event.target.value || undefined })}
            >
              <option value="">{t('dashboardPosts.filters.anyAuthor')}</option>
              {options.authors.map((author) => (
                <option key={author.id} value={author.id}>
                  {author.name}
                </option>
              ))}
            </select>
          ) : null}
          <select
            className="dash-select"
            aria-label={t('dashboardPosts.filters.category')}
            value={query.category ?? ''}
            onChange={(event) => go({ category: event.target.value || undefined })}
          >
            <option value="">{t('dashboardPosts.filters.anyCategory')}</option>
            {options.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </select>
          <select
            className="dash-select"
            aria-label={t('dashboardPosts.filters.tag')}
            value={query.tag ?? ''}
            onChange={(event) => go({ tag: event.target.value || undefined })}
          >
            <option value="">{t('dashboardPosts.filters.anyTag')}</option>
            {options.tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.label}
              </option>
            ))}
          </select>
          <select
            className="dash-select"
            aria-label={t('dashboardPosts.filters.sort')}
            value={query.sort}
            onChange={(event) => go({ sort: event.target.value as DashboardPostsQuery['sort'] })}
          >
            {DASHBOARD_POST_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`dashboardPosts.sort.${sort}`)}
              </option>
            ))}
          </select>
          {isFiltered ? (
            <button
              type="button"
              className="dp-link-button"
              onClick={() =>
                go({ q: undefined, author: undefined, category: undefined, tag: undefined })
              }
            >
              {t('dashboardPosts.filters.reset')}
            </button>
          ) : null}
        </div>
      </div>
    </>
  );
}
