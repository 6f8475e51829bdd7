/**
 * IMAGE (SPEC §3): responsive, linked or expandable to the lightbox (loaded on first use,
 * decision 009), with caption and border; its box has its size so nothing shifts.
 */
import { type CSSProperties, type ReactNode, Suspense, useState } from 'react';
import type { ImageData } from '../../document';
import { useTranslation } from '../../i18n';
import { cssColor } from '../../render/css-values';
import { interactivePart } from '../../render/interactive';
import {
  aspectOf,
  blockClasses,
  blockStyle,
  boundedPx,
  captionOf,
  type LightboxItem,
  lazyNamed,
  linkProps,
  mediaImageSources,
  preferredWidthFor,
  preventContextMenu,
  sizesFor,
  UNSIZED,
} from '../../render/media-nodes-shared';
import '../../render/messages';
import type { NodeRenderer, RenderContext } from '../../render/types';

/** The lightbox: loaded on the first click that expands an image. */
export const LazyLightbox = lazyNamed(
  () => import('../../render/media-nodes-lightbox').then((m) => m.MediaLightbox),
  'the lightbox',
);

/** What the image's frame is drawn from: the node's data (plain JSON, an island's props). */
export interface ImageFrameProps {
  data: ImageData;
}

/**
 * The image in its border: a link, or a button that expands it to the lightbox (its code loaded
 * on the first press), or the picture alone. The part of IMAGE that needs script (issue 20).
 */
export function ImageFrame({ data }: ImageFrameProps) {
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
    <div
      className="rc-image__frame"
      style={Object.keys(frameStyle).length > 0 ? frameStyle : undefined}
    >
      {media}
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
    </div>
  );
}

/** IMAGE (SPEC §3): responsive, linked or expandable to the lightbox, with caption and border. */
export function ImageBlock({
  data,
  caption,
  context = {},
}: {
  data: ImageData;
  caption: ReactNode;
  context?: RenderContext;
}) {
  if (!mediaImageSources(data.image, preferredWidthFor(data.containerData)).src) return null;
  return (
    <figure
      className={blockClasses('rc-image', data.containerData)}
      style={blockStyle(data.containerData)}
      data-no-download={data.disableDownload === true || undefined}
    >
      {interactivePart(context, {
        name: 'image',
        props: { data },
        element: <ImageFrame data={data} />,
      })}
      {caption}
    </figure>
  );
}

/** The IMAGE node's renderer: the CAPTION child, else the older caption string. */
export const renderImage: NodeRenderer<'IMAGE'> = (node, children, context) => (
  <ImageBlock
    data={node.imageData}
    caption={captionOf(node, children, node.imageData.caption)}
    context={context}
  />
);
