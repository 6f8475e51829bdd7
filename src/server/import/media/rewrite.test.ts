import { describe, expect, it } from 'vitest';
import type { RichDocument } from '../../../rich-content/document';
import { parseDocument } from '../../../rich-content/model/parse';
import { rewriteImages, type StoredImage } from './rewrite';

const STORED: StoredImage = {
  id: '0b7e3f52-6c1d-4a4e-9d8e-1f2a3b4c5d6e',
  url: '/media/0b7e3f52-6c1d-4a4e-9d8e-1f2a3b4c5d6e/original.webp',
  width: 1200,
  height: 800,
};

function documentOf(nodes: unknown[]): RichDocument {
  const parsed = parseDocument({ nodes, metadata: { version: 1 } });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return parsed.document;
}

const image = (id: string, url: string) => ({
  type: 'IMAGE',
  id,
  nodes: [],
  imageData: { image: { src: { url }, width: 10, height: 10 }, altText: 'alt' },
});

describe('rewriteImages', () => {
  it('points IMAGE nodes (also nested) and gallery items at the stored media, as an upload', () => {
    const document = documentOf([
      image('a', 'https://old.example/x.jpg'),
      image('b', 'https://old.example/gone.jpg'),
      {
        type: 'LAYOUT',
        id: 'l',
        nodes: [{ type: 'LAYOUT_CELL', id: 'c', nodes: [image('n', 'https://old.example/x.jpg')] }],
      },
      {
        type: 'GALLERY',
        id: 'g',
        nodes: [],
        galleryData: {
          items: [
            { image: { media: { src: { url: 'https://old.example/x.jpg' } } }, altText: 'one' },
            { image: { media: { src: { url: 'https://old.example/gone.jpg' } } } },
          ],
        },
      },
    ]);
    const before = JSON.stringify(document);
    const result = rewriteImages(document, new Map([['https://old.example/x.jpg', STORED]]));
    const media = { src: { id: STORED.id, url: STORED.url }, width: 1200, height: 800 };
    expect(result.nodes[0]).toMatchObject({ imageData: { image: media, altText: 'alt' } });
    expect(result.nodes[1]).toBe(document.nodes[1]);
    expect(result.nodes[2]).toMatchObject({
      nodes: [{ nodes: [{ imageData: { image: media } }] }],
    });
    expect(result.nodes[3]).toMatchObject({
      galleryData: {
        items: [
          { image: { media }, altText: 'one' },
          { image: { media: { src: { url: 'https://old.example/gone.jpg' } } } },
        ],
      },
    });
    expect(parseDocument(result).ok).toBe(true);
    // The given document is untouched.
    expect(JSON.stringify(document)).toBe(before);
  });

  it('answers the same document when nothing was stored', () => {
    const document = documentOf([image('a', 'https://old.example/x.jpg')]);
    expect(rewriteImages(document, new Map())).toBe(document);
    expect(rewriteImages(document, new Map([['https://other/y.jpg', STORED]]))).toBe(document);
  });
});
