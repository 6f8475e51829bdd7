import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageRating,
  clampRating,
  formatRating,
  memberRatingOf,
  ratingsView,
  starsOf,
  totalsAfterRating,
} from './ratings';

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

  it('takes the exact average: 3.75 (ratings 3, 4, 4, 4) is a half star, not 3.8’s full one', () => {
    expect(starsOf(3.75)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starsOf(averageRating({ sum: 15, count: 4 }))).toEqual([
      'full',
      'full',
      'full',
      'half',
      'empty',
    ]);
    // Just under a quarter stays empty, even where one decimal would round it up to x.3.
    expect(starsOf(2.249)).toEqual(['full', 'full', 'empty', 'empty', 'empty']);
    expect(starsOf(4.76)).toEqual(['full', 'full', 'full', 'full', 'full']);
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
        expect(Math.abs(shown - Math.min(5, Math.max(0, value)))).toBeLessThanOrEqual(0.25 + 1e-9);
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

  it('writes the numbers the way the language does (issue 22)', () => {
    expect(formatRating('value-count', 4.26, 1234, 'de')).toBe('4,3 | 1.234');
    expect(formatRating('value-of-five', 2.5, 3, 'fr')).toBe('2,5 / 5 (3)');
    expect(formatRating('value-parens', 4, 3, 'ja')).toBe('4.0 (3)');
    expect(formatRating('count', 4, 3, 'not a language')).toBe('(3)');
  });
});

describe('memberRatingOf', () => {
  it('clamps a member’s rating to 0–5 and takes the nearer whole star (SPEC §5)', () => {
    expect(memberRatingOf(4)).toBe(4);
    expect(memberRatingOf(9)).toBe(5);
    expect(memberRatingOf(-2)).toBe(0);
    expect(memberRatingOf(3.4)).toBe(3);
    expect(memberRatingOf(3.5)).toBe(4);
  });
});

describe('averageRating', () => {
  it('is the exact mean, 0 when nobody rated; the text rounds it to one decimal (SPEC §9)', () => {
    expect(averageRating({ sum: 0, count: 0 })).toBe(0);
    expect(averageRating({ sum: 9, count: 2 })).toBe(4.5);
    expect(averageRating({ sum: 15, count: 4 })).toBe(3.75);
    expect(averageRating({ sum: 10, count: 3 })).toBeCloseTo(10 / 3, 12);
    expect(formatRating('value-count', averageRating({ sum: 15, count: 4 }), 4)).toBe('3.8 | 4');
    expect(formatRating('value-count', averageRating({ sum: 5, count: 3 }), 3)).toBe('1.7 | 3');
  });
});

describe('totalsAfterRating', () => {
  it('adds a first rating and replaces a second one (one rating per member)', () => {
    const first = totalsAfterRating({ sum: 8, count: 2 }, null, 5);
    expect(first).toEqual({ sum: 13, count: 3 });
    expect(totalsAfterRating(first, 5, 2)).toEqual({ sum: 10, count: 3 });
  });

  it('keeps the totals equal to the sum and count of the members’ latest ratings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 5 }))),
        (events) => {
          const latest = new Map<number, number>();
          let totals = { sum: 0, count: 0 };
          for (const [member, value] of events) {
            totals = totalsAfterRating(totals, latest.get(member) ?? null, value);
            latest.set(member, value);
          }
          const values = [...latest.values()];
          expect(totals).toEqual({ sum: values.reduce((a, b) => a + b, 0), count: values.length });
        },
      ),
    );
  });
});

describe('ratingsView', () => {
  it('pairs the exact average with how many rated (SPEC §5)', () => {
    expect(ratingsView({ sum: 15, count: 4 })).toEqual({ averageRating: 3.75, totalRatings: 4 });
    expect(ratingsView({ sum: 0, count: 0 })).toEqual({ averageRating: 0, totalRatings: 0 });
  });
});
