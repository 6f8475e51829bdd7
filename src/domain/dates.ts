const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** SPEC §4: a date less than this old shows as 'few-seconds-ago'. */
export const FEW_SECONDS_AGO_MS = 60 * SECOND_MS;

/** SPEC §4: a date less than this old shows as relative time ('3 hours ago'). */
export const RELATIVE_DATE_MAX_MS = 7 * DAY_MS;

/** SPEC §8: how old an invalid date is taken to be. */
export const INVALID_DATE_AGE_MS = SECOND_MS;

/** Reading speed used for the time to read. */
export const WORDS_PER_MINUTE = 230;

/** SPEC §5 'Archive date valid if real': earliest archive year. */
export const ARCHIVE_MIN_YEAR = 1970;

/** SPEC §5 'Archive date valid if real': latest archive year (four digits in the URL). */
export const ARCHIVE_MAX_YEAR = 9999;

/** Locale used when the given one is not a valid BCP 47 tag. */
export const DEFAULT_LOCALE = 'en';

/** Time zone used when the given one is unknown to Intl. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** How a publish date is shown; 'few-seconds-ago' carries no text, the UI translates the key. */
export type PublishDateKind = 'few-seconds-ago' | 'relative' | 'full' | 'short';

/** A publish date ready to render: its kind, the localized text and the ISO instant. */
export interface PublishDateDisplay {
  kind: PublishDateKind;
  text: string;
  iso: string;
}

/** A value and unit for Intl.RelativeTimeFormat; `value` is negative for the past. */
export interface RelativeTimeParts {
  value: number;
  unit: 'second' | 'minute' | 'hour' | 'day';
}

const FULL_DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
};
const SHORT_DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/** Intl objects and checks by input; bounded, as locales and zones can come from requests. */
const remembered = new Map<string, unknown>();

/**
 * `make()`'s value, computed once per key. A feed page formats a dozen dates per render: building
 * Intl formatters, canonicalising the locale and checking the time zone each time (and keying
 * formatters by JSON.stringify of their options) showed in its profile.
 */
function remember<T>(key: string, make: () => T): T {
  if (remembered.has(key)) return remembered.get(key) as T;
  const value = make();
  if (remembered.size < 4096) remembered.set(key, value);
  return value;
}

/** `name` identifies `options` apart from the locale. */
function dateFormatter(
  locale: string,
  name: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return remember(`d|${locale}|${name}`, () => new Intl.DateTimeFormat(locale, options));
}

function relativeFormatter(locale: string): Intl.RelativeTimeFormat {
  return remember(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
}

/** The locale itself when Intl accepts it, else `DEFAULT_LOCALE`. */
export function resolveLocale(locale: string): string {
  return remember(`l|${locale}`, () => {
    try {
      return Intl.getCanonicalLocales(locale)[0] ?? DEFAULT_LOCALE;
    } catch {
      return DEFAULT_LOCALE;
    }
  });
}

/** Whether Intl knows the IANA time zone (e.g. 'America/New_York'). */
export function isValidTimeZone(timeZone: string): boolean {
  return remember(`z|${timeZone}`, () => {
    try {
      new Intl.DateTimeFormat(DEFAULT_LOCALE, { timeZone });
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * SPEC §4 relative thresholds: under 1 minute in seconds, under 1 hour in minutes, under
 * 1 day in hours, then days. Units are whole (rounded down).
 */
export function relativeTimeParts(elapsedMs: number): RelativeTimeParts {
  const elapsed = Math.max(0, elapsedMs);
  if (elapsed < MINUTE_MS) return { value: -Math.floor(elapsed / SECOND_MS), unit: 'second' };
  if (elapsed < HOUR_MS) return { value: -Math.floor(elapsed / MINUTE_MS), unit: 'minute' };
  if (elapsed < DAY_MS) return { value: -Math.floor(elapsed / HOUR_MS), unit: 'hour' };
  return { value: -Math.floor(elapsed / DAY_MS), unit: 'day' };
}

function toValidDate(value: Date | string): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function yearIn(date: Date, timeZone: string): string {
  // UTC, the default, needs no Intl formatting (three formats per date showed in a feed's profile).
  if (timeZone === DEFAULT_TIME_ZONE) return String(date.getUTCFullYear());
  return dateFormatter(DEFAULT_LOCALE, `year|${timeZone}`, { year: 'numeric', timeZone }).format(
    date,
  );
}

/**
 * How to show a post's publish date (SPEC §4): under 60 s 'few-seconds-ago'; under 7 days
 * relative ('3 hours ago', 'yesterday'); in another calendar year than `now` (in `timeZone`)
 * the full date; otherwise the short date. Future (scheduled) dates are never relative.
 * SPEC §8: invalid input is logged and treated as 1 second old. An unknown locale or time
 * zone falls back to `DEFAULT_LOCALE` / `DEFAULT_TIME_ZONE`.
 */
export function formatPublishDate(
  date: Date | string,
  now: Date,
  locale: string,
  timeZone = DEFAULT_TIME_ZONE,
): PublishDateDisplay {
  let published = toValidDate(date);
  if (!published) {
    console.warn('Invalid publish date, shown as a few seconds old:', date);
    published = new Date(now.getTime() - INVALID_DATE_AGE_MS);
  }
  const iso = published.toISOString();
  const elapsed = now.getTime() - published.getTime();
  const safeLocale = resolveLocale(locale);

  if (elapsed >= 0 && elapsed < FEW_SECONDS_AGO_MS)
    return { kind: 'few-seconds-ago', text: '', iso };
  if (elapsed >= 0 && elapsed < RELATIVE_DATE_MAX_MS) {
    const { value, unit } = relativeTimeParts(elapsed);
    return { kind: 'relative', text: relativeFormatter(safeLocale).format(value, unit), iso };
  }

  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const isOtherYear = yearIn(published, zone) !== yearIn(now, zone);
  const options = isOtherYear ? FULL_DATE_OPTIONS : SHORT_DATE_OPTIONS;
  const text = dateFormatter(safeLocale, `${isOtherYear ? 'full' : 'short'}|${zone}`, {
    ...options,
    timeZone: zone,
  }).format(published);
  return { kind: isOtherYear ? 'full' : 'short', text, iso };
}

/** SPEC §5 'Archive date valid if real': an integer year 1970–9999 and month 1–12. */
export function isRealArchiveDate(year: number, month: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    year >= ARCHIVE_MIN_YEAR &&
    year <= ARCHIVE_MAX_YEAR &&
    month >= 1 &&
    month <= 12
  );
}

/**
 * Reads the archive route's `:year` and `:month` (4 digits, 1–2 digits, '03' or '3');
 * null when they are not digits or not a real archive date.
 */
export function parseArchiveDate(
  rawYear: string,
  rawMonth: string,
): { year: number; month: number } | null {
  if (!/^\d{4}$/.test(rawYear) || !/^\d{1,2}$/.test(rawMonth)) return null;
  const year = Number(rawYear);
  const month = Number(rawMonth);
  return isRealArchiveDate(year, month) ? { year, month } : null;
}

/** The UTC instant of midnight on the first day of a month (proleptic, any year). */
function utcMonthStart(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, 1);
  return date.getTime();
}

/** Offset of `timeZone` from UTC at an instant, in ms (local wall time minus UTC). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = dateFormatter('en-US', `parts|${timeZone}`, {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = new Date(0);
  wall.setUTCFullYear(part('year'), part('month') - 1, part('day'));
  wall.setUTCHours(part('hour'), part('minute'), part('second'));
  return wall.getTime() - Math.floor(instant / SECOND_MS) * SECOND_MS;
}

/** The instant the wall clock of `timeZone` shows midnight on the first day of the month. */
function zonedMonthStart(year: number, month: number, timeZone: string): Date {
  const wallAsUtc = utcMonthStart(year, month);
  // Second pass: the offset at the first guess may differ across a DST change.
  const guess = wallAsUtc - zoneOffsetMs(wallAsUtc, timeZone);
  return new Date(wallAsUtc - zoneOffsetMs(guess, timeZone));
}

/**
 * The instants a monthly archive covers in `timeZone` (SPEC §7 archive posts by year, month,
 * timeZone): `start` inclusive, `end` exclusive. Throws a RangeError for a month that is not a
 * real archive date or an unknown time zone.
 */
export function monthRange(
  year: number,
  month: number,
  timeZone = DEFAULT_TIME_ZONE,
): { start: Date; end: Date } {
  if (!isRealArchiveDate(year, month)) {
    throw new RangeError(`Not a real archive month: ${year}-${month}`);
  }
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return {
    start: zonedMonthStart(year, month, timeZone),
    end: zonedMonthStart(nextYear, nextMonth, timeZone),
  };
}

/** A calendar day: year, month 1–12, day 1–31. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/**
 * The calendar day an instant falls on in `timeZone` (an unknown zone counts as UTC); null for an
 * invalid date. Issue 19: a dated post address uses the day in the SITE's zone, not the server's.
 */
export function calendarDayIn(value: Date | string, timeZone: string): CalendarDay | null {
  const date = toValidDate(value);
  if (!date) return null;
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  // UTC needs no Intl formatting (the feed formats a dozen of these per render).
  const shifted =
    zone === DEFAULT_TIME_ZONE
      ? date
      : new Date(date.getTime() + zoneOffsetMs(date.getTime(), zone));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** The archive header for a month, e.g. 'November 2026' in English. */
export function monthName(year: number, month: number, locale: string): string {
  const formatter = dateFormatter(resolveLocale(locale), 'month-name', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return formatter.format(utcMonthStart(year, month));
}

/** Minutes to read a text of `wordCount` words at 230 words per minute, at least 1. */
export function timeToReadMinutes(wordCount: number): number {
  if (!Number.isFinite(wordCount) || wordCount <= 0) return 1;
  return Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE));
}
