import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legacySearchPath } from './routes';
import {
  foldForMatch,
  highlightSegments,
  legacySearchQuery,
  normalizeSearchQuery,
  SEARCH_CONFIG_BY_LANGUAGE,
  SEARCH_EXCERPT_CHARS,
  SEARCH_EXCERPT_LEAD,
  SEARCH_EXCERPT_WINDOW,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  searchConfigFor,
  searchExcerpt,
  searchPageUrl,
  searchTerms,
  segmentsText,
  termStem,
} from './search';

/** Whether a string has no lone surrogate (String#isWellFormed, which Node 20 lacks). */
const isWellFormed = (text: string) => !/\p{Cs}/u.test(text);

const marked = (segments: { text: string; isMatch: boolean }[]) =>
  segments.filter((s) => s.isMatch).map((s) => s.text);

describe('constants', () => {
  it('pages by 20 and takes excerpts from the first 700 characters (SPEC §9)', () => {
    expect(SEARCH_PAGE_SIZE).toBe(20);
    expect(SEARCH_EXCERPT_CHARS).toBe(700);
  });
});

describe('searchConfigFor', () => {
  it('maps ISO codes to snowball configurations', () => {
    expect(searchConfigFor('en')).toBe('english');
    expect(searchConfigFor('fr')).toBe('french');
    expect(searchConfigFor('de')).toBe('german');
    expect(searchConfigFor('pt')).toBe('portuguese');
    expect(searchConfigFor('no')).toBe('norwegian');
  });

  it('reads the primary subtag, in any case', () => {
    expect(searchConfigFor('pt-BR')).toBe('portuguese');
    expect(searchConfigFor('EN_gb')).toBe('english');
  });

  it('uses simple for languages without a stemmer and for nonsense', () => {
    for (const language of ['ja', 'zh', 'pl', 'uk', 'vi', '', 'xx', '--', 'et']) {
      expect(searchConfigFor(language)).toBe('simple');
    }
  });

  it('names only configurations made of lowercase letters (they are compiled into SQL)', () => {
    for (const config of Object.values(SEARCH_CONFIG_BY_LANGUAGE)) {
      expect(config).toMatch(/^[a-z]+$/);
    }
    for (const language of Object.keys(SEARCH_CONFIG_BY_LANGUAGE)) {
      expect(language).toMatch(/^[a-z]{2}$/);
    }
  });
});

describe('normalizeSearchQuery', () => {
  it('trims and collapses whitespace, drops control characters', () => {
    expect(normalizeSearchQuery('  slow \t\n travel  ')).toBe('slow travel');
    expect(normalizeSearchQuery('a\u0000b\u200bc')).toBe('a b c');
    expect(normalizeSearchQuery('   ')).toBe('');
  });

  it('composes Unicode', () => {
    expect(normalizeSearchQuery('cafe\u0301')).toBe('café');
  });

  it(`cuts at ${SEARCH_QUERY_MAX} characters, never inside a surrogate pair`, () => {
    expect(normalizeSearchQuery('a'.repeat(500))).toHaveLength(SEARCH_QUERY_MAX);
    const emoji = normalizeSearchQuery('😀'.repeat(300));
    expect(Array.from(emoji)).toHaveLength(SEARCH_QUERY_MAX);
    expect(emoji).toBe('😀'.repeat(SEARCH_QUERY_MAX));
  });

  it('is idempotent and bounded (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (raw) => {
        const once = normalizeSearchQuery(raw);
        expect(normalizeSearchQuery(once)).toBe(once);
        expect(Array.from(once).length).toBeLessThanOrEqual(SEARCH_QUERY_MAX);
        expect(once).toBe(once.trim());
        expect(once).not.toMatch(/\s{2}/);
      }),
    );
  });
});

describe('searchTerms', () => {
  it('takes the words, folded and de-duplicated', () => {
    expect(searchTerms('Slow TRAVEL slow Café')).toEqual(['slow', 'travel', 'cafe']);
  });

  it('reads hashtags as their word', () => {
    expect(searchTerms('#travel')).toEqual(['travel']);
  });

  it('leaves out excluded words, phrases and the OR operator', () => {
    expect(searchTerms('travel -food or "slow trains" -"fast cars" OR')).toEqual([
      'travel',
      'slow',
      'trains',
    ]);
  });

  it('leaves out one-letter words and punctuation', () => {
    expect(searchTerms('a " ) ( & | ! :* <-> ')).toEqual([]);
    expect(searchTerms("o'reilly")).toEqual(['reilly']);
  });

  it('keeps each run of Chinese, Japanese or Thai as typed, even one character (issue 22)', () => {
    expect(searchTerms('北京旅游')).toEqual(['北京旅游']);
    expect(searchTerms('京')).toEqual(['京']);
    expect(searchTerms('東京タワーはTokyo -大阪')).toEqual(['東京タワーは', 'tokyo']);
    expect(searchTerms('กินข้าว')).toEqual(['กินข้าว']);
  });
});

describe('termStem', () => {
  it('takes one common ending off, keeping at least four letters', () => {
    expect(termStem('travelling')).toBe('travel');
    expect(termStem('walked')).toBe('walk');
    expect(termStem('voyager')).toBe('voyag');
    expect(termStem('cities')).toBe('citi');
    expect(termStem('cats')).toBe('cats');
    expect(termStem('run')).toBe('run');
  });
});

describe('highlightSegments', () => {
  it('marks whole words that start with a term, ignoring case and accents', () => {
    const segments = highlightSegments('Travel to the CAFÉ, travellers!', ['travel', 'cafe']);
    expect(segments).toEqual([
      { text: 'Travel', isMatch: true },
      { text: ' to the ', isMatch: false },
      { text: 'CAFÉ', isMatch: true },
      { text: ', ', isMatch: false },
      { text: 'travellers', isMatch: true },
      { text: '!', isMatch: false },
    ]);
  });

  it('marks stemmed forms both ways', () => {
    expect(marked(highlightSegments('We travel a lot', ['travelling']))).toEqual(['travel']);
    expect(marked(highlightSegments('Nous voyageons', ['voyager']))).toEqual(['voyageons']);
  });

  it('marks a hashtag word but not its #', () => {
    expect(highlightSegments('See #travel', ['travel'])).toEqual([
      { text: 'See #', isMatch: false },
      { text: 'travel', isMatch: true },
    ]);
  });

  it('marks where a Chinese, Japanese, Thai or Korean term stands inside a run (issue 22)', () => {
    expect(highlightSegments('我们今天去北京旅游', ['北京'])).toEqual([
      { text: '我们今天去', isMatch: false },
      { text: '北京', isMatch: true },
      { text: '旅游', isMatch: false },
    ]);
    expect(marked(highlightSegments('東京タワーはTokyo Tower', ['タワー', 'tower']))).toEqual([
      'タワー',
      'Tower',
    ]);
    expect(marked(highlightSegments('東京タワーはTokyo', ['tokyo']))).toEqual(['Tokyo']);
    expect(marked(highlightSegments('ร้านอาหารไทยอร่อย', ['อาหาร']))).toEqual(['อาหาร']);
    expect(marked(highlightSegments('서울에서 만나요', ['서울']))).toEqual(['서울']);
    expect(marked(highlightSegments('京都と東京', ['京']))).toEqual(['京', '京']);
  });

  it('gives one unmarked segment without terms, none for empty text', () => {
    expect(highlightSegments('Some text', [])).toEqual([{ text: 'Some text', isMatch: false }]);
    expect(highlightSegments('', ['x'])).toEqual([]);
  });

  it('concatenates back to the text, alternating kinds (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), { maxLength: 4 }),
        (text, rawTerms) => {
          const segments = highlightSegments(text, rawTerms.map(foldForMatch));
          expect(segmentsText(segments)).toBe(text);
          for (const [i, segment] of segments.entries()) {
            expect(segment.text).not.toBe('');
            if (i > 0) expect(segment.isMatch).not.toBe(segments[i - 1]!.isMatch);
          }
        },
      ),
    );
  });

  it('marks every occurrence of a word taken from the text (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zàâçéèêëîïôöùûüñ]{2,10}$/), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.nat(),
        (words, pick) => {
          const word = words[pick % words.length]!;
          fc.pre(word !== 'or');
          const text = words.join(' ');
          const found = marked(highlightSegments(text, searchTerms(word))).join(' ');
          expect(found.split(' ')).toContain(word);
        },
      ),
    );
  });
});

describe('searchExcerpt', () => {
  const words = (n: number, word = 'lorem') => Array.from({ length: n }, () => word).join(' ');

  it('is the start of the text when the first match is near it', () => {
    const text = `Slow travel is ${words(100)}`;
    const segments = searchExcerpt(text, ['travel']);
    const excerpt = segmentsText(segments);
    expect(excerpt.startsWith('Slow travel is')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(SEARCH_EXCERPT_WINDOW + 2);
    expect(marked(segments)).toEqual(['travel']);
  });

  it('moves the window to the first match, at a word start', () => {
    const text = `${words(80)} the ferry at dawn ${words(80)}`;
    const excerpt = segmentsText(searchExcerpt(text, ['ferry']));
    expect(excerpt.startsWith('…lorem')).toBe(true);
    expect(excerpt).toContain('the ferry at dawn');
    expect(excerpt.endsWith('…')).toBe(true);
  });

  it('keeps the first match within the first lines of a phone', () => {
    const text = `${words(12)} the ferry at dawn ${words(60)}`;
    const excerpt = segmentsText(searchExcerpt(text, ['ferry']));
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.indexOf('ferry')).toBeLessThanOrEqual(SEARCH_EXCERPT_LEAD + 2);
    expect(excerpt.indexOf('ferry')).toBeGreaterThan(10);
  });

  it(`looks only at the first ${SEARCH_EXCERPT_CHARS} characters`, () => {
    const text = `${words(150)} needle`;
    expect(text.length).toBeGreaterThan(SEARCH_EXCERPT_CHARS);
    const segments = searchExcerpt(text, ['needle']);
    expect(marked(segments)).toEqual([]);
    expect(segmentsText(segments).startsWith('lorem')).toBe(true);
  });

  it('keeps a short text whole, without ellipses, with whitespace collapsed', () => {
    expect(segmentsText(searchExcerpt('  A short\n\npost.  ', ['post']))).toBe('A short post.');
    expect(searchExcerpt('', ['post'])).toEqual([]);
  });

  it('moves the window into a text without spaces, to just before the match (issue 22)', () => {
    const text = `${'我们今天去上海旅游。'.repeat(20)}北京${'很好。'.repeat(30)}`;
    const segments = searchExcerpt(text, ['北京']);
    const excerpt = segmentsText(segments);
    expect(marked(segments)).toEqual(['北京']);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.indexOf('北京')).toBe(SEARCH_EXCERPT_LEAD + 1);
  });

  it('never cuts a surrogate pair in a text without spaces', () => {
    const text = '😀'.repeat(400);
    const excerpt = segmentsText(searchExcerpt(text, []));
    expect(excerpt.endsWith('😀…')).toBe(true);
    expect(isWellFormed(excerpt)).toBe(true);
  });

  it('is bounded, well formed and made of its segments (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 1200 }),
        fc.string({ maxLength: 40 }),
        (text, query) => {
          const segments = searchExcerpt(text, searchTerms(query));
          const excerpt = segmentsText(segments);
          expect(excerpt.length).toBeLessThanOrEqual(SEARCH_EXCERPT_WINDOW + 2);
          expect(isWellFormed(excerpt)).toBe(true);
          expect(highlightSegments(excerpt, searchTerms(query))).toEqual(segments);
          const plain = excerpt.replace(/^…|…$/g, '');
          const source = Array.from(text)
            .slice(0, SEARCH_EXCERPT_CHARS)
            .join('')
            .replace(/\s+/gu, ' ');
          expect(source).toContain(plain);
        },
      ),
    );
  });
});

describe('searchPageUrl', () => {
  it('encodes the query as a path segment and adds ?page= past the first page', () => {
    expect(searchPageUrl('/blog', '')).toBe('/blog/search');
    expect(searchPageUrl('/blog', '#Travel & food')).toBe('/blog/search/%23Travel%20%26%20food');
    expect(searchPageUrl('/blog/', 'a/b', 3)).toBe('/blog/search/a%2Fb?page=3');
    expect(searchPageUrl('/blog', 'x', 1)).toBe('/blog/search/x');
  });
});

describe('legacySearchQuery', () => {
  it('reads the older shape back into text', () => {
    expect(legacySearchQuery('.hash.travel')).toBe('#travel');
    expect(legacySearchQuery('slow .hash.travel and .hash.food')).toBe('slow #travel and #food');
  });

  it('leaves the new shape alone', () => {
    expect(legacySearchQuery('travel')).toBeNull();
    expect(legacySearchQuery('#travel')).toBeNull();
    expect(legacySearchQuery('.hash.Travel')).toBeNull();
    expect(legacySearchQuery('#a .hash.b')).toBeNull();
  });

  it('round-trips with the older path builder (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const lower = text.toLowerCase();
        fc.pre(lower.includes('#') && !lower.includes('.hash.') && lower === lower.toLowerCase());
        const segment = decodeURIComponent(legacySearchPath(lower).replace('/search/', ''));
        expect(legacySearchQuery(segment)).toBe(lower);
      }),
    );
  });
});
