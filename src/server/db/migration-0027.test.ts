/**
 * Migrations 0026–0027 (issue 22, decision 061): posts stored before them get the bigrams of their
 * Chinese, Japanese, Korean and Thai text in `search_vector` (the column is re-added, so every row
 * is recomputed), keep their normal words, and the two GIN indexes the re-added column lost are
 * back. On a throw-away PGlite migrated to 0025 by the migration files themselves.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unspacedTsquery } from '../../domain/unspaced-text';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};

async function apply(client: PGlite, tag: string) {
  const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}

let client: PGlite;
const siteId = crypto.randomUUID();
const memberId = crypto.randomUUID();

/** The titles of the site's posts whose vector matches `tsquery` (a tsquery literal). */
async function matching(tsquery: string): Promise<string[]> {
  const result = await client.query<{ title: string }>(
    `select title from posts where site_id = $1 and search_vector @@ $2::tsquery order by title`,
    [siteId, tsquery],
  );
  return result.rows.map((row) => row.title);
}

beforeAll(async () => {
  client = new PGlite();
  for (const entry of journal.entries.filter((e) => e.idx <= 25)) await apply(client, entry.tag);
  await client.query(`insert into sites (id, host, name) values ($1, 'old.test', 'Old')`, [siteId]);
  await client.query(
    `insert into members (site_id, id, slug, name, role) values ($1, $2, 'm', 'M', 'writer')`,
    [siteId, memberId],
  );
  const rows = [
    ['北京之旅', '我们今天去北京旅游', 'zh'],
    ['กรุงเทพ', 'ร้านอาหารริมทางอร่อยมาก', 'th'],
    ['Walking', 'Long walks by the sea', 'en'],
  ];
  for (const [i, [title, text, language]] of rows.entries()) {
    await client.query(
      `insert into posts (site_id, id, slug, title, content, content_text, language, owner_id, status)
       values ($1, $2, $3, $4, '{}', $5, $6, $7, 'published')`,
      [siteId, crypto.randomUUID(), `p${i}`, title, text, language, memberId],
    );
  }
  expect(await matching(`'北京'`)).toEqual([]);
  for (const entry of journal.entries.filter((e) => e.idx > 25)) await apply(client, entry.tag);
});

afterAll(async () => {
  await client?.close();
});

describe('migrations 0026–0027', () => {
  it('index the bigrams of the posts already stored', async () => {
    expect(await matching(`'北京'`)).toEqual(['北京之旅']);
    expect(await matching(`'北京' <-> '京旅'`)).toEqual(['北京之旅']);
    expect(await matching(unspacedTsquery('อร่อย'))).toEqual(['กรุงเทพ']);
  });

  it('keep the normal, stemmed words', async () => {
    expect(await matching(`'walk'`)).toEqual(['Walking']);
  });

  it('bring back both GIN indexes of the vector', async () => {
    const result = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'posts'
       and indexdef like '%search_vector%' order by indexname`,
    );
    expect(result.rows.map((row) => row.indexname)).toEqual([
      'posts_dashboard_search_idx',
      'posts_search_idx',
    ]);
    expect(result.rows[1]?.indexdef).toMatch(/USING gin .*WHERE \(status = 'published'/);
  });
});
