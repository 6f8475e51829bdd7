/**
 * The search page's results (SPEC §2 search page, §3 search state, §8 "'no results found' with
 * try-again prompt", §9 search sizes and "search paged 20"): the count, each result with its
 * marked title and excerpt and a small meta line, the pagination, and the states for no query
 * and for no results.
 */
import { Link } from 'react-router';
import searchEn from '../../../locales/search/en.json';
import { homeUrl } from '../../domain/routes';
import {
  type HighlightSegment,
  type SearchResultsView,
  type SearchResultView,
  searchPageUrl,
} from '../../domain/search';
import { addNamespace } from '../../rich-content/i18n';
import { useTranslation } from '../i18n';
import { Pagination } from './pagination';
import { PublishDate } from './post-meta';
import { ResponsiveImage } from './responsive-image';
import { MagnifierIcon } from './search-icons';

// These words load with the code that shows them, not in every page's script (decision 001).
addNamespace('search', searchEn);

/** The result thumbnails' slot: 120 px wide on desktop, 76 px on phones. */
const THUMBNAIL_SIZES = '(max-width: 660px) 76px, 120px';

/** Results whose thumbnails load eagerly: the ones in the first screen. */
const EAGER_THUMBNAILS = 3;

/** Text with its matched words in `<mark>`. */
export function MarkedText({ segments }: { segments: readonly HighlightSegment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never move; their order is the text's.
          <mark key={i}>{segment.text}</mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

/** One result: the whole row opens the post; the title is the real link. Meta: date, author. */
function SearchResult({
  post,
  now,
  timeZone,
  isEager,
}: {
  post: SearchResultView;
  now: string;
  timeZone: string;
  /** The first results' thumbnails are in the first screen: load them at once. */
  isEager: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li className={`search-result${post.cover ? '' : ' search-result--text'}`}>
      <article className="search-result__article">
        <div className="search-result__body">
          {post.mainCategory ? (
            <Link className="search-result__category" to={post.mainCategory.link}>
              {post.mainCategory.label}
            </Link>
          ) : null}
          <h2 className="search-result__title">
            <Link to={post.link} className="search-result__link" prefetch="intent">
              <MarkedText segments={post.titleSegments} />
            </Link>
          </h2>
          {post.excerptSegments.length > 0 ? (
            <p className="search-result__excerpt">
              <MarkedText segments={post.excerptSegments} />
            </p>
          ) : null}
          <p className="search-result__meta">
            {post.firstPublishedDate ? (
              <PublishDate date={post.firstPublishedDate} now={now} timeZone={timeZone} />
            ) : null}
            {post.firstPublishedDate ? <span aria-hidden="true">·</span> : null}
            <span>{post.owner?.name || t('post.noAuthor')}</span>
          </p>
        </div>
        {post.cover ? (
          <div className="search-result__cover">
            <ResponsiveImage
              image={{ ...post.cover, alt: '' }}
              sizes={THUMBNAIL_SIZES}
              isEager={isEager}
              preferredWidth={320}
            />
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** The results of the page's query, or the state that stands in for them. */
export function SearchResults({
  results,
  base,
  now,
  timeZone,
  isSearching,
}: {
  results: SearchResultsView;
  base: string;
  now: string;
  timeZone: string;
  isSearching: boolean;
}) {
  const { t } = useTranslation();
  const { query, posts, entityCount } = results;
  const state = query === '' ? 'empty' : posts.length === 0 ? 'none' : 'found';
  return (
    <section
      className={`search-results${isSearching ? ' is-searching' : ''}`}
      aria-label={t('search.results')}
      aria-busy={isSearching}
    >
      {/* Read out when the results change while the reader types. */}
      <p className="search-results__summary" aria-live="polite" aria-atomic="true">
        {state === 'found' ? t('search.resultsFor', { count: entityCount, query }) : ''}
      </p>
      {state === 'empty' ? (
        <div className="search-state">
          <span className="search-state__icon">
            <MagnifierIcon size={28} />
          </span>
          <h1 className="search-state__title">{t('search.empty.title')}</h1>
          <p className="search-state__text">{t('search.empty.text')}</p>
        </div>
      ) : null}
      {state === 'none' ? (
        <div className="search-state search-state--none">
          <span className="search-state__icon">
            <MagnifierIcon size={28} />
          </span>
          <h1 className="search-state__title">{t('search.noResults.title')}</h1>
          <p className="search-state__text">{t('search.noResults.text', { query })}</p>
          <Link className="button" to={homeUrl(base)}>
            {t('search.noResults.browse')}
          </Link>
        </div>
      ) : null}
      {state === 'found' ? (
        <>
          <h1 className="visually-hidden">{t('search.heading', { query })}</h1>
          <ol className="search-results__list">
            {posts.map((post, i) => (
              <SearchResult
                key={post.id}
                post={post}
                now={now}
                timeZone={timeZone}
                isEager={i < EAGER_THUMBNAILS}
              />
            ))}
          </ol>
          <Pagination
            currentPage={results.currentPage}
            lastPage={results.lastPage}
            pageUrl={(page) => searchPageUrl(base, query, page)}
          />
        </>
      ) : null}
    </section>
  );
}
