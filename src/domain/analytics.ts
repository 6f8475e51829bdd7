/**
 * Analytics (issue 18 § Analytics; decision 041): the query the screen and
 * `/api/dashboard/analytics` share, its ranges in the site's days (dates in the site's time zone),
 * the previous period it is compared with, the buckets a series is drawn in (day, ISO week from
 * Monday, calendar month), and the views both return. Pure: dates are `YYYY-MM-DD` strings,
 * computed in UTC arithmetic so no machine time zone leaks in.
 */
import { z } from 'zod';

/** The ranges the picker offers; `custom` takes `from` and `to`. */
export const ANALYTICS_RANGES = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** How a series is bucketed. */
export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** The longest custom range, in days (two years: a year compared with the one before it). */
export const ANALYTICS_MAX_DAYS = 731;

/** The numbers a site's day holds, in the order cards, charts, tables and CSV show them. */
export const SITE_METRICS = [
  'views',
  'readers',
  'likes',
  'comments',
  'ratings',
  'members',
  'followers',
] as const;
export type SiteMetric = (typeof SITE_METRICS)[number];

/** The numbers a post's day holds (its readers are its views: a view is once a day per reader). */
export const POST_METRICS = ['views', 'likes', 'comments', 'ratings'] as const;
export type PostMetric = (typeof POST_METRICS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const DateSchema = z.string().refine(isIsoDate, { message: 'Use a date written YYYY-MM-DD.' });

/** `GET /api/dashboard/analytics?range=&from=&to=&interval=` (and the post's and CSV's). */
export const AnalyticsQuerySchema = z
  .strictObject({
    range: z.enum(ANALYTICS_RANGES).optional(),
    from: DateSchema.optional(),
    to: DateSchema.optional(),
    interval: z.enum(ANALYTICS_INTERVALS).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.range !== 'custom') {
      for (const field of ['from', 'to'] as const) {
        if (query[field] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: 'Only a custom range has dates.',
          });
      }
      return;
    }
    if (query.from === undefined)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the first day.' });
    if (query.to === undefined)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose the last day.' });
    if (query.from === undefined || query.to === undefined) return;
    if (!isIsoDate(query.from) || !isIsoDate(query.to)) return;
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first.' });
    } else if (daysBetween(query.from, query.to) + 1 > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A range is at most ${ANALYTICS_MAX_DAYS} days.`,
      });
    }
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** `:id` of a post's analytics. */
export const AnalyticsPostParamsSchema = z.strictObject({ id: z.uuid() });

/** A resolved range: its days, the period before it of the same length, its interval. */
export interface AnalyticsPeriod {
  range: AnalyticsRange;
  interval: AnalyticsInterval;
  /** First and last day, inclusive. */
  from: string;
  to: string;
  /** The same number of days just before `from`. */
  previousFrom: string;
  previousTo: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toTime(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function fromTime(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return fromTime(toTime(day) + days * DAY_MS);
}

/** Whole days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

/** The first day of `day`'s month. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** `month` (a first day) moved by `months`. */
export function addMonths(month: string, months: number): string {
  const date = new Date(toTime(month));
  date.setUTCMonth(date.getUTCMonth() + months, 1);
  return fromTime(date.getTime());
}

/** The Monday starting `day`'s ISO week. */
export function weekStart(day: string): string {
  const weekday = new Date(toTime(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The start of the bucket `day` falls in. */
export function bucketOf(day: string, interval: AnalyticsInterval): string {
  if (interval === 'week') return weekStart(day);
  if (interval === 'month') return monthStart(day);
  return day;
}

/** The date of `moment` in `timeZone` (an IANA name; UTC when the name is unknown). */
export function dayIn(moment: Date, timeZone: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    return fromTime(moment.getTime());
  }
  const parts = Object.fromEntries(format.formatToParts(moment).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The last day of `day`'s month. */
export function monthEnd(day: string): string {
  return addDays(addMonths(monthStart(day), 1), -1);
}

/** Days `from`..`to` (inclusive). */
export interface DaySpan {
  from: string;
  to: string;
}

/**
 * A range split for reading per-post sums: the whole calendar months inside it (read from the
 * month rows) and the days before and after them (read from the day rows). A month counts as
 * whole when the range starts on its first day and reaches its last day, or today when the month
 * is this one (no later day has anything yet).
 */
export function splitByMonths(
  from: string,
  to: string,
  today: string,
): { months: DaySpan | null; days: DaySpan[] } {
  const firstMonth = from === monthStart(from) ? from : addMonths(monthStart(from), 1);
  const lastOfTo = monthEnd(to);
  const reach = lastOfTo < today ? lastOfTo : today;
  const lastMonth = to >= reach ? monthStart(to) : addMonths(monthStart(to), -1);
  if (firstMonth > lastMonth) return { months: null, days: [{ from, to }] };
  const days: DaySpan[] = [];
  if (from < firstMonth) days.push({ from, to: addDays(firstMonth, -1) });
  const afterMonths = addMonths(lastMonth, 1);
  if (afterMonths <= to) days.push({ from: afterMonths, to });
  return { months: { from: firstMonth, to: lastMonth }, days };
}

/** The interval a range is drawn in unless one is chosen. */
export function defaultInterval(range: AnalyticsRange, days: number): AnalyticsInterval {
  if (range === '12m') return 'month';
  if (range === '90d') return 'week';
  if (days > 180) return 'month';
  if (days > 62) return 'week';
  return 'day';
}

/**
 * The days of a query, with `today` the site's current date: the last 7, 30 or 90 days with
 * today, the last 12 calendar months with this one, or the custom days as given.
 */
export function resolvePeriod(query: AnalyticsQuery, today: string): AnalyticsPeriod {
  const range = query.range ?? '30d';
  let from: string;
  let to = today;
  if (range === 'custom' && query.from && query.to) {
    from = query.from;
    to = query.to;
  } else if (range === '12m') {
    from = addMonths(monthStart(today), -11);
  } else {
    const days = range === '7d' ? 7 : range === '90d' ? 90 : 30;
    from = addDays(today, -(days - 1));
  }
  const length = daysBetween(from, to) + 1;
  const interval = query.interval ?? defaultInterval(range, length);
  let previousFrom = addDays(from, -length);
  let previousTo = addDays(from, -1);
  if (range === '12m') {
    // The twelve months before: the same calendar months a year earlier, up to the same day.
    previousFrom = addMonths(from, -12);
    previousTo = addDays(from, -1);
  }
  return { range, interval, from, to, previousFrom, previousTo };
}

/** Every bucket start of a period, in order (the first may start before `from`). */
export function bucketsOf(from: string, to: string, interval: AnalyticsInterval): string[] {
  const buckets: string[] = [];
  let bucket = bucketOf(from, interval);
  while (bucket <= to) {
    buckets.push(bucket);
    bucket =
      interval === 'month' ? addMonths(bucket, 1) : addDays(bucket, interval === 'week' ? 7 : 1);
  }
  return buckets;
}

/** One day's numbers as stored. */
export type DayRow<M extends string> = { day: string } & Record<M, number>;

/** One bucket of a series: its first day (within the period) and last day, and its sums. */
export type SeriesPoint<M extends string> = { start: string; end: string } & Record<M, number>;

/**
 * The days of `rows` summed into the period's buckets; every bucket is present (zeros where
 * nothing happened), clipped to the period, and rows outside it are left out.
 */
export function bucketSeries<M extends string>(
  rows: readonly DayRow<M>[],
  period: { from: string; to: string; interval: AnalyticsInterval },
  metrics: readonly M[],
): SeriesPoint<M>[] {
  const starts = bucketsOf(period.from, period.to, period.interval);
  const points = new Map<string, SeriesPoint<M>>();
  starts.forEach((bucket, index) => {
    const next = starts[index + 1];
    // A week or month that began before the period counts from the period's first day.
    let start = bucket;
    if (start < period.from) start = period.from;
    const end = next === undefined ? period.to : addDays(next, -1);
    const point = { start, end } as SeriesPoint<M>;
    for (const metric of metrics) (point as Record<M, number>)[metric] = 0;
    points.set(bucket, point);
  });
  for (const row of rows) {
    if (row.day < period.from || row.day > period.to) continue;
    const point = points.get(bucketOf(row.day, period.interval));
    if (!point) continue;
    for (const metric of metrics) (point as Record<M, number>)[metric] += Number(row[metric]) || 0;
  }
  return [...points.values()];
}

/** The sums of `rows` within `from`..`to`. */
export function totalsOf<M extends string>(
  rows: readonly DayRow<M>[],
  from: string,
  to: string,
  metrics: readonly M[],
): Record<M, number> {
  const totals = {} as Record<M, number>;
  for (const metric of metrics) totals[metric] = 0;
  for (const row of rows) {
    if (row.day < from || row.day > to) continue;
    for (const metric of metrics) totals[metric] += Number(row[metric]) || 0;
  }
  return totals;
}

/** A period as the views echo it. */
export interface AnalyticsPeriodView {
  range: AnalyticsRange;
  interval: AnalyticsInterval;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** The site's time zone the days are in, and its language for numbers and dates. */
  timeZone: string;
  language: string;
}

/** A top post of a range. */
export interface AnalyticsTopPost {
  id: string;
  title: string;
  link: string;
  views: number;
  likes: number;
  comments: number;
  ratings: number;
}

/** A top category or author of a range: the sums of their posts. */
export interface AnalyticsTopGroup {
  id: string;
  name: string;
  link: string;
  views: number;
  likes: number;
  comments: number;
  posts: number;
}

/** `GET /api/dashboard/analytics`. */
export interface AnalyticsView {
  period: AnalyticsPeriodView;
  totals: Record<SiteMetric, number>;
  previous: Record<SiteMetric, number>;
  series: SeriesPoint<SiteMetric>[];
  /** The previous period in the same buckets, drawn against the series. */
  previousSeries: SeriesPoint<SiteMetric>[];
  topPosts: AnalyticsTopPost[];
  topCategories: AnalyticsTopGroup[];
  topAuthors: AnalyticsTopGroup[];
}

/** `GET /api/dashboard/analytics/posts/:id`. */
export interface PostAnalyticsView {
  period: AnalyticsPeriodView;
  post: {
    id: string;
    title: string;
    link: string;
    /** Every counted view since the post was published (posts.view_count), dated or not. */
    viewCount: number;
    likeCount: number;
    commentCount: number;
  };
  totals: Record<PostMetric, number>;
  previous: Record<PostMetric, number>;
  series: SeriesPoint<PostMetric>[];
  previousSeries: SeriesPoint<PostMetric>[];
}

/** How many top posts, categories and authors a range lists. */
export const ANALYTICS_TOP_SIZE = 10;

/** The analytics screens' reads (load-context.ts `DashboardReads.analytics`). */
export interface DashboardAnalyticsReads {
  /** The site's analytics; refuses as `GET /api/dashboard/analytics` does. */
  site(query: AnalyticsQuery): Promise<AnalyticsView>;
  /** One post's; refuses as `GET /api/dashboard/analytics/posts/:id` does. */
  post(id: string, query: AnalyticsQuery): Promise<PostAnalyticsView>;
}

/** The change from `previous` to `current` as a fraction (null when there was nothing before). */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / previous;
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; formulas defused. */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of CSV fields joined (CRLF, as RFC 4180 writes them). */
export function csvLines(rows: readonly (readonly (string | number)[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * The site's analytics as CSV, what the screen shows: the series by bucket, the totals against
 * the previous period, then the top posts, categories and authors, each block under its header
 * and separated by an empty line. ISO dates, plain numbers.
 */
export function analyticsCsv(view: AnalyticsView): string {
  const rows: (string | number)[][] = [];
  rows.push(['period_start', 'period_end', ...SITE_METRICS]);
  for (const point of view.series)
    rows.push([point.start, point.end, ...SITE_METRICS.map((m) => point[m])]);
  rows.push([]);
  rows.push(['total', 'from', 'to', ...SITE_METRICS]);
  rows.push([
    'current',
    view.period.from,
    view.period.to,
    ...SITE_METRICS.map((m) => view.totals[m]),
  ]);
  rows.push([
    'previous',
    view.period.previousFrom,
    view.period.previousTo,
    ...SITE_METRICS.map((m) => view.previous[m]),
  ]);
  rows.push([]);
  rows.push(['top_post', 'link', 'views', 'likes', 'comments', 'ratings']);
  for (const post of view.topPosts)
    rows.push([post.title, post.link, post.views, post.likes, post.comments, post.ratings]);
  for (const [label, list] of [
    ['top_category', view.topCategories],
    ['top_author', view.topAuthors],
  ] as const) {
    rows.push([]);
    rows.push([label, 'link', 'views', 'likes', 'comments', 'posts']);
    for (const group of list)
      rows.push([group.name, group.link, group.views, group.likes, group.comments, group.posts]);
  }
  return csvLines(rows);
}

/** One post's analytics as CSV: its series and totals against the previous period. */
export function postAnalyticsCsv(view: PostAnalyticsView): string {
  const rows: (string | number)[][] = [];
  rows.push(['post', view.post.title]);
  rows.push(['link', view.post.link]);
  rows.push([]);
  rows.push(['period_start', 'period_end', ...POST_METRICS]);
  for (const point of view.series)
    rows.push([point.start, point.end, ...POST_METRICS.map((m) => point[m])]);
  rows.push([]);
  rows.push(['total', 'from', 'to', ...POST_METRICS]);
  rows.push([
    'current',
    view.period.from,
    view.period.to,
    ...POST_METRICS.map((m) => view.totals[m]),
  ]);
  rows.push([
    'previous',
    view.period.previousFrom,
    view.period.previousTo,
    ...POST_METRICS.map((m) => view.previous[m]),
  ]);
  return csvLines(rows);
}

/** The query as a URL's search (only what differs from the defaults). */
export function analyticsSearch(query: AnalyticsQuery): string {
  const params = new URLSearchParams();
  if (query.range) params.set('range', query.range);
  if (query.range === 'custom') {
    if (query.from) params.set('from', query.from);
    if (query.to) params.set('to', query.to);
  }
  if (query.interval) params.set('interval', query.interval);
  const search = params.toString();
  return search ? `?${search}` : '';
}
