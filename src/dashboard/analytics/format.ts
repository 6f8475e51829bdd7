/**
 * Numbers and dates of the analytics screens in the site's language (Intl), dates being the
 * site's days (`YYYY-MM-DD`, formatted as UTC so server and browser render alike). A language
 * Intl does not know falls back to English.
 */
import type { AnalyticsInterval } from '../../domain/analytics';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: (language: string) => T,
  language: string,
): T {
  const id = `${key}|${language}`;
  let format = cache.get(id) as T | undefined;
  if (!format) {
    try {
      format = make(language);
    } catch {
      format = make('en');
    }
    cache.set(id, format);
  }
  return format;
}

/** A count: 12,345 in English, 12 345 in French. */
export function formatCount(value: number, language: string): string {
  return cached('count', (l) => new Intl.NumberFormat(l), language).format(value);
}

/** A count on a chart's axis: 12K. */
export function formatCompact(value: number, language: string): string {
  return cached(
    'compact',
    (l) => new Intl.NumberFormat(l, { notation: 'compact', maximumFractionDigits: 1 }),
    language,
  ).format(value);
}

/** A change as a percentage without its sign (the words say up or down). */
export function formatChange(fraction: number, language: string): string {
  return cached(
    'percent',
    (l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 1 }),
    language,
  ).format(Math.abs(fraction));
}

function utc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** A day in full: 27 Nov 2026. */
export function formatDay(day: string, language: string): string {
  return cached(
    'day',
    (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }),
    language,
  ).format(utc(day));
}

/** A bucket's short label on a chart's axis: "27 Nov" for days and weeks, "Nov 2026" for months. */
export function formatBucket(day: string, interval: AnalyticsInterval, language: string): string {
  if (interval === 'month') {
    return cached(
      'month',
      (l) => new Intl.DateTimeFormat(l, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
      language,
    ).format(utc(day));
  }
  return cached(
    'short',
    (l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    language,
  ).format(utc(day));
}

/** A bucket in a table: the day, or the first and last day of a week or month. */
export function formatBucketSpan(start: string, end: string, language: string): string {
  if (start === end) return formatDay(start, language);
  return cached(
    'range',
    (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }),
    language,
  ).formatRange(utc(start), utc(end));
}
