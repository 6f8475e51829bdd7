/**
 * WordPress dates: `YYYY-MM-DD HH:MM:SS` without a zone. The `_gmt` twin is UTC; WordPress writes
 * `0000-00-00 00:00:00` there for a draft never published, and the local date is read as UTC
 * then (the site's time zone is not in the file).
 */

const WP_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** A WordPress date as a UTC Date, or null for an empty or zero date. */
export function parseWpDate(value: string): Date | null {
  const match = WP_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[];
  if (!year || !month || !day) return null;
  const time = Date.UTC(year, month - 1, day, hour ?? 0, minute ?? 0, second ?? 0);
  return Number.isNaN(time) ? null : new Date(time);
}

/** The UTC date when there is one, else the local date read as UTC, else null. */
export function wpDateOf(gmt: string, local: string): Date | null {
  return parseWpDate(gmt) ?? parseWpDate(local);
}
