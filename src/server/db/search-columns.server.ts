/**
 * The posts table's full-text search columns (issue 3), as SQL the schema's generated columns
 * use. The language → configuration map of `domain/search.ts` is compiled into a CASE
 * expression here, so the database derives each post's configuration and vector from its own
 * row: no writer can forget them, existing rows got them when the columns were added, and a
 * changed language re-indexes the post. Weights (SPEC-free, issue 3): title 'A', excerpt 'B',
 * content text 'C'. Issue 22: runs of scripts written without spaces (Chinese, Japanese, Thai…)
 * are indexed as bigrams by two SQL functions compiled here from `domain/unspaced-text.ts`
 * (migration 0026; decision 061), beside the normal words of the rest of the text.
 */
import { type SQL, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';
import {
  FALLBACK_SEARCH_CONFIG,
  SEARCH_CONFIG_BY_LANGUAGE,
  type SearchConfig,
} from '../../domain/search';
import { UNSPACED_RANGES } from '../../domain/unspaced-text';

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

/** The SQL function that replaces each unspaced run by a space (`spacedText` in SQL). */
export const SPACED_TEXT_FUNCTION = 'search_spaced_text';

/** The SQL function that gives an unspaced run's bigrams as a tsvector (`unspacedIndexTokens`). */
export const UNSPACED_TOKENS_FUNCTION = 'search_unspaced_tokens';

/** Highest position a tsvector holds; PostgreSQL caps positions there. */
const MAX_TS_POSITION = 16383;

/** A code point as a PostgreSQL regular-expression escape: `\u4e00` or `\U00020000`. */
function regexEscape(code: number): string {
  return code > 0xffff
    ? `\\U${code.toString(16).padStart(8, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `[\u0e01-\u0e3a…]+`: a run of unspaced characters, as a PostgreSQL (ARE) regex. */
export function unspacedRunRegexSql(): string {
  const ranges = UNSPACED_RANGES.map(([from, to]) => `${regexEscape(from)}-${regexEscape(to)}`);
  return `[${ranges.join('')}]+`;
}

/**
 * The bodies of the two immutable SQL functions the vector uses (plain SQL and regular
 * expressions: the same on PGlite and PostgreSQL 15+). `search_unspaced_tokens` gives each
 * character of each run the pair it starts (the last one alone) at consecutive positions, with a
 * gap between runs, so a query's bigrams match as a phrase (`unspacedTsquery`). Migration 0026
 * holds this text; a test compares it with the database's, so a changed range needs a migration
 * (which must also re-add `search_vector`: stored values do not follow a replaced function).
 */
export function searchFunctionBodies(): Record<string, string> {
  const run = unspacedRunRegexSql();
  return {
    [SPACED_TEXT_FUNCTION]: `
  SELECT regexp_replace(input, '${run}', ' ', 'g')
`,
    [UNSPACED_TOKENS_FUNCTION]: `
  SELECT coalesce(string_agg('''' || t.token || ''':' || least(t.pos, ${MAX_TS_POSITION})::text, ' '), '')::tsvector
  FROM (
    SELECT substr(m.run[1], i, 2) AS token,
      (row_number() OVER (ORDER BY m.n, i) + m.n)::integer AS pos
    FROM regexp_matches(input, '${run}', 'g') WITH ORDINALITY AS m(run, n)
    CROSS JOIN LATERAL generate_series(1, length(m.run[1])) AS i
  ) t
`,
  };
}

/** What each function returns. */
const FUNCTION_RETURNS: Record<string, string> = {
  [SPACED_TEXT_FUNCTION]: 'text',
  [UNSPACED_TOKENS_FUNCTION]: 'tsvector',
};

/** `CREATE OR REPLACE FUNCTION` statements for the two functions (safe to run twice). */
export function searchFunctionsSql(): string[] {
  return Object.entries(searchFunctionBodies()).map(
    ([name, body]) =>
      `CREATE OR REPLACE FUNCTION ${name}(input text) RETURNS ${FUNCTION_RETURNS[name]}\n` +
      `LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$${body}$$;`,
  );
}

/**
 * The generated vector: title 'A', excerpt 'B', content text 'C', each as its words in the post's
 * configuration (unspaced runs taken out) plus the bigrams of its unspaced runs (issue 22).
 */
export function searchVectorExpression(): SQL {
  const config = searchConfigSql();
  const part = (column: string, weight: 'A' | 'B' | 'C') => {
    const text = `coalesce("${column}", '')`;
    return (
      `setweight(to_tsvector(${config}, ${SPACED_TEXT_FUNCTION}(${text})), '${weight}') || ` +
      `setweight(${UNSPACED_TOKENS_FUNCTION}(${text}), '${weight}')`
    );
  };
  return sql.raw(
    [part('title', 'A'), part('excerpt', 'B'), part('content_text', 'C')].join(' || '),
  );
}
