/**
 * A video post's cover in a feed card before anyone plays it: the thumbnail and the play button,
 * the same markup as `VideoCover` at rest. The player code (VideoCover and its players) loads only
 * when a reader starts a video (click, hover or scrolling to it in autoplay mode), so feeds don't
 * pay for it in their scripts (the feed page's 130 KB budget).
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { VideoSettings } from '../../domain/video';
import { useTranslation } from '../i18n';
import { PlayIcon } from './icons';
import { ResponsiveImage } from './responsive-image';
import type { VideoCoverPost, VideoCoverProps, VideoTrigger } from './video-cover';
import '../styles/post-extras.css';

const VideoCover = lazy(() => import('./video-cover').then((m) => ({ default: m.VideoCover })));

/** SPEC §4 hover mode: the pointer rests this long before a video starts (as VideoCover). */
const HOVER_INTENT_MS = 200;
/** Autoplay mode: starts when this share of the cover is on screen (as VideoCover). */
const AUTOPLAY_VISIBLE_SHARE = 0.6;

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The card's video cover; hands over to `VideoCover` once started. */
export function VideoPoster(
  props: Omit<VideoCoverProps, 'settings' | 'startWith'> & {
    post: VideoCoverPost;
    settings: VideoSettings;
  },
) {
  const { t } = useTranslation();
  const { post, sizes, isEager, crop, settings } = props;
  const [trigger, setTrigger] = useState<VideoTrigger | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const element = root.current;
    if (trigger || settings.playMode !== 'autoplay' || !element || reducedMotion()) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) setTrigger('view');
      },
      { threshold: AUTOPLAY_VISIBLE_SHARE },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [trigger, settings.playMode]);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const poster = post.cover ?? post.video?.thumbnail ?? null;
  const rest = (
    <div
      ref={root}
      className={crop === 'fit' ? 'video-cover is-fit' : 'video-cover'}
      data-video-state="idle"
      onPointerEnter={(event) => {
        if (settings.playMode !== 'hover' || event.pointerType !== 'mouse' || reducedMotion()) {
          return;
        }
        hoverTimer.current = setTimeout(() => setTrigger('hover'), HOVER_INTENT_MS);
      }}
      onPointerLeave={() => clearTimeout(hoverTimer.current)}
    >
      {poster ? (
        <ResponsiveImage
          image={poster}
          sizes={sizes}
          isEager={isEager}
          className="video-cover__poster"
        />
      ) : null}
      <button
        type="button"
        className="video-cover__button"
        aria-label={t(trigger ? 'video.loading' : 'video.play', { title: post.title })}
        aria-busy={trigger ? true : undefined}
        onClick={() => setTrigger('click')}
      >
        {trigger ? (
          <span className="video-cover__spinner" aria-hidden="true" />
        ) : settings.showPlayButton ? (
          <PlayIcon />
        ) : null}
      </button>
    </div>
  );
  if (!trigger) return rest;
  return (
    <Suspense fallback={rest}>
      <VideoCover {...props} startWith={trigger} />
    </Suspense>
  );
}
