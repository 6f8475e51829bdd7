/**
 * GALLERY (SPEC §3): the ten layouts of `layoutGallery`, laid out on the server at a reference
 * width (the column, or a phone on mobile) and drawn as absolute boxes in percentages of a box
 * with that aspect ratio, so the gallery fits any width without script and without layout shift.
 * Strips and slides scroll with CSS scroll-snap; previous/next buttons and thumbnails scroll
 * them once the page is live. Items expand to the lightbox (loaded on first use) unless the
 * author disabled it.
 */
import { type CSSProperties, type ReactNode, Suspense, useRef, useState } from 'react';
import { parseVideoSource } from '../../domain/video';
import type { GalleryData, GalleryItem, Media } from '../document';
import { useTranslation } from '../i18n';
import {
  type GalleryBox,
  type GalleryOptionsInput,
  type GalleryStrip,
  layoutGallery,
} from './gallery-layout';
import {
  blockClasses,
  blockStyle,
  type LightboxItem,
  lazyNamed,
  linkProps,
  MOBILE_WIDTH,
  mediaImageSources,
  preventContextMenu,
  safeSrc,
  slotWidth,
} from './media-nodes-shared';

const LazyLightbox = lazyNamed(
  () => import('./media-nodes-lightbox').then((m) => m.MediaLightbox),
  'the lightbox',
);

/** The reference width of a FULL_WIDTH gallery (a common desktop viewport). */
const FULL_WIDTH_REFERENCE = 1280;

/** The model's stored options in the layout engine's terms. */
export function galleryLayoutOptions(options: GalleryData['options']): GalleryOptionsInput {
  const { layout, item, thumbnails } = options;
  return {
    layout: layout.type,
    orientation: layout.orientation,
    ...(layout.horizontalScroll !== undefined && { horizontalScroll: layout.horizontalScroll }),
    ...(layout.numberOfColumns !== undefined && { numberOfColumns: layout.numberOfColumns }),
    ...(layout.mobileNumberOfColumns !== undefined && {
      mobileNumberOfColumns: layout.mobileNumberOfColumns,
    }),
    ...(item && { item }),
    ...(thumbnails && { thumbnails }),
  };
}

/** The picture of an item: the image, or the video's thumbnail. */
function pictureOf(item: GalleryItem): Media | undefined {
  return item.image?.media ?? item.video?.thumbnail ?? item.video?.media;
}

function percent(value: number, total: number): string {
  return `${total > 0 ? Math.round((value / total) * 1e5) / 1e3 : 0}%`;
}

/** A box placed in percentages of its parent's size. */
function placed(
  box: { left: number; top: number; width: number; height: number },
  w: number,
  h: number,
): CSSProperties {
  return {
    left: percent(box.left, w),
    top: percent(box.top, h),
    width: percent(box.width, w),
    height: percent(box.height, h),
  };
}

/** The props of `GalleryBlock`. */
export interface GalleryBlockProps {
  data: GalleryData;
  isMobile?: boolean;
}

/** A gallery node, laid out for its reference width. */
export function GalleryBlock({ data, isMobile = false }: GalleryBlockProps) {
  const { t } = useTranslation();
  const [openAt, setOpenAt] = useState<number | null>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const items = data.items;
  const reference = isMobile
    ? MOBILE_WIDTH
    : (slotWidth(data.containerData) ?? FULL_WIDTH_REFERENCE);
  const layout = layoutGallery({
    items: items.map((item) => {
      const picture = pictureOf(item);
      return { width: picture?.width, height: picture?.height };
    }),
    containerWidth: reference,
    options: galleryLayoutOptions(data.options),
    isMobile,
  });
  if (items.length === 0 || layout.width === 0 || layout.height === 0) return null;
  const { width: W, height: H } = layout;
  const canExpand = !data.disableExpand;
  const noDownload = data.disableDownload === true;
  const type = data.options.layout.type.toLowerCase();

  function lightboxItems(): LightboxItem[] {
    return items.map((item) => {
      const picture = pictureOf(item);
      const full = mediaImageSources(picture, 1920);
      const alt = item.altText ?? item.title ?? '';
      const videoUrl = item.video?.media.src.url;
      return {
        kind: videoUrl && parseVideoSource(videoUrl) ? 'video' : 'image',
        src: full.src ?? '',
        srcSet: full.srcSet,
        width: picture?.width,
        height: picture?.height,
        alt,
        title: item.title,
        videoUrl,
      };
    });
  }

  function renderItem(box: GalleryBox, parentWidth: number, parentHeight: number, isSnap: boolean) {
    const item = items[box.index];
    if (!item) return null;
    const picture = pictureOf(item);
    const { src, srcSet } = mediaImageSources(picture, box.width > 640 ? 960 : 640);
    const alt = item.altText ?? item.title ?? '';
    const share = Math.max(1, Math.round((box.width / W) * 100));
    const img = src ? (
      <img
        className="rc-gallery__img"
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? `(max-width: ${W}px) ${share}vw, ${box.width}px` : undefined}
        width={box.width}
        height={box.height}
        alt={alt}
        loading="lazy"
        decoding="async"
        draggable={noDownload ? false : undefined}
        onContextMenu={noDownload ? preventContextMenu : undefined}
        style={box.crop === 'FIT' ? { objectFit: 'contain' } : undefined}
      />
    ) : (
      <span className="rc-gallery__missing" />
    );
    const videoUrl = item.video?.media.src.url;
    const isVideo = item.video !== undefined;
    const playable = isVideo && parseVideoSource(videoUrl) !== null;
    const link = linkProps(item.image?.link);
    let content: ReactNode = img;
    const glyph = isVideo ? <span className="rc-gallery__play" aria-hidden="true" /> : null;
    if (link) {
      content = (
        <a className="rc-gallery__link" {...link}>
          {img}
        </a>
      );
    } else if (canExpand || playable) {
      const name = alt || t('richContent.gallery.item', { index: box.index + 1 });
      content = (
        <button
          type="button"
          className="rc-gallery__expand"
          aria-haspopup="dialog"
          aria-label={
            isVideo
              ? t('richContent.gallery.playVideo', { name })
              : t('richContent.gallery.expand', { name })
          }
          onClick={() => setOpenAt(box.index)}
        >
          {img}
          {glyph}
        </button>
      );
    } else if (isVideo && safeSrc(videoUrl)) {
      content = (
        <a
          className="rc-gallery__link"
          href={safeSrc(videoUrl)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {img}
          {glyph}
        </a>
      );
    }
    return (
      <figure
        key={box.index}
        className={`rc-gallery__item${isSnap ? ' rc-gallery__item--snap' : ''}`}
        style={placed(box, parentWidth, parentHeight)}
        data-index={box.index}
      >
        {content}
        {item.title ? <figcaption className="rc-gallery__title">{item.title}</figcaption> : null}
      </figure>
    );
  }

  function scrollBy(step: number) {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const isRtl = getComputedStyle(viewport).direction === 'rtl';
    viewport.scrollBy({ left: step * viewport.clientWidth * (isRtl ? -1 : 1), behavior: 'smooth' });
  }

  function showSlide(index: number) {
    const viewport = viewportRef.current;
    const target = viewport?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (viewport && target) viewport.scrollTo({ left: target.offsetLeft, behavior: 'smooth' });
  }

  function renderStrip(strip: GalleryStrip, boxes: GalleryBox[]) {
    const axis = strip.axis;
    return (
      <>
        <section
          ref={viewportRef}
          className={`rc-gallery__viewport rc-gallery__viewport--${axis}`}
          style={placed(strip, W, H)}
          aria-label={t('richContent.gallery.label')}
          // A scrolled region must be reachable by keyboard to be scrolled with the arrow keys.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          tabIndex={0}
        >
          <div
            className="rc-gallery__track"
            style={{
              width: percent(strip.contentWidth, strip.width),
              height: percent(strip.contentHeight, strip.height),
            }}
          >
            {boxes.map((box) => renderItem(box, strip.contentWidth, strip.contentHeight, true))}
          </div>
        </section>
        {boxes.length > 1 ? (
          <div className="rc-gallery__nav" style={placed(strip, W, H)}>
            <button
              type="button"
              className="rc-gallery__arrow rc-gallery__arrow--previous"
              aria-label={t('richContent.gallery.previous')}
              onClick={() => scrollBy(-1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="rc-gallery__arrow rc-gallery__arrow--next"
              aria-label={t('richContent.gallery.next')}
              onClick={() => scrollBy(1)}
            >
              ›
            </button>
          </div>
        ) : null}
      </>
    );
  }

  const thumbStrip = layout.thumbnailStrip;
  return (
    <figure
      className={`${blockClasses('rc-gallery', data.containerData)} rc-gallery--${type}`}
      style={blockStyle(data.containerData)}
      data-layout={data.options.layout.type}
      data-no-download={noDownload || undefined}
    >
      <div className="rc-gallery__box" style={{ aspectRatio: `${W} / ${H}` }}>
        {layout.kind === 'grid' || !layout.strip
          ? layout.items.map((box) => renderItem(box, W, H, false))
          : renderStrip(layout.strip, layout.items)}
        {thumbStrip && layout.thumbnails ? (
          <div
            className={`rc-gallery__thumbs rc-gallery__thumbs--${thumbStrip.axis}`}
            style={placed(thumbStrip, W, H)}
          >
            <div
              className="rc-gallery__track"
              style={{
                width: percent(thumbStrip.contentWidth, thumbStrip.width),
                height: percent(thumbStrip.contentHeight, thumbStrip.height),
              }}
            >
              {layout.thumbnails.map((box) => {
                const item = items[box.index];
                const { src, srcSet } = mediaImageSources(item && pictureOf(item), 320);
                return (
                  <button
                    key={box.index}
                    type="button"
                    className="rc-gallery__thumb"
                    style={placed(box, thumbStrip.contentWidth, thumbStrip.contentHeight)}
                    aria-label={t('richContent.gallery.show', { index: box.index + 1 })}
                    onClick={() => showSlide(box.index)}
                  >
                    {src ? (
                      <img
                        src={src}
                        srcSet={srcSet}
                        sizes={srcSet ? `${box.width}px` : undefined}
                        width={box.width}
                        height={box.height}
                        alt=""
                        loading="lazy"
                        decoding="async"
                      />
                    ) : null}
                  </button>
                );
              })}
            </div>
          </div>
        ) : null}
      </div>
      {openAt !== null ? (
        <Suspense fallback={null}>
          <LazyLightbox
            items={lightboxItems()}
            start={openAt}
            onClose={() => setOpenAt(null)}
            disableDownload={noDownload}
          />
        </Suspense>
      ) : null}
    </figure>
  );
}
