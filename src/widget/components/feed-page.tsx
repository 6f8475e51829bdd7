/**
 * A feed page (SPEC §2 feed, category, tag, hashtag and archive pages share it): its header, the
 * above-post-list slot, the featured-post banner, the posts in the chosen layout, the pagination
 * of the chosen mode (SPEC §4: multiple pages or infinite load-more), the below-content slots, or
 * the empty state.
 */

import { useEffect, useRef, useState } from 'react';
import { useFetcher, useRouteLoaderData } from 'react-router';
import { feedEmptyStateKeys, languageName } from '../../domain/empty-states';
import {
  capPages,
  EDITOR_LOAD_DELAY_MS,
  isPaginationHidden,
  LOAD_MORE_MARGIN_PX,
  shouldLoadNextPage,
} from '../../domain/pagination';
import type { FeedSettingsView } from '../../domain/settings';
import type { FeedCardsView, PostCardView } from '../../domain/views';
import { useClientNavigation } from '../client-navigation';
import { useTranslation } from '../i18n';
import { Island } from '../islands/island';
import { isGallerySlider, PostList } from '../layouts/post-list';
import { useBlog, useBlogSettings } from '../use-blog';
import { Pagination } from './pagination';
import { ResponsiveImage } from './responsive-image';

/** A slot's owner-written text (SPEC §2 slots), as paragraphs; nothing when empty. */
function Slot({ name, text }: { name: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <aside className={`blog-slot blog-slot--${name}`} data-slot={name}>
      {text
        .split(/\n{2,}/)
        .filter((paragraph) => paragraph.trim())
        .map((paragraph, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
          <p key={i}>{paragraph}</p>
        ))}
    </aside>
  );
}

/** SPEC §2: the featured-post banner with its read-more label. */
function FeaturedBanner({ post, label }: { post: PostCardView; label: string }) {
  const { t } = useTranslation();
  const handleClick = useClientNavigation();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegates clicks of the links inside, which handle their own keys
    <section className="featured-post" aria-label={t('feed.featured')} onClick={handleClick}>
      {post.cover ? (
        <div className="featured-post__media">
          <ResponsiveImage
            image={post.cover}
            sizes="(max-width: 980px) 100vw, 980px"
            isEager
            preferredWidth={1280}
          />
        </div>
      ) : null}
      <div className="featured-post__content">
        <p className="featured-post__eyebrow">{t('feed.featured')}</p>
        <h2 className="featured-post__title">
          <a href={post.link}>{post.title}</a>
        </h2>
        {post.excerpt ? <p className="featured-post__excerpt">{post.excerpt}</p> : null}
        <a className="featured-post__more button button--primary" href={post.link} tabIndex={-1}>
          {label || t('feed.readMore')}
        </a>
      </div>
    </section>
  );
}

/**
 * Infinite load-more (SPEC §4): later pages load through the page's own loader when the sentinel
 * comes within 200 px of the viewport; a plain link to the next page stays for search engines
 * and for readers without script.
 */
function useLoadMore(feed: FeedCardsView, pageUrl: (page: number) => string, lastPage: number) {
  const fetcher = useFetcher<{ feed?: FeedCardsView }>();
  const [more, setMore] = useState<{ from: FeedCardsView; posts: PostCardView[]; shown: number }>({
    from: feed,
    posts: [],
    shown: feed.currentPage,
  });
  // A navigation brings a new first page: start over from it.
  const current = more.from === feed ? more : { from: feed, posts: [], shown: feed.currentPage };
  const loaded = fetcher.data?.feed;
  if (
    loaded &&
    loaded.currentPage === current.shown + 1 &&
    fetcher.state === 'idle' &&
    current.from === feed
  ) {
    const seen = new Set([...feed.posts, ...current.posts].map((p) => p.id));
    setMore({
      from: feed,
      posts: [...current.posts, ...loaded.posts.filter((p) => !seen.has(p.id))],
      shown: loaded.currentPage,
    });
  }
  const isLoading = fetcher.state !== 'idle';
  const hasMore = current.shown < lastPage;
  function loadNext() {
    if (!isLoading && hasMore) fetcher.load(pageUrl(current.shown + 1));
  }
  return { posts: current.posts, shown: current.shown, isLoading, hasMore, loadNext };
}

/** The load-more link that doubles as the infinite scroll's sentinel. */
function LoadMore({
  more,
  pageUrl,
  lastPage,
}: {
  more: ReturnType<typeof useLoadMore>;
  pageUrl: (page: number) => string;
  lastPage: number;
}) {
  const { t } = useTranslation();
  const { shown, isLoading, hasMore, loadNext } = more;
  const sentinel = useRef<HTMLAnchorElement>(null);
  const state = useRef(more);
  state.current = more;

  // Re-observing after each page (`shown`) lets a still-visible sentinel trigger the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` restarts the observer on purpose
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const isEditor = document.documentElement.dataset.renderMode === 'editor';
    let timer: number | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const isVisible = entry?.isIntersecting ?? false;
        const load = () => {
          const now = state.current;
          const should = shouldLoadNextPage({
            isSentinelVisible: isVisible,
            shownPage: now.shown,
            lastPage,
            isLoading: now.isLoading,
            isServer: false,
            isEditor,
          });
          if (should) now.loadNext();
        };
        window.clearTimeout(timer);
        // SPEC §4: in the editor, wait a second before loading.
        if (isEditor) timer = window.setTimeout(load, EDITOR_LOAD_DELAY_MS);
        else load();
      },
      { rootMargin: `${LOAD_MORE_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [lastPage, shown]);

  if (!hasMore) return null;
  return (
    <a
      ref={sentinel}
      className="load-more"
      href={pageUrl(shown + 1)}
      aria-busy={isLoading}
      onClick={(event) => {
        event.preventDefault();
        loadNext();
      }}
    >
      {isLoading ? t('feed.loading') : t('feed.loadMore')}
    </a>
  );
}

/** What a feed page's route gives its islands of its data (`BlogHandle.islandData`): the feed. */
export function feedIslandData(data: unknown): { feed: FeedCardsView } {
  return { feed: (data as { feed: FeedCardsView }).feed };
}

/** What the feed's list needs besides the feed (JSON: it is the list island's props). */
export interface FeedListProps {
  now: string;
  timeZone: string;
  /** A page's address with `PAGE_PLACEHOLDER` for its number. */
  pageUrlPattern: string;
  isInfinite: boolean;
}

/** A page number no feed reaches, standing for "page N" in `pageUrlPattern`. */
export const PAGE_PLACEHOLDER = 987654321;

/** The posts, and with infinite load-more the pages loaded after them and the sentinel. */
export function FeedList({
  feed,
  now,
  timeZone,
  pageUrlPattern,
  isInfinite,
}: FeedListProps & { feed: FeedCardsView }) {
  const settings: FeedSettingsView = useBlogSettings();
  const lastPage = capPages(feed.lastPage, settings.pagination.capAt100);
  const pageUrl = (page: number) => pageUrlPattern.replace(String(PAGE_PLACEHOLDER), String(page));
  const more = useLoadMore(feed, pageUrl, lastPage);
  const posts = isInfinite && more.posts.length > 0 ? [...feed.posts, ...more.posts] : feed.posts;
  return (
    <>
      <PostList
        posts={posts}
        settings={settings}
        now={now}
        timeZone={timeZone}
        isFirstPage={feed.currentPage === 1}
      />
      {isInfinite ? <LoadMore more={more} pageUrl={pageUrl} lastPage={lastPage} /> : null}
    </>
  );
}

/** The page. `header` is rendered above the list; `emptyText` when the feed has no posts. */
export function FeedPage({
  header,
  feed,
  pageUrl,
  now,
  timeZone,
  emptyTitle,
  emptyText,
  emptyAction,
  empty,
  featured = null,
}: {
  header?: React.ReactNode;
  feed: FeedCardsView;
  pageUrl: (page: number) => string;
  now: string;
  timeZone: string;
  emptyTitle?: string;
  emptyText?: string;
  /** SPEC §2: a prompt under the empty state (explore other categories, create a post). */
  emptyAction?: React.ReactNode;
  /** The whole empty state instead (a page whose empty state depends on who reads it). */
  empty?: React.ReactNode;
  featured?: PostCardView | null;
}) {
  const { t, i18n } = useTranslation();
  const settings: FeedSettingsView = useBlogSettings();
  const lastPage = capPages(feed.lastPage, settings.pagination.capAt100);
  const isEmpty = feed.posts.length === 0;
  // SPEC §2: in the editor an empty feed speaks to the owner, not to readers.
  const root = useRouteLoaderData('root') as { renderMode?: string } | undefined;
  const isEditor = root?.renderMode === 'editor';
  const { blog } = useBlog();
  const emptyKeys = feedEmptyStateKeys({ isEditor, isMultilingual: blog.isMultilingual });
  const showsPagination = !isPaginationHidden(feed.entityCount, feed.pageSize);
  const isInfinite = settings.pagination.type === 'infinite' && showsPagination;
  const list = { now, timeZone, pageUrlPattern: pageUrl(PAGE_PLACEHOLDER), isInfinite };

  return (
    <div className="feed">
      {header}
      <Slot name="above-post-list" text={settings.slots.abovePostList} />
      {featured && settings.featured.isShown && feed.currentPage === 1 ? (
        <FeaturedBanner post={featured} label={settings.featured.readMoreLabel} />
      ) : null}
      {isEmpty ? (
        (empty ?? (
          <section className="empty-state">
            <h2>
              {emptyTitle ??
                t(emptyKeys.title, { language: languageName(blog.language, i18n.language) })}
            </h2>
            <p>{emptyText ?? t(emptyKeys.text)}</p>
            {emptyAction}
          </section>
        ))
      ) : (
        // On reader pages the list is an island (decision 053): its cards' likes, menus, pin
        // tooltips and video covers come alive with it, on the first hover, focus or press; a
        // list that moves or loads more by itself (the slider, infinite load-more) as soon as
        // its end nears the viewport.
        <Island
          name="feed-list"
          when={isInfinite || isGallerySlider(settings) ? 'visible' : 'interaction'}
          props={list}
        >
          <FeedList feed={feed} {...list} />
        </Island>
      )}
      {settings.pagination.type === 'pages' && showsPagination ? (
        <Pagination currentPage={feed.currentPage} lastPage={lastPage} pageUrl={pageUrl} />
      ) : null}
      <Slot name="below-content-1" text={settings.slots.belowContent1} />
      <Slot name="below-content-2" text={settings.slots.belowContent2} />
    </div>
  );
}

/** The heading block of a category, tag, hashtag or archive feed. */
export function FeedHeader({
  eyebrow,
  title,
  description,
  children,
}: {
  eyebrow?: string;
  title: string;
  description?: string;
  children?: React.ReactNode;
}) {
  return (
    <header className="feed-header">
      {eyebrow ? <p className="feed-header__eyebrow">{eyebrow}</p> : null}
      <h1 className="feed-header__title">{title}</h1>
      {description ? <p className="feed-header__description">{description}</p> : null}
      {children}
    </header>
  );
}
