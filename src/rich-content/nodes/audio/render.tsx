/** AUDIO (SPEC §3): cover, name and author beside a native player; host embeds sandboxed. */
import type { ReactNode } from 'react';
import type { AudioData } from '../../document';
import { useTranslation } from '../../i18n';
import {
  blockClasses,
  blockStyle,
  captionOf,
  mediaImageSources,
  preventContextMenu,
  safeSrc,
} from '../../render/media-nodes-shared';
import type { NodeRenderer, RenderContext } from '../../render/types';
import { FramedHtml } from '../html/render';

/** AUDIO (SPEC §3): cover, name and author beside a native player; host embeds sandboxed. */
export function AudioBlock({
  data,
  caption,
  context,
}: {
  data: AudioData;
  caption: ReactNode;
  context?: RenderContext;
}) {
  const { t } = useTranslation();
  const src = data.audio.src.url ? safeSrc(data.audio.src.url) : undefined;
  const cover = mediaImageSources(data.coverImage, 320);
  const noDownload = data.disableDownload === true;
  const name = data.name || t('richContent.audio.untitled');
  if (!src && data.html) {
    return (
      <figure className={blockClasses('rc-audio', data.containerData)}>
        <FramedHtml context={context} html={data.html} title={name} height={160} autoHeight />
        {caption}
      </figure>
    );
  }
  if (!src) return null;
  return (
    <figure
      className={blockClasses('rc-audio', data.containerData)}
      style={blockStyle(data.containerData)}
      data-no-download={noDownload || undefined}
    >
      <div className="rc-audio__card">
        {cover.src ? (
          <img
            className="rc-audio__cover"
            src={cover.src}
            srcSet={cover.srcSet}
            sizes={cover.srcSet ? '96px' : undefined}
            width={96}
            height={96}
            alt=""
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <div className="rc-audio__body">
          <p className="rc-audio__name">{name}</p>
          {data.authorName ? (
            <p className="rc-audio__author">
              {t('richContent.audio.by', { author: data.authorName })}
            </p>
          ) : null}
          {/* biome-ignore lint/a11y/useMediaCaption: audio uploads carry no transcript track yet. */}
          <audio
            className="rc-audio__player"
            src={src}
            controls
            preload="none"
            aria-label={t('richContent.audio.label', { name })}
            controlsList={noDownload ? 'nodownload' : undefined}
            onContextMenu={noDownload ? preventContextMenu : undefined}
          />
        </div>
      </div>
      {caption}
    </figure>
  );
}

/** The AUDIO node's renderer. */
export const renderAudio: NodeRenderer<'AUDIO'> = (node, children, context) => (
  <AudioBlock data={node.audioData} caption={captionOf(node, children)} context={context} />
);
