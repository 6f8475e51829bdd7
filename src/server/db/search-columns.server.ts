/**
 * The posts table's full-text search columns (issue 3), as SQL the schema's generated columns
 * use. The language → configuration map of `domain/search.ts` is compiled into a CASE
 * expression here, so the database derives each post's configuration and vector from its own
 * row: no writer can forget them, existing rows got them when the columns were added, and a
 * changed language re-indexes the post. Weights (SPEC-free, issue 3): title 'A', excerpt 'B',
 * content text 'C'.
 */
import { type SQL, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';
import {
  FALLBACK_SEARCH_CONFIG,
  SEARCH_CONFIG_BY_LANGUAGE,
  type SearchConfig,
} from '../../domain/search';

/** PostgreSQL's `regconfig`: a text-search configuration, read and written by its name. */
export const regconfig = customType<{ data: SearchConfig; driverData: string }>({
  dataType: () => 'regconfig',
});

/** PostgreSQL's `tsvector`; only the database reads it, so it travels as text. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/** A SQL literal of a name the domain map holds; refuses anything but lowercase letters. */
function literal(value: string): string {
  if (!/^[a-z]+$/.test(value)) throw new Error(`Unsafe search configuration literal '${value}'`);
  return `'${value}'`;
}

/**
 * `CASE lower(split_part(replace(language, '_', '-'), '-', 1)) WHEN 'en' THEN
 * 'english'::regconfig ... ELSE 'simple'::regconfig END`: `searchConfigFor` in SQL. Immutable,
 * so a stored generated column may use it. `column` is the language's SQL (tests pass others).
 */
export function searchConfigSql(column = '"language"'): string {
  const branches = Object.entries(SEARCH_CONFIG_BY_LANGUAGE)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([language, config]) => `WHEN ${literal(language)} THEN ${literal(config)}::regconfig`)
    .join(' ');
  return (
    `CASE lower(split_part(replace(${column}, '_', '-'), '-', 1)) ${branches} ` +
    `ELSE ${literal(FALLBACK_SEARCH_CONFIG)}::regconfig END`
  );
}

/** The generated configuration column's expression. */
export function searchConfigExpression(): SQL {
  return sql.raw(searchConfigSql());
}

/** The generated vector: title 'A', excerpt 'B', content text 'C', each in the post's config. */
export function searchVectorExpression(): SQL {
  const config = searchConfigSql();
  const part = (column: string, weight: 'A' | 'B' | 'C') =>
    `setweight(to_tsvector(${config}, coalesce("${column}", '')), '${weight}')`;
  return sql.raw(
    [part('title', 'A'), part('excerpt', 'B'), part('content_text', 'C')].join(' || '),
  );
}
