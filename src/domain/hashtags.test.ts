import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractHashtags, hashtagKey, splitTextByHashtags } from './hashtags';

describe('extractHashtags', () => {
  it('finds hashtags without the #', () => {
    expect(extractHashtags('Summer #travel and #food_2024!')).toEqual(['travel', 'food_2024']);
  });

  it('accepts a hashtag at the start, after whitespace or after punctuation', () => {
    expect(extractHashtags('#one\n#two (#three) ,#four')).toEqual(['one', 'two', 'three', 'four']);
  });

  it('requires at least one letter', () => {
    expect(extractHashtags('#2024')).toEqual([]);
    expect(extractHashtags('#___')).toEqual([]);
    expect(extractHashtags('#2024a')).toEqual(['2024a']);
  });

  it('requires a word boundary before the #', () => {
    expect(extractHashtags('a#b')).toEqual([]);
    expect(extractHashtags('1#b _#c')).toEqual([]);
    expect(extractHashtags('&#39; and &#x27;')).toEqual([]);
  });

  it('rejects a hashtag followed by another #', () => {
    expect(extractHashtags('#tag#other')).toEqual([]);
    expect(extractHashtags('#tag# next')).toEqual([]);
  });

  it('rejects a hashtag followed by ://', () => {
    expect(extractHashtags('#http://x')).toEqual([]);
    expect(extractHashtags('#http:/x')).toEqual(['http']);
    expect(extractHashtags('#note: read')).toEqual(['note']);
  });

  it('handles Unicode letters', () => {
    expect(extractHashtags('#café #日本 #Ελλάδα')).toEqual(['café', '日本', 'Ελλάδα']);
    expect(extractHashtags('#cafe\u0301')).toEqual(['cafe\u0301']);
  });

  it('de-duplicates case-insensitively keeping the first spelling', () => {
    expect(extractHashtags('#React #react #REACT #Vue')).toEqual(['React', 'Vue']);
    expect(extractHashtags('#café #cafe\u0301')).toEqual(['café']);
  });

  it('ignores a lone # or a keycap emoji', () => {
    expect(extractHashtags('# heading and #️⃣')).toEqual([]);
  });

  it('finds every hashtag of generated texts', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/);
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 6 }), (words) => {
        const text = words.map((w) => `see #${w}.`).join(' ');
        expect(extractHashtags(text)).toEqual(words);
      }),
    );
  });

  it('returns words that are valid hashtags and present in the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        for (const word of extractHashtags(text)) {
          expect(word).toMatch(/^[\p{L}\p{M}\p{N}_]+$/u);
          expect(word).toMatch(/\p{L}/u);
          expect(text).toContain(`#${word}`);
        }
      }),
    );
  });
});

describe('splitTextByHashtags', () => {
  it('splits text and hashtags in order', () => {
    expect(splitTextByHashtags('Go #north, then #south')).toEqual([
      { type: 'text', value: 'Go ' },
      { type: 'hashtag', value: '#north', word: 'north' },
      { type: 'text', value: ', then ' },
      { type: 'hashtag', value: '#south', word: 'south' },
    ]);
  });

  it('keeps repeated hashtags and non-hashtags as written', () => {
    expect(splitTextByHashtags('#a #A #2024')).toEqual([
      { type: 'hashtag', value: '#a', word: 'a' },
      { type: 'text', value: ' ' },
      { type: 'hashtag', value: '#A', word: 'A' },
      { type: 'text', value: ' #2024' },
    ]);
  });

  it('returns nothing for empty text', () => {
    expect(splitTextByHashtags('')).toEqual([]);
  });

  it('loses no text and never yields empty or adjacent text segments', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const segments = splitTextByHashtags(text);
        expect(segments.map((s) => s.value).join('')).toBe(text);
        segments.forEach((segment, index) => {
          expect(segment.value).not.toBe('');
          if (segment.type === 'text') expect(segments[index + 1]?.type).not.toBe('text');
          else expect(segment.value).toBe(`#${segment.word}`);
        });
      }),
    );
  });
});

describe('hashtagKey', () => {
  it('ignores case, a leading # and composition', () => {
    expect(hashtagKey('#Café')).toBe(hashtagKey('cafe\u0301'));
    expect(hashtagKey('React')).toBe('react');
  });
});
