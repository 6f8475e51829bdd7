/**
 * A post in the feed's card layout: cover (with a play icon for video posts), category label,
 * title, excerpt, author line and counters. The whole card is one link target for pointer users;
 * the title is the real link for keyboards and screen readers.
 */

import { Link } from 'react-router';
import type { PostCardView } from '../../domain/views';
import { useTranslation } from '../i18n';
import { PinIcon, PlayIcon } from './icons';
import { PostCounters } from './post-counters';
import { PostMeta } from './post-meta';
import { ResponsiveImage } from './responsive-image';

/** SPEC §9 card sizes: three per row up to 980 px content width, one per row on phones. */
const CARD_IMAGE_SIZES = '(max-width: 660px) 100vw, (max-width: 980px) 50vw, 320px';

/** One card. `isEager` for the first row, whose images are the page's largest paint. */
export function PostCard({
  post,
  now,
  timeZone,
  isEager = false,
}: {
  post: PostCardView;
  now: string;
  timeZone: string;
  isEager?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <article className={`post-card${post.cover ? '' : ' post-card--no-cover'}`}>
      {post.cover ? (
        <div className="post-card__cover">
          <ResponsiveImage image={post.cover} sizes={CARD_IMAGE_SIZES} isEager={isEager} />
          {post.hasVideo ? (
            <span className="post-card__play">
              <PlayIcon />
              <span className="visually-hidden">{t('post.hasVideo')}</span>
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="post-card__body">
        <div className="post-card__labels">
          {post.isPinned ? (
            <span className="post-card__pinned">
              <PinIcon />
              {t('post.pinned')}
            </span>
          ) : null}
          {post.mainCategory ? (
            <Link className="category-label" to={post.mainCategory.link}>
              {post.mainCategory.label}
            </Link>
          ) : null}
        </div>
        <h2 className="post-card__title">
          <Link to={post.link} className="post-card__link" prefetch="intent">
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="post-card__excerpt">{post.excerpt}</p> : null}
        <div className="post-card__footer">
          <PostMeta
            owner={post.owner}
            date={post.firstPublishedDate}
            timeToRead={post.timeToRead}
            now={now}
            timeZone={timeZone}
          />
          <PostCounters counters={post.counters} />
        </div>
      </div>
    </article>
  );
}
