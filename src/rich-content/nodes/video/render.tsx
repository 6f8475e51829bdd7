/**
 * VIDEO (SPEC §3, §4 "Video in post list", §5 playable sources) and the videos of EMBED nodes:
 * the thumbnail under a play button, server-rendered in a box of the video's shape; the player
 * loads in place on a click (decision 009).
 */
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { parseVideoSource } from '../../../domain/video';
import type { Media, VideoData } from '../../document';
import { useTranslation } from '../../i18n';
import { interactivePart } from '../../render/interactive';
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
import '../../render/messages';
import type { NodeRenderer, RenderContext } from '../../render/types';

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

/** What a video's box is drawn from: plain JSON (an island's props, issue 20). */
export interface VideoBoxProps {
  url: string;
  thumbnail?: Media;
  width?: number;
  height?: number;
  title?: string;
  options?: VideoData['options'];
  disableDownload?: boolean;
  containerData?: VideoData['containerData'];
}

/** The props of `VideoBlock`: a VIDEO node's data, or what an EMBED of a video provides. */
export interface VideoBlockProps extends VideoBoxProps {
  caption?: ReactNode;
  /** The page's render context: how it wants the play button's part marked. */
  context?: RenderContext;
}

/** The poster: the stored thumbnail, or the host's still, in the video's slot. */
function posterOf({ url, thumbnail, containerData }: VideoBoxProps) {
  return mediaImageSources(thumbnail ?? hostThumbnail(url), preferredWidthFor(containerData));
}

/** The poster image, when the video has one (the box's and the link card's alike). */
function VideoPoster(props: VideoBoxProps) {
  const { src, srcSet } = posterOf(props);
  if (!src) return null;
  return (
    <img
      className="rc-video__poster"
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizesFor(props.containerData) : undefined}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * A playable video's box, the part that needs script: the thumbnail under a play button first; a
 * click loads the player in place. The author's autoPlay starts it (muted) once the page is live,
 * unless the reader prefers reduced motion.
 */
export function VideoBox(props: VideoBoxProps) {
  const { url, thumbnail, width, height, title, options, disableDownload } = props;
  const { t } = useTranslation();
  const [start, setStart] = useState<'click' | 'auto' | null>(null);
  useEffect(() => {
    if (options?.autoPlay && !prefersReducedMotion()) setStart((s) => s ?? 'auto');
  }, [options?.autoPlay]);
  const poster = thumbnail ?? hostThumbnail(url);
  const ratio =
    aspectOf(width, height) ?? aspectOf(poster?.width, poster?.height) ?? FALLBACK_RATIO;
  const label = title
    ? t('richContent.video.play', { title })
    : t('richContent.video.playUntitled');
  const rest = (
    <>
      <VideoPoster {...props} />
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
    <div
      className="rc-video__box"
      style={{ aspectRatio: String(ratio) }}
      data-video-state={start ? 'playing' : 'idle'}
    >
      {start ? (
        <Suspense fallback={rest}>
          <LazyPlayer
            url={url}
            title={title}
            isAutoplay
            isMuted={start === 'auto'}
            isLooped={options?.playInLoop}
            showControls={options?.showControls}
            disableDownload={disableDownload === true}
          />
        </Suspense>
      ) : (
        rest
      )}
    </div>
  );
}

/**
 * VIDEO (SPEC §3, §4 "Video in post list"): a playable video's box (`VideoBox`) and its caption.
 * A link that is not playable (SPEC §5) is a link out, with no script at all.
 */
export function VideoBlock({ caption, context = {}, ...box }: VideoBlockProps) {
  const { t } = useTranslation();
  const { url, width, height, title, containerData } = box;
  const classes = blockClasses('rc-video', containerData);
  if (parseVideoSource(url) === null) {
    const poster = box.thumbnail ?? hostThumbnail(url);
    const ratio =
      aspectOf(width, height) ?? aspectOf(poster?.width, poster?.height) ?? FALLBACK_RATIO;
    return (
      <figure className={classes} style={blockStyle(containerData)}>
        <a className="rc-video__link" href={safeSrc(url)} target="_blank" rel="noopener noreferrer">
          <span className="rc-video__box" style={{ aspectRatio: String(ratio) }}>
            <VideoPoster {...box} />
          </span>
          <span className="rc-video__label">{title || t('richContent.video.open')}</span>
        </a>
        {caption}
      </figure>
    );
  }
  return (
    <figure
      className={classes}
      style={blockStyle(containerData)}
      data-no-download={box.disableDownload === true || undefined}
    >
      {interactivePart(context, { name: 'video', props: box, element: <VideoBox {...box} /> })}
      {caption}
    </figure>
  );
}

/** The VIDEO node's renderer. */
export const renderVideo: NodeRenderer<'VIDEO'> = (node, children, context) => {
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
      context={context}
    />
  );
};
