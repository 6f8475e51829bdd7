/**
 * The video player of VIDEO, EMBED and gallery videos, loaded when a reader starts one (decision
 * 009). Hosts' videos play in their embed player (URL built by domain/video from the parsed id
 * alone), our own mp4 files in a `<video>` (SPEC §5 playable sources).
 */

import { parseVideoSource, playerUrl, type VideoSource } from '../../domain/video';
import { useTranslation } from '../i18n';
import { preventContextMenu } from './media-nodes-shared';

/** The props of `MediaPlayer`. */
export interface MediaPlayerProps {
  /** The stored video link; anything but a playable source (SPEC §5) renders nothing. */
  url: string;
  title?: string;
  /** Starts playing at once (a click started it, or the author's autoPlay option). */
  isAutoplay?: boolean;
  /** Muted: browsers refuse sound without a gesture, so an autoplay without one is muted. */
  isMuted?: boolean;
  isLooped?: boolean;
  /** The author's showControls option; controls show unless it is false. */
  showControls?: boolean;
  /** `controlsList="nodownload"` and no context menu on our own files. */
  disableDownload?: boolean;
}

/** The URL an iframe loads for a host's video, with the controls option applied. */
export function hostPlayerUrl(
  source: Exclude<VideoSource, { host: 'file' }>,
  options: Pick<MediaPlayerProps, 'isAutoplay' | 'isMuted' | 'isLooped' | 'showControls'>,
): string {
  const url = playerUrl(source, {
    isAutoplay: options.isAutoplay ?? false,
    isMuted: options.isMuted ?? false,
    isLooped: options.isLooped ?? false,
    speed: 1,
  });
  if (options.showControls !== false) return url;
  // Both hosts take `controls=0`; Vimeo's fragment (#t=) stays last.
  const [base, fragment] = url.split('#');
  return `${base}&controls=0${fragment ? `#${fragment}` : ''}`;
}

/** A playing video: the host's player or a `<video>` of our own file. */
export function MediaPlayer({
  url,
  title,
  isAutoplay,
  isMuted,
  isLooped,
  showControls,
  disableDownload,
}: MediaPlayerProps) {
  const { t } = useTranslation();
  const source = parseVideoSource(url);
  if (!source) return null;
  const label = title
    ? t('richContent.video.player', { title })
    : t('richContent.video.untitledPlayer');
  if (source.host === 'file') {
    return (
      <video
        className="rc-player"
        src={source.path}
        aria-label={label}
        autoPlay={isAutoplay}
        muted={isMuted}
        loop={isLooped}
        controls={showControls !== false}
        playsInline
        preload="metadata"
        controlsList={disableDownload ? 'nodownload' : undefined}
        onContextMenu={disableDownload ? preventContextMenu : undefined}
      />
    );
  }
  return (
    <iframe
      className="rc-player"
      src={hostPlayerUrl(source, { isAutoplay, isMuted, isLooped, showControls })}
      title={label}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
    />
  );
}
