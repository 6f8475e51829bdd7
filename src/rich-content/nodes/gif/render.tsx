/** GIF (SPEC §3): NORMAL or STICKER; the mp4 as a muted loop with the still as its poster. */
import type { ReactNode } from 'react';
import type { GifData } from '../../document';
import { useTranslation } from '../../i18n';
import {
  aspectOf,
  blockClasses,
  blockStyle,
  captionOf,
  safeSrc,
  UNSIZED,
} from '../../render/media-nodes-shared';
import type { NodeRenderer } from '../../render/types';

/** GIF sources: the mp4 plays as a looping muted video (smaller), the gif is the fallback. */
function gifSources(data: GifData) {
  const { original, downsized } = data;
  return {
    mp4: safeSrc(original?.mp4) ?? safeSrc(downsized?.mp4),
    gif: safeSrc(downsized?.gif) ?? safeSrc(original?.gif),
    still: safeSrc(original?.still) ?? safeSrc(downsized?.still),
  };
}

/** GIF (SPEC §3): NORMAL or STICKER; the mp4 as a muted loop with the still as its poster. */
export function GifBlock({ data, caption }: { data: GifData; caption: ReactNode }) {
  const { t } = useTranslation();
  const { mp4, gif, still } = gifSources(data);
  const isSticker = data.gifType === 'STICKER';
  const hasSize = aspectOf(data.width, data.height) !== undefined;
  const size = hasSize ? { width: data.width, height: data.height } : {};
  const style = hasSize ? undefined : UNSIZED;
  const label = t('richContent.gif.label');
  // Stickers have transparent parts, which an mp4 cannot keep: they stay gifs.
  const useVideo = mp4 !== undefined && !(isSticker && gif);
  if (!useVideo && !gif) return null;
  return (
    <figure
      className={`${blockClasses('rc-gif', data.containerData)}${isSticker ? ' rc-gif--sticker' : ''}`}
      style={blockStyle(data.containerData)}
    >
      {useVideo ? (
        <video
          className="rc-gif__media"
          src={mp4}
          poster={still}
          {...size}
          style={style}
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
          aria-label={label}
        />
      ) : (
        <img
          className="rc-gif__media"
          src={gif}
          {...size}
          style={style}
          alt={label}
          loading="lazy"
          decoding="async"
        />
      )}
      {caption}
    </figure>
  );
}

/** The GIF node's renderer. */
export const renderGif: NodeRenderer<'GIF'> = (node, children) => (
  <GifBlock data={node.gifData} caption={captionOf(node, children)} />
);
