/**
 * Post ratings as shown (SPEC §5: clamped 0–5; a star is full, half or empty by the remainder;
 * SPEC §9: one decimal, four formats, a no-ratings label at zero).
 */
import type { RATING_FORMATS } from './settings';

/** SPEC §9: the rating scale. */
export const RATING_MAX = 5;

export type RatingFormat = (typeof RATING_FORMATS)[number];
export type Star = 'full' | 'half' | 'empty';

/** SPEC §5: a rating clamped to 0–5, exact (the stars are chosen from it). */
function withinScale(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(RATING_MAX, Math.max(0, value));
}

/** SPEC §5: a rating clamped to 0–5 and rounded to one decimal, as the text shows it (SPEC §9). */
export function clampRating(value: number): number {
  return Math.round(withinScale(value) * 10) / 10;
}

/**
 * The five stars of a rating (SPEC §5): the whole part is full stars; the next star is empty when
 * the remainder is under 0.25, half from 0.25 to 0.75, and full above. Chosen from the exact
 * value: rounding to one decimal first would turn 3.75 (ratings 3, 4, 4, 4) into 3.8, a full star.
 */
export function starsOf(value: number): Star[] {
  const rating = withinScale(value);
  const whole = Math.floor(rating);
  const remainder = rating - whole;
  return Array.from({ length: RATING_MAX }, (_, i): Star => {
    if (i < whole) return 'full';
    if (i > whole) return 'empty';
    if (remainder < 0.25) return 'empty';
    return remainder <= 0.75 ? 'half' : 'full';
  });
}

const ratingNumbers = new Map<string, { value: Intl.NumberFormat; count: Intl.NumberFormat }>();

/** The language's way of writing a rating (one decimal: 4.5, 4,5, ٤٫٥) and a count (1,234). */
function ratingNumbersOf(language: string) {
  let formats = ratingNumbers.get(language);
  if (!formats) {
    const make = (locale: string) => ({
      value: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      count: new Intl.NumberFormat(locale),
    });
    try {
      formats = make(language);
    } catch {
      formats = make('en');
    }
    ratingNumbers.set(language, formats);
  }
  return formats;
}

/**
 * The rating's text in a format (SPEC §9: 'x.x | count', 'x.x (n)', '(n)', 'x.x / 5 (n)'), its
 * numbers written the way `language` writes them (issue 22); null when nobody rated yet, which
 * shows the no-ratings label instead.
 */
export function formatRating(
  format: RatingFormat,
  average: number,
  count: number,
  language = 'en',
): string | null {
  if (count <= 0) return null;
  const numbers = ratingNumbersOf(language);
  const value = numbers.value.format(clampRating(average));
  const total = numbers.count.format(count);
  switch (format) {
    case 'value-count':
      return `${value} | ${total}`;
    case 'value-parens':
      return `${value} (${total})`;
    case 'count':
      return `(${total})`;
    case 'value-of-five':
      return `${value} / ${numbers.count.format(RATING_MAX)} (${total})`;
  }
}

/**
 * A member's own rating as stored (SPEC §5: clamped to 0–5): whole stars, since a reader picks a
 * star, so a value between two stars goes to the nearer one.
 */
export function memberRatingOf(value: number): number {
  return Math.round(clampRating(value));
}

/** A post's ratings as stored: the sum of the members' ratings and how many rated. */
export interface RatingTotals {
  sum: number;
  count: number;
}

/**
 * The exact average of a post's ratings, clamped to 0–5; 0 when nobody rated. Exact because the
 * stars are chosen from it (SPEC §5); the text rounds it to one decimal (`formatRating`, SPEC §9).
 */
export function averageRating({ sum, count }: RatingTotals): number {
  return count <= 0 ? 0 : withinScale(sum / count);
}

/** A post's ratings as readers see them (SPEC §5): the exact average and how many rated. */
export interface RatingsView {
  averageRating: number;
  totalRatings: number;
}

/** The ratings view of a post's stored totals: the one place the pair is made. */
export function ratingsView(totals: RatingTotals): RatingsView {
  return { averageRating: averageRating(totals), totalRatings: totals.count };
}

/**
 * The totals after a member rates `next`, where `previous` is their earlier rating or null: a
 * second rating replaces the first, so it changes the sum but not the count.
 */
export function totalsAfterRating(
  totals: RatingTotals,
  previous: number | null,
  next: number,
): RatingTotals {
  if (previous === null) return { sum: totals.sum + next, count: totals.count + 1 };
  return { sum: totals.sum - previous + next, count: totals.count };
}
