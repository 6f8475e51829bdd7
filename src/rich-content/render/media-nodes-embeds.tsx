/**
 * Renderers of FILE, HTML, EMBED, LINK_PREVIEW, MAP, APP_EMBED and POLL (SPEC §3). HTML from a
 * document only ever runs inside `<iframe sandbox="allow-scripts allow-popups">` (DESIGN.md
 * "Errors and bad input": never inline); links are sanitised and links out open without the
 * opener. Maps are address cards with a link to OpenStreetMap (no tiles, no script).
 */
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { isOwnMediaFileUrl } from '../../domain/media';
import { parseVideoSource } from '../../domain/video';
import type { EmbedData, FileData, LinkPreviewData, Media } from '../document';
import { useTranslation } from '../i18n';
import { AppEmbedBlock } from '../nodes/app-embed/render';
import { MapBlock, mapLink } from '../nodes/map/render';
import { PollBlock } from '../nodes/poll/render';
import { cssColor } from './css-values';
import {
  HTML_HEIGHT_MESSAGE,
  HTML_MEASURE_MESSAGE,
  HTML_SANDBOX,
  htmlFrameUrl,
} from './html-frame';
import {
  aspectOf,
  blockClasses,
  blockStyle,
  boundedPx,
  EXTERNAL_LINK,
  linkProps,
  mediaImageSources,
  pxLength,
  safeHttpUrl,
  safeSrc,
  sizesFor,
} from './media-nodes-shared';
import { VideoBlock } from './media-nodes-video';
import type { RendererRegistry } from './types';

/** The map's link, for the renderers' tests. */
export { mapLink };

/** HTML blocks without a stored height. */
export const HTML_DEFAULT_HEIGHT = 300;
/** An auto-height frame grows at most to this (a hostile document cannot cover the page). */
export const HTML_MAX_HEIGHT = 4000;

/** The props of `SandboxedHtml`: markup (`html`) or a page (`url`, http(s) only). */
export interface SandboxedHtmlProps {
  html?: string;
  url?: string;
  title: string;
  height: number;
  /** Grows to the content's height, reported by the frame document (markup only). */
  autoHeight?: boolean;
}

/** Document HTML in a sandboxed iframe, never inline. Renders nothing without a usable source. */
export function SandboxedHtml({
  html,
  url,
  title,
  height,
  autoHeight = false,
}: SandboxedHtmlProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  const isAuto = autoHeight && html !== undefined;
  // Markup goes to our frame document (html-frame.ts: a srcdoc would inherit the page's policy).
  const src = html === undefined ? safeHttpUrl(url) : htmlFrameUrl(html, isAuto);
  useEffect(() => {
    if (!isAuto) return;
    function handleMessage(event: MessageEvent) {
      if (event.source !== frameRef.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type !== HTML_HEIGHT_MESSAGE || typeof data.height !== 'number') return;
      if (!Number.isFinite(data.height)) return;
      setMeasured(Math.min(HTML_MAX_HEIGHT, Math.max(20, Math.ceil(data.height))));
    }
    window.addEventListener('message', handleMessage);
    // The frame may have reported before this listener existed: ask again.
    frameRef.current?.contentWindow?.postMessage(HTML_MEASURE_MESSAGE, '*');
    return () => window.removeEventListener('message', handleMessage);
  }, [isAuto]);
  if (!src) return null;
  return (
    <iframe
      // New markup is a new document: a URL that differs only in its fragment would not reload.
      key={src}
      ref={frameRef}
      className="rc-html__frame"
      title={title}
      sandbox={HTML_SANDBOX}
      src={src}
      height={measured ?? height}
      style={{ height: measured ?? height }}
      loading="lazy"
      referrerPolicy="no-referrer"
    />
  );
}

/** FILE's size in KB for display: the stored string when numeric, else from the bytes. */
export function fileSizeKb(data: FileData): number | undefined {
  const stored = Number(data.sizeInKb);
  if (data.sizeInKb && Number.isFinite(stored) && stored >= 0) return Math.round(stored);
  if (data.size !== undefined) return Math.max(1, Math.round(data.size / 1024));
  return undefined;
}

function isPdf(data: FileData): boolean {
  return (
    data.mimeType === 'application/pdf' ||
    data.type?.toLowerCase() === 'pdf' ||
    /\.pdf$/i.test(data.name ?? '')
  );
}

/** FILE (SPEC §3, §8): a download card; PDFs may show a preview (FULL or MINI). */
export function FileBlock({ data }: { data: FileData }) {
  const { t } = useTranslation();
  const [isStarting, setIsStarting] = useState(false);
  const url = safeSrc(data.src.url);
  const name = data.name || t('richContent.file.untitled');
  const kind = (data.type || data.name?.split('.').pop() || '').slice(0, 8).toUpperCase();
  const size = fileSizeKb(data);
  const settings = data.pdfSettings ?? {};
  const canDownload = url !== undefined && !settings.disableDownload;
  const viewMode = isPdf(data) ? (settings.viewMode ?? 'NONE') : 'NONE';
  // Our own uploads preview too: they come from this site with their own PDF content type, so
  // they need no sandbox, and Chrome refuses to show a PDF inside a sandboxed frame anyway.
  const isOwnFile = isOwnMediaFileUrl(data.src.url);
  const previewUrl =
    viewMode === 'NONE' ? undefined : isOwnFile ? data.src.url : safeHttpUrl(data.src.url);
  // Browsers' PDF viewers hide their print and download buttons with toolbar=0 (a courtesy, not
  // a protection: a reader who sees a file can keep it).
  const hideToolbar = settings.disableDownload || settings.disablePrint;
  return (
    <figure
      className={blockClasses('rc-file', data.containerData)}
      style={blockStyle(data.containerData)}
      data-no-download={settings.disableDownload || undefined}
      data-no-print={settings.disablePrint || undefined}
    >
      <div className="rc-file__card">
        <span className="rc-file__icon" aria-hidden="true">
          {kind || '·'}
        </span>
        <span className="rc-file__body">
          <span className="rc-file__name">{name}</span>
          <span className="rc-file__meta">
            {[kind, size !== undefined ? t('richContent.file.size', { size }) : '']
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
        {canDownload ? (
          <a
            className="rc-file__download"
            href={url}
            download={data.name || true}
            rel="noopener"
            aria-label={t('richContent.file.downloadNamed', { name })}
            onClick={() => setIsStarting(true)}
          >
            {t('richContent.file.download')}
          </a>
        ) : null}
      </div>
      <p className="rc-file__info" role="status">
        {isStarting ? t('richContent.file.downloadWillBeginShortly') : null}
      </p>
      {previewUrl ? (
        <iframe
          className={`rc-file__preview rc-file__preview--${viewMode.toLowerCase()}`}
          src={hideToolbar ? `${previewUrl.split('#')[0]}#toolbar=0` : previewUrl}
          title={t('richContent.file.preview', { name })}
          sandbox={isOwnFile ? undefined : 'allow-scripts allow-same-origin'}
          loading="lazy"
          referrerPolicy="no-referrer"
          height={viewMode === 'MINI' ? 320 : 800}
        />
      ) : null}
    </figure>
  );
}

/** HTML (SPEC §3): markup or a page in a sandboxed iframe; ADSENSE is treated the same. */
export function HtmlBlock({
  data,
}: {
  data: {
    html?: string;
    url?: string;
    autoHeight?: boolean;
    containerData?: FileData['containerData'];
  };
}) {
  const { t } = useTranslation();
  const height = pxLength(data.containerData?.height?.custom) ?? HTML_DEFAULT_HEIGHT;
  return (
    <div
      className={blockClasses('rc-html', data.containerData)}
      style={blockStyle(data.containerData)}
    >
      <SandboxedHtml
        html={data.html}
        url={data.url}
        title={t('richContent.html.title')}
        height={Math.min(height, HTML_MAX_HEIGHT)}
        autoHeight={data.autoHeight}
      />
    </div>
  );
}

function hostOf(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

/** The props of `LinkCard`: a link preview or an embed of kind "link". */
interface LinkCardProps {
  className: string;
  href: string | undefined;
  rel?: string;
  title?: string;
  description?: string;
  thumbnail?: Media;
  position: 'START' | 'END' | 'TOP' | 'HIDDEN';
  style?: CSSProperties;
  titleColor?: string;
  subtitleColor?: string;
  linkColor?: string;
  containerData?: FileData['containerData'];
}

/** A card that links out: thumbnail, title, description and the site's host name. */
function LinkCard(props: LinkCardProps) {
  const { className, href, title, description, thumbnail, position } = props;
  const { src, srcSet } = mediaImageSources(thumbnail, 640);
  const host = hostOf(href);
  const showThumb = position !== 'HIDDEN' && src !== undefined;
  const hasSize = aspectOf(thumbnail?.width, thumbnail?.height) !== undefined;
  const body = (
    <>
      {showThumb ? (
        <span className="rc-link-card__thumb">
          <img
            src={src}
            srcSet={srcSet}
            sizes={
              srcSet ? (position === 'TOP' ? sizesFor(props.containerData) : '160px') : undefined
            }
            width={hasSize ? thumbnail?.width : 160}
            height={hasSize ? thumbnail?.height : 160}
            alt=""
            loading="lazy"
            decoding="async"
          />
        </span>
      ) : null}
      <span className="rc-link-card__body">
        {title ? (
          <span className="rc-link-card__title" style={{ color: props.titleColor }}>
            {title}
          </span>
        ) : null}
        {description ? (
          <span className="rc-link-card__description" style={{ color: props.subtitleColor }}>
            {description}
          </span>
        ) : null}
        {host ? (
          <span className="rc-link-card__host" style={{ color: props.linkColor }}>
            {host}
          </span>
        ) : null}
      </span>
    </>
  );
  const classes = `rc-link-card rc-link-card--${position.toLowerCase()}`;
  return (
    <figure className={blockClasses(className, props.containerData)}>
      {href ? (
        <a
          className={classes}
          href={href}
          target="_blank"
          rel={props.rel ?? EXTERNAL_LINK.rel}
          style={props.style}
        >
          {body}
        </a>
      ) : (
        <div className={classes} style={props.style}>
          {body}
        </div>
      )}
    </figure>
  );
}

/** LINK_PREVIEW (SPEC §3): a card with the stored colours and thumbnail position. */
export function LinkPreviewBlock({ data }: { data: LinkPreviewData }) {
  const link = linkProps(data.link);
  const href = link?.href;
  const rel = new Set((link?.rel ?? '').split(' ').filter(Boolean));
  rel.add('noopener');
  const styles = data.styles ?? {};
  const borderWidth = boundedPx(styles.borderWidth, 20);
  const style: CSSProperties = {
    backgroundColor: cssColor(styles.backgroundColor),
    borderRadius: boundedPx(styles.borderRadius, 100),
    ...(borderWidth !== undefined && {
      borderWidth,
      borderStyle: 'solid',
      borderColor: cssColor(styles.borderColor) ?? 'currentColor',
    }),
  };
  return (
    <LinkCard
      className="rc-link-preview"
      href={href}
      rel={[...rel].join(' ')}
      title={data.title}
      description={data.description}
      thumbnail={data.thumbnailUrl ? { src: { url: data.thumbnailUrl } } : undefined}
      position={styles.thumbnailPosition ?? 'START'}
      style={style}
      titleColor={cssColor(styles.titleColor)}
      subtitleColor={cssColor(styles.subtitleColor)}
      linkColor={cssColor(styles.linkColor)}
      containerData={data.containerData}
    />
  );
}

function toNumber(value: number | string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** EMBED (SPEC §3): oEmbed videos play like VIDEO, rich HTML is sandboxed, photos are images. */
export function EmbedBlock({ data }: { data: EmbedData }) {
  const { t } = useTranslation();
  const o = data.oembed;
  const width = toNumber(o.width);
  const height = toNumber(o.height);
  const thumbnail: Media | undefined = o.thumbnailUrl
    ? {
        src: { url: o.thumbnailUrl },
        width: toNumber(o.thumbnailWidth),
        height: toNumber(o.thumbnailHeight),
      }
    : undefined;
  const type = o.type?.toLowerCase();
  const videoUrl = [o.videoUrl, o.url, data.src].find((u) => parseVideoSource(u) !== null);
  if (videoUrl && (type === 'video' || !o.html)) {
    return (
      <VideoBlock
        url={videoUrl}
        thumbnail={thumbnail}
        width={width}
        height={height}
        title={o.title}
        containerData={data.containerData}
      />
    );
  }
  const photo = type === 'photo' ? safeSrc(o.url) : undefined;
  if (photo) {
    const hasSize = width !== undefined && height !== undefined;
    return (
      <figure className={blockClasses('rc-embed rc-embed--photo', data.containerData)}>
        <img
          className="rc-embed__photo"
          src={photo}
          width={width}
          height={height}
          style={hasSize ? undefined : { aspectRatio: '16 / 9', objectFit: 'contain' }}
          alt={o.title ?? ''}
          loading="lazy"
          decoding="async"
        />
      </figure>
    );
  }
  if (o.html && (type === 'rich' || type === 'video' || type === undefined)) {
    const provider = o.providerName || hostOf(safeHttpUrl(o.providerUrl ?? data.src));
    return (
      <figure
        className={blockClasses('rc-embed rc-embed--rich', data.containerData)}
        style={blockStyle(data.containerData)}
      >
        <SandboxedHtml
          html={o.html}
          title={
            provider ? t('richContent.embed.titleFrom', { provider }) : t('richContent.embed.title')
          }
          height={Math.min(height ?? HTML_DEFAULT_HEIGHT, HTML_MAX_HEIGHT)}
          autoHeight
        />
      </figure>
    );
  }
  return (
    <LinkCard
      className="rc-embed rc-embed--link"
      href={safeHttpUrl(o.url ?? data.src)}
      title={o.title}
      description={o.authorName ?? o.providerName}
      thumbnail={thumbnail}
      position="START"
      containerData={data.containerData}
    />
  );
}

/** Embed and interactive renderers (joined into MEDIA_RENDERERS). */
export const MEDIA_EMBED_RENDERERS = {
  FILE: (node) => <FileBlock data={node.fileData} />,
  HTML: (node) => <HtmlBlock data={node.htmlData} />,
  EMBED: (node) => <EmbedBlock data={node.embedData} />,
  LINK_PREVIEW: (node) => <LinkPreviewBlock data={node.linkPreviewData} />,
  MAP: (node) => <MapBlock data={node.mapData} />,
  APP_EMBED: (node) => <AppEmbedBlock data={node.appEmbedData} />,
  POLL: (node, _children, context) => {
    const id = node.pollData.poll.id;
    const endpoint = id ? context.pollEndpoint?.(id) : undefined;
    return <PollBlock data={node.pollData} endpoint={endpoint} fetchApi={context.fetchApi} />;
  },
} satisfies Partial<RendererRegistry>;
