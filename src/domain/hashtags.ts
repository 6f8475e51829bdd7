/**
 * SPEC §5 Hashtag: '#' then letters, digits or underscores (combining marks count as part of
 * the letter they follow, so decomposed 'café' works), not followed by another '#' or '://'.
 * The '#' must start a word: not preceded by a letter, digit, underscore or '&' (so 'a#b' and
 * HTML entities like '&#39;' are not hashtags). The negative look-ahead on word characters
 * stops the engine from backtracking to a shorter word ('#tag#x' must not yield 'ta').
 */
const HASHTAG_PATTERN =
  /(?<![\p{L}\p{M}\p{N}_&])#([\p{L}\p{M}\p{N}_]+)(?![\p{L}\p{M}\p{N}_]|#|:\/\/)/gu;

/** SPEC §5: a hashtag word has at least one letter ('#2024' is not a hashtag). */
const HAS_LETTER = /\p{L}/u;

/** A piece of text split at hashtags; joining every `value` gives back the original text. */
export type TextSegment =
  | { type: 'text'; value: string }
  | {
      type: 'hashtag';
      /** The hashtag as written, with its '#'. */
      value: string;
      /** The hashtag word without '#', for links and look-ups. */
      word: string;
    };

/** The key hashtags are compared by: case-insensitive and independent of Unicode composition. */
export function hashtagKey(word: string): string {
  return word.replace(/^#/, '').normalize('NFC').toLowerCase();
}

/**
 * Splits text into plain-text and hashtag segments so a renderer can link each hashtag.
 * Adjacent text stays in one segment; empty text gives no segments.
 */
export function splitTextByHashtags(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let textStart = 0;
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const word = match[1] ?? '';
    if (!HAS_LETTER.test(word)) continue;
    const start = match.index;
    if (start > textStart) segments.push({ type: 'text', value: text.slice(textStart, start) });
    segments.push({ type: 'hashtag', value: match[0], word });
    textStart = start + match[0].length;
  }
  if (textStart < text.length) segments.push({ type: 'text', value: text.slice(textStart) });
  return segments;
}

/**
 * The hashtags of a text without their '#', in order of first appearance, de-duplicated
 * case-insensitively keeping the first spelling. SPEC §5.
 */
export function extractHashtags(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const segment of splitTextByHashtags(text)) {
    if (segment.type !== 'hashtag') continue;
    const key = hashtagKey(segment.word);
    if (seen.has(key)) continue;
    seen.add(key);
    words.push(segment.word);
  }
  return words;
}
