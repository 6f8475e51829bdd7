import { describe, expect, it } from 'vitest';
import {
  blockquote,
  caption,
  codeBlock,
  collapsibleList,
  divider,
  documentOf,
  embed,
  gallery,
  heading,
  image,
  layout,
  list,
  paragraph,
  table,
  text,
  video,
} from './document';
import {
  contentImages,
  deriveFromContent,
  excerptOf,
  firstImage,
  firstVideo,
  hasCodeBlock,
  isEmptyDocument,
  plainText,
  wordCount,
} from './text';

const doc = documentOf([
  heading(2, 'Morning in Lisbon'),
  paragraph('The tram climbs ', text('slowly', [{ type: 'BOLD' }]), ' past #Alfama rooftops.'),
  list('bulleted', ['Coffee first', 'Then the view']),
  blockquote('Cities are best read on foot.'),
  codeBlock('const walk = true;'),
  image({ id: 'img-1', width: 800, height: 600 }, { altText: 'Rooftops' }),
  video('https://www.youtube.com/watch?v=abc', { url: '/thumb.webp', width: 1280, height: 720 }),
]);

describe('plainText', () => {
  it('joins the text of every block, one line each', () => {
    expect(plainText(doc).split('\n')).toEqual([
      'Morning in Lisbon',
      'The tram climbs slowly past #Alfama rooftops.',
      'Coffee first',
      'Then the view',
      'Cities are best read on foot.',
      'const walk = true;',
    ]);
  });
});

describe('excerptOf', () => {
  it('keeps short text whole', () => {
    expect(excerptOf('A short line.')).toBe('A short line.');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const long = 'word '.repeat(100);
    const excerpt = excerptOf(long, 50);
    expect(excerpt.length).toBeLessThanOrEqual(51);
    expect(excerpt.endsWith('word…')).toBe(true);
  });
});

describe('derived values', () => {
  it('counts words, reading time and hashtags', () => {
    expect(wordCount("It's a dog's life — or is it?")).toBe(7);
    const derived = deriveFromContent(doc);
    expect(derived.timeToRead).toBe(1);
    expect(derived.hashtags).toEqual(['Alfama']);
  });

  it('finds the first image and video thumbnail for the cover choice', () => {
    expect(firstImage(doc)).toMatchObject({ id: 'img-1', width: 800, alt: 'Rooftops' });
    expect(firstVideo(doc)).toMatchObject({ url: '/thumb.webp', width: 1280 });
    expect(firstImage(documentOf([paragraph('none')]))).toBeNull();
  });
});

describe('text in structure nodes', () => {
  const nested = documentOf([
    table([
      ['Name', 'Role'],
      ['Ana', [paragraph('Editor of #Lisbon')]],
    ]),
    collapsibleList([{ title: 'Why trams?', body: [paragraph('They climb.')] }]),
    layout([{ nodes: [paragraph('Left')] }, { nodes: [list('ordered', ['Right one'])] }]),
    { ...image({ id: 'i', width: 1, height: 1 }), nodes: [caption('A caption node')] },
    image({ id: 'j', width: 1, height: 1 }, { caption: 'A caption string' }),
  ]);

  it('counts text in tables, collapsible lists, layouts and captions', () => {
    expect(plainText(nested).split('\n')).toEqual([
      'Name',
      'Role',
      'Ana',
      'Editor of #Lisbon',
      'Why trams?',
      'They climb.',
      'Left',
      'Right one',
      'A caption node',
      'A caption string',
    ]);
    expect(deriveFromContent(nested).hashtags).toEqual(['Lisbon']);
  });
});

describe('first media for the cover choice (SPEC §4)', () => {
  const photos = [
    { id: 'g-1', width: 640, height: 480, altText: 'Tram' },
    { id: 'g-2', width: 640, height: 480 },
  ];

  it('takes the first gallery image when it comes before any image', () => {
    const doc = documentOf([
      paragraph('x'),
      layout([{ nodes: [gallery(photos)] }]),
      image({ id: 'img', width: 10, height: 10 }),
    ]);
    expect(firstImage(doc)).toEqual({ id: 'g-1', width: 640, height: 480, alt: 'Tram' });
  });

  it('lists every picture in document order for the image sitemap', () => {
    const doc = documentOf([
      image({ id: 'first', width: 10, height: 10 }),
      layout([{ nodes: [gallery(photos)] }]),
      paragraph('between'),
      image({ id: 'last', width: 10, height: 10 }),
    ]);
    expect(contentImages(doc).map((found) => found.id)).toEqual(['first', 'g-1', 'g-2', 'last']);
    expect(contentImages(documentOf([paragraph('none')]))).toEqual([]);
  });

  it('skips galleries without images', () => {
    const doc = documentOf([gallery([]), image({ id: 'img', width: 10, height: 10 })]);
    expect(firstImage(doc)).toMatchObject({ id: 'img' });
  });

  it('takes the first video thumbnail, or a video embed thumbnail', () => {
    const clip = embed({
      type: 'video',
      thumbnailUrl: 'https://i.ytimg.com/vi/abc/hq.jpg',
      thumbnailWidth: '480',
      thumbnailHeight: 360,
      videoUrl: 'https://youtu.be/abc',
      title: 'Clip',
    });
    const tweet = embed({ type: 'rich', thumbnailUrl: 'https://x.test/t.jpg' });
    expect(firstVideo(documentOf([tweet, video('https://v.test/no-thumb'), clip]))).toEqual({
      url: 'https://i.ytimg.com/vi/abc/hq.jpg',
      width: 480,
      height: 360,
      alt: 'Clip',
      videoUrl: 'https://youtu.be/abc',
    });
    expect(firstVideo(documentOf([paragraph('none')]))).toBeNull();
  });
});

describe('isEmptyDocument', () => {
  it('is true for no nodes or only blank text blocks, false for text or media', () => {
    expect(isEmptyDocument(documentOf([]))).toBe(true);
    expect(isEmptyDocument(documentOf([paragraph(), paragraph('  '), heading(2, '')]))).toBe(true);
    expect(isEmptyDocument(documentOf([paragraph(), paragraph('Hello')]))).toBe(false);
    expect(isEmptyDocument(documentOf([divider()]))).toBe(false);
  });
});

describe('hasCodeBlock', () => {
  it('finds a code block at any depth, and none in a document of text', () => {
    expect(hasCodeBlock(doc)).toBe(true);
    expect(hasCodeBlock(documentOf([heading(2, 'Notes'), paragraph('Plain words.')]))).toBe(false);
    expect(
      hasCodeBlock(
        documentOf([layout([{ nodes: [codeBlock('a = 1')] }, { nodes: [paragraph('b')] }])]),
      ),
    ).toBe(true);
    expect(hasCodeBlock(documentOf([]))).toBe(false);
  });
});
