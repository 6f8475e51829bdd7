/**
 * `GET /api/search` through HTTP (issue 3), on PGlite and on PostgreSQL (TEST_DATABASE_URL):
 * ranking, site scoping, drafts, per-language stemming, hashtags, paging and hostile input.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_CONFIG_BY_LANGUAGE,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  type SearchResultsView,
  searchConfigFor,
  segmentsText,
} from '../../domain/search';
import { posts } from '../db/schema.server';
import { searchConfigSql } from '../db/search-columns.server';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp();
let otherSite: TestSite;
let pagingSite: TestSite;

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
/** Words that no other test post uses, so that each test's matches are its own. */
const FILLER =
  'Morning light over quiet harbours, long lunches, slow trains, small bakeries and bridges. ' +
  'Old maps, borrowed bicycles, a patient afternoon and a notebook full of sketches.';

beforeAll(async () => {
  const { db, site } = harness;
  const writer = harness.app.services.postWriter;
  otherSite = await createTestSite(db);
  pagingSite = await createTestSite(db);
  const author = await createMember(db, site.id, { name: 'Grace Author' });
  const stranger = await createMember(db, otherSite.id);
  const pager = await createMember(db, pagingSite.id);

  const all = [
    // Ranking: one word in the title, in the excerpt, deep in the content (newest last).
    buildPost(site.id, author.id, {
      title: 'Zephyr mornings',
      firstPublishedDate: day('2025-01-01'),
    }),
    buildPost(site.id, author.id, {
      title: 'A windy start',
      body: `The zephyr came early. ${FILLER}`,
      firstPublishedDate: day('2025-02-01'),
    }),
    buildPost(site.id, author.id, {
      title: 'A long walk',
      body: `${FILLER} ${FILLER} At last a zephyr.`,
      firstPublishedDate: day('2025-03-01'),
    }),
    // Drafts and the like are never found.
    ...(['unpublished', 'scheduled', 'deleted', 'in_review'] as const).map((status) =>
      buildPost(site.id, author.id, {
        title: `Zephyr ${status}`,
        status,
        firstPublishedDate: null,
      }),
    ),
    // Languages.
    buildPost(site.id, author.id, {
      title: 'Au village',
      body: 'Les chevaux du village mangeons ensemble.',
      language: 'fr',
    }),
    buildPost(site.id, author.id, {
      title: 'Im Dorf',
      body: 'Die alten Häuser am Fluss.',
      language: 'de',
    }),
    buildPost(site.id, author.id, {
      title: 'Viagem',
      body: 'As viagens de comboio.',
      language: 'pt-BR',
    }),
    buildPost(site.id, author.id, {
      title: '東京',
      body: 'kissaten coffee in Tokyo',
      language: 'ja',
    }),
    // Hashtags.
    buildPost(site.id, author.id, {
      title: 'Ferry days',
      body: 'We took the ferry at dawn. #IslandHopping is slower than you think.',
    }),
    // Another site's post with every word above.
    buildPost(otherSite.id, stranger.id, {
      title: 'Zephyr chevaux Häuser viagens #islandhopping',
      body: 'zephyr',
    }),
    // Paging: 25 matches.
    ...Array.from({ length: 25 }, (_, i) =>
      buildPost(pagingSite.id, pager.id, {
        title: `Lighthouse ${i + 1}`,
        firstPublishedDate: new Date(Date.UTC(2024, 0, 1 + i)),
      }),
    ),
  ];
  for (const post of all) await writer.insertPost(post);
});

async function search(query: string, host = harness.site.host) {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/search?${query}`,
    headers: { host },
  });
  return { status: response.statusCode, body: response.json() };
}

async function titles(q: string, host = harness.site.host): Promise<string[]> {
  const { status, body } = await search(`q=${encodeURIComponent(q)}`, host);
  expect(status).toBe(200);
  return (body as SearchResultsView).posts.map((p) => p.title);
}

describe('GET /api/search', () => {
  it('ranks a title match over an excerpt match over a content match', async () => {
    expect(await titles('zephyr')).toEqual(['Zephyr mornings', 'A windy start', 'A long walk']);
  });

  it('never returns drafts, scheduled, deleted or in-review posts', async () => {
    const found = await titles('zephyr');
    expect(found.some((title) => /unpublished|scheduled|deleted|in_review/.test(title))).toBe(
      false,
    );
  });

  it("never returns another site's posts", async () => {
    expect(await titles('zephyr', otherSite.host)).toEqual([
      'Zephyr chevaux Häuser viagens #islandhopping',
    ]);
    expect(await titles('lighthouse')).toEqual([]);
  });

  it('finds a post by another form of a word, in its own language', async () => {
    expect(await titles('cheval')).toEqual(['Au village']);
    expect(await titles('villages')).toEqual(['Au village']);
    expect(await titles('Haus')).toEqual(['Im Dorf']);
    expect(await titles('viagem')).toEqual(['Viagem']);
    expect(await titles('kissaten')).toEqual(['東京']);
  });

  it('finds a hashtag, whatever its case, with or without #', async () => {
    expect(await titles('#islandhopping')).toEqual(['Ferry days']);
    expect(await titles('IslandHopping')).toEqual(['Ferry days']);
  });

  it('understands quotes, OR and minus', async () => {
    expect(await titles('"ferry at dawn"')).toEqual(['Ferry days']);
    expect(await titles('"dawn ferry"')).toEqual([]);
    expect(await titles('ferry or cheval')).toHaveLength(2);
    expect(await titles('zephyr -windy')).toEqual(['Zephyr mornings', 'A long walk']);
  });

  it('marks the matched words in the title and the excerpt', async () => {
    const { body } = await search('q=zephyr');
    const [first, second] = (body as SearchResultsView).posts;
    expect(first?.titleSegments).toEqual([
      { text: 'Zephyr', isMatch: true },
      { text: ' mornings', isMatch: false },
    ]);
    expect(second?.excerptSegments.filter((s) => s.isMatch).map((s) => s.text)).toEqual(['zephyr']);
    expect(segmentsText(second?.excerptSegments ?? [])).toMatch(/^A heading The zephyr came/);
  });

  it('presents each result as an allowlist with its link, date and author', async () => {
    const { body } = await search('q=zephyr');
    const result = (body as SearchResultsView).posts[0]!;
    expect(Object.keys(result).sort()).toEqual(
      [
        'cover',
        'excerptSegments',
        'firstPublishedDate',
        'id',
        'link',
        'mainCategory',
        'owner',
        'timeToRead',
        'title',
        'titleSegments',
      ].sort(),
    );
    expect(result.link).toMatch(/^\/blog\/post-number-/);
    expect(result.owner?.name).toBe('Grace Author');
    expect(result.firstPublishedDate).toBe('2025-01-01T12:00:00.000Z');
  });

  it('pages by 20 with the total and the last page', async () => {
    const first = (await search('q=lighthouse', pagingSite.host)).body as SearchResultsView;
    const second = (await search('q=lighthouse&page=2', pagingSite.host)).body as SearchResultsView;
    const third = (await search('q=lighthouse&page=3', pagingSite.host)).body as SearchResultsView;
    expect(first).toMatchObject({
      query: 'lighthouse',
      currentPage: 1,
      pageSize: SEARCH_PAGE_SIZE,
      entityCount: 25,
      lastPage: 2,
    });
    expect(first.posts).toHaveLength(20);
    expect(second.posts).toHaveLength(5);
    // Equal ranks: newest first, and the pages never overlap.
    expect(first.posts[0]?.title).toBe('Lighthouse 25');
    expect(second.posts.at(-1)?.title).toBe('Lighthouse 1');
    const ids = new Set([...first.posts, ...second.posts].map((p) => p.id));
    expect(ids.size).toBe(25);
    expect(third).toMatchObject({ posts: [], currentPage: 3, entityCount: 25, lastPage: 2 });
  });

  it('answers an empty query, or one with nothing to look up, with no results', async () => {
    for (const q of ['', '   ', 'the and of', '-zephyr', '""', '!!']) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body, q).toMatchObject({ posts: [], entityCount: 0, lastPage: 1 });
    }
    const { status, body } = await search('');
    expect([status, (body as SearchResultsView).query]).toEqual([200, '']);
  });

  it('never fails on hostile input', async () => {
    const hostile = [
      '"',
      '"unclosed phrase',
      '-',
      '--',
      '((',
      ')',
      "'; drop table posts; --",
      'a & b | !c',
      ':*',
      'zephyr:*',
      '<->',
      '\\',
      '%',
      '%00',
      '😀 zephyr',
      'or or or',
      'OR',
      '*',
      '?',
      '<script>alert(1)</script>',
      'ü'.repeat(SEARCH_QUERY_MAX),
    ];
    for (const q of hostile) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(Array.isArray((body as SearchResultsView).posts), q).toBe(true);
    }
    // Raw query strings: invalid UTF-8, a lone surrogate, a repeated parameter, a bare key.
    for (const raw of ['q=%ED%A0%80', 'q=%FF%FE', 'q=%', 'q=a&q=b', 'q', 'q=%E2%80%AEzephyr']) {
      const { status } = await search(raw);
      expect([200, 400], raw).toContain(status);
    }
    // Issue 15: text PostgreSQL cannot store is refused by the boundary schema, naming `q`.
    for (const q of ['\u0000zephyr', 'zephyr\u0000']) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(400);
      expect(body).toMatchObject({
        error: { code: 'validation_failed', fields: { q: expect.any(String) } },
      });
    }
    expect(await titles('zephyr:*')).toHaveLength(3);
  });

  it('answers 400 naming the field for a bad page or a too long query', async () => {
    for (const page of ['0', '-1', '1.5', 'two', '']) {
      const { status, body } = await search(`q=zephyr&page=${page}`);
      expect(status, page).toBe(400);
      expect(body.error.code).toBe('validation_failed');
      expect(Object.keys(body.error.fields)).toEqual(['page']);
    }
    const long = await search(`q=${'a'.repeat(SEARCH_QUERY_MAX + 1)}`);
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.error.fields)).toEqual(['q']);
  });
});

describe('posts.search_config', () => {
  it("is derived from the post's language", async () => {
    const rows = await harness.db
      .select({ title: posts.title, config: sql<string>`${posts.searchConfig}::text` })
      .from(posts)
      .where(eq(posts.siteId, harness.site.id));
    const configOf = (title: string) => rows.find((row) => row.title === title)?.config;
    expect(configOf('Au village')).toBe('french');
    expect(configOf('Im Dorf')).toBe('german');
    expect(configOf('Viagem')).toBe('portuguese');
    expect(configOf('東京')).toBe('simple');
    expect(configOf('Zephyr mornings')).toBe('english');
  });

  it('follows a changed language', async () => {
    await harness.db
      .update(posts)
      .set({ language: 'es' })
      .where(sql`${posts.siteId} = ${harness.site.id} and ${posts.title} = 'Im Dorf'`);
    const [row] = await harness.db
      .select({ config: sql<string>`${posts.searchConfig}::text` })
      .from(posts)
      .where(sql`${posts.siteId} = ${harness.site.id} and ${posts.title} = 'Im Dorf'`);
    expect(row?.config).toBe('spanish');
    await harness.db
      .update(posts)
      .set({ language: 'de' })
      .where(sql`${posts.siteId} = ${harness.site.id} and ${posts.title} = 'Im Dorf'`);
  });

  it('agrees with the domain map for every language, and every configuration exists', async () => {
    const languages = [...Object.keys(SEARCH_CONFIG_BY_LANGUAGE), 'pt-BR', 'EN', 'zh_TW', 'xx', ''];
    const config = sql.raw(`(${searchConfigSql('l.language')})::text`);
    const list = sql.join(
      languages.map((language) => sql`${language}`),
      sql`, `,
    );
    const result = await harness.db.execute(sql`
      select l.language, ${config} as config,
        exists (select 1 from pg_ts_config c where c.cfgname = ${config}) as exists
      from unnest(array[${list}]::text[]) as l(language)`);
    const rows = (
      result as unknown as { rows: { language: string; config: string; exists: boolean }[] }
    ).rows;
    expect(rows).toHaveLength(languages.length);
    for (const row of rows) {
      expect(row.config, row.language).toBe(searchConfigFor(row.language));
      expect(row.exists, row.language).toBe(true);
    }
  });
});
