/**
 * Renderers of text nodes (SPEC §3): text runs with their decorations and hashtag links,
 * paragraphs, headings, lists, quotes, code, captions and dividers. The structure nodes (tables,
 * collapsible lists, layouts, buttons, EXTERNAL) are in `structure-nodes.tsx` and join this
 * registry. Every URL goes through `safeUrl`, every CSS value through `css-values.ts`.
 */
import { type CSSProperties, createElement, Fragment, type ReactNode } from 'react';
import { splitTextByHashtags } from '../../domain/hashtags';
import { codeBlockSource } from '../code-tokens';
import type { Decoration, RichNode } from '../document';
import { safeUrl } from '../safe-url';
import {
  anchorDomId,
  classNames,
  linkAttributes,
  mergeStyles,
  nodeStyle,
  textBlockProps,
} from './block-style';
import { CodeBlock } from './code-block';
import { cssColor, cssFontSize } from './css-values';
import { Spoiler } from './spoiler';
import { STRUCTURE_RENDERERS } from './structure-nodes';
import { DEFAULT_LABELS, type RenderContext, type RendererRegistry } from './types';
import './text-nodes.css';

/**
 * A text run with its decorations, from the inside out: colour and size, underline, italic,
 * bold, then the link (LINK, else ANCHOR, else MENTION), then the spoiler around everything.
 * EXTERNAL decorations are a plugin's business and are ignored.
 */
function decorate(text: string, decorations: Decoration[], context: RenderContext): ReactNode {
  const style: CSSProperties = {};
  let weight: number | undefined;
  let isItalic = false;
  let isUnderlined = false;
  let link: ReturnType<typeof linkAttributes>;
  let anchor: string | undefined;
  let mention: { slug: string; id?: string } | undefined;
  let isSpoiler = false;
  for (const decoration of decorations) {
    switch (decoration.type) {
      case 'BOLD':
        weight = decoration.fontWeightValue ?? 700;
        break;
      case 'ITALIC':
        isItalic = decoration.italicData !== false;
        // An explicit "not italic" undoes an italic block style.
        if (!isItalic) style.fontStyle = 'normal';
        break;
      case 'UNDERLINE':
        isUnderlined = decoration.underlineData !== false;
        break;
      case 'COLOR': {
        const color = cssColor(decoration.colorData.foreground);
        const background = cssColor(decoration.colorData.background);
        if (color) style.color = color;
        if (background) style.backgroundColor = background;
        break;
      }
      case 'FONT_SIZE': {
        const size = cssFontSize(decoration.fontSizeData);
        if (size) style.fontSize = size;
        break;
      }
      case 'LINK':
        link = linkAttributes(decoration.linkData.link);
        break;
      case 'ANCHOR':
        anchor = decoration.anchorData.anchor;
        break;
      case 'MENTION':
        mention = decoration.mentionData;
        break;
      case 'SPOILER':
        isSpoiler = true;
        break;
      default:
        break;
    }
  }

  let out: ReactNode = text;
  // Below 600 the run is explicitly not bold (inside a bold heading, say).
  if (weight !== undefined && weight < 600) style.fontWeight = weight;
  if (Object.keys(style).length > 0) out = <span style={style}>{out}</span>;
  if (isUnderlined) out = <u>{out}</u>;
  if (isItalic) out = <em>{out}</em>;
  if (weight !== undefined && weight >= 600) {
    out = <strong style={weight === 700 ? undefined : { fontWeight: weight }}>{out}</strong>;
  }
  if (link) {
    out = <a {...link}>{out}</a>;
  } else if (anchor) {
    out = (
      <a className="rc-anchor-link" href={`#${anchorDomId(anchor)}`}>
        {out}
      </a>
    );
  } else if (mention) {
    const href = context.profileUrl
      ? safeUrl(context.profileUrl(mention.slug, mention.id))
      : undefined;
    out = href ? (
      <a className="rc-mention" href={href}>
        {out}
      </a>
    ) : (
      <span className="rc-mention">{out}</span>
    );
  }
  if (isSpoiler) {
    out = <Spoiler label={context.labels?.spoiler ?? DEFAULT_LABELS.spoiler}>{out}</Spoiler>;
  }
  return out;
}

/** Whether a text block holds no visible text (an empty line the author left for space). */
function isEmptyBlock(node: RichNode): boolean {
  return node.nodes.every((child) => child.type === 'TEXT' && child.textData.text === '');
}

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** Text renderers, joined by the structure renderers. */
export const TEXT_RENDERERS = {
  TEXT: (node, _children, context) => {
    const value = node.textData.text;
    const decorations = node.textData.decorations;
    const isLinked = decorations.some(
      (d) => d.type === 'LINK' || d.type === 'MENTION' || d.type === 'ANCHOR',
    );
    if (!context.hashtagUrl || isLinked || !value.includes('#')) {
      return decorate(value, decorations, context);
    }
    const hashtagUrl = context.hashtagUrl;
    return splitTextByHashtags(value).map((segment, i) =>
      segment.type === 'hashtag' ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments never move.
        <a key={i} className="rc-hashtag" href={safeUrl(hashtagUrl(segment.word))}>
          {decorate(segment.value, decorations, context)}
        </a>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments never move.
        <Fragment key={i}>{decorate(segment.value, decorations, context)}</Fragment>
      ),
    );
  },
  PARAGRAPH: (node, children, context) => {
    const props = textBlockProps(node, 'rc-paragraph', context, node.paragraphData);
    // An empty paragraph is a blank line in the editor; keep its height.
    if (isEmptyBlock(node)) {
      return (
        <p {...props} className={`${props.className} rc-paragraph--empty`}>
          <br />
        </p>
      );
    }
    return <p {...props}>{children}</p>;
  },
  HEADING: (node, children, context) => {
    const level = Math.min(Math.max(node.headingData.level, 1), 6);
    const props = textBlockProps(node, `rc-heading rc-h${level}`, context, node.headingData);
    // The post title is the page's h1, so a document's level-1 heading renders as h2.
    return createElement(HEADING_TAGS[Math.max(level, 2) - 1]!, props, children);
  },
  BLOCKQUOTE: (node, children, context) => (
    <blockquote {...textBlockProps(node, 'rc-blockquote', context, node.blockquoteData)}>
      {children}
    </blockquote>
  ),
  CODE_BLOCK: (node, _children, context) => (
    <CodeBlock source={codeBlockSource(node)} highlighted={context.codeHighlights?.[node.id]} />
  ),
  BULLETED_LIST: (node, children, context) => (
    <ul {...textBlockProps(node, 'rc-list rc-list--bulleted', context, node.bulletedListData)}>
      {children}
    </ul>
  ),
  ORDERED_LIST: (node, children, context) => {
    const data = node.orderedListData;
    // `offset` is where older documents keep the first number, counted from 0.
    const start = data?.start ?? (data?.offset !== undefined ? data.offset + 1 : undefined);
    return (
      <ol
        {...textBlockProps(node, 'rc-list rc-list--ordered', context, data)}
        start={start !== undefined && start !== 1 ? start : undefined}
      >
        {children}
      </ol>
    );
  },
  LIST_ITEM: (node, children, context) => {
    const { className, ...props } = textBlockProps(node, '', context);
    return (
      <li className={className || undefined} {...props}>
        {children}
      </li>
    );
  },
  CAPTION: (node, children, context) => (
    <figcaption {...textBlockProps(node, 'rc-caption', context, node.captionData)}>
      {children}
    </figcaption>
  ),
  DIVIDER: (node) => {
    const data = node.dividerData;
    return (
      <hr
        className={classNames(
          'rc-divider',
          `rc-divider--${data.lineStyle.toLowerCase()}`,
          `rc-divider--${data.width.toLowerCase()}`,
          data.alignment && `rc-divider--${data.alignment.toLowerCase()}`,
        )}
        style={mergeStyles(nodeStyle(node.style))}
      />
    );
  },
  ...STRUCTURE_RENDERERS,
} satisfies Partial<RendererRegistry>;
