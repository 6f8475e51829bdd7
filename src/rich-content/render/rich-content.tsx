/**
 * Renders a rich-content document as semantic HTML (SPEC §3). One component per node type, looked
 * up in a registry; node types without a renderer yet are skipped rather than shown broken. Text
 * decorations become inline elements; links are sanitised.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { splitTextByHashtags } from '../../domain/hashtags';
import { imageSources } from '../../domain/media';
import type { Decoration, RichDocument, RichNode } from '../document';
import { safeUrl } from './safe-url';

/** What node renderers need from the page around them. */
export interface RenderContext {
  /** Builds a member profile URL for mentions. */
  profileUrl?: (slug: string) => string;
  /** Builds a hashtag feed URL; hashtags in text link there (SPEC §5 hashtag rule). */
  hashtagUrl?: (word: string) => string;
}

type NodeRenderer = (node: RichNode, children: ReactNode, context: RenderContext) => ReactNode;

function linkRel(decoration: Decoration, isBlank: boolean): string | undefined {
  const rel = decoration.linkData?.link.rel ?? {};
  const parts = Object.entries(rel)
    .filter(([, on]) => on)
    .map(([name]) => name);
  if (isBlank) parts.push('noopener');
  return parts.length > 0 ? [...new Set(parts)].join(' ') : undefined;
}

function decorate(text: string, decorations: Decoration[], context: RenderContext): ReactNode {
  let out: ReactNode = text;
  for (const decoration of decorations) {
    switch (decoration.type) {
      case 'BOLD':
        if ((decoration.fontWeightValue ?? 700) >= 600) out = <strong>{out}</strong>;
        break;
      case 'ITALIC':
        if (decoration.italicData !== false) out = <em>{out}</em>;
        break;
      case 'UNDERLINE':
        if (decoration.underlineData !== false) out = <u>{out}</u>;
        break;
      case 'LINK': {
        const link = decoration.linkData?.link;
        const href = safeUrl(link?.url);
        if (!href) break;
        const isBlank = link?.target === 'BLANK';
        out = (
          <a href={href} target={isBlank ? '_blank' : undefined} rel={linkRel(decoration, isBlank)}>
            {out}
          </a>
        );
        break;
      }
      case 'MENTION': {
        const mention = decoration.mentionData;
        out =
          mention && context.profileUrl ? (
            <a className="rc-mention" href={context.profileUrl(mention.slug)}>
              {out}
            </a>
          ) : (
            <span className="rc-mention">{out}</span>
          );
        break;
      }
      default:
        break;
    }
  }
  return out;
}

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

const RENDERERS: Partial<Record<RichNode['type'], NodeRenderer>> = {
  TEXT: (node, _children, context) => {
    const value = node.textData?.text ?? '';
    const decorations = node.textData?.decorations ?? [];
    const isLinked = decorations.some((d) => d.type === 'LINK' || d.type === 'MENTION');
    if (!context.hashtagUrl || isLinked || !value.includes('#')) {
      return decorate(value, decorations, context);
    }
    const hashtagUrl = context.hashtagUrl;
    return splitTextByHashtags(value).map((segment, i) =>
      segment.type === 'hashtag' ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments never move.
        <a key={i} className="rc-hashtag" href={hashtagUrl(segment.word)}>
          {decorate(segment.value, decorations, context)}
        </a>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments never move.
        <Fragment key={i}>{decorate(segment.value, decorations, context)}</Fragment>
      ),
    );
  },
  PARAGRAPH: (_node, children) => <p className="rc-paragraph">{children}</p>,
  HEADING: (node, children) => {
    const level = Math.min(Math.max(node.headingData?.level ?? 2, 1), 6);
    // The post title is the page's h1, so a document's level-1 heading renders as h2.
    return createElement(
      HEADING_TAGS[Math.max(level, 2) - 1]!,
      { className: `rc-heading rc-h${level}` },
      children,
    );
  },
  BLOCKQUOTE: (_node, children) => <blockquote className="rc-blockquote">{children}</blockquote>,
  CODE_BLOCK: (node) => (
    <pre className="rc-code">
      <code>{node.nodes.map((n) => n.textData?.text ?? '').join('')}</code>
    </pre>
  ),
  BULLETED_LIST: (_node, children) => <ul className="rc-list">{children}</ul>,
  ORDERED_LIST: (node, children) => (
    <ol className="rc-list" start={node.orderedListData?.start}>
      {children}
    </ol>
  ),
  LIST_ITEM: (_node, children) => <li>{children}</li>,
  DIVIDER: (node) => (
    <hr
      className={`rc-divider rc-divider--${(node.dividerData?.lineStyle ?? 'SINGLE').toLowerCase()}`}
    />
  ),
  IMAGE: (node) => {
    const data = node.imageData;
    if (!data) return null;
    const src = data.image.src;
    const { src: url, srcSet } = src.id
      ? imageSources(
          {
            id: src.id,
            url: null,
            width: data.image.width ?? 0,
            height: data.image.height ?? 0,
            alt: '',
          },
          960,
        )
      : { src: safeUrl(src.url) ?? '', srcSet: undefined };
    return (
      <figure className="rc-image">
        <img
          src={url}
          srcSet={srcSet}
          sizes={srcSet ? '(max-width: 740px) 100vw, 740px' : undefined}
          width={data.image.width}
          height={data.image.height}
          alt={data.altText ?? ''}
          loading="lazy"
          decoding="async"
        />
        {data.caption ? <figcaption>{data.caption}</figcaption> : null}
      </figure>
    );
  },
  VIDEO: (node) => {
    const data = node.videoData;
    const href = safeUrl(data?.video.src.url);
    const thumb = safeUrl(data?.thumbnail?.src.url);
    if (!href) return null;
    return (
      <figure className="rc-video">
        <a href={href} target="_blank" rel="noopener noreferrer" className="rc-video__link">
          {thumb ? (
            <img
              src={thumb}
              width={data?.thumbnail?.width}
              height={data?.thumbnail?.height}
              alt=""
              loading="lazy"
            />
          ) : null}
          <span className="rc-video__label">{data?.title ?? href}</span>
        </a>
      </figure>
    );
  },
};

function renderNode(node: RichNode, key: number | string, context: RenderContext): ReactNode {
  const renderer = RENDERERS[node.type];
  if (!renderer) return null;
  const children = (node.nodes ?? []).map((child, i) => renderNode(child, i, context));
  return <Fragment key={node.id || key}>{renderer(node, children, context)}</Fragment>;
}

/** The document's nodes as HTML. */
export function RichContent({
  document,
  context = {},
}: {
  document: RichDocument;
  context?: RenderContext;
}) {
  return (
    <div className="rich-content">{document.nodes.map((n, i) => renderNode(n, i, context))}</div>
  );
}
