import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalText, unsafeText } from './testing/text-arbitraries';
import { findUnsafeText, isSafeText, safeJson, safeText } from './text-input';

describe('safeText', () => {
  it('accepts any well-formed text without U+0000', () => {
    fc.assert(
      fc.property(normalText, (text) => {
        expect(isSafeText(text)).toBe(true);
        expect(safeText().safeParse(text).success).toBe(true);
      }),
    );
  });

  it('refuses U+0000 and lone surrogates anywhere, mixed with normal text', () => {
    fc.assert(
      fc.property(unsafeText, (text) => {
        expect(isSafeText(text)).toBe(false);
        const result = safeText().safeParse(text);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toMatch(/U\+0000/);
      }),
    );
  });

  it('keeps surrogate pairs and the characters around the refused ones', () => {
    expect(isSafeText('😀 a\u00e9b \u{10ffff}')).toBe(true);
    expect(isSafeText('\ud83d')).toBe(false);
    expect(isSafeText('\ude00x')).toBe(false);
    expect(isSafeText('a\u0000')).toBe(false);
    // U+0001 and other controls are storable; the fields' own rules decide about them.
    expect(isSafeText('a\u0001b')).toBe(true);
  });

  it('runs before the rules chained after it', () => {
    const schema = safeText().trim().max(5);
    expect(schema.parse('  abc  ')).toBe('abc');
    expect(schema.safeParse('a\u0000').success).toBe(false);
  });
});

describe('findUnsafeText and safeJson', () => {
  it('finds nothing in JSON values of normal text', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'grapheme', maxDepth: 4 }), (value) => {
        // Printable graphemes of every script: no U+0000, no lone surrogate.
        expect(findUnsafeText(value)).toBeNull();
        expect(safeJson().safeParse(value).success).toBe(true);
      }),
    );
  });

  it('finds an unsafe string or key at any depth, with its path', () => {
    const values = fc.tuple(
      fc.array(
        fc.oneof(fc.string(), fc.constantFrom('nodes', 'text')).filter((key) => key !== 'other'),
        { maxLength: 5 },
      ),
      unsafeText,
      fc.boolean(),
    );
    fc.assert(
      fc.property(values, ([keys, bad, isKey]) => {
        // Nest the bad text under the keys (as object members), as a value or as the last key.
        let value: unknown = isKey ? { [bad]: 1 } : bad;
        for (const key of [...keys].reverse()) value = { [key]: value, other: 'fine' };
        const expected = isKey ? [...keys, bad] : keys;
        expect(findUnsafeText(value)).toEqual(expected);
        const result = safeJson().safeParse(value);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.path).toEqual(expected);
      }),
    );
  });

  it('walks arrays by index and survives deep nesting without recursion', () => {
    expect(findUnsafeText({ nodes: ['a', { text: 'b\u0000' }] })).toEqual(['nodes', 1, 'text']);
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(50_000);
  });
});
