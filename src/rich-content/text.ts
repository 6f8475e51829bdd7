/**
 * Text derived from a rich-content document when a post is saved: plain text for search, the
 * excerpt, the reading time, hashtags and the first media for the cover choice (SPEC §4, §5).
 * Each node's text form and whether it holds only text come from the node registry
 * (`nodes/registry.ts`).
 */
import { timeToReadMinutes } from '../domain/dates';
import { extractHashtags } from '../domain/hashtags';
import type { Media, RichDocument, RichNode } from './document';
import { definitionOf } from './nodes/registry';

/** Every node of a document in document order (depth first), iteratively. */
export function* walkNodes(nodes: readonly RichNode[]): Generator<RichNode> {
  const stack: RichNode[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    const inner: readonly RichNode[] = node.nodes;
    for (let i = inner.length - 1; i >= 0; i--) stack.push(inner[i]!);
  }
}

/** Whether a document holds a code block anywhere (the server's highlighter loads only for those). */
export function hasCodeBlock(doc: RichDocument): boolean {
  for (const node of walkNodes(doc.nodes)) if (node.type === 'CODE_BLOCK') return true;
  return false;
}

/** A node's plain text with its children's, each in the form its registry entry gives. */
function collectText(node: RichNode, out: string[]): void {
  const text = definitionOf(node.type).text;
  if (text.own) out.push(text.own(node));
  for (const child of node.nodes as readonly RichNode[]) collectText(child, out);
  const after = text.after?.(node);
  if (after) out.push(after);
}

/**
 * The document's text, one line per text block, for search, excerpts and reading time. Text in
 * lists, tables, collapsible lists, layouts and captions counts.
 */
export function plainText(doc: RichDocument): string {
  const out: string[] = [];
  for (const node of doc.nodes) collectText(node, out);
  return out
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** SPEC §9: excerpts are taken from the first 700 characters. */
export const EXCERPT_SOURCE_CHARS = 700;

/** A short excerpt cut at a word boundary, with an ellipsis when text was dropped. */
export function excerptOf(text: string, maxChars = 160): string {
  const flat = text.slice(0, EXCERPT_SOURCE_CHARS).replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[.,;:!?-]+$/, '')}…`;
}

/** Number of words, counting runs of letters or digits. */
export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)?.length ?? 0;
}

/** A picture found in a document, for the cover choice. */
export interface ContentImage {
  /** Stored media id, when the picture is one of ours. */
  id?: string;
  url?: string;
  width?: number;
  height?: number;
  alt?: string;
}

/** A video's still picture found in a document, for the cover choice. */
export interface ContentVideo extends ContentImage {
  /** The video itself, when known. */
  videoUrl?: string;
}

const size = (value: number | string | undefined): number | undefined => {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  return n !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** Drops undefined fields so results compare and serialise cleanly. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function mediaImage(media: Media, alt: string | undefined): ContentImage {
  return defined({
    id: media.src.id,
    url: media.src.url,
    width: media.width,
    height: media.height,
    alt,
  });
}

/**
 * SPEC §4 cover choice, "first image or gallery image": the first IMAGE node, or the first image
 * item of a GALLERY, whichever comes first in the document (nested blocks included).
 */
export function firstImage(doc: RichDocument): ContentImage | null {
  for (const node of walkNodes(doc.nodes)) {
    if (node.type === 'IMAGE') {
      return mediaImage(node.imageData.image, node.imageData.altText);
    }
    if (node.type === 'GALLERY') {
      for (const item of node.galleryData.items) {
        if (item.image) return mediaImage(item.image.media, item.altText);
      }
    }
  }
  return null;
}

/**
 * Every picture of a document in document order: IMAGE nodes and the image items of galleries
 * (the pictures a search engine's image sitemap lists, issue 19).
 */
export function contentImages(doc: RichDocument): ContentImage[] {
  const images: ContentImage[] = [];
  for (const node of walkNodes(doc.nodes)) {
    if (node.type === 'IMAGE')
      images.push(mediaImage(node.imageData.image, node.imageData.altText));
    if (node.type === 'GALLERY') {
      for (const item of node.galleryData.items) {
        if (item.image) images.push(mediaImage(item.image.media, item.altText));
      }
    }
  }
  return images;
}

/**
 * SPEC §4 cover choice, "first video thumbnail": the thumbnail of the first VIDEO that has one,
 * or of the first EMBED of a video (oEmbed type `video` or a video URL), in document order.
 */
export function firstVideo(doc: RichDocument): ContentVideo | null {
  for (const node of walkNodes(doc.nodes)) {
    if (node.type === 'VIDEO' && node.videoData.thumbnail) {
      const thumb = node.videoData.thumbnail;
      return defined({
        ...mediaImage(thumb, node.videoData.title),
        videoUrl: node.videoData.video.src.url,
      });
    }
    if (node.type === 'EMBED') {
      const o = node.embedData.oembed;
      const isVideo = o.type === 'video' || o.videoUrl !== undefined;
      if (isVideo && o.thumbnailUrl) {
        return defined({
          url: o.thumbnailUrl,
          width: size(o.thumbnailWidth),
          height: size(o.thumbnailHeight),
          alt: o.title,
          videoUrl: o.videoUrl ?? o.url ?? node.embedData.src,
        });
      }
    }
  }
  return null;
}

/** The skeleton's name for {@link firstVideo}. */
export const firstVideoThumbnail = firstVideo;

/** Everything a save derives from the content, computed in one pass over its text. */
export function deriveFromContent(doc: RichDocument) {
  const text = plainText(doc);
  return {
    text,
    excerpt: excerptOf(text),
    timeToRead: timeToReadMinutes(wordCount(text)),
    hashtags: extractHashtags(text),
  };
}

/**
 * Whether a document shows nothing: no media or other non-text node, and only whitespace as
 * text (an editor's empty document is one empty paragraph). SPEC §5: a post needs content.
 */
export function isEmptyDocument(doc: RichDocument): boolean {
  for (const node of walkNodes(doc.nodes)) {
    if (!definitionOf(node.type).isTextOnly) return false;
    if (node.type === 'TEXT' && node.textData.text.trim() !== '') return false;
  }
  return true;
}
