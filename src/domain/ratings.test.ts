import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampRating, formatRating, starsOf } from './ratings';

describe('clampRating', () => {
  it('keeps ratings within 0–5 with one decimal (SPEC §5, §9)', () => {
    expect(clampRating(-1)).toBe(0);
    expect(clampRating(7)).toBe(5);
    expect(clampRating(3.16)).toBe(3.2);
    expect(clampRating(Number.NaN)).toBe(0);
  });
});

describe('starsOf', () => {
  it('fills whole stars and decides the next by the remainder (SPEC §5)', () => {
    expect(starsOf(3)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starsOf(3.2)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starsOf(3.25)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starsOf(3.7)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starsOf(3.8)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starsOf(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starsOf(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starsOf(9)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('always gives five stars, full ones first, never more than the rating rounds to', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), (value) => {
        const stars = starsOf(value);
        expect(stars).toHaveLength(5);
        const order = stars.map((s) => ({ full: 2, half: 1, empty: 0 })[s]);
        expect([...order].sort((a, b) => b - a)).toEqual(order);
        const shown = stars.reduce(
          (sum, s) => sum + (s === 'full' ? 1 : s === 'half' ? 0.5 : 0),
          0,
        );
        expect(Math.abs(shown - clampRating(value))).toBeLessThanOrEqual(0.25 + 1e-9);
      }),
    );
  });
});

describe('formatRating', () => {
  it('writes each SPEC §9 format', () => {
    expect(formatRating('value-count', 4.26, 12)).toBe('4.3 | 12');
    expect(formatRating('value-parens', 4, 3)).toBe('4.0 (3)');
    expect(formatRating('count', 4, 3)).toBe('(3)');
    expect(formatRating('value-of-five', 2.5, 1)).toBe('2.5 / 5 (1)');
  });

  it('gives nothing when nobody rated, for the no-ratings label', () => {
    expect(formatRating('value-count', 0, 0)).toBeNull();
  });
});
