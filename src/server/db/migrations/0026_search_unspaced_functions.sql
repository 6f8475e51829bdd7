-- Issue 22 (decision 061): search in scripts written without spaces. Two immutable SQL functions
-- that the posts' generated search_vector uses (migration 0027): search_spaced_text takes the runs
-- of Chinese, Japanese, Korean, Thai, Lao, Khmer and Myanmar characters out of the text the
-- language's configuration indexes; search_unspaced_tokens indexes each run as overlapping bigrams
-- (the last character alone) at consecutive positions. Compiled from src/domain/unspaced-text.ts by
-- searchFunctionsSql() (src/server/db/search-columns.server.ts); a test compares the database's
-- bodies with it. CREATE OR REPLACE: safe to run twice.
CREATE OR REPLACE FUNCTION search_spaced_text(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(input, '[\u0e01-\u0e3a\u0e40-\u0e4e\u0e81-\u0ecf\u0edc-\u0edf\u1000-\u103f\u104c-\u109f\u1100-\u11ff\u1780-\u17d3\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3038-\u303c\u3041-\u309f\u30a0-\u30fa\u30fc-\u30ff\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f\uffa0-\uffdc\U0001b000-\U0001b16f\U00020000-\U0003ffff]+', ' ', 'g')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_unspaced_tokens(input text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg('''' || t.token || ''':' || least(t.pos, 16383)::text, ' '), '')::tsvector
  FROM (
    SELECT substr(m.run[1], i, 2) AS token,
      (row_number() OVER (ORDER BY m.n, i) + m.n)::integer AS pos
    FROM regexp_matches(input, '[\u0e01-\u0e3a\u0e40-\u0e4e\u0e81-\u0ecf\u0edc-\u0edf\u1000-\u103f\u104c-\u109f\u1100-\u11ff\u1780-\u17d3\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3038-\u303c\u3041-\u309f\u30a0-\u30fa\u30fc-\u30ff\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f\uffa0-\uffdc\U0001b000-\U0001b16f\U00020000-\U0003ffff]+', 'g') WITH ORDINALITY AS m(run, n)
    CROSS JOIN LATERAL generate_series(1, length(m.run[1])) AS i
  ) t
$$;
