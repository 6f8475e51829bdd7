/**
 * A post's cover that plays its video in place (SPEC §4 "Video in post list": thumbnail with play
 * icon; on start shows loading then the player; forced ready after 5 s; starting one video resets
 * the others. SPEC §3 video play OnHover/Autoplay/OnClick; §9 play on hover, sound off, 1x, loop
 * on, play button shown).
 *
 * Before it starts it is the thumbnail under a real button ("Play video: <title>"), so it works
 * by click, touch and keyboard in every play mode; hover and autoplay modes also start it on
 * pointer hover or when scrolled into view, unless the reader prefers reduced motion. Hosts'
 * videos play in their embed player, our own mp4 files in a `<video>`. Use it in a card's cover
 * slot: `<VideoCover post={card} sizes={sizes} ratio="16:9" crop="crop" />`.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { ImageRatio } from '../../domain/settings';
import {
  DEFAULT_VIDEO_SETTINGS,
  parseVideoSource,
  playerUrl,
  VIDEO_READY_MS,
  type VideoPlayback,
  type VideoSettings,
  type VideoSource,
  videoPlayback,
} from '../../domain/video';
import type { ImageView, PostVideoView } from '../../domain/views';
import type { loadBlogShell as blogLoader } from '../blog-shell';
import { useTranslation } from '../i18n';
import { BLOG_LAYOUT_ROUTE_ID } from '../use-blog';
import { PlayIcon } from './icons';
import { ResponsiveImage } from './responsive-image';
import '../styles/post-extras.css';

/** Moving the pointer across a grid must not start every video it passes over. */
const HOVER_INTENT_MS = 200;
/** How much of the cover must be on screen for autoplay to start it. */
const AUTOPLAY_VISIBLE_SHARE = 0.6;

/** Where a video is: the thumbnail, loading behind the thumbnail, or the player on show. */
export type VideoCoverState = 'idle' | 'loading' | 'ready';
/** What started a video: a click (or tap, or key), resting the pointer on it, or scrolling to it. */
export type VideoTrigger = 'click' | 'hover' | 'view';
type Trigger = VideoTrigger;

interface Playing {
  stop(): void;
}

/** The one cover playing on the page (SPEC §4: starting one video resets the others). */
let playing: Playing | null = null;

function claim(cover: Playing) {
  if (playing && playing !== cover) playing.stop();
  playing = cover;
}

function release(cover: Playing) {
  if (playing === cover) playing = null;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Whether the reader has interacted with the page (browsers allow sound only then). */
function hasBeenActive(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return activation?.hasBeenActive ?? false;
}

/** What a cover needs of a post: a card (`PostCardView`) has all of it. */
export interface VideoCoverPost {
  title: string;
  /** The cover chosen by SPEC §4's rules; the video's thumbnail stands in when it is null. */
  cover: ImageView | null;
  video: PostVideoView | null;
}

/** The props of `VideoCover`. */
export interface VideoCoverProps {
  post: VideoCoverPost;
  /** The image's `sizes`, from the slot's layout. */
  sizes: string;
  /** SPEC §3 ratio; without it the cover fills its slot (whose CSS sets the size). */
  ratio?: ImageRatio;
  /** SPEC §3 image crop: 'crop' fills the frame, 'fit' shows it whole. */
  crop?: 'crop' | 'fit';
  /** For the first row: the thumbnail is the page's largest paint. */
  isEager?: boolean;
  /**
   * The video settings; by default the blog's resolved ones, or SPEC §9's defaults outside the
   * blog (a post-list widget on another page of the site).
   */
  settings?: VideoSettings;
  className?: string;
  /** Starts at once, as if by this trigger (the light poster hands over after loading this). */
  startWith?: VideoTrigger;
}

/** The host's player or our own `<video>`, with the playback applied. */
function Player({
  source,
  playback,
  title,
  onReady,
  playerRef,
}: {
  source: VideoSource;
  playback: VideoPlayback;
  title: string;
  onReady(): void;
  playerRef: React.RefObject<HTMLIFrameElement | HTMLVideoElement | null>;
}) {
  const { t } = useTranslation();
  const label = t('video.player', { title });
  if (source.host === 'file') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploads carry no caption file yet; the hosts' players bring their own.
      <video
        ref={(element) => {
          playerRef.current = element;
          if (!element) return;
          element.muted = playback.isMuted;
          element.defaultPlaybackRate = playback.speed;
          element.playbackRate = playback.speed;
          // Without a gesture a browser may refuse sound: play muted rather than not at all.
          element.play().catch(() => {
            if (element.muted) return;
            element.muted = true;
            element.play().catch(() => {});
          });
        }}
        className="video-cover__player"
        src={playerUrl(source, playback)}
        aria-label={label}
        loop={playback.isLooped}
        playsInline
        controls
        preload="auto"
        onLoadedData={onReady}
        onPlaying={onReady}
      />
    );
  }
  return (
    <iframe
      ref={(element) => {
        playerRef.current = element;
      }}
      className="video-cover__player"
      src={playerUrl(source, playback)}
      title={label}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
      onLoad={onReady}
    />
  );
}

/**
 * A post's cover that plays its video in place. A post without a playable video gets its plain
 * cover image (or nothing without one), so a card may use this for every post.
 */
export function VideoCover({
  post,
  sizes,
  ratio,
  crop = 'crop',
  isEager = false,
  settings,
  className,
  startWith,
}: VideoCoverProps) {
  const { t } = useTranslation();
  const blog = useRouteLoaderData<typeof blogLoader>(BLOG_LAYOUT_ROUTE_ID);
  const video = settings ?? blog?.settings.video ?? DEFAULT_VIDEO_SETTINGS;
  const source = useMemo(() => parseVideoSource(post.video?.url), [post.video?.url]);
  const [state, setState] = useState<VideoCoverState>('idle');
  const [playback, setPlayback] = useState<VideoPlayback | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const playerRef = useRef<HTMLIFrameElement | HTMLVideoElement | null>(null);
  const trigger = useRef<Trigger | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hadFocus = useRef(false);
  // The registry's handle on this cover: stable for the cover's life.
  const self = useMemo<Playing>(
    () => ({
      stop() {
        release(self);
        trigger.current = null;
        setState('idle');
      },
    }),
    [],
  );

  function start(how: Trigger) {
    clearTimeout(hoverTimer.current);
    // A click on a video that hovering started keeps it playing when the pointer leaves.
    if (trigger.current === 'hover' && how === 'click') trigger.current = 'click';
    if (!source || trigger.current) return;
    trigger.current = how;
    claim(self);
    hadFocus.current = document.activeElement === buttonRef.current;
    setPlayback(videoPlayback(video, { hasUserGesture: how === 'click' || hasBeenActive() }));
    setState('loading');
  }
  const startRef = useRef(start);
  startRef.current = start;

  // Handed over by the poster: start the way the reader asked, once.
  const startedWith = useRef(false);
  useEffect(() => {
    if (startWith && !startedWith.current) {
      startedWith.current = true;
      startRef.current(startWith);
    }
  }, [startWith]);

  // SPEC §9 "video ready 5 s": a player that never reports its load is shown anyway.
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('ready'), VIDEO_READY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  // A keyboard user who pressed play lands in the player once it shows.
  useEffect(() => {
    if (state === 'ready' && hadFocus.current) {
      hadFocus.current = false;
      playerRef.current?.focus();
    }
  }, [state]);

  // Autoplay mode: plays while mostly on screen.
  useEffect(() => {
    const root = rootRef.current;
    if (video.playMode !== 'autoplay' || !source || !root) return;
    if (typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) startRef.current('view');
        else if (trigger.current === 'view') self.stop();
      },
      { threshold: AUTOPLAY_VISIBLE_SHARE },
    );
    observer.observe(root);
    return () => observer.disconnect();
  }, [video.playMode, source, self]);

  // A video that hovering started also stops when the pointer is seen anywhere else: once the
  // player's frame is under the pointer, Chromium sometimes misses the cover's pointerleave when
  // the pointer comes out of the frame (about one in six of the browser spec's runs).
  useEffect(() => {
    if (state === 'idle' || trigger.current !== 'hover') return;
    const onMove = (event: PointerEvent) => {
      const root = rootRef.current;
      if (trigger.current === 'hover' && root && !root.contains(event.target as Node)) self.stop();
    };
    document.addEventListener('pointermove', onMove);
    return () => document.removeEventListener('pointermove', onMove);
  }, [state, self]);

  useEffect(
    () => () => {
      clearTimeout(hoverTimer.current);
      release(self);
    },
    [self],
  );

  const poster = post.cover ?? post.video?.thumbnail ?? null;
  if (!source) {
    return poster ? <ResponsiveImage image={poster} sizes={sizes} isEager={isEager} /> : null;
  }

  function handlePointerEnter(event: React.PointerEvent) {
    if (video.playMode !== 'hover' || event.pointerType !== 'mouse' || prefersReducedMotion())
      return;
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => startRef.current('hover'), HOVER_INTENT_MS);
  }

  function handlePointerLeave() {
    clearTimeout(hoverTimer.current);
    if (trigger.current === 'hover') self.stop();
  }

  const isLoading = state === 'loading';
  const classes = ['video-cover', crop === 'fit' ? 'is-fit' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      ref={rootRef}
      className={classes}
      data-video-state={state}
      style={ratio ? { aspectRatio: ratio.replace(':', ' / ') } : undefined}
      onPointerEnter={handlePointerEnter}
      onPointerLeave={handlePointerLeave}
    >
      {poster ? (
        <ResponsiveImage
          image={poster}
          sizes={sizes}
          isEager={isEager}
          className="video-cover__poster"
        />
      ) : null}
      {state !== 'idle' && playback ? (
        <Player
          source={source}
          playback={playback}
          title={post.title}
          onReady={() => setState((current) => (current === 'loading' ? 'ready' : current))}
          playerRef={playerRef}
        />
      ) : null}
      {state === 'ready' ? null : (
        <button
          ref={buttonRef}
          type="button"
          className="video-cover__button"
          aria-label={t(isLoading ? 'video.loading' : 'video.play', { title: post.title })}
          aria-busy={isLoading || undefined}
          onClick={() => start('click')}
        >
          {isLoading ? (
            <span className="video-cover__spinner" aria-hidden="true" />
          ) : video.showPlayButton ? (
            <PlayIcon />
          ) : null}
        </button>
      )}
    </div>
  );
}
