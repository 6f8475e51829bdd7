/**
 * LINK_PREVIEW (SPEC §3): a card that links out, with the stored colours. `LinkCard` also shows
 * an embed of kind "link". Links are sanitised and open without the opener.
 */
import type { CSSProperties } from 'react';
import type { FileData, LinkPreviewData, Media } from '../../document';
import { cssColor } from '../../render/css-values';
import {
  aspectOf,
  blockClasses,
  boundedPx,
  EXTERNAL_LINK,
  linkProps,
  mediaImageSources,
  sizesFor,
} from '../../render/media-nodes-shared';
import type { NodeRenderer } from '../../render/types';

/** The host name of a link, without `www.`. */
export function hostOf(href: string | undefined): string | undefined {
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
export function LinkCard(props: LinkCardProps) {
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

/** The LINK_PREVIEW node's renderer. */
export const renderLinkPreview: NodeRenderer<'LINK_PREVIEW'> = (node) => (
  <LinkPreviewBlock data={node.linkPreviewData} />
);
