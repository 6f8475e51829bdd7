/**
 * GALLERY (SPEC §3): the ten layouts of `layoutGallery`, laid out on the server at a reference
 * width (the column, or a phone on mobile) and drawn as absolute boxes in percentages of a box
 * with that aspect ratio, so the gallery fits any width without script and without layout shift.
 * Strips and slides scroll with CSS scroll-snap; previous/next buttons and thumbnails scroll
 * them once the page is live. Items expand to the lightbox (loaded on first use) unless the
 * author disabled it.
 */
import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  Suspense,
  useRef,
  useState,
} from 'react';
import { parseVideoSource } from '../../../domain/video';
import type { GalleryData, GalleryItem, Media } from '../../document';
import { useTranslation } from '../../i18n';
import { interactivePart } from '../../render/interactive';
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
} from '../../render/media-nodes-shared';
import '../../render/messages';
import type { NodeRenderer } from '../../render/types';
import {
  type GalleryBox,
  type GalleryOptionsInput,
  type GalleryStrip,
  layoutGallery,
} from './layout';
import { galleryItemAlt } from './schema';

const LazyLightbox = lazyNamed(
  () => import('../../render/media-nodes-lightbox').then((m) => m.MediaLightbox),
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

/** The lightbox's view of the gallery's items. */
function lightboxItems(items: readonly GalleryItem[]): LightboxItem[] {
  return items.map((item) => {
    const picture = pictureOf(item);
    const full = mediaImageSources(picture, 1920);
    const alt = galleryItemAlt(item);
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

interface GalleryItemViewProps {
  item: GalleryItem | undefined;
  box: GalleryBox;
  /** The width and height of what the box is placed in. */
  parentWidth: number;
  parentHeight: number;
  /** The item is a snap point of a scrolled strip. */
  isSnap: boolean;
  /** The gallery's layout width, for `sizes`. */
  layoutWidth: number;
  canExpand: boolean;
  noDownload: boolean;
  onOpen(index: number): void;
}

/** One placed item: its picture, as a link, an expand (or play) button, or a video link. */
function GalleryItemView({
  item,
  box,
  parentWidth,
  parentHeight,
  isSnap,
  layoutWidth: W,
  canExpand,
  noDownload,
  onOpen,
}: GalleryItemViewProps) {
  const { t } = useTranslation();
  if (!item) return null;
  const picture = pictureOf(item);
  const { src, srcSet } = mediaImageSources(picture, box.width > 640 ? 960 : 640);
  const alt = galleryItemAlt(item);
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
        onClick={() => onOpen(box.index)}
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
      className={`rc-gallery__item${isSnap ? ' rc-gallery__item--snap' : ''}`}
      style={placed(box, parentWidth, parentHeight)}
      data-index={box.index}
    >
      {content}
      {item.title ? <figcaption className="rc-gallery__title">{item.title}</figcaption> : null}
    </figure>
  );
}

/** A strip of items scrolled sideways (or down), with previous and next buttons. */
function GalleryStripView({
  strip,
  boxes,
  viewportRef,
  layoutWidth: W,
  layoutHeight: H,
  itemProps,
}: {
  strip: GalleryStrip;
  boxes: GalleryBox[];
  viewportRef: RefObject<HTMLDivElement | null>;
  layoutWidth: number;
  layoutHeight: number;
  itemProps: (
    box: GalleryBox,
  ) => Omit<GalleryItemViewProps, 'parentWidth' | 'parentHeight' | 'isSnap'>;
}) {
  const { t } = useTranslation();
  const axis = strip.axis;
  function scrollBy(step: number) {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const isRtl = getComputedStyle(viewport).direction === 'rtl';
    viewport.scrollBy({ left: step * viewport.clientWidth * (isRtl ? -1 : 1), behavior: 'smooth' });
  }
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
          {boxes.map((box) => (
            <GalleryItemView
              key={box.index}
              {...itemProps(box)}
              parentWidth={strip.contentWidth}
              parentHeight={strip.contentHeight}
              isSnap
            />
          ))}
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

/** The THUMBNAIL layout's strip of thumbnails; a click shows that item's slide. */
function GalleryThumbnails({
  strip,
  boxes,
  items,
  layoutWidth: W,
  layoutHeight: H,
  onShow,
}: {
  strip: GalleryStrip;
  boxes: GalleryBox[];
  items: readonly GalleryItem[];
  layoutWidth: number;
  layoutHeight: number;
  onShow(index: number): void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={`rc-gallery__thumbs rc-gallery__thumbs--${strip.axis}`}
      style={placed(strip, W, H)}
    >
      <div
        className="rc-gallery__track"
        style={{
          width: percent(strip.contentWidth, strip.width),
          height: percent(strip.contentHeight, strip.height),
        }}
      >
        {boxes.map((box) => {
          const item = items[box.index];
          const { src, srcSet } = mediaImageSources(item && pictureOf(item), 320);
          return (
            <button
              key={box.index}
              type="button"
              className="rc-gallery__thumb"
              style={placed(box, strip.contentWidth, strip.contentHeight)}
              aria-label={t('richContent.gallery.show', { index: box.index + 1 })}
              onClick={() => onShow(box.index)}
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
  );
}

/** A gallery node, laid out for its reference width. */
export function GalleryBlock({ data, isMobile = false }: GalleryBlockProps) {
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
  const noDownload = data.disableDownload === true;
  const type = data.options.layout.type.toLowerCase();
  const itemProps = (box: GalleryBox) => ({
    item: items[box.index],
    box,
    layoutWidth: W,
    canExpand: !data.disableExpand,
    noDownload,
    onOpen: setOpenAt,
  });

  function showSlide(index: number) {
    const viewport = viewportRef.current;
    const target = viewport?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (viewport && target) viewport.scrollTo({ left: target.offsetLeft, behavior: 'smooth' });
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
        {layout.kind === 'grid' || !layout.strip ? (
          layout.items.map((box) => (
            <GalleryItemView
              key={box.index}
              {...itemProps(box)}
              parentWidth={W}
              parentHeight={H}
              isSnap={false}
            />
          ))
        ) : (
          <GalleryStripView
            strip={layout.strip}
            boxes={layout.items}
            viewportRef={viewportRef}
            layoutWidth={W}
            layoutHeight={H}
            itemProps={itemProps}
          />
        )}
        {thumbStrip && layout.thumbnails ? (
          <GalleryThumbnails
            strip={thumbStrip}
            boxes={layout.thumbnails}
            items={items}
            layoutWidth={W}
            layoutHeight={H}
            onShow={showSlide}
          />
        ) : null}
      </div>
      {openAt !== null ? (
        <Suspense fallback={null}>
          <LazyLightbox
            items={lightboxItems(items)}
            start={openAt}
            onClose={() => setOpenAt(null)}
            disableDownload={noDownload}
          />
        </Suspense>
      ) : null}
    </figure>
  );
}

/** The GALLERY node's renderer. */
export const renderGallery: NodeRenderer<'GALLERY'> = (node, _children, context) => {
  const props = { data: node.galleryData, isMobile: context.device === 'mobile' };
  return interactivePart(context, { name: 'gallery', props, element: <GalleryBlock {...props} /> });
};
