import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isUnspacedChar,
  isUnspacedRun,
  spacedQuery,
  spacedText,
  tsLexeme,
  UNSPACED_RANGES,
  unspacedIndexTokens,
  unspacedMatches,
  unspacedQueryTokens,
  unspacedRuns,
  unspacedTsquery,
} from './unspaced-text';

/** Characters of the scripts searched by bigrams, astral ones among them. */
const UNSPACED_SAMPLE = Array.from('我们北京東京タワーはひらがなไทยກາວខ្មែរမြန်မာ서울에서𠀋');

describe('unspaced characters', () => {
  it('cover Han, kana, Hangul, Thai, Lao, Khmer and Myanmar, not Latin, digits or punctuation', () => {
    for (const character of UNSPACED_SAMPLE)
      expect(isUnspacedChar(character), character).toBe(true);
    for (const character of Array.from('aZé1 ,.、。・！？「」０๑၁៤-#')) {
      expect(isUnspacedChar(character), character).toBe(false);
    }
  });

  it('have ranges in order, each from ≤ to, never overlapping', () => {
    let previous = -1;
    for (const [from, to] of UNSPACED_RANGES) {
      expect(from).toBeGreaterThan(previous);
      expect(to).toBeGreaterThanOrEqual(from);
      previous = to;
    }
  });

  it('form runs, split by anything else', () => {
    expect(unspacedRuns('東京タワーはTokyo Tower、京都 and 서울에서')).toEqual([
      '東京タワーは',
      '京都',
      '서울에서',
    ]);
    expect(unspacedRuns('English only')).toEqual([]);
    expect(isUnspacedRun('北京')).toBe(true);
    expect(isUnspacedRun('北京a')).toBe(false);
    expect(isUnspacedRun('')).toBe(false);
  });

  it('leave the spaced words to the language configuration', () => {
    expect(spacedText('東京タワーはTokyo Tower')).toBe(' Tokyo Tower');
    expect(spacedQuery('-北京tower 上海')).toBe('-tower  ');
    expect(spacedQuery('tower-北京')).toBe('tower-');
  });
});

describe('index tokens', () => {
  it('are the pair each character starts, the last one alone', () => {
    expect(unspacedIndexTokens('我们今天去北京旅游')).toEqual([
      '我们',
      '们今',
      '今天',
      '天去',
      '去北',
      '北京',
      '京旅',
      '旅游',
      '游',
    ]);
    expect(unspacedIndexTokens('京')).toEqual(['京']);
    // Code points, not UTF-16 units: an astral character is one character.
    expect(unspacedIndexTokens('𠀋𠀋京')).toEqual(['𠀋𠀋', '𠀋京', '京']);
  });

  it('hold every bigram of a query that stands in the run (a query matches its own text)', () => {
    const run = fc.array(fc.constantFrom(...UNSPACED_SAMPLE), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(run, fc.nat(), fc.nat(), (characters, a, b) => {
        const text = characters.join('');
        const start = a % characters.length;
        const end = start + 1 + (b % (characters.length - start));
        const { tokens, isPrefix } = unspacedQueryTokens(characters.slice(start, end).join(''));
        const indexed = unspacedIndexTokens(text);
        if (isPrefix) {
          expect(indexed.some((token) => token.startsWith(tokens[0] ?? '∅'))).toBe(true);
        } else {
          // The query's bigrams stand at consecutive positions of the index, from `start` on.
          tokens.forEach((token, i) => {
            expect(indexed[start + i]).toBe(token);
          });
        }
      }),
    );
  });
});

describe('query tokens', () => {
  it('are a prefix for one character and overlapping bigrams for more', () => {
    expect(unspacedQueryTokens('京')).toEqual({ tokens: ['京'], isPrefix: true });
    expect(unspacedQueryTokens('北京')).toEqual({ tokens: ['北京'], isPrefix: false });
    expect(unspacedQueryTokens('北京旅游')).toEqual({
      tokens: ['北京', '京旅', '旅游'],
      isPrefix: false,
    });
  });

  it('make a tsquery: runs AND-ed, a minus excludes, Latin words left out', () => {
    expect(unspacedTsquery('北京')).toBe("'北京'");
    expect(unspacedTsquery('京')).toBe("'京':*");
    expect(unspacedTsquery('北京旅游 tower')).toBe("('北京' <-> '京旅' <-> '旅游')");
    expect(unspacedTsquery('東京tower 京都')).toBe("'東京' & '京都'");
    expect(unspacedTsquery('-北京 上海')).toBe("!'北京' & '上海'");
    expect(unspacedTsquery('"北京 上海"')).toBe("'北京' & '上海'");
    expect(unspacedTsquery('tower')).toBe('');
    expect(unspacedTsquery('')).toBe('');
  });

  it('quotes lexemes as tsquery and tsvector text read them', () => {
    expect(tsLexeme('北京')).toBe("'北京'");
    expect(tsLexeme("it's\\")).toBe("'it''s\\\\'");
  });
});

describe('matches in text', () => {
  it('are the places a term stands in a run, longest first, never overlapping', () => {
    const text = '我们今天去北京旅游, then 北京 again';
    const found = unspacedMatches(text, ['北京', '北京旅游', 'tower']).map(({ start, end }) =>
      text.slice(start, end),
    );
    expect(found).toEqual(['北京旅游', '北京']);
    expect(unspacedMatches(text, ['tower'])).toEqual([]);
    expect(unspacedMatches('𠀋京𠀋', ['𠀋'])).toEqual([
      { start: 0, end: 2 },
      { start: 3, end: 5 },
    ]);
  });
});
