/**
 * The pseudo-locale (issue 22): English made about 40% longer, with accented letters and
 * brackets, so truncation, hard-coded strings and clipped accents show before real languages do.
 * Placeholders (`{{name}}`, `$t(key)`), HTML tags and entities pass through untouched; plural keys
 * stay English's (the pseudo-locale uses English's plural rules).
 */
import type { Messages } from './check';

/** The pseudo-locale's language tag (CLDR's pseudo-locale for accented English). */
export const PSEUDO_LANGUAGE = 'en-XA';
/** How much longer a pseudo string is than its English text. */
export const PSEUDO_GROWTH = 0.4;

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
/** Words added to reach the length: accented, so that they read as padding. */
const FILLER = 'ļöñĝ ŵöŕð ţéẋţ ƥáðð ';

/** Parts of a string that must survive as they are: placeholders, nestings, tags, entities. */
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^<>]*>|&[#a-zA-Z0-9]+;)/;

/** One English string in the pseudo-locale. */
export function pseudoString(english: string): string {
  const parts = english.split(KEPT);
  let visible = 0;
  const out = parts.map((part, index) => {
    // split() with a capture group puts the kept parts at odd indexes.
    if (index % 2 === 1) return part;
    visible += [...part].length;
    return part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
  });
  if (visible === 0) return english;
  // The brackets and the space before the filler count towards the 40%.
  const extra = Math.ceil(visible * (1 + PSEUDO_GROWTH)) - visible - 3;
  if (extra <= 0) return `[${out.join('')}]`;
  let filler = '';
  while ([...filler].length < extra) filler += FILLER;
  const chars = [...filler].slice(0, extra);
  if (chars[chars.length - 1] === ' ') chars[chars.length - 1] = 'ļ';
  return `[${out.join('')} ${chars.join('')}]`;
}

/** A whole locale file in the pseudo-locale, keys unchanged. */
export function pseudoMessages(messages: Messages): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(messages))
    out[key] = typeof value === 'string' ? pseudoString(value) : pseudoMessages(value);
  return out;
}
