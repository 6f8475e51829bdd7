/**
 * Full-text search of the blog (SPEC §2 search route, §4 search page, §9 search constants): the
 * language → text-search configuration map the database indexes with, the query's
 * normalisation and limits, the terms a result marks, the result excerpt with its marked words,
 * the search page's URLs (page parameter, the older path shape) and the API's query schema.
 * Pure: the database does the matching and the ranking; this module only decides what to show.
 */
import { LEGACY_HASH_TOKEN, parseLegacySearchQuery, searchUrl } from './routes';
import { isUnspacedChar, isUnspacedRun, unspacedMatches, unspacedRuns } from './unspaced-text';
import type { CategoryLink, ImageView, MemberSummary } from './views';

/** SPEC §9: search results are paged by 20. */
export const SEARCH_PAGE_SIZE = 20;

/** SPEC §9: a result's excerpt is taken from the first 700 characters of the post's text. */
export const SEARCH_EXCERPT_CHARS = 700;

/**
 * How much of those 700 characters a result shows: about three lines of the 16 px description
 * (SPEC §9 search sizes: description 16, 3 lines) in the widest column. The window moves to the
 * first marked word so that the three-line clamp does not hide it, even on a phone.
 */
export const SEARCH_EXCERPT_WINDOW = 240;

/**
 * Context kept before the first marked word: a marked word further in moves the window to start
 * about this many characters before it (a phone's three lines hold about 90 characters).
 */
export const SEARCH_EXCERPT_LEAD = 40;

/** Longest query, in characters after normalisation; the input and the API both enforce it. */
export const SEARCH_QUERY_MAX = 200;

/** SPEC §4, §9: the search page's text is debounced this long before the URL follows it. */
export const SEARCH_DEBOUNCE_MS = 500;

/** Terms shorter than this are not marked: one letter would light up half the text. */
export const SEARCH_TERM_MIN_CHARS = 2;

/** The PostgreSQL text-search configurations the map may name (all exist on PostgreSQL 15+). */
export type SearchConfig =
  | 'simple'
  | 'arabic'
  | 'armenian'
  | 'basque'
  | 'catalan'
  | 'danish'
  | 'dutch'
  | 'english'
  | 'finnish'
  | 'french'
  | 'german'
  | 'greek'
  | 'hindi'
  | 'hungarian'
  | 'indonesian'
  | 'irish'
  | 'italian'
  | 'lithuanian'
  | 'nepali'
  | 'norwegian'
  | 'portuguese'
  | 'romanian'
  | 'russian'
  | 'serbian'
  | 'spanish'
  | 'swedish'
  | 'tamil'
  | 'turkish'
  | 'yiddish';

/** The configuration of a language without its own: words are indexed as written, lowercased. */
export const FALLBACK_SEARCH_CONFIG: SearchConfig = 'simple';

/**
 * ISO 639-1 language → the snowball configuration that stems it. SPEC §9 lists the blog's
 * languages; those without a stemmer in PostgreSQL 15 (bg, cs, he, hr, ja, ko, lv, ms, pl, sk,
 * sl, th, tl, uk, vi, zh) use `simple`. Estonian is left out on purpose: PGlite has it, but
 * PostgreSQL 15 does not, and both must index alike. The database compiles this map into the
 * posts table's generated columns (schema.ts), so a change here needs a migration.
 */
export const SEARCH_CONFIG_BY_LANGUAGE: Readonly<Record<string, SearchConfig>> = Object.freeze({
  ar: 'arabic',
  hy: 'armenian',
  eu: 'basque',
  ca: 'catalan',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  el: 'greek',
  hi: 'hindi',
  hu: 'hungarian',
  id: 'indonesian',
  ga: 'irish',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
});

/** The primary subtag of a language tag, lowercased: 'pt-BR' and 'pt_br' give 'pt'. */
export function primaryLanguage(language: string): string {
  return (language.split(/[-_]/)[0] ?? '').toLowerCase();
}

/** The text-search configuration a post in `language` is indexed and searched with. */
export function searchConfigFor(language: string): SearchConfig {
  return SEARCH_CONFIG_BY_LANGUAGE[primaryLanguage(language)] ?? FALLBACK_SEARCH_CONFIG;
}

/**
 * A query with its Unicode composed, control characters dropped and whitespace trimmed and
 * collapsed. Anything else, quotes, minus signs and punctuation included, is kept: the
 * database's `websearch_to_tsquery` reads any text without failing.
 */
export function collapseSearchQuery(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A query's length as the limit counts it: in characters (code points), not UTF-16 units. */
export function searchQueryLength(query: string): number {
  return Array.from(query).length;
}

/**
 * A query as the search page uses it: collapsed (see `collapseSearchQuery`), then cut to
 * `SEARCH_QUERY_MAX` characters, never inside a surrogate pair. The page cuts what a URL
 * typed by hand carries; the API refuses longer queries instead (`SearchQuerySchema`).
 */
export function normalizeSearchQuery(raw: string): string {
  const collapsed = collapseSearchQuery(raw);
  if (searchQueryLength(collapsed) <= SEARCH_QUERY_MAX) return collapsed;
  return Array.from(collapsed).slice(0, SEARCH_QUERY_MAX).join('').trimEnd();
}

/** Folds a word for comparison: lowercase, accents removed ('Café' and 'cafe' are alike). */
export function foldForMatch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A word of text: letters, digits and combining marks (so decomposed accents stay inside). */
const WORD_PATTERN = /[\p{L}\p{M}\p{N}]+/gu;

/** websearch_to_tsquery's OR operator, which is not a term. */
const OR_OPERATOR = 'or';

/**
 * The words of a query that a result marks: every word except the OR operator and words
 * excluded with a leading minus ('-food', '-"slow food"'), folded (see `foldForMatch`) and
 * de-duplicated; '#travel' gives 'travel'. Words shorter than `SEARCH_TERM_MIN_CHARS` are left
 * out. A run of an unspaced script (Chinese, Japanese, Thai: `unspaced-text.ts`) is a term of its
 * own, as typed and even of one character ('北京tower' gives '北京' and 'tower').
 */
export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  const add = (term: string) => {
    if (seen.has(term)) return;
    seen.add(term);
    terms.push(term);
  };
  // A minus before a word or a quoted phrase excludes it, as in websearch_to_tsquery.
  const chunks = normalizeSearchQuery(query).match(/-?"[^"]*"?|[^\s"]+/g) ?? [];
  for (const chunk of chunks) {
    if (chunk.startsWith('-')) continue;
    if (chunk.toLowerCase() === OR_OPERATOR) continue;
    for (const word of chunk.match(WORD_PATTERN) ?? []) {
      for (const run of unspacedRuns(word)) add(run);
      for (const part of maskUnspaced(word).match(WORD_PATTERN) ?? []) {
        const folded = foldForMatch(part);
        if (Array.from(folded).length >= SEARCH_TERM_MIN_CHARS) add(folded);
      }
    }
  }
  return terms;
}

/** `text` with each unspaced character replaced by spaces of its length: offsets stay. */
function maskUnspaced(text: string): string {
  return Array.from(text, (c) => (isUnspacedChar(c) ? ' '.repeat(c.length) : c)).join('');
}

/**
 * Endings taken off a term before it is compared, longest first: a light, language-neutral
 * stand-in for the database's stemmers, so that 'travelling' also marks 'travel' and 'voyager'
 * marks 'voyageons'. It only decides what is marked; the database decides what matches.
 */
const TERM_ENDINGS = [
  'ations',
  'ation',
  'ments',
  'ment',
  'ings',
  'ing',
  'ions',
  'ion',
  'ies',
  'ied',
  'ers',
  'er',
  'ed',
  'es',
  'en',
  'ly',
  'ez',
  'ons',
  'e',
  's',
] as const;

/** Shortest stem an ending may leave: shorter stems would mark unrelated words. */
const STEM_MIN_CHARS = 4;

/** A folded term's stem: one ending off, then a doubled last letter ('travell' → 'travel'). */
export function termStem(term: string): string {
  for (const ending of TERM_ENDINGS) {
    if (term.endsWith(ending) && term.length - ending.length >= STEM_MIN_CHARS) {
      const stem = term.slice(0, -ending.length);
      const last = stem.at(-1);
      const isDoubled =
        stem.length > STEM_MIN_CHARS && last === stem.at(-2) && /\p{L}/u.test(last ?? '');
      return isDoubled ? stem.slice(0, -1) : stem;
    }
  }
  return term;
}

/** Whether a word of text is marked for one of the terms: it starts with a term's stem. */
export function isMatchingWord(word: string, stems: readonly string[]): boolean {
  const folded = foldForMatch(word);
  return stems.some((stem) => folded.startsWith(stem));
}

/** A run of text, marked or not; a result's title and excerpt are lists of these. */
export interface HighlightSegment {
  text: string;
  isMatch: boolean;
}

/**
 * Splits `text` into marked and unmarked runs: a whole word is marked when it starts with the
 * stem of one of `terms` (folded, so case and accents do not matter); inside a run of an unspaced
 * script, each place where an unspaced term stands is marked (`unspacedMatches`). Adjacent runs of
 * the same kind are merged; the runs' texts joined give back `text` exactly.
 */
export function highlightSegments(text: string, terms: readonly string[]): HighlightSegment[] {
  const spacedTerms = terms.filter((term) => !isUnspacedRun(term));
  const stems = [...new Set(spacedTerms.map(termStem))].filter((stem) => stem !== '');
  const marks = unspacedMatches(text, terms);
  if (stems.length > 0) {
    for (const match of maskUnspaced(text).matchAll(WORD_PATTERN)) {
      if (!isMatchingWord(match[0], stems)) continue;
      marks.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  marks.sort((a, b) => a.start - b.start);
  const segments: HighlightSegment[] = [];
  const push = (part: string, isMatch: boolean) => {
    if (part === '') return;
    const last = segments.at(-1);
    if (last && last.isMatch === isMatch) last.text += part;
    else segments.push({ text: part, isMatch });
  };
  let position = 0;
  for (const mark of marks) {
    if (mark.start < position) continue;
    push(text.slice(position, mark.start), false);
    push(text.slice(mark.start, mark.end), true);
    position = mark.end;
  }
  push(text.slice(position), false);
  return segments;
}

/** The ellipsis that shows where text was cut. */
const ELLIPSIS = '…';

/**
 * The excerpt of a result (SPEC §9: taken from the first 700 characters of the post's text)
 * with its marked words: whitespace collapsed, at most `SEARCH_EXCERPT_WINDOW` characters, cut
 * at word boundaries, with an ellipsis where text was dropped. When the first marked word starts
 * more than `SEARCH_EXCERPT_LEAD` characters in, the window moves to start at the first word
 * after that many characters before it. Without a marked word it is the start of the text.
 */
export function searchExcerpt(text: string, terms: readonly string[]): HighlightSegment[] {
  const characters = Array.from(text);
  const flat = characters.slice(0, SEARCH_EXCERPT_CHARS).join('').replace(/\s+/gu, ' ').trim();
  const first = firstMatch(highlightSegments(flat, terms));
  let start = 0;
  if (first !== null && first.start > SEARCH_EXCERPT_LEAD) {
    start = wordStartAfter(flat, Math.max(0, first.start - SEARCH_EXCERPT_LEAD), first.start);
  }
  // The text read ends inside a word when the post goes on with a letter: end before that word.
  const isCutMidWord =
    characters.length > SEARCH_EXCERPT_CHARS && /\S/u.test(characters[SEARCH_EXCERPT_CHARS] ?? '');
  const limit = isCutMidWord ? flat.length - 1 : flat.length;
  const end = wordEndBefore(flat, Math.min(start + SEARCH_EXCERPT_WINDOW, limit), start);
  const hasMore = end < flat.length || characters.length > SEARCH_EXCERPT_CHARS;
  let body = flat.slice(start, end).trim();
  if (hasMore) body = body.replace(/[\s.,;:!?\u2014\u2013-]+$/u, '');
  if (body === '') return [];
  const excerpt = `${start > 0 ? ELLIPSIS : ''}${body}${hasMore ? ELLIPSIS : ''}`;
  return highlightSegments(excerpt, terms);
}

/** Where the first marked run starts and ends. */
function firstMatch(segments: HighlightSegment[]): { start: number; end: number } | null {
  let offset = 0;
  for (const segment of segments) {
    if (segment.isMatch) return { start: offset, end: offset + segment.text.length };
    offset += segment.text.length;
  }
  return null;
}

/**
 * The start of the first word that begins in [from, limit]; `limit` when none does. In a run of
 * an unspaced script (Chinese, Japanese, Thai), where no space comes, `from` itself.
 */
function wordStartAfter(text: string, from: number, limit: number): number {
  if (from === 0) return 0;
  const space = text.indexOf(' ', from - 1);
  if (space !== -1 && space + 1 <= limit) return space + 1;
  const at = isLowSurrogate(text.charCodeAt(from)) ? from + 1 : from;
  return isUnspacedChar(String.fromCodePoint(text.codePointAt(at) ?? 0)) ? at : limit;
}

/** Whether a UTF-16 unit is the second half of a surrogate pair. */
function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Where text cut at `to` should end so that no word is halved; never before `from`'s word. */
function wordEndBefore(text: string, to: number, from: number): number {
  if (to >= text.length) return text.length;
  if (text[to] === ' ') return to;
  const space = text.lastIndexOf(' ', to);
  if (space > from) return space;
  // One long run without spaces (Chinese, Japanese, a URL): cut it, but not inside a pair.
  const code = text.charCodeAt(to - 1);
  return code >= 0xd800 && code <= 0xdbff ? to - 1 : to;
}

/** The plain text of some segments. */
export function segmentsText(segments: readonly HighlightSegment[]): string {
  return segments.map((segment) => segment.text).join('');
}

/** The search page's own query parameter for pages past the first: `?page=2`. */
export const SEARCH_PAGE_PARAM = 'page';

/**
 * A page of search results: `searchUrl` (the encoded query as a path segment) and, past the
 * first page, `?page=N`. A query parameter rather than a '/page/N' segment, because the search
 * route has no page segment (SPEC §2: /search(/:query)) and the query itself may be any text.
 */
export function searchPageUrl(base: string, query: string, page = 1): string {
  const url = searchUrl(base, query);
  return Number.isInteger(page) && page > 1 ? `${url}?${SEARCH_PAGE_PARAM}=${page}` : url;
}

/**
 * The query of an older search path (SPEC §2: /search/{lowercased text with # replaced by
 * .hash.}), or null when the decoded segment is of the new shape. The rule: a segment with the
 * '.hash.' token, no '#' and no capital letter is old; anything else is new (the new shape is
 * `encodeURIComponent` of the text as typed, so a '#' in it stays a '#'). An old path without
 * any hashtag reads the same in both shapes and needs no redirect. A new query that contains
 * '.hash.' literally is read as old: the price of keeping old links working.
 */
export function legacySearchQuery(segment: string): string | null {
  if (!segment.includes(LEGACY_HASH_TOKEN)) return null;
  return parseLegacySearchQuery(segment);
}

/** The most a search request may ask for: past it the offset alone would be meaningless. */
export const SEARCH_PAGE_MAX = 10_000;

/** One search result: a post card's essentials plus its marked title and excerpt. */
export interface SearchResultView {
  id: string;
  title: string;
  /** The post's URL under the blog base (SPEC §2: search results link each post to /{slug}). */
  link: string;
  firstPublishedDate: string | null;
  timeToRead: number;
  owner: Pick<MemberSummary, 'siteMemberId' | 'slug' | 'name'> | null;
  mainCategory: Pick<CategoryLink, 'label' | 'link'> | null;
  cover: ImageView | null;
  titleSegments: HighlightSegment[];
  excerptSegments: HighlightSegment[];
}

/** One page of results (SPEC §3 search state: posts), with what the pagination needs. */
export interface SearchResultsView {
  query: string;
  posts: SearchResultView[];
  currentPage: number;
  pageSize: number;
  entityCount: number;
  lastPage: number;
}
