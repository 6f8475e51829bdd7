/**
 * A feed page: its header, the post cards, the pagination, or the empty state (SPEC §2 feed,
 * category, tag, hashtag and archive pages share it).
 */

import type { FeedCardsView } from '../../domain/views';
import { useTranslation } from '../i18n';
import { Pagination } from './pagination';
import { PostCard } from './post-card';

/** Cards in the first row load eagerly: they are the largest paint of the page. */
const EAGER_CARDS = 3;

/** The page. `header` is rendered above the list; `emptyText` when the feed has no posts. */
export function FeedPage({
  header,
  feed,
  pageUrl,
  now,
  timeZone,
  emptyTitle,
  emptyText,
}: {
  header?: React.ReactNode;
  feed: FeedCardsView;
  pageUrl: (page: number) => string;
  now: string;
  timeZone: string;
  emptyTitle?: string;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="feed">
      {header}
      {feed.posts.length === 0 ? (
        <section className="empty-state">
          <h2>{emptyTitle ?? t('feed.empty.title')}</h2>
          <p>{emptyText ?? t('feed.empty.text')}</p>
        </section>
      ) : (
        <div className="post-grid">
          {feed.posts.map((post, i) => (
            <PostCard
              key={post.id}
              post={post}
              now={now}
              timeZone={timeZone}
              isEager={i < EAGER_CARDS}
            />
          ))}
        </div>
      )}
      <Pagination currentPage={feed.currentPage} lastPage={feed.lastPage} pageUrl={pageUrl} />
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
