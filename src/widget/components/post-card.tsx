/**
 * A post in a feed, in any layout (SPEC §2 list layouts): cover (with a play icon for video
 * posts), pinned mark and category label, title, excerpt, author line, counters and rating. The
 * layout's CSS arranges these parts; the display toggles (SPEC §3) decide which are drawn.
 *
 * Links are plain anchors: the list's click handler turns them into client navigation (see
 * `useClientNavigation`), which renders several times faster than a router link per card.
 * The whole card is one link target for pointer users; the title is the real link for keyboards
 * and screen readers.
 */

import { lazy, Suspense } from 'react';
import { cardShape } from '../../domain/feed-layout';
import type { FeedSettingsView } from '../../domain/settings';
import type { PostCardView } from '../../domain/views';
import { CardMoreOptions } from './card-more-options';
import { PinnedBadge } from './pinned-badge';
import { PostCounters } from './post-counters';
import { PostMeta } from './post-meta';
import { ResponsiveImage } from './responsive-image';
import { VideoPoster } from './video-poster';

/** A category label as text or as a button (SPEC §3 category label style; §9 sizes). */
export function CategoryLabel({
  label,
  link,
  style,
}: {
  label: string;
  link: string;
  style: FeedSettingsView['categoryLabel'];
}) {
  const isButton = style.style === 'button';
  return (
    <a
      className={isButton ? 'category-label is-button' : 'category-label'}
      href={link}
      style={
        {
          '--label-size': `${style.fontSize}px`,
          '--label-padding': `${style.paddingVertical}px ${style.paddingHorizontal}px`,
          '--label-radius': `${style.cornerRadius}px`,
          '--label-border': `${style.borderWidth}px`,
        } as React.CSSProperties
      }
    >
      {label}
    </a>
  );
}

// Ratings are off unless the owner turns them on (SPEC §3): cards load the stars' code only when
// they show a rating, and the server's stars stay in place until it arrives (decision 020).
const RatingStars = lazy(() => import('./rating-stars').then((m) => ({ default: m.RatingStars })));

/**
 * One card. `isEager` for the first row, whose images are above the fold; `isLargestPaint` for
 * the first card, whose image is the page's largest paint on a phone (one column) and the first
 * on a desktop: it alone is fetched at high priority and preloaded, so that the other images of
 * the row do not share its bandwidth (decision 052).
 */
export function PostCard({
  post,
  settings,
  sizes,
  now,
  timeZone,
  isEager = false,
  isLargestPaint = isEager,
  hasLikeButton = true,
}: {
  post: PostCardView;
  settings: FeedSettingsView;
  /** The image's `sizes`, from the layout. */
  sizes: string;
  now: string;
  timeZone: string;
  isEager?: boolean;
  isLargestPaint?: boolean;
  /** The like count is a like button (SPEC §4), inside the blog; a plain count elsewhere. */
  hasLikeButton?: boolean;
}) {
  const { display } = settings;
  const shape = cardShape(settings.layout);
  const cover = shape === 'text' ? null : post.cover;
  // SPEC §4: a video post plays in place of its cover (text-over-image cards keep the picture).
  const playsVideo = shape !== 'text' && shape !== 'over' && post.video !== null;
  const hasMenu = display.moreOptionsMenu && Object.values(settings.share).some((isOn) => isOn);
  const hasLabels = post.isPinned || (display.categoryLabel && post.mainCategory) || hasMenu;
  return (
    <article className={cover || playsVideo ? 'post-card' : 'post-card post-card--no-cover'}>
      {playsVideo ? (
        <div className="post-card__media">
          <VideoPoster
            post={post}
            sizes={sizes}
            crop={settings.params.imageCrop === 'fit' ? 'fit' : 'crop'}
            isEager={isEager}
            settings={settings.video}
          />
        </div>
      ) : cover ? (
        <div className="post-card__media">
          <ResponsiveImage
            image={cover}
            sizes={sizes}
            isEager={isEager}
            isLargestPaint={isLargestPaint}
          />
        </div>
      ) : null}
      <div className="post-card__content">
        {hasLabels ? (
          <div className="post-card__labels">
            {post.isPinned ? <PinnedBadge /> : null}
            {display.categoryLabel && post.mainCategory ? (
              <CategoryLabel
                label={post.mainCategory.label}
                link={post.mainCategory.link}
                style={settings.categoryLabel}
              />
            ) : null}
            {hasMenu ? <CardMoreOptions post={post} share={settings.share} /> : null}
          </div>
        ) : null}
        {/* The post's own words: its language, and the direction of its text (issue 22). */}
        <h2 className="post-card__title" lang={post.language} dir="auto">
          <a href={post.link} className="post-card__link">
            {post.title}
          </a>
        </h2>
        {display.description && post.excerpt ? (
          // The box is the room the excerpt may take; with a manual content height it counts the
          // whole lines that fit in it (layouts.css, SPEC §9 line clamps).
          <div className="post-card__excerpt-box">
            <p className="post-card__excerpt" lang={post.language} dir="auto">
              {post.excerpt}
            </p>
          </div>
        ) : null}
        <div className="post-card__footer">
          <PostMeta
            owner={post.owner}
            date={post.firstPublishedDate}
            updatedDate={post.lastPublishedDate}
            timeToRead={post.timeToRead}
            now={now}
            timeZone={timeZone}
            display={display}
          />
          {display.rating && settings.ratingsEnabled ? (
            <Suspense fallback={<span className="rating" />}>
              <RatingStars
                average={post.ratings.averageRating}
                count={post.ratings.totalRatings}
                format={settings.ratingFormat}
              />
            </Suspense>
          ) : null}
          <PostCounters
            counters={post.counters}
            display={display}
            like={hasLikeButton ? { postId: post.id, isLiked: post.isLiked === true } : undefined}
          />
        </div>
      </div>
    </article>
  );
}
