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
import { spacedText, unspacedIndexTokens, unspacedRuns } from '../../domain/unspaced-text';
import { posts } from '../db/schema.server';
import {
  SPACED_TEXT_FUNCTION,
  searchConfigSql,
  searchFunctionBodies,
  UNSPACED_TOKENS_FUNCTION,
} from '../db/search-columns.server';
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
    // A match near the end of the excerpt's 700 characters, in a post that goes on after them.
    buildPost(site.id, author.id, {
      title: 'By the water',
      body: `${FILLER} ${FILLER} ${'Rain on the roof. '.repeat(9)}A quillwort grew there. ${FILLER} ${FILLER}`,
      firstPublishedDate: day('2024-06-01'),
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
    // Issue 22: scripts written without spaces, and Korean, whose words carry particles.
    buildPost(site.id, author.id, {
      title: '北京之旅',
      body: '我们今天去北京旅游，然后吃了烤鸭。',
      language: 'zh',
    }),
    buildPost(site.id, author.id, {
      title: '上海',
      body: '上海的夜景很美。北方的冬天很冷。',
      language: 'zh-CN',
    }),
    buildPost(site.id, author.id, {
      title: '京都の秋',
      body: '紅葉がきれいなお寺をたくさん見ました。駅前のコーヒーショップで休みました。',
      language: 'ja',
    }),
    buildPost(site.id, author.id, {
      title: 'อาหารไทย',
      body: 'ร้านอาหารริมทางในกรุงเทพอร่อยมาก',
      language: 'th',
    }),
    buildPost(site.id, author.id, {
      title: '서울 여행',
      body: '서울에서 친구를 만났습니다. 한강 공원을 걸었어요.',
      language: 'ko',
    }),
    buildPost(site.id, author.id, {
      title: 'Kyoto trip',
      body: '京都タワーはKyoto Towers, seen from the station.',
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

  it('ends an excerpt cut by the 700 characters with an ellipsis: the post goes on', async () => {
    const { body } = await search('q=quillwort');
    const [result] = (body as SearchResultsView).posts;
    const text = (result?.excerptSegments ?? []).map((segment) => segment.text).join('');
    // Before, the excerpt was cut mid-word at the 700th character with nothing to say so.
    expect(text).toMatch(/^….* quillwort grew there\. .* a notebook full…$/);
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

describe('GET /api/search in scripts written without spaces (issue 22)', () => {
  it('finds Chinese words inside a sentence, and only where their characters stand together', async () => {
    expect(await titles('北京')).toEqual(['北京之旅']);
    expect(await titles('北京旅游')).toEqual(['北京之旅']);
    expect(await titles('烤鸭')).toEqual(['北京之旅']);
    expect(await titles('北京烤鸭')).toEqual([]);
    expect(await titles('夜景')).toEqual(['上海']);
    expect(await titles('北方')).toEqual(['上海']);
  });

  it('finds a single character wherever it stands', async () => {
    expect((await titles('京')).sort()).toEqual(
      ['Kyoto trip', '東京', '北京之旅', '京都の秋'].sort(),
    );
    expect(await titles('鸭')).toEqual(['北京之旅']);
  });

  it('finds Japanese words in kanji, hiragana and katakana', async () => {
    expect(await titles('紅葉')).toEqual(['京都の秋']);
    expect(await titles('きれい')).toEqual(['京都の秋']);
    expect(await titles('コーヒー')).toEqual(['京都の秋']);
    expect(await titles('お寺')).toEqual(['京都の秋']);
    expect(await titles('秋')).toEqual(['京都の秋']);
  });

  it('finds Thai words inside a sentence', async () => {
    expect(await titles('กรุงเทพ')).toEqual(['อาหารไทย']);
    expect(await titles('อร่อย')).toEqual(['อาหารไทย']);
    expect(await titles('อาหาร')).toEqual(['อาหารไทย']);
  });

  it('finds Korean words with their particles attached', async () => {
    expect(await titles('서울')).toEqual(['서울 여행']);
    expect(await titles('친구')).toEqual(['서울 여행']);
    expect(await titles('한강 공원')).toEqual(['서울 여행']);
  });

  it('mixes Latin words and unspaced runs, with stemming, AND and minus', async () => {
    expect(await titles('tower')).toEqual(['Kyoto trip']);
    expect(await titles('Kyoto 京都')).toEqual(['Kyoto trip']);
    expect(await titles('タワー')).toEqual(['Kyoto trip']);
    expect(await titles('京都タワー')).toEqual(['Kyoto trip']);
    expect(await titles('京都 -タワー')).toEqual(['京都の秋']);
    expect(await titles('京都 -kyoto')).toEqual(['京都の秋']);
    expect(await titles('"北京" zephyr')).toEqual([]);
  });

  it('still stems English, German and French words', async () => {
    expect(await titles('walks')).toEqual(['A long walk']);
    expect(await titles('Haus')).toEqual(['Im Dorf']);
    expect(await titles('chevaux')).toEqual(['Au village']);
  });

  it('marks the matched words in the title and the excerpt', async () => {
    const { body } = await search(`q=${encodeURIComponent('北京')}`);
    const [result] = (body as SearchResultsView).posts;
    expect(result?.titleSegments).toEqual([
      { text: '北京', isMatch: true },
      { text: '之旅', isMatch: false },
    ]);
    expect(result?.excerptSegments.filter((s) => s.isMatch).map((s) => s.text)).toEqual(['北京']);
    const mixed = (await search(`q=${encodeURIComponent('タワー towers')}`))
      .body as SearchResultsView;
    expect(mixed.posts[0]?.excerptSegments.filter((s) => s.isMatch).map((s) => s.text)).toEqual([
      'タワー',
      'Towers',
    ]);
  });

  it('never fails on hostile input in these scripts', async () => {
    for (const q of [
      "北'京",
      '北\\京',
      '"北京',
      '北京:*',
      '-北京',
      '- 北京',
      '北京 or 上海',
      '!北京',
      '京'.repeat(200),
    ]) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(Array.isArray((body as SearchResultsView).posts), q).toBe(true);
    }
    expect((await search(`q=${encodeURIComponent('-北京')}`)).body).toMatchObject({
      entityCount: 0,
    });
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

describe('the unspaced-script functions (issue 22)', () => {
  it('are the ones compiled from domain/unspaced-text.ts (a changed range needs a migration)', async () => {
    const result = await harness.db.execute(sql`
      select proname, prosrc from pg_proc
      where proname in (${SPACED_TEXT_FUNCTION}, ${UNSPACED_TOKENS_FUNCTION}) order by proname`);
    const rows = (result as unknown as { rows: { proname: string; prosrc: string }[] }).rows;
    const bodies = searchFunctionBodies();
    expect(rows.map((row) => row.proname).sort()).toEqual(Object.keys(bodies).sort());
    for (const row of rows) expect(row.prosrc, row.proname).toBe(bodies[row.proname]);
  });

  it('index the tokens and spaced text the domain module gives', async () => {
    const texts = [
      '我们今天去北京旅游，然后吃了烤鸭。',
      '東京タワーはTokyo Tower、京都 𠀋𠀋 and ひらがな',
      'ร้านอาหารริมทางในกรุงเทพ ກາວ ខ្មែរ မြန်မာ',
      '서울에서 친구를 만났습니다',
      'English only, 123',
    ];
    for (const text of texts) {
      const result = await harness.db.execute(sql`
        select array(select unnest(tsvector_to_array(search_unspaced_tokens(${text})))) as tokens,
          search_spaced_text(${text}) as spaced`);
      const [row] = (result as unknown as { rows: { tokens: string[]; spaced: string }[] }).rows;
      const expected = [...new Set(unspacedRuns(text).flatMap(unspacedIndexTokens))];
      expect([...(row?.tokens ?? [])].sort(), text).toEqual(expected.sort());
      expect(row?.spaced, text).toBe(spacedText(text));
    }
  });
});
