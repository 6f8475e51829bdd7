import { describe, expect, it } from 'vitest';
import {
  AnalyticsQuerySchema,
  type AnalyticsView,
  addMonths,
  analyticsCsv,
  bucketSeries,
  bucketsOf,
  changeOf,
  csvField,
  dayIn,
  isIsoDate,
  resolvePeriod,
  SITE_METRICS,
  splitByMonths,
  totalsOf,
  weekStart,
} from './analytics';

describe('dates', () => {
  it('knows real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
  });

  it('starts weeks on Monday, across month and year ends', () => {
    expect(weekStart('2026-11-27')).toBe('2026-11-23'); // a Friday
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });

  it('moves months from their first day, whatever their length', () => {
    expect(addMonths('2026-01-01', 1)).toBe('2026-02-01');
    expect(addMonths('2026-03-01', -12)).toBe('2025-03-01');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
  });

  it("gives the date of a moment in the site's time zone", () => {
    const moment = new Date('2026-03-01T05:00:00Z');
    expect(dayIn(moment, 'UTC')).toBe('2026-03-01');
    expect(dayIn(moment, 'Pacific/Pago_Pago')).toBe('2026-02-28');
    expect(dayIn(new Date('2026-03-01T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-02');
    expect(dayIn(moment, 'Not/AZone')).toBe('2026-03-01');
  });
});

describe('resolvePeriod', () => {
  it('ends the last-days ranges today, with the same number of days before them', () => {
    const period = resolvePeriod({ range: '7d' }, '2026-11-27');
    expect(period).toMatchObject({
      from: '2026-11-21',
      to: '2026-11-27',
      previousFrom: '2026-11-14',
      previousTo: '2026-11-20',
      interval: 'day',
    });
    expect(resolvePeriod({}, '2026-11-27')).toMatchObject({ range: '30d', from: '2026-10-29' });
    expect(resolvePeriod({ range: '90d' }, '2026-11-27')).toMatchObject({
      from: '2026-08-30',
      interval: 'week',
    });
  });

  it('takes twelve calendar months with this one, by month, against the twelve before', () => {
    const period = resolvePeriod({ range: '12m' }, '2026-11-27');
    expect(period).toMatchObject({
      from: '2025-12-01',
      to: '2026-11-27',
      previousFrom: '2024-12-01',
      previousTo: '2025-11-30',
      interval: 'month',
    });
  });

  it('takes custom days as given and an interval when chosen', () => {
    const period = resolvePeriod(
      { range: 'custom', from: '2026-01-10', to: '2026-01-19', interval: 'week' },
      '2026-11-27',
    );
    expect(period).toMatchObject({
      from: '2026-01-10',
      to: '2026-01-19',
      previousFrom: '2025-12-31',
      previousTo: '2026-01-09',
      interval: 'week',
    });
  });
});

describe('AnalyticsQuerySchema', () => {
  const fieldsOf = (input: unknown) => {
    const result = AnalyticsQuerySchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
  };

  it('accepts the ranges and a custom range up to two years', () => {
    expect(fieldsOf({ range: '12m', interval: 'week' })).toEqual([]);
    expect(fieldsOf({ range: 'custom', from: '2025-01-01', to: '2026-12-31' })).toEqual([]);
  });

  it('names the field of a bad date, a reversed or too long range, a missing day', () => {
    expect(fieldsOf({ range: 'custom', from: '2026-02-30', to: '2026-03-01' })).toEqual(['from']);
    expect(fieldsOf({ range: 'custom', from: '2026-03-02', to: '2026-03-01' })).toEqual(['to']);
    expect(fieldsOf({ range: 'custom', from: '2024-01-01', to: '2026-01-02' })).toEqual(['to']);
    expect(fieldsOf({ range: 'custom' })).toEqual(['from', 'to']);
    expect(fieldsOf({ range: '30d', to: '2026-01-01' })).toEqual(['to']);
    expect(fieldsOf({ interval: 'year' })).toEqual(['interval']);
  });
});

describe('bucketSeries', () => {
  const rows = [
    { day: '2026-10-31', views: 100 }, // before the period
    { day: '2026-11-01', views: 1 },
    { day: '2026-11-02', views: 2 },
    { day: '2026-11-09', views: 4 },
    { day: '2026-11-30', views: 8 },
    { day: '2026-12-01', views: 16 },
  ];

  it('fills every day, zeros included', () => {
    const series = bucketSeries(rows, { from: '2026-11-01', to: '2026-11-03', interval: 'day' }, [
      'views',
    ]);
    expect(series).toEqual([
      { start: '2026-11-01', end: '2026-11-01', views: 1 },
      { start: '2026-11-02', end: '2026-11-02', views: 2 },
      { start: '2026-11-03', end: '2026-11-03', views: 0 },
    ]);
  });

  it('sums ISO weeks, the first clipped to the period', () => {
    // 1 November 2026 is a Sunday: its week began on Monday 26 October.
    const series = bucketSeries(rows, { from: '2026-11-01', to: '2026-11-15', interval: 'week' }, [
      'views',
    ]);
    expect(series).toEqual([
      { start: '2026-11-01', end: '2026-11-01', views: 1 },
      { start: '2026-11-02', end: '2026-11-08', views: 2 },
      { start: '2026-11-09', end: '2026-11-15', views: 4 },
    ]);
  });

  it('sums calendar months, the last ending with the period', () => {
    const series = bucketSeries(rows, { from: '2026-10-15', to: '2026-12-10', interval: 'month' }, [
      'views',
    ]);
    expect(series).toEqual([
      { start: '2026-10-15', end: '2026-10-31', views: 100 },
      { start: '2026-11-01', end: '2026-11-30', views: 15 },
      { start: '2026-12-01', end: '2026-12-10', views: 16 },
    ]);
    expect(bucketsOf('2024-01-31', '2024-03-01', 'month')).toEqual([
      '2024-01-01',
      '2024-02-01',
      '2024-03-01',
    ]);
  });

  it('totals only the days in range', () => {
    expect(totalsOf(rows, '2026-11-01', '2026-11-30', ['views'])).toEqual({ views: 15 });
  });
});

describe('changeOf and CSV', () => {
  it('gives the change as a fraction, none from nothing', () => {
    expect(changeOf(150, 100)).toBe(0.5);
    expect(changeOf(0, 0)).toBe(0);
    expect(changeOf(5, 0)).toBeNull();
  });

  it('quotes fields that need it and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, "b"')).toBe('"a, ""b"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-3)).toBe('-3');
  });

  it('writes the series, the totals and the top lists', () => {
    const zero = Object.fromEntries(SITE_METRICS.map((m) => [m, 0])) as AnalyticsView['totals'];
    const view: AnalyticsView = {
      period: {
        range: '7d',
        interval: 'day',
        from: '2026-11-21',
        to: '2026-11-21',
        previousFrom: '2026-11-20',
        previousTo: '2026-11-20',
        timeZone: 'UTC',
        language: 'en',
      },
      totals: { ...zero, views: 1234 },
      previous: zero,
      series: [{ start: '2026-11-21', end: '2026-11-21', ...zero, views: 1234 }],
      previousSeries: [],
      topPosts: [
        {
          id: 'p',
          title: 'Hello, world',
          link: '/blog/hello',
          views: 1234,
          likes: 1,
          comments: 0,
          ratings: 0,
        },
      ],
      topCategories: [],
      topAuthors: [],
    };
    const lines = analyticsCsv(view).split('\r\n');
    expect(lines.slice(0, 2)).toEqual([
      'period_start,period_end,views,readers,likes,comments,ratings,members,followers',
      '2026-11-21,2026-11-21,1234,0,0,0,0,0,0',
    ]);
    expect(lines).toContain('current,2026-11-21,2026-11-21,1234,0,0,0,0,0,0');
    expect(lines).toContain('"Hello, world",/blog/hello,1234,1,0,0');
  });
});

describe('splitByMonths', () => {
  const today = '2026-11-27';

  it('reads a range inside one month from its days', () => {
    expect(splitByMonths('2026-11-21', today, today)).toEqual({
      months: null,
      days: [{ from: '2026-11-21', to: today }],
    });
  });

  it('reads this month whole up to today, and the days before it', () => {
    expect(splitByMonths('2026-10-29', today, today)).toEqual({
      months: { from: '2026-11-01', to: '2026-11-01' },
      days: [{ from: '2026-10-29', to: '2026-10-31' }],
    });
  });

  it('reads twelve months from month rows alone', () => {
    expect(splitByMonths('2025-12-01', today, today)).toEqual({
      months: { from: '2025-12-01', to: '2026-11-01' },
      days: [],
    });
  });

  it('reads the days on both sides of whole months in a past range', () => {
    expect(splitByMonths('2026-01-15', '2026-04-10', today)).toEqual({
      months: { from: '2026-02-01', to: '2026-03-01' },
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
    expect(splitByMonths('2024-02-01', '2024-02-29', today)).toEqual({
      months: { from: '2024-02-01', to: '2024-02-01' },
      days: [],
    });
  });
});
