/**
 * Full-text search of a site's published posts (issue 3; SPEC §2 search route, §9 "search paged
 * 20", "search excerpt first 700 characters"). The database matches and ranks: each post is
 * indexed in its language's text-search configuration (`posts.search_vector`, a generated
 * column with weights title 'A', excerpt 'B', content 'C'), and a query is read with
 * `websearch_to_tsquery` in each configuration the site's posts use, so a French post is found
 * by a French word in any of its forms. Runs of scripts written without spaces (Chinese,
 * Japanese, Thai…) are looked up as phrases of bigrams (`domain/unspaced-text.ts`, issue 22).
 * Results are ordered by `ts_rank_cd`, then newest first. The marked title and excerpt come from
 * `domain/search.ts`.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { lastPage as lastPageOf } from '../../domain/pagination';
import {
  highlightSegments,
  normalizeSearchQuery,
  SEARCH_EXCERPT_CHARS,
  SEARCH_PAGE_SIZE,
  type SearchConfig,
  type SearchResultsView,
  type SearchResultView,
  searchExcerpt,
  searchTerms,
} from '../../domain/search';
import { spacedQuery, unspacedTsquery } from '../../domain/unspaced-text';
import type { PostSummary, SiteView } from '../../domain/views';
import type { SiteMemo } from '../cache/generations.server';
import type { Database } from '../db/connection.server';
import { posts } from '../db/schema.server';
import type { BlogReaderService, SummaryRow } from './blog-reader.server';
import { summaryColumns } from './blog-reader.server';

/**
 * `ts_rank_cd` weights for D, C, B, A: content 0.2, excerpt 0.4, title 1.0, so a word in the
 * title outranks one in the excerpt, which outranks one deeper in the text.
 */
const RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';

export interface SearchDeps {
  db: Database;
  /** Per-site facts that change only with writes (the configurations the posts use). */
  memo: SiteMemo;
  /** Pages of results, kept until the site's next write (bounded: queries are open-ended). */
  resultsMemo: SiteMemo;
  /** Presents result rows as the feeds present theirs (owners, categories, covers). */
  reader: Pick<BlogReaderService, 'presentSummaries'>;
}

/** A result row: a card's columns, the start of the post's text and the total of matches. */
type ResultRow = SummaryRow & { excerptSource: string; total: number };

/**
 * The tsquery of a search `query` in `config`: its words read by `websearch_to_tsquery` in that
 * configuration, AND-ed with the bigram phrases of its unspaced runs (`unspacedTsquery`, read
 * as a tsquery literal: no parser, the same in every configuration). Both halves are immutable
 * expressions of the parameters, so the GIN index can serve `search_vector @@` this.
 */
export function searchTsquery(config: SQL, query: string): SQL {
  const spaced = spacedQuery(query);
  const unspaced = unspacedTsquery(query);
  const words = sql`websearch_to_tsquery(${config}, ${spaced})`;
  if (unspaced === '') return words;
  if (!/[\p{L}\p{N}]/u.test(spaced)) return sql`${unspaced}::tsquery`;
  return sql`(${words} && ${unspaced}::tsquery)`;
}

/** An empty page of results for `query`. */
function noResults(query: string, page: number): SearchResultsView {
  return {
    query,
    posts: [],
    currentPage: page,
    pageSize: SEARCH_PAGE_SIZE,
    entityCount: 0,
    lastPage: 1,
  };
}

/** A result as the search page and the API show it: the card's essentials, marked. */
function toResult(post: PostSummary, excerptSource: string, terms: string[]): SearchResultView {
  return {
    id: post.id,
    title: post.title,
    link: post.link,
    firstPublishedDate: post.firstPublishedDate,
    timeToRead: post.timeToRead,
    owner: post.owner
      ? { siteMemberId: post.owner.siteMemberId, slug: post.owner.slug, name: post.owner.name }
      : null,
    mainCategory: post.mainCategory
      ? { label: post.mainCategory.label, link: post.mainCategory.link }
      : null,
    cover: post.cover,
    titleSegments: highlightSegments(post.title, terms),
    excerptSegments: searchExcerpt(excerptSource, terms),
  };
}

/** Builds the search service. Every call takes the site it searches, and every query is scoped. */
export function createSearch({ db, memo, resultsMemo, reader }: SearchDeps) {
  /** The configurations the site's published posts are indexed in, until its next write. */
  function configsOf(site: SiteView): Promise<SearchConfig[]> {
    return memo.get(site.id, 'search:configs', async () => {
      const rows = await db
        .selectDistinct({ config: sql<SearchConfig>`${posts.searchConfig}::text` })
        .from(posts)
        .where(and(eq(posts.siteId, site.id), eq(posts.status, 'published')));
      return rows.map((row) => row.config).sort();
    });
  }

  /**
   * The configurations in which the query has something to look up: a query of stop words or
   * punctuation only is empty, and one with only excluded words ('-travel') cannot use the
   * index and would list nearly everything, so it counts as empty too.
   */
  async function usableConfigs(configs: SearchConfig[], query: string): Promise<SearchConfig[]> {
    if (configs.length === 0) return [];
    const rows = await db.execute<{ config: SearchConfig }>(sql`
      select config::text as config
      from unnest(array[${sql.join(
        configs.map((config) => sql`${config}`),
        sql`, `,
      )}]::text[]::regconfig[]) as config
      where querytree(${searchTsquery(sql`config`, query)}) not in ('', 'T')`);
    return rowsOf<{ config: SearchConfig }>(rows).map((row) => row.config);
  }

  /** `(config = c and vector @@ query in c) or ...`: each branch can use the GIN index. */
  function matchCondition(configs: SearchConfig[], query: string): SQL {
    const branches = configs.map(
      (config) =>
        sql`(${posts.searchConfig} = ${config}::regconfig and ${posts.searchVector} @@ ${searchTsquery(sql`${config}::regconfig`, query)})`,
    );
    return sql`(${sql.join(branches, sql` or `)})`;
  }

  /** Published posts of the site that match in one of `configs`. */
  function matching(site: SiteView, configs: SearchConfig[], query: string) {
    return and(
      eq(posts.siteId, site.id),
      eq(posts.status, 'published'),
      matchCondition(configs, query),
    );
  }

  /**
   * One page of matches with the card's columns, the start of the text and the number of all
   * matches; best rank first (`ts_rank_cd` in the post's own configuration), then newest, then
   * id so that pages never overlap. The page is cut from the matches' keys and ranks alone; only
   * its 20 posts are then read whole (ranking every match costs enough on its own).
   */
  function resultsQuery(site: SiteView, configs: SearchConfig[], query: string, page: number) {
    const rank = sql<number>`ts_rank_cd(${RANK_WEIGHTS}::float4[], ${posts.searchVector}, ${searchTsquery(sql`${posts.searchConfig}`, query)})`;
    const keys = db
      .select({
        postId: sql<string>`${posts.id}`.as('result_post_id'),
        rank: rank.as('result_rank'),
        date: sql<Date | null>`${posts.firstPublishedDate}`.as('result_date'),
        total: sql<number>`(count(*) over ())::int`.as('result_total'),
      })
      .from(posts)
      .where(matching(site, configs, query))
      .orderBy(sql`result_rank desc`, sql`result_date desc nulls last`, sql`result_post_id desc`)
      .limit(SEARCH_PAGE_SIZE)
      .offset((page - 1) * SEARCH_PAGE_SIZE)
      .as('result_page');
    return db
      .select({
        ...summaryColumns,
        // One character more than the excerpt reads: how searchExcerpt knows the post goes on.
        excerptSource: sql<string>`left(${posts.contentText}, ${SEARCH_EXCERPT_CHARS + 1})`,
        total: keys.total,
      })
      .from(keys)
      .innerJoin(posts, and(eq(posts.siteId, site.id), eq(posts.id, keys.postId)))
      .orderBy(sql`${keys.rank} desc`, sql`${keys.date} desc nulls last`, sql`${keys.postId} desc`);
  }

  async function countMatches(site: SiteView, configs: SearchConfig[], query: string) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(matching(site, configs, query));
    return row?.n ?? 0;
  }

  /**
   * One page of the site's published posts matching `query`, best first. An empty query, or one
   * with nothing to look up, finds nothing; any text is safe (websearch_to_tsquery never fails).
   * A page is memoised until the site's next write: as fresh as the database, and a popular
   * query costs one lookup (a common word over 10,000 posts ranks thousands of rows).
   */
  function searchPosts(site: SiteView, rawQuery: string, page: number): Promise<SearchResultsView> {
    const query = normalizeSearchQuery(rawQuery);
    if (query === '') return Promise.resolve(noResults(query, page));
    return resultsMemo.get(site.id, `search:${page}:${query}`, () => findPosts(site, query, page));
  }

  /** The uncached search behind `searchPosts`; `query` is normalised and not empty. */
  async function findPosts(
    site: SiteView,
    query: string,
    page: number,
  ): Promise<SearchResultsView> {
    const configs = await usableConfigs(await configsOf(site), query);
    if (configs.length === 0) return noResults(query, page);

    const rows = (await resultsQuery(site, configs, query, page)) as ResultRow[];
    // Past the last page the window count has no row to ride on: count on its own.
    const entityCount = rows[0]?.total ?? (page > 1 ? await countMatches(site, configs, query) : 0);
    const terms = searchTerms(query);
    const summaries = await reader.presentSummaries(site, rows);
    return {
      query,
      posts: summaries.map((post, i) => toResult(post, rows[i]?.excerptSource ?? '', terms)),
      currentPage: page,
      pageSize: SEARCH_PAGE_SIZE,
      entityCount,
      lastPage: lastPageOf(entityCount, SEARCH_PAGE_SIZE),
    };
  }

  return { searchPosts, findPosts, resultsQuery };
}

/** The rows of `db.execute`, which PGlite and pg both answer as `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

export type SearchService = ReturnType<typeof createSearch>;
