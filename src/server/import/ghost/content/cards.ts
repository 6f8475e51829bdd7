/**
 * Ghost's cards as Inkwell blocks (issue 21). Lexical and mobiledoc carry the same cards with the
 * same payload fields (Ghost's editor renders both through `@tryghost/kg-default-nodes`), so one
 * converter serves both; mobiledoc's older names are mapped first ({@link MOBILEDOC_CARD_NAMES}).
 *
 * A card with no Inkwell equivalent is cut out of the post's rendered `html` and kept as an HTML
 * node, with an `unknown-card:<type>` problem; when the html has no trace of it, the problem says
 * it was not carried over. Nothing is dropped silently.
 */
import { marked } from 'marked';
import { parseVideoSource } from '../../../../domain/video';
import type {
  BlockNode,
  CaptionNode,
  GalleryNode,
  HtmlNode,
  ParagraphNode,
  TextNode,
} from '../../../../rich-content/model/nodes';
import { GALLERY_ITEMS_MAX } from '../../../../rich-content/nodes/gallery/limits';
import type { GhostContentContext } from './context';
import { htmlToBlocks, htmlToRuns } from './html-text';
import { linkOf, plainText, textRun } from './runs';

/** A card's payload as Ghost stored it. */
export type CardPayload = Record<string, unknown>;

/** Mobiledoc's card names that differ from Lexical's node types. */
export const MOBILEDOC_CARD_NAMES: Readonly<Record<string, string>> = {
  code: 'codeblock',
  hr: 'horizontalrule',
  'card-markdown': 'markdown',
};

/** Ghost's callout colours (kg-callout-card-<colour>) as the background they render with. */
const CALLOUT_BACKGROUNDS: Readonly<Record<string, string>> = {
  grey: '#f1f3f4',
  white: '#ffffff',
  blue: '#e7f1fb',
  green: '#e7f6ec',
  yellow: '#fcf4e3',
  red: '#fbe7e7',
  pink: '#fce8f3',
  purple: '#f1e9fb',
};

/** Ghost's card class names where they are not `kg-<type>-card`. */
const CARD_CLASS_NAMES: Readonly<Record<string, string[]>> = {
  'call-to-action': ['kg-cta-card'],
  header: ['kg-header-card', 'kg-header-card-v2'],
};

function str(payload: CardPayload, key: string): string {
  const value = payload[key];
  return typeof value === 'string' ? value : '';
}

function num(payload: CardPayload, key: string): number | undefined {
  const value = payload[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function record(payload: CardPayload, key: string): CardPayload {
  const value = payload[key];
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as CardPayload)
    : {};
}

function paragraphOf(runs: TextNode[], context: GhostContentContext): ParagraphNode {
  return { type: 'PARAGRAPH', id: context.nextId(), nodes: runs, paragraphData: {} };
}

/** A caption child for media nodes; none when the caption is empty. */
function captionNodes(runs: TextNode[], context: GhostContentContext): CaptionNode[] {
  return runs.length > 0 ? [{ type: 'CAPTION', id: context.nextId(), nodes: runs }] : [];
}

/** A caption for a node that cannot hold one: a paragraph after it. */
function captionParagraph(html: string, context: GhostContentContext): ParagraphNode[] {
  const runs = htmlToRuns(html, context);
  return runs.length > 0 ? [paragraphOf(runs, context)] : [];
}

/** A media card with no file: nothing to show, so a problem and no node. */
function withoutSource(type: string, context: GhostContentContext): BlockNode[] {
  context.problem(`${type}-without-src`, `A ${type} card had no file and was left out.`);
  return [];
}

function htmlNode(html: string, context: GhostContentContext): HtmlNode {
  return { type: 'HTML', id: context.nextId(), nodes: [], htmlData: { html, source: 'HTML' } };
}

function imageCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const src = context.url(str(payload, 'src'));
  if (src === '') return withoutSource('image', context);
  const caption = htmlToRuns(str(payload, 'caption'), context);
  const alt = str(payload, 'alt');
  const href = str(payload, 'href');
  context.image({ url: src, alt, caption: plainText(caption) });
  return [
    {
      type: 'IMAGE',
      id: context.nextId(),
      nodes: captionNodes(caption, context),
      imageData: {
        image: { src: { url: src }, width: num(payload, 'width'), height: num(payload, 'height') },
        ...(alt !== '' && { altText: alt }),
        ...(href !== '' && { link: linkOf(context.url(href)) }),
        ...(str(payload, 'cardWidth') === 'full' && {
          containerData: { width: { size: 'FULL_WIDTH' } },
        }),
      },
    },
  ];
}

function galleryCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const images = Array.isArray(payload.images) ? (payload.images as CardPayload[]) : [];
  const items: GalleryNode['galleryData']['items'] = [];
  for (const image of images) {
    const src = context.url(str(image, 'src'));
    if (src === '') continue;
    const alt = str(image, 'alt');
    const caption = plainText(htmlToRuns(str(image, 'caption'), context));
    context.image({ url: src, alt, caption });
    items.push({
      image: {
        media: { src: { url: src }, width: num(image, 'width'), height: num(image, 'height') },
      },
      ...(alt !== '' && { altText: alt }),
      ...(caption !== '' && { title: caption }),
    });
  }
  if (items.length > GALLERY_ITEMS_MAX) {
    context.problem(
      'gallery-too-large',
      `A gallery had ${items.length} images; Inkwell keeps the first ${GALLERY_ITEMS_MAX}.`,
    );
    items.length = GALLERY_ITEMS_MAX;
  }
  const gallery: GalleryNode = {
    type: 'GALLERY',
    id: context.nextId(),
    nodes: [],
    galleryData: { items, options: { layout: { type: 'COLLAGE', orientation: 'ROWS' } } },
  };
  return [gallery, ...captionParagraph(str(payload, 'caption'), context)];
}

function codeCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const code = str(payload, 'code');
  return [
    {
      type: 'CODE_BLOCK',
      id: context.nextId(),
      nodes: code === '' ? [] : [textRun(code)],
      codeBlockData: {},
    },
    ...captionParagraph(str(payload, 'caption'), context),
  ];
}

/** The `src` of the first iframe in embed markup. */
function iframeSrc(html: string): string {
  return /<iframe[^>]*\ssrc="([^"]+)"/i.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
}

function embedCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const url = str(payload, 'url');
  const html = str(payload, 'html');
  const metadata = record(payload, 'metadata');
  const title = str(metadata, 'title');
  const playable = [url, iframeSrc(html)].find((candidate) => {
    const source = parseVideoSource(candidate);
    return source !== null && source.host !== 'file';
  });
  if (playable !== undefined) {
    const caption = htmlToRuns(str(payload, 'caption'), context);
    return [
      {
        type: 'VIDEO',
        id: context.nextId(),
        nodes: captionNodes(caption, context),
        videoData: { video: { src: { url: playable } }, ...(title !== '' && { title }) },
      },
    ];
  }
  if (url === '' && html === '') {
    context.problem('embed-empty', 'An embed card had neither a URL nor markup.');
    return [];
  }
  const type = str(payload, 'embedType') || str(metadata, 'type');
  return [
    {
      type: 'EMBED',
      id: context.nextId(),
      nodes: [],
      embedData: {
        oembed: {
          ...(type !== '' && { type }),
          ...(html !== '' && { html }),
          ...(url !== '' && { url }),
          ...(title !== '' && { title }),
          ...(str(metadata, 'provider_name') !== '' && {
            providerName: str(metadata, 'provider_name'),
          }),
          ...(str(metadata, 'thumbnail_url') !== '' && {
            thumbnailUrl: str(metadata, 'thumbnail_url'),
          }),
        },
        ...(url !== '' && { src: url }),
      },
    },
    ...captionParagraph(str(payload, 'caption'), context),
  ];
}

function bookmarkCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const url = context.url(str(payload, 'url'));
  if (url === '') {
    context.problem('bookmark-without-url', 'A bookmark card had no URL and was left out.');
    return [];
  }
  const metadata = record(payload, 'metadata');
  const thumbnail = context.url(str(metadata, 'thumbnail'));
  return [
    {
      type: 'LINK_PREVIEW',
      id: context.nextId(),
      nodes: [],
      linkPreviewData: {
        link: linkOf(url),
        ...(str(metadata, 'title') !== '' && { title: str(metadata, 'title') }),
        ...(str(metadata, 'description') !== '' && { description: str(metadata, 'description') }),
        ...(thumbnail !== '' && { thumbnailUrl: thumbnail }),
      },
    },
    ...captionParagraph(str(payload, 'caption'), context),
  ];
}

function markdownCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const markdown = str(payload, 'markdown');
  if (markdown.trim() === '') return [];
  context.problem(
    'markdown-as-html',
    'A Markdown card was turned into HTML and kept as an HTML block.',
    markdown,
  );
  return [htmlNode(marked.parse(markdown, { async: false }), context)];
}

function buttonCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const url = context.url(str(payload, 'buttonUrl'));
  return [
    {
      type: 'BUTTON',
      id: context.nextId(),
      nodes: [],
      buttonData: {
        type: 'LINK',
        text: str(payload, 'buttonText'),
        ...(url !== '' && { link: linkOf(url) }),
        ...(str(payload, 'alignment') === 'center' && { containerData: { alignment: 'CENTER' } }),
      },
    },
  ];
}

function toggleCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const title = htmlToRuns(str(payload, 'heading'), context);
  const body = htmlToBlocks(str(payload, 'content'), context);
  return [
    {
      type: 'COLLAPSIBLE_LIST',
      id: context.nextId(),
      nodes: [
        {
          type: 'COLLAPSIBLE_ITEM',
          id: context.nextId(),
          nodes: [
            {
              type: 'COLLAPSIBLE_ITEM_TITLE',
              id: context.nextId(),
              nodes: [paragraphOf(title, context)],
            },
            { type: 'COLLAPSIBLE_ITEM_BODY', id: context.nextId(), nodes: body },
          ],
        },
      ],
      // Ghost's toggles start closed.
      collapsibleListData: { expandOnlyOne: false, initialExpandedItems: 'NONE' },
    },
  ];
}

/** A callout has no Inkwell node: a quote on the callout's background, its emoji first. */
function calloutCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const emoji = str(payload, 'calloutEmoji');
  const runs = htmlToRuns(str(payload, 'calloutText'), context);
  const background = CALLOUT_BACKGROUNDS[str(payload, 'backgroundColor')];
  return [
    {
      type: 'BLOCKQUOTE',
      id: context.nextId(),
      nodes: [paragraphOf(emoji === '' ? runs : [textRun(`${emoji} `), ...runs], context)],
      ...(background !== undefined && { style: { backgroundColor: background } }),
    },
  ];
}

function videoCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const src = context.url(str(payload, 'src'));
  if (src === '') return withoutSource('video', context);
  const thumbnail = context.url(str(payload, 'customThumbnailSrc') || str(payload, 'thumbnailSrc'));
  const caption = htmlToRuns(str(payload, 'caption'), context);
  const width = num(payload, 'width');
  const height = num(payload, 'height');
  return [
    {
      type: 'VIDEO',
      id: context.nextId(),
      nodes: captionNodes(caption, context),
      videoData: {
        video: { src: { url: src }, width, height, duration: num(payload, 'duration') },
        ...(thumbnail !== '' && { thumbnail: { src: { url: thumbnail }, width, height } }),
        ...(payload.loop === true && { options: { playInLoop: true } }),
      },
    },
  ];
}

function audioCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const src = context.url(str(payload, 'src'));
  if (src === '') return withoutSource('audio', context);
  const cover = context.url(str(payload, 'thumbnailSrc'));
  return [
    {
      type: 'AUDIO',
      id: context.nextId(),
      nodes: [],
      audioData: {
        audio: { src: { url: src }, duration: num(payload, 'duration') },
        ...(str(payload, 'title') !== '' && { name: str(payload, 'title') }),
        ...(cover !== '' && { coverImage: { src: { url: cover } } }),
      },
    },
  ];
}

function fileCard(payload: CardPayload, context: GhostContentContext): BlockNode[] {
  const src = context.url(str(payload, 'src'));
  if (src === '') return withoutSource('file', context);
  const fileName = str(payload, 'fileName');
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase();
  const size = num(payload, 'fileSize');
  const description = [str(payload, 'fileTitle'), str(payload, 'fileCaption')]
    .filter((part) => part !== '')
    .join(' — ');
  return [
    {
      type: 'FILE',
      id: context.nextId(),
      nodes: [],
      fileData: {
        src: { url: src },
        ...(fileName !== '' && { name: fileName }),
        ...(extension !== undefined && { type: extension }),
        ...(size !== undefined && { size: Math.round(size) }),
      },
    },
    ...(description === '' ? [] : [paragraphOf([textRun(description)], context)]),
  ];
}

/** A card Inkwell has no node for: its rendered markup as an HTML node, or a problem. */
function unknownCard(type: string, context: GhostContentContext): BlockNode[] {
  const html = context.takeCardHtml(type, CARD_CLASS_NAMES[type]);
  if (html !== null) {
    context.problem(
      `unknown-card:${type}`,
      `Ghost's ${type} card has no Inkwell equivalent; its HTML was kept.`,
      html,
    );
    return [htmlNode(html, context)];
  }
  context.problem(
    `unknown-card:${type}`,
    `Ghost's ${type} card has no Inkwell equivalent and was not carried over.`,
  );
  return [];
}

/** One card (by its Lexical type or mobiledoc name) as zero or more blocks. */
export function cardToBlocks(
  type: string,
  payload: CardPayload,
  context: GhostContentContext,
): BlockNode[] {
  switch (MOBILEDOC_CARD_NAMES[type] ?? type) {
    case 'image':
      return imageCard(payload, context);
    case 'gallery':
      return galleryCard(payload, context);
    case 'codeblock':
      return codeCard(payload, context);
    case 'horizontalrule':
      return [
        {
          type: 'DIVIDER',
          id: context.nextId(),
          nodes: [],
          dividerData: { lineStyle: 'SINGLE', width: 'LARGE', alignment: 'CENTER' },
        },
      ];
    case 'embed':
      return embedCard(payload, context);
    case 'bookmark':
      return bookmarkCard(payload, context);
    case 'html':
      return str(payload, 'html').trim() === '' ? [] : [htmlNode(str(payload, 'html'), context)];
    case 'markdown':
      return markdownCard(payload, context);
    case 'button':
      return buttonCard(payload, context);
    case 'toggle':
      return toggleCard(payload, context);
    case 'callout':
      return calloutCard(payload, context);
    case 'video':
      return videoCard(payload, context);
    case 'audio':
      return audioCard(payload, context);
    case 'file':
      return fileCard(payload, context);
    case 'paywall':
      context.problem(
        'paywall',
        "Ghost's members-only divider was removed: what followed it is now public.",
      );
      return [];
    default:
      return unknownCard(type, context);
  }
}
