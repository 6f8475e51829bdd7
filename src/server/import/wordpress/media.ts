/**
 * Images and videos found in WordPress HTML: `<img>` (with the `<a>` around it and the figure's
 * `<figcaption>`), galleries, and links to video hosts. Every image is also listed in the
 * context's `images`, so the import job can fetch the file and point the node at it.
 */

import { type ChildNode, type Element, isTag } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { parseVideoSource } from '../../../domain/video';
import type {
  BlockNode,
  CaptionNode,
  GalleryNode,
  ImageNode,
  VideoNode,
} from '../../../rich-content/model/nodes';
import type { Link } from '../../../rich-content/model/shared';
import { isSafeUrl } from '../../../rich-content/safe-url';
import { type ConvertContext, reportProblem } from './convert-context';
import { inlineRuns, inlineText, linkOf } from './inline';

/** A positive pixel size from an attribute, or undefined. */
function pixels(value: string | undefined): number | undefined {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** The first `<img>` at or under the given nodes. */
export function findImage(nodes: readonly ChildNode[]): Element | null {
  return DomUtils.findOne((element) => element.name === 'img', nodes as ChildNode[], true);
}

/** The `<figcaption>` directly under a figure, if any. */
export function findFigcaption(nodes: readonly ChildNode[]): Element | null {
  return (nodes.find((node) => isTag(node) && node.name === 'figcaption') as Element) ?? null;
}

/** The link an image is wrapped in (`<a href><img></a>`), if any. */
function wrappingLink(img: Element): Link | undefined {
  const parent = img.parent;
  return parent && isTag(parent) && parent.name === 'a' ? linkOf(parent) : undefined;
}

function captionNode(ctx: ConvertContext, figcaption: Element | null): CaptionNode | null {
  if (!figcaption) return null;
  const runs = inlineRuns(figcaption.children, ctx).paragraphs.flat();
  return runs.length > 0 ? { type: 'CAPTION', id: ctx.nextId(), nodes: runs } : null;
}

/**
 * An IMAGE node for an `<img>`, its caption (a CAPTION child) and link; null (with a problem)
 * when the image has no usable address.
 */
export function imageNode(
  ctx: ConvertContext,
  img: Element,
  figcaption: Element | null = null,
): ImageNode | null {
  const url = img.attribs.src?.trim() ?? '';
  if (!url || !isSafeUrl(url)) {
    reportProblem(ctx, 'image-without-source', 'An image without a usable address was left out.');
    return null;
  }
  const altText = img.attribs.alt ?? '';
  const caption = captionNode(ctx, figcaption);
  const link = wrappingLink(img);
  const width = pixels(img.attribs.width);
  const height = pixels(img.attribs.height);
  ctx.images.push({
    url,
    alt: altText,
    caption: figcaption ? inlineText(figcaption.children, ctx) : '',
  });
  return {
    type: 'IMAGE',
    id: ctx.nextId(),
    nodes: caption ? [caption] : [],
    imageData: {
      image: {
        src: { url },
        ...(width !== undefined && { width }),
        ...(height !== undefined && { height }),
      },
      altText,
      ...(link && { link }),
    },
  };
}

/** A GALLERY of every image under the nodes (each `<figure>` gives one item with its caption). */
export function galleryNode(ctx: ConvertContext, nodes: readonly ChildNode[]): GalleryNode | null {
  const images = DomUtils.findAll((element) => element.name === 'img', nodes as ChildNode[]);
  const items: GalleryNode['galleryData']['items'] = [];
  for (const img of images) {
    const url = img.attribs.src?.trim() ?? '';
    if (!url || !isSafeUrl(url)) continue;
    const figure = DomUtils.getParent(img);
    const figcaption =
      figure && isTag(figure) && figure.name === 'figure' ? findFigcaption(figure.children) : null;
    const title = figcaption ? inlineText(figcaption.children, ctx) : '';
    const altText = img.attribs.alt ?? '';
    const link = wrappingLink(img);
    const width = pixels(img.attribs.width);
    const height = pixels(img.attribs.height);
    ctx.images.push({ url, alt: altText, caption: title });
    items.push({
      image: {
        media: {
          src: { url },
          ...(width !== undefined && { width }),
          ...(height !== undefined && { height }),
        },
        ...(link && { link }),
      },
      altText,
      ...(title !== '' && { title }),
    });
  }
  if (items.length === 0) {
    reportProblem(ctx, 'empty-gallery', 'A gallery without images was left out.');
    return null;
  }
  return {
    type: 'GALLERY',
    id: ctx.nextId(),
    nodes: [],
    galleryData: { items, options: { layout: { type: 'COLLAGE', orientation: 'ROWS' } } },
  };
}

/** A VIDEO node for a YouTube or Vimeo page (or an own mp4), or null for any other address. */
export function videoNode(
  ctx: ConvertContext,
  url: string,
  figcaption: Element | null = null,
): VideoNode | null {
  if (parseVideoSource(url) === null) return null;
  const caption = captionNode(ctx, figcaption);
  return {
    type: 'VIDEO',
    id: ctx.nextId(),
    nodes: caption ? [caption] : [],
    videoData: { video: { src: { url } } },
  };
}

/**
 * What an embed of `url` becomes: a VIDEO for a video host; otherwise a LINK_PREVIEW of the page
 * (the import cannot run the provider's script), reported as `embed-as-link:<provider>`.
 */
export function embedNodes(
  ctx: ConvertContext,
  url: string,
  provider: string,
  figcaption: Element | null,
): BlockNode[] {
  const video = videoNode(ctx, url, figcaption);
  if (video) return [video];
  if (!isSafeUrl(url)) {
    reportProblem(ctx, 'embed-without-source', 'An embed without a usable address was left out.');
    return [];
  }
  reportProblem(
    ctx,
    `embed-as-link:${provider || 'unknown'}`,
    'An embed from a site Inkwell cannot play was kept as a link preview.',
    url,
  );
  return [
    {
      type: 'LINK_PREVIEW',
      id: ctx.nextId(),
      nodes: [],
      linkPreviewData: { link: { url, target: 'BLANK' } },
    },
  ];
}
