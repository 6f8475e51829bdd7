/**
 * The feed's list in the chosen layout (SPEC §2 list layouts; §5, §9 parameters). One card
 * component serves every layout: the list's classes and CSS custom properties, computed from the
 * settings in `domain/feed-layout`, arrange it. Masonry balances its columns here; the pro
 * gallery's slider is its own component.
 */

import { lazy, Suspense } from 'react';
import {
  firstRowCount,
  imageSizes,
  layoutClassNames,
  layoutStyle,
  type MasonryItem,
  masonryColumns,
} from '../../domain/feed-layout';
import type { FeedSettingsView } from '../../domain/settings';
import type { PostCardView } from '../../domain/views';
import { useClientNavigation } from '../client-navigation';
import { PostCard } from '../components/post-card';
import '../styles/layouts.css';

// Only the pro gallery's slider needs this code: other layouts don't load it.
const GallerySlider = lazy(() =>
  import('./gallery-slider').then((m) => ({ default: m.GallerySlider })),
);

/** Whether the list is the pro gallery's slider, which moves by script. */
export function isGallerySlider(settings: Pick<FeedSettingsView, 'layout' | 'params'>): boolean {
  return settings.layout === 'pro-gallery' && settings.params.galleryType === 'slider';
}

function masonryItem(post: PostCardView): MasonryItem {
  return {
    aspect: post.cover && post.cover.height > 0 ? post.cover.width / post.cover.height : null,
    textLength: post.title.length + post.excerpt.length,
  };
}

/** The posts of a feed page (or several pages, with load-more) in the layout of the settings. */
export function PostList({
  posts,
  settings,
  now,
  timeZone,
  isFirstPage = true,
  hasLikeButtons = true,
}: {
  posts: PostCardView[];
  settings: FeedSettingsView;
  now: string;
  timeZone: string;
  /** Only the first page's first row loads its images eagerly. */
  isFirstPage?: boolean;
  /** Cards have like buttons (SPEC §4) in the blog; a widget on another page shows counts. */
  hasLikeButtons?: boolean;
}) {
  const handleClick = useClientNavigation();
  const { layout, params } = settings;
  const sizes = imageSizes(layout, params);
  const eager = isFirstPage ? firstRowCount(layout, params) : 0;
  const card = (post: PostCardView, index: number) => (
    <PostCard
      key={post.id}
      post={post}
      settings={settings}
      sizes={sizes}
      now={now}
      timeZone={timeZone}
      isEager={index < eager}
      isLargestPaint={index === 0 && eager > 0}
      hasLikeButton={hasLikeButtons}
    />
  );
  const className = layoutClassNames(settings);
  const style = layoutStyle(settings) as React.CSSProperties;

  if (isGallerySlider(settings)) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside
      // biome-ignore lint/a11y/useKeyWithClickEvents: links handle their own keys
      <div className={className} style={style} onClick={handleClick}>
        <Suspense
          fallback={
            <section className="gallery-slider">
              <div className="gallery-slider__track">{posts.map(card)}</div>
            </section>
          }
        >
          <GallerySlider settings={settings}>{posts.map(card)}</GallerySlider>
        </Suspense>
      </div>
    );
  }
  if (layout === 'masonry') {
    const columns = masonryColumns(posts.map(masonryItem), Number(params.cardsPerRow ?? 3));
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside
      // biome-ignore lint/a11y/useKeyWithClickEvents: links handle their own keys
      <div className={className} style={style} onClick={handleClick}>
        {columns.map((indexes) => (
          <div className="post-list__column" key={indexes[0] ?? 'empty'}>
            {indexes.map((index) => (
              // On one column (narrow screens) the cards go back to feed order.
              <div className="post-list__cell" key={posts[index]!.id} style={{ order: index }}>
                {card(posts[index]!, index)}
              </div>
            ))}
          </div>
        ))}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside
    // biome-ignore lint/a11y/useKeyWithClickEvents: links handle their own keys
    <div className={className} style={style} onClick={handleClick}>
      {posts.map(card)}
    </div>
  );
}
