/**
 * The `search-cjk` group (issue 22, decision 061): search in Chinese, Japanese and Thai on the
 * 10,000-post blog. Between the seed and the server's start, one published post in ten is
 * rewritten in one of the three languages (title, document, derived text and excerpt, language;
 * the database recomputes its search vector), so the blog keeps its size. The group then measures
 * the search of a two-character query (`北京`) twice: uncached, in process, through the search
 * service's `findPosts` (what a first search costs: the index, the ranking of every match, the
 * page's posts) with EXPLAIN ANALYZE of its query, and over HTTP in the load runs, where repeated
 * queries are answered from the memo of result pages (`/api/search?q=北京`, the scenario).
 */
import { sql } from 'drizzle-orm';
import { documentOf, heading, paragraph } from '../src/rich-content/document';
import { deriveFromContent } from '../src/rich-content/text';
import { createServices } from '../src/server/app.server';
import { openDatabase } from '../src/server/db/connection.server';
import { sites } from '../src/server/db/schema.server';
import { siteViewOf } from '../src/server/services/sites.server';
import type { Check } from './report';

/** The `--only` name of the group, and its load scenario's name. */
export const SEARCH_CJK_GROUP = 'search-cjk';

/** The query: two Chinese characters (Beijing), in about a third of the rewritten posts. */
export const SEARCH_CJK_QUERY = '北京';

/** One published post in this many is rewritten in Chinese, Japanese or Thai. */
const SHARE = 10;

/** Uncached searches timed in process (after one warm-up). */
const SAMPLES = 30;

/** Sentences each language's posts are made of (a post takes several, in its own order). */
const SENTENCES: Record<'zh' | 'ja' | 'th', string[]> = {
  zh: [
    '我们今天去北京旅游，参观了故宫和长城。',
    '上海的夜景很美，外滩的灯光让人难忘。',
    '早上在胡同里喝了一杯咖啡，吃了包子。',
    '北京的秋天天气很好，适合在公园里散步。',
    '在成都吃火锅，味道又麻又辣。',
    '杭州西湖边的茶馆非常安静。',
    '坐高铁从北京到上海只要四个半小时。',
    '周末去书店买了几本关于历史的书。',
  ],
  ja: [
    '京都の秋は紅葉がきれいです。',
    '東京駅の近くで美味しいラーメンを食べました。',
    '朝はコーヒーを飲みながら新聞を読みます。',
    '大阪の商店街はいつも賑やかです。',
    '北海道で雪まつりを見に行きました。',
    '電車の窓から富士山が見えました。',
    '週末は近所のパン屋さんでクロワッサンを買います。',
  ],
  th: [
    'เราไปเที่ยวกรุงเทพและกินอาหารริมทาง',
    'ตลาดน้ำตอนเช้ามีผลไม้สดมากมาย',
    'กาแฟเย็นที่ร้านนี้อร่อยมาก',
    'เชียงใหม่มีวัดสวยงามหลายแห่ง',
    'ทะเลที่ภูเก็ตใสและสวยงาม',
    'รถไฟจากกรุงเทพไปเชียงใหม่ใช้เวลานาน',
  ],
};

const TITLES: Record<'zh' | 'ja' | 'th', string[]> = {
  zh: ['城市漫步', '旅行笔记', '周末时光', '美食日记'],
  ja: ['旅の記録', '週末の散歩', '季節の便り', '食べ歩き'],
  th: ['บันทึกการเดินทาง', 'อาหารอร่อย', 'วันหยุดสุดสัปดาห์'],
};

/** One query's figures, uncached, in process. */
export interface QueryFigures {
  query: string;
  /** Posts the query matches. */
  matches: number;
  /** Bytes of the first page's JSON (what the API sends for it). */
  pageBytes: number;
  /** `findPosts` (the whole uncached search: configurations, results, presentation): ms. */
  uncachedMs: { p50: number; p95: number; samples: number };
  /** The results query alone (match, rank, page, read the page's posts): ms. */
  resultsQueryP50Ms: number;
  /** EXPLAIN ANALYZE of the results query: its execution time and the index it read. */
  explain: { executionMs: number | null; index: string | null };
}

/** What the group measured before the server started: the CJK query, and today's for scale. */
export interface SearchCjkData extends QueryFigures {
  posts: number;
  rewritten: Record<string, number>;
  /** The same figures for a common English word of the seed (issue 3's search), beside it. */
  baseline: QueryFigures;
  seconds: number;
}

/** A common word of the seed's English texts (the `search` scenario's first choice). */
const BASELINE_QUERY = 'coffee';

/** The text of rewritten post `i` in `language`: seven sentences, chosen by `i`. */
function sentencesOf(language: 'zh' | 'ja' | 'th', i: number): string[] {
  const pool = SENTENCES[language];
  return Array.from({ length: 7 }, (_, k) => pool[(i * 3 + k * 5) % pool.length]!);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/**
 * Rewrites one published post in ten in Chinese, Japanese or Thai, then times the uncached
 * search of `SEARCH_CJK_QUERY` in process and explains its query.
 */
export async function prepareSearchCjk(options: {
  dataDir: string;
  databaseUrl?: string;
  log: (line: string) => void;
}): Promise<SearchCjkData> {
  const started = performance.now();
  const handle = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir });
  try {
    const { db } = handle;
    const [siteRow] = await db.select().from(sites).where(sql`${sites.isDefault}`).limit(1);
    if (!siteRow) throw new Error('The seeded blog has no default site');
    const site = siteViewOf(siteRow);
    const picked = (
      (await db.execute(sql`
        select id from (
          select id, row_number() over (order by first_published_date, id) as n
          from posts where site_id = ${site.id} and status = 'published'
        ) p where n % ${SHARE} = 0`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const languages = ['zh', 'ja', 'th'] as const;
    const rewritten: Record<string, number> = { zh: 0, ja: 0, th: 0 };
    const rows = picked.map(({ id }, i) => {
      const language = languages[i % languages.length]!;
      rewritten[language] = (rewritten[language] ?? 0) + 1;
      const sentences = sentencesOf(language, i);
      const titles = TITLES[language];
      const title = `${titles[i % titles.length]} ${i + 1}`;
      const content = documentOf([
        heading(2, sentences[0]!),
        paragraph(sentences.slice(1, 4).join('')),
        paragraph(sentences.slice(4).join('')),
      ]);
      const derived = deriveFromContent(content);
      return { id, language, title, content, text: derived.text, excerpt: derived.excerpt };
    });
    options.log(
      `rewriting ${rows.length} of the blog's published posts in Chinese, Japanese or Thai`,
    );
    for (let from = 0; from < rows.length; from += 200) {
      const batch = rows.slice(from, from + 200);
      await db.execute(sql`
        update posts set title = b.title, language = b.language, excerpt = b.excerpt,
          is_excerpt_custom = false, content = b.content, content_text = b.text
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          as b(id uuid, title text, language text, excerpt text, content jsonb, text text)
        where posts.site_id = ${site.id} and posts.id = b.id`);
    }
    await db.execute(sql`analyze posts`);
    const posts = Number(
      (
        (await db.execute(
          sql`select count(*)::int as n from posts where site_id = ${site.id}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n ?? 0,
    );

    const services = createServices(handle);
    const configs = (
      (await db.execute(
        sql`select distinct search_config::text as c from posts where site_id = ${site.id} and status = 'published'`,
      )) as unknown as { rows: { c: string }[] }
    ).rows.map((row) => row.c) as Parameters<typeof services.search.resultsQuery>[1];
    const client = (
      db as unknown as {
        $client: { query(t: string, p: unknown[]): Promise<{ rows: Record<string, string>[] }> };
      }
    ).$client;
    /** One query's figures: matches, uncached findPosts and results-query times, its plan. */
    const measureQuery = async (q: string): Promise<QueryFigures> => {
      const first = await services.search.findPosts(site, q, 1);
      const whole: number[] = [];
      const query: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        let t0 = performance.now();
        await services.search.findPosts(site, q, 1);
        whole.push(performance.now() - t0);
        t0 = performance.now();
        await services.search.resultsQuery(site, configs, q, 1);
        query.push(performance.now() - t0);
      }
      whole.sort((a, b) => a - b);
      query.sort((a, b) => a - b);
      const { sql: text, params } = services.search.resultsQuery(site, configs, q, 1).toSQL();
      const plan = (await client.query(`explain (analyze) ${text}`, params)).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
      const execution = /Execution Time: ([\d.]+) ms/.exec(plan);
      const index = /(posts_\w*search_idx)/.exec(plan);
      return {
        query: q,
        matches: first.entityCount,
        pageBytes: Buffer.byteLength(JSON.stringify(first)),
        uncachedMs: { p50: percentile(whole, 50), p95: percentile(whole, 95), samples: SAMPLES },
        resultsQueryP50Ms: percentile(query, 50),
        explain: {
          executionMs: execution ? Number(execution[1]) : null,
          index: index?.[1] ?? null,
        },
      };
    };
    const cjk = await measureQuery(SEARCH_CJK_QUERY);
    const baseline = await measureQuery(BASELINE_QUERY);
    return {
      ...cjk,
      posts,
      rewritten,
      baseline,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await handle.close();
  }
}

/** The target of issue 22: the same as today's search (issue 3), p50 under 10 ms. */
export const SEARCH_CJK_TARGET_P50_MS = 10;

/** The group's checks: the uncached search in process, and the visitors' load run's p50. */
export function searchCjkChecks(
  data: SearchCjkData | null,
  visitorP50Ms: number | null,
  isClean: boolean,
): Check[] {
  if (!data) return [];
  const target = `< ${SEARCH_CJK_TARGET_P50_MS} ms`;
  return [
    {
      name: 'search-cjk uncached p50 (in process)',
      value: data.uncachedMs.p50,
      unit: 'ms',
      target,
      pass: data.uncachedMs.p50 < SEARCH_CJK_TARGET_P50_MS,
    },
    {
      name: 'visitor search-cjk p50',
      value: visitorP50Ms,
      unit: 'ms',
      target,
      pass: isClean && visitorP50Ms !== null && visitorP50Ms < SEARCH_CJK_TARGET_P50_MS,
    },
  ];
}

/** The group's own lines under the main table. */
export function renderSearchCjkTable(data: SearchCjkData): string {
  const ms = (n: number | null) => (n === null ? '?' : n.toFixed(1));
  const rewritten = Object.entries(data.rewritten)
    .map(([language, n]) => `${language} ${n}`)
    .join(', ');
  const line = (figures: QueryFigures) =>
    `  "${figures.query}" (${figures.matches} matches, page 1 ${Math.round(figures.pageBytes / 1000)} kB), uncached in process, ` +
    `${figures.uncachedMs.samples} runs: findPosts p50 ${ms(figures.uncachedMs.p50)} ms, ` +
    `p95 ${ms(figures.uncachedMs.p95)} ms; results query p50 ${ms(figures.resultsQueryP50Ms)} ms; ` +
    `EXPLAIN ANALYZE ${ms(figures.explain.executionMs)} ms on ${figures.explain.index ?? 'no index'}`;
  return [
    `search-cjk: ${data.posts.toLocaleString('en-US')} posts (rewritten: ${rewritten})`,
    line(data),
    `${line(data.baseline)} (today's search, for scale)`,
  ].join('\n');
}
