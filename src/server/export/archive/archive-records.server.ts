/**
 * Rows to archive records and back (decision 057 "The Inkwell archive"). A record is a row by its
 * drizzle property names without `siteId`, generated columns and the kind's `leftOut` columns;
 * `JSON.stringify` turns its dates into ISO strings. Reading one back checks every field against
 * its column (type, null, required) and turns ISO strings into dates, so a damaged or hand-edited
 * archive is refused naming the file, the line and the field, never as a database error.
 */
import { type Column, getTableColumns, type Table } from 'drizzle-orm';

/** A record of an archive that cannot be read, with where and why. */
export class ArchiveRecordError extends Error {}

/** The columns a kind carries, by property name. */
export function archivedColumns(
  table: Table,
  leftOut: Readonly<Record<string, string>>,
): [string, Column][] {
  return Object.entries(getTableColumns(table)).filter(
    ([property, column]) => property !== 'siteId' && !column.generated && !(property in leftOut),
  );
}

/** The record of a row: its carried columns only. */
export function recordOf(
  columns: readonly [string, Column][],
  row: Record<string, unknown>,
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [property] of columns) record[property] = row[property];
  return record;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why `value` does not fit a column of type `columnType`, or null when it does. */
function misfit(columnType: string, value: unknown, base?: string): string | null {
  switch (columnType) {
    case 'PgUUID':
      return typeof value === 'string' && UUID.test(value) ? null : 'must be a UUID';
    case 'PgText':
      return typeof value === 'string' ? null : 'must be text';
    case 'PgInteger':
    case 'PgSmallInt':
      return Number.isInteger(value) ? null : 'must be a whole number';
    case 'PgBoolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'PgTimestamp':
      return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : 'must be an ISO date and time';
    case 'PgDateString':
      return typeof value === 'string' && DAY.test(value) ? null : 'must be a date (YYYY-MM-DD)';
    case 'PgJsonb':
      return null;
    case 'PgArray': {
      if (!Array.isArray(value)) return 'must be a list';
      const itemType = base ?? 'PgText';
      const bad = value.find((item) => misfit(itemType, item) !== null);
      return bad === undefined ? null : `must be a list: an item ${misfit(itemType, bad)}`;
    }
    default:
      return `has a column type the archive cannot read (${columnType})`;
  }
}

/**
 * The row a record stands for (without `siteId`), or an ArchiveRecordError naming `where` and the
 * field. A field the archive leaves out takes the column's default; one the kind does not have is
 * refused (the file is not what its name says).
 */
export function rowOf(
  columns: readonly [string, Column][],
  record: unknown,
  where: string,
): Record<string, unknown> {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new ArchiveRecordError(`${where}: not a JSON object`);
  }
  const given = record as Record<string, unknown>;
  const known = new Set(columns.map(([property]) => property));
  const unknown = Object.keys(given).find((key) => !known.has(key));
  if (unknown !== undefined) {
    throw new ArchiveRecordError(`${where}: unknown field "${unknown}"`);
  }
  const row: Record<string, unknown> = {};
  for (const [property, column] of columns) {
    const value = given[property];
    if (value === undefined) {
      if (column.notNull && !column.hasDefault) {
        throw new ArchiveRecordError(`${where}: field "${property}" is missing`);
      }
      continue;
    }
    if (value === null) {
      if (column.notNull) throw new ArchiveRecordError(`${where}: field "${property}" is null`);
      row[property] = null;
      continue;
    }
    const base = (column as Column & { baseColumn?: Column }).baseColumn?.columnType;
    const why = misfit(column.columnType, value, base);
    if (why) throw new ArchiveRecordError(`${where}: field "${property}" ${why}`);
    row[property] = column.columnType === 'PgTimestamp' ? new Date(value as string) : value;
  }
  return row;
}
