import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calendarDayIn,
  formatPublishDate,
  isRealArchiveDate,
  isValidTimeZone,
  monthName,
  monthRange,
  parseArchiveDate,
  relativeTimeParts,
  resolveLocale,
  timeToReadMinutes,
} from './dates';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ago = (ms: number) => new Date(NOW.getTime() - ms);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('formatPublishDate', () => {
  it('shows few-seconds-ago under 60 seconds, without text', () => {
    expect(formatPublishDate(ago(0), NOW, 'en')).toEqual({
      kind: 'few-seconds-ago',
      text: '',
      iso: NOW.toISOString(),
    });
    expect(formatPublishDate(ago(59 * SECOND), NOW, 'en').kind).toBe('few-seconds-ago');
  });

  it.each([
    [MINUTE, '1 minute ago'],
    [59 * MINUTE + 59 * SECOND, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [3 * HOUR + 20 * MINUTE, '3 hours ago'],
    [DAY, 'yesterday'],
    [2 * DAY + 5 * HOUR, '2 days ago'],
    [7 * DAY - SECOND, '6 days ago'],
  ])('shows %i ms ago as relative %j', (elapsed, text) => {
    expect(formatPublishDate(ago(elapsed), NOW, 'en')).toEqual({
      kind: 'relative',
      text,
      iso: ago(elapsed).toISOString(),
    });
  });

  it('localizes relative text', () => {
    expect(formatPublishDate(ago(3 * HOUR), NOW, 'fr').text).toBe('il y a 3 heures');
  });

  it('shows a short date from 7 days on within the same year', () => {
    expect(formatPublishDate(ago(7 * DAY), NOW, 'en')).toEqual({
      kind: 'short',
      text: 'Jun 8',
      iso: '2026-06-08T12:00:00.000Z',
    });
    expect(formatPublishDate('2026-01-02T00:00:00Z', NOW, 'en').text).toBe('Jan 2');
  });

  it('shows the full date for another year', () => {
    expect(formatPublishDate('2025-12-31T10:00:00Z', NOW, 'en')).toEqual({
      kind: 'full',
      text: 'December 31, 2025',
      iso: '2025-12-31T10:00:00.000Z',
    });
    expect(formatPublishDate('2025-12-31T10:00:00Z', NOW, 'de').text).toBe('31. Dezember 2025');
  });

  it('compares years in the given time zone', () => {
    const now = new Date('2026-01-01T03:00:00Z');
    const date = '2025-12-20T12:00:00Z';
    expect(formatPublishDate(date, now, 'en').kind).toBe('full');
    expect(formatPublishDate(date, now, 'en', 'America/New_York')).toMatchObject({
      kind: 'short',
      text: 'Dec 20',
    });
  });

  it('formats the day in the given time zone', () => {
    const date = '2026-03-01T02:00:00Z';
    expect(formatPublishDate(date, NOW, 'en').text).toBe('Mar 1');
    expect(formatPublishDate(date, NOW, 'en', 'America/New_York').text).toBe('Feb 28');
  });

  it('never shows a future (scheduled) date as relative', () => {
    expect(formatPublishDate(ago(-30 * SECOND), NOW, 'en')).toMatchObject({
      kind: 'short',
      text: 'Jun 15',
    });
    expect(formatPublishDate(ago(-3 * DAY), NOW, 'en').kind).toBe('short');
    expect(formatPublishDate('2027-02-01T00:00:00Z', NOW, 'en')).toMatchObject({
      kind: 'full',
      text: 'February 1, 2027',
    });
  });

  it('logs invalid input and treats it as 1 second old (SPEC §8)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(formatPublishDate('not a date', NOW, 'en')).toEqual({
      kind: 'few-seconds-ago',
      text: '',
      iso: ago(SECOND).toISOString(),
    });
    expect(formatPublishDate(new Date(Number.NaN), NOW, 'en').kind).toBe('few-seconds-ago');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('falls back to English and UTC for an unknown locale or time zone', () => {
    expect(formatPublishDate(ago(2 * HOUR), NOW, 'not_a_locale!').text).toBe('2 hours ago');
    expect(formatPublishDate('2025-05-05T12:00:00Z', NOW, 'en', 'Mars/Olympus').text).toBe(
      'May 5, 2025',
    );
  });
});

describe('relativeTimeParts', () => {
  it('picks the unit by SPEC §4 thresholds', () => {
    expect(relativeTimeParts(30 * SECOND)).toEqual({ value: -30, unit: 'second' });
    expect(relativeTimeParts(90 * SECOND)).toEqual({ value: -1, unit: 'minute' });
    expect(relativeTimeParts(HOUR)).toEqual({ value: -1, unit: 'hour' });
    expect(relativeTimeParts(23 * HOUR + 59 * MINUTE)).toEqual({ value: -23, unit: 'hour' });
    expect(relativeTimeParts(10 * DAY)).toEqual({ value: -10, unit: 'day' });
  });
});

describe('resolveLocale and isValidTimeZone', () => {
  it('accepts valid values and rejects others', () => {
    expect(resolveLocale('pt-BR')).toBe('pt-BR');
    expect(resolveLocale('')).toBe('en');
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Nowhere/Else')).toBe(false);
  });
});

describe('isRealArchiveDate', () => {
  it('accepts months 1–12 of years 1970–9999', () => {
    expect(isRealArchiveDate(2026, 11)).toBe(true);
    expect(isRealArchiveDate(1970, 1)).toBe(true);
    expect(isRealArchiveDate(9999, 12)).toBe(true);
  });

  it.each([
    [2026, 0],
    [2026, 13],
    [1969, 5],
    [10000, 1],
    [2026.5, 1],
    [2026, 1.5],
    [Number.NaN, 1],
  ])('rejects %d-%d', (year, month) => {
    expect(isRealArchiveDate(year, month)).toBe(false);
  });
});

describe('parseArchiveDate', () => {
  it('reads padded and unpadded months', () => {
    expect(parseArchiveDate('2026', '03')).toEqual({ year: 2026, month: 3 });
    expect(parseArchiveDate('2026', '3')).toEqual({ year: 2026, month: 3 });
  });

  it('rejects other shapes and unreal dates', () => {
    expect(parseArchiveDate('26', '3')).toBeNull();
    expect(parseArchiveDate('2026', '003')).toBeNull();
    expect(parseArchiveDate('2026', '13')).toBeNull();
    expect(parseArchiveDate('1969', '12')).toBeNull();
    expect(parseArchiveDate('2026', 'x')).toBeNull();
  });
});

describe('monthRange', () => {
  it('covers a month in UTC', () => {
    expect(monthRange(2026, 11)).toEqual({
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
    });
    expect(monthRange(2026, 12, 'UTC')).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it('follows the offsets of America/New_York, DST included', () => {
    // DST ends on 1 November 2026 at 02:00, after midnight: the month starts in EDT.
    expect(monthRange(2026, 11, 'America/New_York')).toEqual({
      start: new Date('2026-11-01T04:00:00Z'),
      end: new Date('2026-12-01T05:00:00Z'),
    });
    expect(monthRange(2026, 3, 'America/New_York')).toEqual({
      start: new Date('2026-03-01T05:00:00Z'),
      end: new Date('2026-04-01T04:00:00Z'),
    });
  });

  it('handles zones ahead of UTC and half-hour offsets', () => {
    expect(monthRange(2026, 1, 'Asia/Kolkata').start).toEqual(new Date('2025-12-31T18:30:00Z'));
  });

  it('rejects unreal months and unknown zones', () => {
    expect(() => monthRange(2026, 13)).toThrow(RangeError);
    expect(() => monthRange(2026, 1, 'Nowhere/Else')).toThrow(RangeError);
  });

  // The start is the first instant whose local date is the 1st: local midnight, unless the zone
  // skipped midnight that day (Lord Howe moved from +10:00 to +10:30 at 00:00 on 1 March 1981, so
  // that month starts at 00:30).
  it('starts at the first instant of the 1st and ends where the next month starts', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Europe/London',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(...zones),
        (year, month, zone) => {
          const { start, end } = monthRange(year, month, zone);
          const wall = new Intl.DateTimeFormat('en-US', {
            timeZone: zone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
          });
          expect(wall.format(start)).toMatch(new RegExp(`^${month}/1/${year}, 00:`));
          const before = wall.format(new Date(start.getTime() - 1));
          const previousMonth = month === 1 ? 12 : month - 1;
          expect(before.startsWith(`${previousMonth}/`)).toBe(true);
          const next =
            month === 12 ? monthRange(year + 1, 1, zone) : monthRange(year, month + 1, zone);
          expect(end).toEqual(next.start);
          expect(end.getTime()).toBeGreaterThan(start.getTime());
        },
      ),
    );
  });

  it('starts Lord Howe’s March 1981 at 00:30, the first local time that existed', () => {
    const { start } = monthRange(1981, 3, 'Australia/Lord_Howe');
    expect(start.toISOString()).toBe('1981-02-28T14:00:00.000Z');
  });
});

describe('monthName', () => {
  it('names the month and year', () => {
    expect(monthName(2026, 11, 'en')).toBe('November 2026');
    expect(monthName(2026, 1, 'es')).toBe('enero de 2026');
    expect(monthName(2026, 1, '')).toBe('January 2026');
  });
});

describe('timeToReadMinutes', () => {
  it('reads 230 words a minute, at least 1 minute', () => {
    expect(timeToReadMinutes(0)).toBe(1);
    expect(timeToReadMinutes(230)).toBe(1);
    expect(timeToReadMinutes(231)).toBe(2);
    expect(timeToReadMinutes(2300)).toBe(10);
    expect(timeToReadMinutes(-4)).toBe(1);
    expect(timeToReadMinutes(Number.NaN)).toBe(1);
  });
});

describe('calendarDayIn', () => {
  it('gives the day in the time zone, across the date line and DST', () => {
    const instant = '2026-03-01T02:00:00Z';
    expect(calendarDayIn(instant, 'UTC')).toEqual({ year: 2026, month: 3, day: 1 });
    expect(calendarDayIn(instant, 'America/New_York')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(calendarDayIn(new Date('2026-12-31T11:30:00Z'), 'Pacific/Kiritimati')).toEqual({
      year: 2027,
      month: 1,
      day: 1,
    });
    // New York's spring-forward day (8 March 2026), late evening.
    expect(calendarDayIn('2026-03-09T03:30:00Z', 'America/New_York')).toEqual({
      year: 2026,
      month: 3,
      day: 8,
    });
  });

  it('treats an unknown zone as UTC and an invalid date as none', () => {
    expect(calendarDayIn('2026-03-01T02:00:00Z', 'Mars/Base')).toEqual({
      year: 2026,
      month: 3,
      day: 1,
    });
    expect(calendarDayIn('not a date', 'UTC')).toBeNull();
  });

  it('agrees with Intl for any instant and zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom('UTC', 'Europe/Paris', 'America/Los_Angeles', 'Australia/Lord_Howe'),
        (date, timeZone) => {
          const parts = new Intl.DateTimeFormat('en-US', {
            timeZone,
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
          }).formatToParts(date);
          const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
          expect(calendarDayIn(date, timeZone)).toEqual({
            year: part('year'),
            month: part('month'),
            day: part('day'),
          });
        },
      ),
    );
  });
});
