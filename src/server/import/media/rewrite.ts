/**
 * Points an imported post's images at the media they were stored as (decision 057 "Media"): an
 * IMAGE node's `image` and a GALLERY item's `media` become what the editor stores for an
 * uploaded image (`src: { id, url }` with the stored size; the renderers build the srcset from
 * the id). An image whose URL was not stored keeps its original address. Pure: a new document,
 * the given one untouched; nodes without a stored image are shared, not copied.
 */
import type { RichDocument, RichNode } from '../../../rich-content/document';
import type { Media } from '../../../rich-content/model/shared';

/** An image stored in the site's media library. */
export interface StoredImage {
  id: string;
  /** The stored original's address, as an upload answers it (`/media/<id>/original.webp`). */
  url: string;
  width: number;
  height: number;
}

/** The media block of a stored image, as `imageDataOf` builds it for an upload. */
export function storedMedia(image: StoredImage): Media {
  return { src: { id: image.id, url: image.url }, width: image.width, height: image.height };
}

/** The stored image for an external media block, or null (already ours, or not stored). */
function replacementOf(media: Media, stored: ReadonlyMap<string, StoredImage>): Media | null {
  if (media.src.id || !media.src.url) return null;
  const image = stored.get(media.src.url);
  return image ? storedMedia(image) : null;
}

function rewriteNode(node: RichNode, stored: ReadonlyMap<string, StoredImage>): RichNode {
  let result = node;
  if (node.type === 'IMAGE') {
    const media = replacementOf(node.imageData.image, stored);
    if (media) result = { ...node, imageData: { ...node.imageData, image: media } };
  } else if (node.type === 'GALLERY') {
    let changed = false;
    const items = node.galleryData.items.map((item) => {
      if (!item.image) return item;
      const media = replacementOf(item.image.media, stored);
      if (!media) return item;
      changed = true;
      return { ...item, image: { ...item.image, media } };
    });
    if (changed) result = { ...node, galleryData: { ...node.galleryData, items } };
  }
  const children = (result as { nodes?: RichNode[] }).nodes;
  if (!children || children.length === 0) return result;
  const rewritten = rewriteNodes(children, stored);
  return rewritten === children ? result : ({ ...result, nodes: rewritten } as RichNode);
}

function rewriteNodes(nodes: RichNode[], stored: ReadonlyMap<string, StoredImage>): RichNode[] {
  let changed = false;
  const result = nodes.map((node) => {
    const next = rewriteNode(node, stored);
    if (next !== node) changed = true;
    return next;
  });
  return changed ? result : nodes;
}

/** `document` with every IMAGE and GALLERY item whose URL is in `stored` pointed at it. */
export function rewriteImages(
  document: RichDocument,
  stored: ReadonlyMap<string, StoredImage>,
): RichDocument {
  if (stored.size === 0) return document;
  const nodes = rewriteNodes(document.nodes as RichNode[], stored);
  return nodes === document.nodes
    ? document
    : { ...document, nodes: nodes as RichDocument['nodes'] };
}
