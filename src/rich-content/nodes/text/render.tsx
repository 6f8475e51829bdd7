/**
 * TEXT (SPEC §3): a text run with its decorations, and hashtag links when the page has a hashtag
 * URL. Every URL goes through `safeUrl`, every CSS value through `css-values.ts`.
 */
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { splitTextByHashtags } from '../../../domain/hashtags';
import type { Decoration } from '../../document';
import { anchorDomId, linkAttributes } from '../../render/block-style';
import { cssColor, cssFontSize } from '../../render/css-values';
import { interactivePart } from '../../render/interactive';
import { Spoiler } from '../../render/spoiler';
import { DEFAULT_LABELS, type NodeRenderer, type RenderContext } from '../../render/types';
import { safeUrl } from '../../safe-url';

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
    const label = context.labels?.spoiler ?? DEFAULT_LABELS.spoiler;
    out = interactivePart(context, {
      name: 'spoiler',
      props: { label },
      element: <Spoiler label={label}>{out}</Spoiler>,
    });
  }
  return out;
}

/** The TEXT node's renderer. */
export const renderText: NodeRenderer<'TEXT'> = (node, _children, context) => {
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
};
