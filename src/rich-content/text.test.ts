import { describe, expect, it } from 'vitest';
import {
  blockquote,
  codeBlock,
  documentOf,
  heading,
  image,
  list,
  paragraph,
  text,
  video,
} from './document';
import {
  deriveFromContent,
  excerptOf,
  firstImage,
  firstVideoThumbnail,
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
    expect(firstVideoThumbnail(doc)).toMatchObject({ url: '/thumb.webp', width: 1280 });
    expect(firstImage(documentOf([paragraph('none')]))).toBeNull();
  });
});
