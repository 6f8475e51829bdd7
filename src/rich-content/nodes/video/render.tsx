/**
 * VIDEO (SPEC §3, §4 "Video in post list", §5 playable sources) and the videos of EMBED nodes:
 * the thumbnail under a play button, server-rendered in a box of the video's shape; the player
 * loads in place on a click (decision 009).
 */
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { parseVideoSource } from '../../../domain/video';
import type { Media, VideoData } from '../../document';
import { useTranslation } from '../../i18n';
import {
  aspectOf,
  blockClasses,
  blockStyle,
  captionOf,
  FALLBACK_RATIO,
  lazyNamed,
  mediaImageSources,
  preferredWidthFor,
  safeSrc,
  sizesFor,
} from '../../render/media-nodes-shared';
import type { NodeRenderer } from '../../render/types';

/** The video player: loaded when a reader starts a video. */
const LazyPlayer = lazyNamed(
  () => import('../../render/media-nodes-player').then((m) => m.MediaPlayer),
  'the video player',
);

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** A still for a host's video without a stored thumbnail (YouTube serves one per id). */
function hostThumbnail(url: string): Media | undefined {
  const source = parseVideoSource(url);
  if (source?.host !== 'youtube') return undefined;
  return {
    src: { url: `https://i.ytimg.com/vi/${source.id}/hqdefault.jpg` },
    width: 480,
    height: 360,
  };
}

/** The props of `VideoBlock`: a VIDEO node's data, or what an EMBED of a video provides. */
export interface VideoBlockProps {
  url: string;
  thumbnail?: Media;
  width?: number;
  height?: number;
  title?: string;
  options?: VideoData['options'];
  disableDownload?: boolean;
  containerData?: VideoData['containerData'];
  caption?: ReactNode;
}

/**
 * VIDEO (SPEC §3, §4 "Video in post list"): the thumbnail under a play button first; a click
 * loads the player in place. The author's autoPlay starts it (muted) once the page is live,
 * unless the reader prefers reduced motion. A link that is not playable (SPEC §5) is a link out.
 */
export function VideoBlock({
  url,
  thumbnail,
  width,
  height,
  title,
  options,
  disableDownload,
  containerData,
  caption,
}: VideoBlockProps) {
  const { t } = useTranslation();
  const [start, setStart] = useState<'click' | 'auto' | null>(null);
  const isPlayable = parseVideoSource(url) !== null;
  useEffect(() => {
    if (options?.autoPlay && isPlayable && !prefersReducedMotion()) setStart((s) => s ?? 'auto');
  }, [options?.autoPlay, isPlayable]);
  const poster = thumbnail ?? hostThumbnail(url);
  const { src: posterSrc, srcSet } = mediaImageSources(poster, preferredWidthFor(containerData));
  const ratio =
    aspectOf(width, height) ?? aspectOf(poster?.width, poster?.height) ?? FALLBACK_RATIO;
  const label = title
    ? t('richContent.video.play', { title })
    : t('richContent.video.playUntitled');
  const classes = blockClasses('rc-video', containerData);
  const noDownload = disableDownload === true;
  if (!isPlayable) {
    const href = safeSrc(url);
    return (
      <figure className={classes} style={blockStyle(containerData)}>
        <a className="rc-video__link" href={href} target="_blank" rel="noopener noreferrer">
          <span className="rc-video__box" style={{ aspectRatio: String(ratio) }}>
            {posterSrc ? (
              <img
                className="rc-video__poster"
                src={posterSrc}
                srcSet={srcSet}
                sizes={srcSet ? sizesFor(containerData) : undefined}
                alt=""
                loading="lazy"
                decoding="async"
              />
            ) : null}
          </span>
          <span className="rc-video__label">{title || t('richContent.video.open')}</span>
        </a>
        {caption}
      </figure>
    );
  }
  const rest = (
    <>
      {posterSrc ? (
        <img
          className="rc-video__poster"
          src={posterSrc}
          srcSet={srcSet}
          sizes={srcSet ? sizesFor(containerData) : undefined}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <button
        type="button"
        className="rc-video__play"
        aria-label={label}
        aria-busy={start ? true : undefined}
        onClick={() => setStart('click')}
      >
        <span className="rc-video__play-icon" aria-hidden="true" />
      </button>
    </>
  );
  return (
    <figure
      className={classes}
      style={blockStyle(containerData)}
      data-video-state={start ? 'playing' : 'idle'}
      data-no-download={noDownload || undefined}
    >
      <div className="rc-video__box" style={{ aspectRatio: String(ratio) }}>
        {start ? (
          <Suspense fallback={rest}>
            <LazyPlayer
              url={url}
              title={title}
              isAutoplay
              isMuted={start === 'auto'}
              isLooped={options?.playInLoop}
              showControls={options?.showControls}
              disableDownload={noDownload}
            />
          </Suspense>
        ) : (
          rest
        )}
      </div>
      {caption}
    </figure>
  );
}

/** The VIDEO node's renderer. */
export const renderVideo: NodeRenderer<'VIDEO'> = (node, children) => {
  const data = node.videoData;
  const url = data.video.src.url;
  if (!url) return null;
  return (
    <VideoBlock
      url={url}
      thumbnail={data.thumbnail}
      width={data.video.width}
      height={data.video.height}
      title={data.title}
      options={data.options}
      disableDownload={data.disableDownload}
      containerData={data.containerData}
      caption={captionOf(node, children)}
    />
  );
};
