/**
 * Search in scripts written without spaces between words (issue 22): Chinese, Japanese, Thai,
 * Lao, Khmer and Myanmar, and Korean, whose spaced words carry their particles ('서울에서' is
 * 'in Seoul'). PostgreSQL's parser reads a run of such characters as one word, so '北京' never
 * matched '我们今天去北京旅游'. Here a run is cut into overlapping pairs of characters (bigrams);
 * the database indexes them beside the post's normal words (`db/search-columns.server.ts` compiles
 * `UNSPACED_RANGES` and the same cut into SQL functions) and a query is cut the same way into a
 * phrase of bigrams, so a query matches wherever its characters stand together in the text.
 * This is the one home of the rule; the indexing SQL, the query and the marked excerpt follow it.
 * Pure: no I/O.
 */

/**
 * The code point ranges (inclusive) of characters that are searched by bigrams: letters and marks
 * of the scripts above, not their digits or punctuation (which separate runs). Changing a range
 * changes what the database indexes: it needs a migration (see `search-columns.server.ts`).
 */
export const UNSPACED_RANGES: ReadonlyArray<readonly [number, number]> =
  /*#__PURE__*/ Object.freeze([
    [0x0e01, 0x0e3a], // Thai letters, vowels, marks (not ฿ U+0E3F)
    [0x0e40, 0x0e4e], // Thai leading vowels, tone marks (not digits U+0E50–0E59)
    [0x0e81, 0x0ecf], // Lao letters and marks
    [0x0edc, 0x0edf], // Lao digraphs
    [0x1000, 0x103f], // Myanmar letters and marks (not digits U+1040–1049 nor ၊ ။)
    [0x104c, 0x109f], // Myanmar signs and extensions
    [0x1100, 0x11ff], // Hangul Jamo
    [0x1780, 0x17d3], // Khmer letters and marks (not ។ U+17D4 and the other punctuation)
    [0x2e80, 0x2fdf], // CJK and Kangxi radicals
    [0x3005, 0x3007], // 々 〆 〇
    [0x3021, 0x3029], // Hangzhou numerals
    [0x3031, 0x3035], // kana repetition marks
    [0x3038, 0x303c], // more Han marks
    [0x3041, 0x309f], // Hiragana
    [0x30a0, 0x30fa], // Katakana (not the middle dot ・ U+30FB)
    [0x30fc, 0x30ff], // ー and Katakana iteration marks
    [0x3131, 0x318e], // Hangul compatibility Jamo
    [0x31f0, 0x31ff], // Katakana phonetic extensions
    [0x3400, 0x4dbf], // CJK extension A
    [0x4e00, 0x9fff], // CJK unified ideographs
    [0xa960, 0xa97f], // Hangul Jamo extended A
    [0xac00, 0xd7ff], // Hangul syllables, Jamo extended B
    [0xf900, 0xfaff], // CJK compatibility ideographs
    [0xff66, 0xff9f], // half-width Katakana
    [0xffa0, 0xffdc], // half-width Hangul
    [0x1b000, 0x1b16f], // Kana supplement and extensions
    [0x20000, 0x3ffff], // CJK extensions B–H (planes 2 and 3)
  ]);

/** `\u{…}` escapes of the ranges, inside a character class. */
function classSource(): string {
  const hex = (code: number) => `\\u{${code.toString(16)}}`;
  return UNSPACED_RANGES.map(([from, to]) => `${hex(from)}-${hex(to)}`).join('');
}

// Built on first use, so that a bundle importing `domain/search` for its URLs alone (the search
// field's island) can drop this module: a top-level `new RegExp` cannot be tree-shaken.
let runPattern: RegExp | undefined;
let charPattern: RegExp | undefined;

/** A run of unspaced characters (global: use with `matchAll`, `match` or `replace`). */
export function unspacedRunPattern(): RegExp {
  runPattern ??= new RegExp(`[${classSource()}]+`, 'gu');
  return runPattern;
}

/** Whether one character (a code point) belongs to an unspaced script. */
export function isUnspacedChar(character: string): boolean {
  charPattern ??= new RegExp(`^[${classSource()}]$`, 'u');
  return charPattern.test(character);
}

/** Whether `text` is all unspaced characters (and not empty). */
export function isUnspacedRun(text: string): boolean {
  return text !== '' && Array.from(text).every(isUnspacedChar);
}

/** The runs of unspaced characters in `text`, in order. */
export function unspacedRuns(text: string): string[] {
  return text.match(unspacedRunPattern()) ?? [];
}

/**
 * `text` with every unspaced run replaced by a space: what the normal text-search configuration
 * indexes (the database's `search_spaced_text` does the same), so that '東京タワーはTokyo' gives
 * the word 'tokyo' rather than one long word.
 */
export function spacedText(text: string): string {
  return text.replace(unspacedRunPattern(), ' ');
}

/**
 * A search query as `websearch_to_tsquery` reads it beside `unspacedTsquery`: `spacedText`, but a
 * run right after a minus is dropped without a space, so '-北京tower' still excludes 'tower'.
 */
export function spacedQuery(query: string): string {
  return query.replace(unspacedRunPattern(), (_run, offset: number, whole: string) =>
    whole[offset - 1] === '-' ? '' : ' ',
  );
}

/**
 * The tokens a run is indexed by: the pair of characters starting at each of its characters, the
 * last one alone ('北京旅游' → 北京 京旅 旅游 游). Every character starts a token, so a query of
 * one character is a prefix ('京' finds 北京's 京旅 and a lone 京); consecutive tokens sit at
 * consecutive positions, so a longer query is a phrase of its bigrams. Code points, not UTF-16.
 */
export function unspacedIndexTokens(run: string): string[] {
  const characters = Array.from(run);
  return characters.map((character, i) => character + (characters[i + 1] ?? ''));
}

/**
 * What a query's run looks up: one character as a prefix of the indexed tokens; longer runs as
 * the phrase of their overlapping bigrams ('北京旅游' → 北京 <-> 京旅 <-> 旅游), which matches
 * exactly where the run stands in the text.
 */
export function unspacedQueryTokens(run: string): { tokens: string[]; isPrefix: boolean } {
  const characters = Array.from(run);
  if (characters.length <= 1) return { tokens: characters, isPrefix: true };
  return { tokens: characters.slice(0, -1).map((c, i) => c + characters[i + 1]), isPrefix: false };
}

/** A lexeme as tsquery and tsvector text read it: quoted, quotes and backslashes doubled. */
export function tsLexeme(token: string): string {
  return `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** One run's tsquery: `'京':*` or `'北京' <-> '京旅'`. */
function runTsquery(run: string): string {
  const { tokens, isPrefix } = unspacedQueryTokens(run);
  if (isPrefix) return `${tsLexeme(tokens[0] ?? '')}:*`;
  const phrase = tokens.map(tsLexeme).join(' <-> ');
  return tokens.length > 1 ? `(${phrase})` : phrase;
}

/** websearch_to_tsquery's chunks: a quoted phrase (maybe excluded), or a run of non-space. */
const QUERY_CHUNK = /-?"[^"]*"?|[^\s"]+/g;

/**
 * The tsquery text (for `::tsquery`, no parser involved) of a search query's unspaced runs, or ''
 * when it has none: every run is required (AND), or excluded when its chunk starts with a minus
 * ('-北京'), as `websearch_to_tsquery` treats words. The rest of the query (`spacedQuery`) goes to
 * `websearch_to_tsquery` in the post's configuration and the two are AND-ed. Limit: an OR between
 * unspaced words is read as AND.
 */
export function unspacedTsquery(query: string): string {
  const parts: string[] = [];
  for (const chunk of query.match(QUERY_CHUNK) ?? []) {
    const isExcluded = chunk.startsWith('-');
    for (const run of unspacedRuns(chunk)) {
      parts.push(isExcluded ? `!${runTsquery(run)}` : runTsquery(run));
    }
  }
  return parts.join(' & ');
}

/**
 * The ranges of `text` (UTF-16 offsets, end exclusive) where one of `terms` (unspaced runs)
 * stands inside an unspaced run: left to right, longest term first, never overlapping.
 */
export function unspacedMatches(
  text: string,
  terms: readonly string[],
): Array<{ start: number; end: number }> {
  const sorted = [...new Set(terms.filter(isUnspacedRun))].sort((a, b) => b.length - a.length);
  const found: Array<{ start: number; end: number }> = [];
  if (sorted.length === 0) return found;
  for (const match of text.matchAll(unspacedRunPattern())) {
    const run = match[0];
    let i = 0;
    while (i < run.length) {
      const term = sorted.find((candidate) => run.startsWith(candidate, i));
      if (term) {
        found.push({ start: match.index + i, end: match.index + i + term.length });
        i += term.length;
      } else {
        i += (run.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
      }
    }
  }
  return found;
}
