/**
 * Renderers of media nodes (SPEC §3): image, video, GIF and audio here; the gallery in its own
 * folder (`nodes/gallery/render.tsx`), files, HTML, embeds, link previews, maps, app embeds and
 * polls (the poll's block in `nodes/poll/render.tsx`) in media-nodes-embeds. Server-rendered and useful without script; every media box has its size
 * (width/height or aspect-ratio) so nothing shifts; the lightbox and the players load on first
 * use (decision 009). Every URL passes `safeUrl` (DESIGN.md "Errors and bad input").
 */
import { type CSSProperties, type ReactNode, Suspense, useState } from 'react';
import type { AudioData, GifData, ImageData, RichNode } from '../document';
import { useTranslation } from '../i18n';
import './messages';
import { GalleryBlock } from '../nodes/gallery/render';
import { MEDIA_EMBED_RENDERERS, SandboxedHtml } from './media-nodes-embeds';
import {
  aspectOf,
  blockClasses,
  blockStyle,
  boundedPx,
  FALLBACK_RATIO,
  type LightboxItem,
  lazyNamed,
  linkProps,
  mediaImageSources,
  preferredWidthFor,
  preventContextMenu,
  safeSrc,
  sizesFor,
} from './media-nodes-shared';
import { VideoBlock } from './media-nodes-video';
import type { RendererRegistry } from './types';
import './media-nodes.css';
import { cssColor } from './css-values';

/** The lightbox: loaded on the first click that expands an image. */
export const LazyLightbox = lazyNamed(
  () => import('./media-nodes-lightbox').then((m) => m.MediaLightbox),
  'the lightbox',
);

/** Whether a node holds a CAPTION child (it arrives rendered in `children`). */
function hasCaptionChild(node: { nodes?: readonly RichNode[] }): boolean {
  return node.nodes?.some((child) => child.type === 'CAPTION') ?? false;
}

/** The caption of a media figure: the CAPTION child, else the older `caption` string. */
function captionOf(node: { nodes?: readonly RichNode[] }, children: ReactNode, text?: string) {
  if (hasCaptionChild(node)) return children;
  return text ? <figcaption className="rc-caption">{text}</figcaption> : null;
}

/** Box style of media whose size is unknown: a fixed shape, shown whole. */
const UNSIZED: CSSProperties = { aspectRatio: String(FALLBACK_RATIO), objectFit: 'contain' };

/** IMAGE (SPEC §3): responsive, linked or expandable to the lightbox, with caption and border. */
export function ImageBlock({ data, caption }: { data: ImageData; caption: ReactNode }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const { image, containerData } = data;
  const { src, srcSet } = mediaImageSources(image, preferredWidthFor(containerData));
  if (!src) return null;
  const isDecorative = data.decorative === true;
  const alt = isDecorative ? '' : (data.altText ?? '');
  const hasSize = aspectOf(image.width, image.height) !== undefined;
  const borderWidth = boundedPx(data.border?.width, 40);
  const borderColor = cssColor(data.border?.color);
  const radius = boundedPx(data.border?.radius, 400);
  const frameStyle: CSSProperties = {
    ...(borderWidth
      ? { borderWidth, borderStyle: 'solid', borderColor: borderColor ?? 'currentColor' }
      : {}),
    ...(radius !== undefined ? { borderRadius: radius } : {}),
  };
  const noDownload = data.disableDownload === true;
  const img = (
    <img
      className="rc-image__img"
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizesFor(containerData, image.width) : undefined}
      width={hasSize ? image.width : undefined}
      height={hasSize ? image.height : undefined}
      style={hasSize ? undefined : UNSIZED}
      alt={alt}
      aria-hidden={isDecorative || undefined}
      loading="lazy"
      decoding="async"
      draggable={noDownload ? false : undefined}
      onContextMenu={noDownload ? preventContextMenu : undefined}
    />
  );
  const link = linkProps(data.link);
  let media: ReactNode = img;
  if (link) {
    media = (
      <a className="rc-image__link" {...link}>
        {img}
      </a>
    );
  } else if (!data.disableExpand) {
    media = (
      <button
        type="button"
        className="rc-image__expand"
        aria-haspopup="dialog"
        aria-label={
          alt ? t('richContent.image.expandNamed', { alt }) : t('richContent.image.expand')
        }
        onClick={() => setIsOpen(true)}
      >
        {img}
      </button>
    );
  }
  const full = mediaImageSources(image, 1920);
  const items: LightboxItem[] = [
    {
      kind: 'image',
      src: full.src ?? src,
      srcSet: full.srcSet,
      width: image.width,
      height: image.height,
      alt,
    },
  ];
  return (
    <figure
      className={blockClasses('rc-image', containerData)}
      style={blockStyle(containerData)}
      data-no-download={noDownload || undefined}
    >
      <div
        className="rc-image__frame"
        style={Object.keys(frameStyle).length > 0 ? frameStyle : undefined}
      >
        {media}
      </div>
      {caption}
      {isOpen ? (
        <Suspense fallback={null}>
          <LazyLightbox
            items={items}
            start={0}
            onClose={() => setIsOpen(false)}
            disableDownload={noDownload}
          />
        </Suspense>
      ) : null}
    </figure>
  );
}

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

/** AUDIO (SPEC §3): cover, name and author beside a native player; host embeds sandboxed. */
export function AudioBlock({ data, caption }: { data: AudioData; caption: ReactNode }) {
  const { t } = useTranslation();
  const src = data.audio.src.url ? safeSrc(data.audio.src.url) : undefined;
  const cover = mediaImageSources(data.coverImage, 320);
  const noDownload = data.disableDownload === true;
  const name = data.name || t('richContent.audio.untitled');
  if (!src && data.html) {
    return (
      <figure className={blockClasses('rc-audio', data.containerData)}>
        <SandboxedHtml html={data.html} title={name} height={160} autoHeight />
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

/** Media renderers. */
export const MEDIA_RENDERERS = {
  IMAGE: (node, children) => (
    <ImageBlock data={node.imageData} caption={captionOf(node, children, node.imageData.caption)} />
  ),
  VIDEO: (node, children) => {
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
  },
  GIF: (node, children) => <GifBlock data={node.gifData} caption={captionOf(node, children)} />,
  AUDIO: (node, children) => (
    <AudioBlock data={node.audioData} caption={captionOf(node, children)} />
  ),
  GALLERY: (node, _children, context) => (
    <GalleryBlock data={node.galleryData} isMobile={context.device === 'mobile'} />
  ),
  ...MEDIA_EMBED_RENDERERS,
} satisfies Partial<RendererRegistry>;
