/**
 * fast-check arbitraries for boundary text (issue 15; decision 027): normal text of every script
 * and text carrying what PostgreSQL cannot store. Tests only.
 */
import fc from 'fast-check';

/** Well-formed text of any script, emoji included (surrogate pairs), without U+0000. */
export const normalText = fc
  .string({ unit: 'grapheme', maxLength: 12 })
  .filter((text) => !text.includes('\u0000'));

/** What PostgreSQL cannot store or UTF-8 carry: U+0000, or a surrogate without its pair. */
export const unsafeCharacter = fc.oneof(
  fc.constant('\u0000'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
);

/** Normal text with one unsafe character somewhere in it. */
export const unsafeText = fc
  .tuple(normalText, unsafeCharacter, normalText)
  .map(([before, bad, after]) => before + bad + after);
