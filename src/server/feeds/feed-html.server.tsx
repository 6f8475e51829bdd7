/**
 * A post's rich content as feed-safe HTML (issue 19 § Feeds, decision 048). Feed readers show
 * HTML without the blog's styles or scripts and often sanitise it further, so this renderer
 * writes plain, self-contained markup: absolute URLs (on the site's origin), no scripts, no
 * iframes or embeds (videos, embeds, maps, polls, audio and HTML blocks become links to their
 * source or to the post), images with width and height, no event handlers and no classes.
 *
 * React writes the markup (`renderToStaticMarkup`): every text and attribute is escaped by it,
 * and the elements are only the ones named below, whatever a stored document holds.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MEDIA_WIDTHS, mediaIdFromUrl, mediaUrl } from '../../domain/media';
import { profileUrl } from '../../domain/profiles';
import type { Decoration, Link, Media, RichDocument, RichNode } from '../../rich-content/document';
import { galleryItemAlt } from '../../rich-content/nodes/gallery/schema';
import { anchorDomId } from '../../rich-content/render/block-style';
import { safeUrl } from '../../rich-content/safe-url';

/** What the renderer needs beyond the document: where the post lives and its words. */
export interface FeedHtmlContext {
  /** The site's origin (`https://blog.example.com`): every relative URL is made absolute on it. */
  origin: string;
  /** The post's absolute address: in-document anchors and interactive blocks link to it. */
  postLink: string;
  blogBase: string;
  /** The feed's strings (locales/en.json `feeds.*`). */
  t: (key: string, options?: Record<string, unknown>) => string;
}

/** Widest image a feed carries: readers show a column, not a screen. */
const FEED_IMAGE_WIDTH = 960;

/**
 * A URL from the document made absolute on the site's origin, or undefined when unsafe
 * (`javascript:` and the like) or unparsable. `mailto:` and `tel:` stay as they are.
 */
export function absoluteUrl(raw: string | undefined | null, origin: string): string | undefined {
  const safe = safeUrl(raw);
  if (!safe) return undefined;
  if (/^(mailto|tel):/i.test(safe)) return safe;
  try {
    const url = new URL(safe, `${origin}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** An image's source and displayed size: stored media at a served width, never upscaled. */
function imageOf(
  media: Media | undefined,
  context: FeedHtmlContext,
): { src: string; width?: number; height?: number } | null {
  if (!media) return null;
  const { width, height } = media;
  const hasSize = Boolean(width && height);
  // Our own media may be named by id or by one of its URLs (a video's thumbnail).
  const id = media.src.id ?? mediaIdFromUrl(media.src.url);
  if (id && /^[0-9a-f-]{36}$/i.test(id)) {
    const served = [...MEDIA_WIDTHS]
      .reverse()
      .find((w) => w <= FEED_IMAGE_WIDTH && (!hasSize || w <= width!));
    const chosen = served ?? MEDIA_WIDTHS[0];
    const src = absoluteUrl(mediaUrl(id, chosen), context.origin)!;
    if (!hasSize) return { src };
    const shown = Math.min(width!, chosen);
    return { src, width: shown, height: Math.round((height! * shown) / width!) };
  }
  const src = absoluteUrl(media.src.url, context.origin);
  if (!src) return null;
  return hasSize ? { src, width: width!, height: height! } : { src };
}

function Img({ image, alt }: { image: ReturnType<typeof imageOf>; alt: string }) {
  if (!image) return null;
  // Lazy: React's server renderer would otherwise hoist a `<link rel="preload">` per image.
  return <img src={image.src} width={image.width} height={image.height} alt={alt} loading="lazy" />;
}

/** A link out; unsafe targets render the text alone. */
function A({ href, children }: { href: string | undefined; children: ReactNode }) {
  return href ? <a href={href}>{children}</a> : children;
}

function linkHref(link: Link | undefined, context: FeedHtmlContext): string | undefined {
  if (!link) return undefined;
  if (link.url) return absoluteUrl(link.url, context.origin);
  if (link.anchor) return `${context.postLink}#${anchorDomId(link.anchor)}`;
  return undefined;
}

/** A text run: bold, italic, underline as elements; links absolute; colours and sizes dropped. */
function textRun(text: string, decorations: Decoration[], context: FeedHtmlContext): ReactNode {
  let out: ReactNode = text;
  let href: string | undefined;
  for (const decoration of decorations) {
    if (decoration.type === 'UNDERLINE' && decoration.underlineData !== false) out = <u>{out}</u>;
    if (decoration.type === 'ITALIC' && decoration.italicData !== false) out = <em>{out}</em>;
    if (decoration.type === 'BOLD' && (decoration.fontWeightValue ?? 700) >= 600) {
      out = <strong>{out}</strong>;
    }
    if (decoration.type === 'LINK') href = linkHref(decoration.linkData.link, context);
    if (decoration.type === 'ANCHOR' && !href) {
      href = `${context.postLink}#${anchorDomId(decoration.anchorData.anchor)}`;
    }
    if (decoration.type === 'MENTION' && !href) {
      const { slug, id } = decoration.mentionData;
      href = absoluteUrl(
        profileUrl(context.blogBase, { slug, siteMemberId: id ?? slug }),
        context.origin,
      );
    }
  }
  return href ? <a href={href}>{out}</a> : out;
}

function children(node: RichNode, context: FeedHtmlContext): ReactNode {
  return node.nodes.map((child, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static markup, never reconciled
    <FeedNode key={index} node={child} context={context} />
  ));
}

/** The caption of a media node (its CAPTION child), as plain text. */
function captionText(node: RichNode): string {
  const caption = node.nodes.find((child) => child.type === 'CAPTION');
  return caption
    ? caption.nodes.map((t) => (t.type === 'TEXT' ? t.textData.text : '')).join('')
    : '';
}

function Figure({ media, caption }: { media: ReactNode; caption: string }) {
  return (
    <figure>
      {media}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}

/** A block that cannot play in a reader: its picture (if any) and a link to where it lives. */
function LinkOut({
  href,
  label,
  image,
  alt,
}: {
  href: string;
  label: string;
  image?: ReturnType<typeof imageOf>;
  alt?: string;
}) {
  return (
    <p>
      {image ? (
        <>
          <a href={href}>
            <Img image={image} alt={alt ?? label} />
          </a>
          <br />
        </>
      ) : null}
      <a href={href}>{label}</a>
    </p>
  );
}

function FeedNode({ node, context }: { node: RichNode; context: FeedHtmlContext }): ReactNode {
  const render = TEXT_BLOCKS[node.type] ?? MEDIA_BLOCKS[node.type] ?? INTERACTIVE_BLOCKS[node.type];
  return render ? render(node as never, context) : children(node, context);
}

type Renderer<T extends RichNode['type']> = (
  node: Extract<RichNode, { type: T }>,
  context: FeedHtmlContext,
) => ReactNode;
type RendererMap = { [T in RichNode['type']]?: Renderer<T> };

const TEXT_BLOCKS: RendererMap = {
  TEXT: (node, context) => textRun(node.textData.text, node.textData.decorations, context),
  PARAGRAPH: (node, context) => <p>{children(node, context)}</p>,
  HEADING: (node, context) => {
    const level = Math.min(6, Math.max(1, node.headingData.level));
    const Tag = `h${level}` as 'h2';
    return <Tag>{children(node, context)}</Tag>;
  },
  BULLETED_LIST: (node, context) => <ul>{children(node, context)}</ul>,
  ORDERED_LIST: (node, context) => (
    <ol start={node.orderedListData?.start}>{children(node, context)}</ol>
  ),
  LIST_ITEM: (node, context) => <li>{children(node, context)}</li>,
  BLOCKQUOTE: (node, context) => <blockquote>{children(node, context)}</blockquote>,
  CODE_BLOCK: (node) => (
    <pre>
      <code>{node.nodes.map((t) => (t.type === 'TEXT' ? t.textData.text : '')).join('')}</code>
    </pre>
  ),
  // Captions are written by their media's figure.
  CAPTION: () => null,
  DIVIDER: () => <hr />,
  TABLE: (node, context) => (
    <table>
      <tbody>{children(node, context)}</tbody>
    </table>
  ),
  TABLE_ROW: (node, context) => <tr>{children(node, context)}</tr>,
  TABLE_CELL: (node, context) => <td>{children(node, context)}</td>,
  // A collapsible list is shown open: a reader has no script to open it.
  COLLAPSIBLE_ITEM_TITLE: (node, context) => (
    <h3>
      {node.nodes
        .flatMap((p) => p.nodes)
        .map((t) => (
          <FeedNode key={t.id} node={t} context={context} />
        ))}
    </h3>
  ),
};

const MEDIA_BLOCKS: RendererMap = {
  IMAGE: (node, context) => {
    const { imageData } = node;
    const alt = imageData.decorative ? '' : (imageData.altText ?? '');
    const img = <Img image={imageOf(imageData.image, context)} alt={alt} />;
    const href = linkHref(imageData.link, context);
    return <Figure media={href ? <a href={href}>{img}</a> : img} caption={captionText(node)} />;
  },
  GIF: (node, context) => {
    const { gifData } = node;
    const src = gifData.original?.gif ?? gifData.downsized?.gif;
    const image = imageOf(
      src ? { src: { url: src }, width: gifData.width, height: gifData.height } : undefined,
      context,
    );
    return <Figure media={<Img image={image} alt="" />} caption={captionText(node)} />;
  },
  GALLERY: (node, context) => (
    <>
      {node.galleryData.items.map((item, index) => {
        const media = item.image?.media ?? item.video?.thumbnail;
        const img = <Img image={imageOf(media, context)} alt={galleryItemAlt(item)} />;
        const href = item.image
          ? linkHref(item.image.link, context)
          : absoluteUrl(item.video?.media.src.url, context.origin);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: static markup, never reconciled
          <Figure key={index} media={<A href={href}>{img}</A>} caption={item.title ?? ''} />
        );
      })}
    </>
  ),
  VIDEO: (node, context) => {
    const { videoData } = node;
    // A video stored by us plays on the post's page; one from elsewhere links to its source.
    const href = absoluteUrl(videoData.video.src.url, context.origin) ?? context.postLink;
    const title = videoData.title || captionText(node) || context.t('feeds.video');
    return (
      <LinkOut
        href={href}
        label={context.t('feeds.watch', { title })}
        image={imageOf(videoData.thumbnail, context)}
        alt={title}
      />
    );
  },
  AUDIO: (node, context) => {
    const { audioData } = node;
    const href = absoluteUrl(audioData.audio.src.url, context.origin) ?? context.postLink;
    const title = audioData.name || context.t('feeds.audio');
    return (
      <LinkOut
        href={href}
        label={context.t('feeds.listen', { title })}
        image={imageOf(audioData.coverImage, context)}
        alt={title}
      />
    );
  },
  FILE: (node, context) => {
    const { fileData } = node;
    const href = absoluteUrl(fileData.src.url, context.origin) ?? context.postLink;
    return <LinkOut href={href} label={fileData.name || context.t('feeds.file')} />;
  },
};

const INTERACTIVE_BLOCKS: RendererMap = {
  EMBED: (node, context) => {
    const { oembed, src } = node.embedData;
    const href =
      absoluteUrl(src ?? oembed.url ?? oembed.videoUrl, context.origin) ?? context.postLink;
    const thumbnail = oembed.thumbnailUrl
      ? imageOf(
          {
            src: { url: oembed.thumbnailUrl },
            width: Number(oembed.thumbnailWidth) || undefined,
            height: Number(oembed.thumbnailHeight) || undefined,
          },
          context,
        )
      : null;
    const label = oembed.title || oembed.providerName || href;
    return <LinkOut href={href} label={label} image={thumbnail} alt={label} />;
  },
  LINK_PREVIEW: (node, context) => {
    const { linkPreviewData } = node;
    const href = linkHref(linkPreviewData.link, context) ?? context.postLink;
    return (
      <blockquote>
        <p>
          <a href={href}>{linkPreviewData.title || href}</a>
        </p>
        {linkPreviewData.description ? <p>{linkPreviewData.description}</p> : null}
      </blockquote>
    );
  },
  MAP: (node, context) => {
    const { mapSettings } = node.mapData;
    const place = mapSettings.locationName || mapSettings.address || context.t('feeds.map');
    const href =
      mapSettings.lat !== undefined && mapSettings.lng !== undefined
        ? `https://www.openstreetmap.org/?mlat=${mapSettings.lat}&mlon=${mapSettings.lng}`
        : context.postLink;
    return <LinkOut href={href} label={context.t('feeds.mapOf', { place })} />;
  },
  POLL: (node, context) => {
    const { poll } = node.pollData;
    return (
      <>
        <p>
          <a href={context.postLink}>
            {context.t('feeds.poll', { title: poll.title || context.t('feeds.pollUntitled') })}
          </a>
        </p>
        <ul>
          {poll.options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static markup, never reconciled
            <li key={index}>{option.title ?? ''}</li>
          ))}
        </ul>
      </>
    );
  },
  APP_EMBED: (node, context) => {
    const { appEmbedData } = node;
    const href = absoluteUrl(appEmbedData.url, context.origin) ?? context.postLink;
    const label = appEmbedData.name || href;
    return (
      <LinkOut href={href} label={label} image={imageOf(appEmbedData.image, context)} alt={label} />
    );
  },
  BUTTON: (node, context) => {
    const { buttonData } = node;
    const href = linkHref(buttonData.link, context) ?? context.postLink;
    return <LinkOut href={href} label={buttonData.text || href} />;
  },
  // Raw HTML never reaches a feed: it could hold anything. The reader is sent to the post.
  HTML: (_node, context) => (
    <LinkOut href={context.postLink} label={context.t('feeds.seeOnPost')} />
  ),
};

/** The document as feed-safe HTML. */
export function renderFeedHtml(document: RichDocument, context: FeedHtmlContext): string {
  return renderToStaticMarkup(
    document.nodes.map((node, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: static markup, never reconciled
      <FeedNode key={index} node={node} context={context} />
    )),
  );
}
