import { describe, expect, it } from 'vitest';
import { findingKey, prepublishFindings } from './prepublish-checks';

// Stored documents as JSON (SPEC §3), the shape the checks read; domain/ knows no builders.
const text = (value: string, link?: { url?: string; anchor?: string }) => ({
  type: 'TEXT',
  id: '',
  nodes: [],
  textData: {
    text: value,
    decorations: link ? [{ type: 'LINK', linkData: { link: { target: 'SELF', ...link } } }] : [],
  },
});
const paragraph = (...runs: unknown[]) => ({
  type: 'PARAGRAPH',
  id: 'p',
  nodes: runs,
  paragraphData: {},
});
const heading = (level: number, words = `Level ${level}`) => ({
  type: 'HEADING',
  id: `h${level}`,
  nodes: [text(words)],
  headingData: { level },
});
const image = (data: Record<string, unknown> = {}) => ({
  type: 'IMAGE',
  id: 'i',
  nodes: [{ type: 'CAPTION', id: '', nodes: [] }],
  imageData: { image: { src: { id: 'm1' }, width: 10, height: 10 }, ...data },
});
const picture = (data: Record<string, unknown> = {}) => ({
  image: { media: { src: { id: 'm2' } } },
  ...data,
});
const gallery = (...items: unknown[]) => ({
  type: 'GALLERY',
  id: 'g',
  nodes: [],
  galleryData: { items, options: { layout: { type: 'GRID', orientation: 'ROWS' } } },
});
const doc = (...nodes: unknown[]) => ({ nodes, metadata: { version: 1 } });

describe('prepublishFindings: images', () => {
  it('lists an image with no alternative text, or only spaces', () => {
    expect(prepublishFindings(doc(image(), image({ altText: '  ' })))).toEqual([
      { kind: 'image-alt', path: [0], number: 1 },
      { kind: 'image-alt', path: [1], number: 2 },
    ]);
  });

  it('passes an image described or marked decorative', () => {
    expect(prepublishFindings(doc(image({ altText: 'A red kite' })))).toEqual([]);
    expect(prepublishFindings(doc(image({ altText: '', decorative: true })))).toEqual([]);
  });

  it('lists each gallery picture without a description, counting images in document order', () => {
    const video = { video: { media: { src: { url: 'https://youtu.be/x' } } } };
    const found = prepublishFindings(
      doc(
        image({ altText: 'first' }),
        gallery(picture({ altText: 'ok' }), picture(), video, picture({ decorative: true })),
        image(),
      ),
    );
    expect(found).toEqual([
      { kind: 'gallery-alt', path: [1], item: 1, number: 3 },
      { kind: 'image-alt', path: [2], number: 5 },
    ]);
  });

  it('does not take a gallery title (a caption) for a description', () => {
    expect(prepublishFindings(doc(gallery(picture({ title: 'audit-img1' }))))).toEqual([
      { kind: 'gallery-alt', path: [0], item: 0, number: 1 },
    ]);
  });

  it('finds images nested in containers, with their full path', () => {
    const layout = {
      type: 'LAYOUT',
      id: 'l',
      nodes: [{ type: 'LAYOUT_CELL', id: 'c', nodes: [paragraph(text('x')), image()] }],
    };
    expect(prepublishFindings(doc(paragraph(text('intro')), layout))).toEqual([
      { kind: 'image-alt', path: [1, 0, 1], number: 1 },
    ]);
  });
});

describe('prepublishFindings: the cover', () => {
  const cover = (patch: Record<string, unknown> = {}) => ({
    isEnabled: true,
    mediaId: 'c0ffee00-0000-4000-8000-000000000001',
    alt: '',
    isDecorative: false,
    ...patch,
  });

  it('lists a chosen cover with no description, or only spaces, before the document', () => {
    expect(prepublishFindings(doc(image()), cover())).toEqual([
      { kind: 'cover-alt', path: [] },
      { kind: 'image-alt', path: [0], number: 1 },
    ]);
    expect(prepublishFindings(doc(), cover({ alt: ' ' }))).toEqual([
      { kind: 'cover-alt', path: [] },
    ]);
    // A draft kept from before covers had a description has no `alt` at all.
    expect(prepublishFindings(doc(), { isEnabled: true, mediaId: 'm' })).toEqual([
      { kind: 'cover-alt', path: [] },
    ]);
  });

  it('passes a described or decorative cover, a hidden one, and none chosen', () => {
    expect(prepublishFindings(doc(), cover({ alt: 'Kites over the dunes' }))).toEqual([]);
    expect(prepublishFindings(doc(), cover({ isDecorative: true }))).toEqual([]);
    expect(prepublishFindings(doc(), cover({ isEnabled: false }))).toEqual([]);
    // No picture chosen: the cover is the content's first image, which has its own finding.
    expect(prepublishFindings(doc(image()), cover({ mediaId: null }))).toEqual([
      { kind: 'image-alt', path: [0], number: 1 },
    ]);
  });
});

describe('prepublishFindings: links', () => {
  it('lists a link without an address, with its words', () => {
    expect(prepublishFindings(doc(paragraph(text('see '), text('here', { url: '' }))))).toEqual([
      { kind: 'link-no-address', path: [0], text: 'here' },
    ]);
    expect(prepublishFindings(doc(paragraph(text('here', {}))))).toHaveLength(1);
  });

  it('lists a link whose words are only spaces', () => {
    expect(
      prepublishFindings(doc(paragraph(text('a'), text(' ', { url: 'https://x.test' })))),
    ).toEqual([{ kind: 'link-no-text', path: [0], url: 'https://x.test' }]);
  });

  it('reads neighbouring runs of one address as one link', () => {
    const link = { url: 'https://x.test' };
    expect(prepublishFindings(doc(paragraph(text(' ', link), text('bold', link))))).toEqual([]);
  });

  it('passes an in-page anchor link and ordinary links', () => {
    expect(
      prepublishFindings(
        doc(paragraph(text('top', { anchor: 'start' }), text(' and '), text('x', { url: '/a' }))),
      ),
    ).toEqual([]);
  });

  it('finds links in nested text blocks (a list item)', () => {
    const list = {
      type: 'BULLETED_LIST',
      id: 'b',
      nodes: [{ type: 'LIST_ITEM', id: 'li', nodes: [paragraph(text('gone', { url: ' ' }))] }],
    };
    expect(prepublishFindings(doc(list))).toEqual([
      { kind: 'link-no-address', path: [0, 0, 0], text: 'gone' },
    ]);
  });
});

describe('prepublishFindings: heading levels', () => {
  it('passes headings that go down one level at a time and back up any way', () => {
    expect(prepublishFindings(doc(heading(2), heading(3), heading(4), heading(2)))).toEqual([]);
  });

  it('lists a heading that skips a level (h2 then h4)', () => {
    expect(prepublishFindings(doc(heading(2), heading(4, 'Deep')))).toEqual([
      { kind: 'heading-skip', path: [1], text: 'Deep', from: 2, to: 4 },
    ]);
  });

  it('counts the title as h1: a first heading of level 3 skips h2', () => {
    expect(prepublishFindings(doc(paragraph(text('x')), heading(3, 'First')))).toEqual([
      { kind: 'heading-skip', path: [1], text: 'First', from: 1, to: 3 },
    ]);
  });

  it('compares levels as rendered: a level-1 heading is an h2', () => {
    expect(prepublishFindings(doc(heading(1), heading(3)))).toEqual([]);
    expect(prepublishFindings(doc(heading(1), heading(4)))).toEqual([
      { kind: 'heading-skip', path: [1], text: 'Level 4', from: 2, to: 4 },
    ]);
  });
});

describe('prepublishFindings: anything else', () => {
  it('has nothing to say of a clean document, an empty one or something that is not one', () => {
    expect(
      prepublishFindings(doc(heading(2), paragraph(text('x')), image({ altText: 'y' }))),
    ).toEqual([]);
    expect(prepublishFindings(doc())).toEqual([]);
    for (const value of [null, undefined, 'x', 3, [], { nodes: 'x' }, { nodes: [null, 4] }]) {
      expect(prepublishFindings(value)).toEqual([]);
    }
  });

  it('keys findings apart', () => {
    const found = prepublishFindings(doc(gallery(picture(), picture()), image()));
    expect(new Set(found.map(findingKey)).size).toBe(3);
  });
});
