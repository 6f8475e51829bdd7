/**
 * What the media renderers share: image sources and `sizes` for a container width, sanitised
 * colours, CSS lengths and links, the block wrapper's classes, a media figure's caption, and the
 * lazy loader of the interactive parts (DESIGN.md "Performance": images sized to their slot, no layout shift, small
 * scripts; "Errors and bad input": links are sanitised).
 */
import {
  type ComponentType,
  type CSSProperties,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
} from 'react';
import { CHUNK_ERROR_EVENT } from '../../domain/error-limits';
import { imageSources, type MediaWidth, mediaIdFromUrl } from '../../domain/media';
import type { ContainerData, Link, Media, RichNode } from '../document';
import { safeUrl } from '../safe-url';

/** The post column's width (blog.css `.post` max-width): CONTENT images fill it. */
export const CONTENT_WIDTH = 740;
/** SMALL images take half the column. */
export const SMALL_WIDTH = 370;
/** The reference width a gallery is laid out at on mobile (the smallest common phone). */
export const MOBILE_WIDTH = 375;
/** Boxes whose size is unknown get this shape rather than none (no layout shift). */
export const FALLBACK_RATIO = 16 / 9;

// Ids become path segments of our media URLs: only canonical UUIDs make one.
const MEDIA_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A URL that may go into `src`: what `safeUrl` lets through, minus the schemes that only make
 * sense in a link (mailto:, tel:). Undefined for anything else.
 */
export function safeSrc(raw: string | undefined | null): string | undefined {
  const url = safeUrl(raw);
  if (!url || /^(mailto|tel):/i.test(url.replace(/\s+/g, ''))) return undefined;
  return url;
}

/** An absolute http(s) URL (what an iframe or a link out may load), else undefined. */
export function safeHttpUrl(raw: string | undefined | null): string | undefined {
  const url = safeUrl(raw);
  return url && /^https?:\/\/[^\s/]/i.test(url) ? url : undefined;
}

/** `src`/`srcSet` of a media file: stored images get every served width, others their URL. */
export function mediaImageSources(
  media: Media | undefined,
  preferredWidth: MediaWidth = 960,
): { src: string | undefined; srcSet: string | undefined } {
  if (!media) return { src: undefined, srcSet: undefined };
  const id = media.src.id ?? mediaIdFromUrl(media.src.url);
  if (id && MEDIA_ID.test(id)) {
    const { src, srcSet } = imageSources(
      { id, url: null, width: media.width ?? 0, height: media.height ?? 0, alt: '' },
      preferredWidth,
    );
    return { src, srcSet };
  }
  return { src: safeSrc(media.src.url), srcSet: undefined };
}

/** Width over height of a media file, or undefined when its size is unknown. */
export function aspectOf(
  width: number | string | undefined | null,
  height: number | string | undefined | null,
): number | undefined {
  const w = Number(width);
  const h = Number(height);
  return Number.isFinite(w) && Number.isFinite(h) && w > 0 && h > 0 ? w / h : undefined;
}

/** The slot width of a block in the column, px; undefined for FULL_WIDTH (the viewport). */
export function slotWidth(
  container: ContainerData | undefined,
  intrinsicWidth?: number,
): number | undefined {
  switch (container?.width?.size) {
    case 'FULL_WIDTH':
      return undefined;
    case 'SMALL':
      return SMALL_WIDTH;
    case 'ORIGINAL':
      return intrinsicWidth && intrinsicWidth > 0
        ? Math.min(Math.round(intrinsicWidth), CONTENT_WIDTH)
        : CONTENT_WIDTH;
    default: {
      const custom = cssLength(container?.width?.custom);
      const px = custom?.endsWith('px') ? Number.parseFloat(custom) : undefined;
      return px ? Math.min(px, CONTENT_WIDTH) : CONTENT_WIDTH;
    }
  }
}

/** The `sizes` of an image in its slot: the viewport below the slot's width, else the slot. */
export function sizesFor(container: ContainerData | undefined, intrinsicWidth?: number): string {
  const slot = slotWidth(container, intrinsicWidth);
  return slot === undefined ? '100vw' : `(max-width: ${slot}px) 100vw, ${slot}px`;
}

/** The served width to use as `src` for a slot (the srcset lets the browser pick better). */
export function preferredWidthFor(container: ContainerData | undefined): MediaWidth {
  const size = container?.width?.size;
  if (size === 'FULL_WIDTH') return 1920;
  if (size === 'SMALL') return 640;
  return 960;
}

/** Classes of a block by its container: width preset and alignment. */
export function blockClasses(base: string, container: ContainerData | undefined): string {
  const width = (container?.width?.size ?? 'CONTENT').toLowerCase().replace('_', '-');
  const classes = [base, 'rc-block', `rc-block--${width}`];
  if (container?.alignment) classes.push(`rc-block--${container.alignment.toLowerCase()}`);
  if (container?.textWrap) classes.push('rc-block--wrap');
  return classes.join(' ');
}

/** Inline style of a block: a custom width, when it is a plain CSS length. */
export function blockStyle(container: ContainerData | undefined): CSSProperties | undefined {
  if (container?.width?.size) return undefined;
  const custom = cssLength(container?.width?.custom);
  return custom ? { maxWidth: custom } : undefined;
}

/** A plain CSS length (`320`, `320px`, `50%`, `20em`), else undefined; bare numbers are px. */
export function cssLength(raw: string | number | undefined | null): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const text = String(raw).trim();
  const match = /^(\d{1,5}(?:\.\d{1,3})?)(px|%|em|rem|vw|vh)?$/.exec(text);
  if (!match) return undefined;
  return `${match[1]}${match[2] ?? 'px'}`;
}

/** A length in px from a stored custom height (`300`, `300px`), else undefined. */
export function pxLength(raw: string | undefined): number | undefined {
  const length = cssLength(raw);
  if (!length?.endsWith('px')) return undefined;
  const value = Number.parseFloat(length);
  return value > 0 ? value : undefined;
}

/** A non-negative number of px no larger than `max`, else undefined. */
export function boundedPx(value: number | undefined, max: number): number | undefined {
  return value !== undefined && Number.isFinite(value) && value >= 0
    ? Math.min(value, max)
    : undefined;
}

const TARGETS = { SELF: undefined, BLANK: '_blank', PARENT: '_parent', TOP: '_top' } as const;

/** Props of an `<a>` for a stored link, or null when its URL is unsafe or missing. */
export function linkProps(
  link: Link | undefined,
): { href: string; target?: string; rel?: string } | null {
  if (!link) return null;
  const href = link.url ? safeUrl(link.url) : link.anchor ? `#${link.anchor}` : undefined;
  if (!href) return null;
  const target = TARGETS[link.target ?? 'SELF'];
  const rel = new Set<string>();
  if (link.rel?.nofollow) rel.add('nofollow');
  if (link.rel?.sponsored) rel.add('sponsored');
  if (link.rel?.ugc) rel.add('ugc');
  if (link.rel?.noreferrer) rel.add('noreferrer');
  if (target === '_blank') rel.add('noopener');
  return {
    href,
    ...(target && { target }),
    ...(rel.size > 0 && { rel: [...rel].join(' ') }),
  };
}

/** Props for a link out of the site: a new tab without the opener or the referrer. */
export const EXTERNAL_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * A lazily loaded named export: its chunk loads on first render. SPEC §8: a chunk that fails to
 * load logs a console error and renders nothing.
 */
export function lazyNamed<P extends object>(
  load: () => Promise<ComponentType<P>>,
  name: string,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load()
      .then((component) => ({ default: component }))
      .catch((error: unknown) => {
        console.error(`Failed to load ${name}`, error);
        // The page's error reporter hears of it (decision 042).
        if (typeof window !== 'undefined') {
          window.dispatchEvent(new CustomEvent(CHUNK_ERROR_EVENT, { detail: error }));
        }
        return { default: () => null };
      }),
  );
}

/** Prevents the context menu's "Save image as…" (a `disableDownload` flag). */
export function preventContextMenu(event: { preventDefault(): void }) {
  event.preventDefault();
}

/** A lightbox entry: an image (with its srcset) or a video (played in place). */
export interface LightboxItem {
  kind: 'image' | 'video';
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
  alt: string;
  title?: string;
  /** For videos: the stored link (parsed by domain/video when shown). */
  videoUrl?: string;
}

/** Whether a node holds a CAPTION child (it arrives rendered in `children`). */
function hasCaptionChild(node: { nodes?: readonly RichNode[] }): boolean {
  return node.nodes?.some((child) => child.type === 'CAPTION') ?? false;
}

/** The caption of a media figure: the CAPTION child, else the older `caption` string. */
export function captionOf(
  node: { nodes?: readonly RichNode[] },
  children: ReactNode,
  text?: string,
) {
  if (hasCaptionChild(node)) return children;
  return text ? <figcaption className="rc-caption">{text}</figcaption> : null;
}

/** Box style of media whose size is unknown: a fixed shape, shown whole. */
export const UNSIZED: CSSProperties = { aspectRatio: String(FALLBACK_RATIO), objectFit: 'contain' };
