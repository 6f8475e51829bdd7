/**
 * The Ghost reader on Ghost 6.65's own export (the fixture, as it is), and on small exports made
 * here for what the fixture does not hold: pages, newsletters-only posts, the placeholder
 * resolved, the unwrapped form, mobiledoc content and every way a file can be refused.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../../../rich-content/model/parse';
import {
  type ImportCategory,
  ImportFormatError,
  type ImportPost,
  type ImportRecord,
  type ImportSkipped,
  type ImportTag,
} from '../records';
import { readGhostExport } from './read-ghost-export.server';

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../../../tests/fixtures/import/ghost-export.json',
);

async function readAll(
  input: Parameters<typeof readGhostExport>[0],
  options?: Parameters<typeof readGhostExport>[1],
): Promise<ImportRecord[]> {
  const records: ImportRecord[] = [];
  for await (const record of readGhostExport(input, options)) records.push(record);
  return records;
}

/** An export held in memory, opened afresh on every read, in chunks of `chunkSize`. */
function inMemory(text: string, chunkSize = 4096): () => Iterable<string> {
  return function* open() {
    for (let at = 0; at < text.length; at += chunkSize) yield text.slice(at, at + chunkSize);
  };
}

const USER = { id: 'u1', name: 'Ann Writer', slug: 'ann', email: 'ann@example.com', bio: null };

function post(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 'p1',
    title: 'A post',
    slug: 'a-post',
    // Before Ghost 1.22 a post named its author itself; later exports use posts_authors.
    author_id: 'u1',
    mobiledoc: null,
    lexical: null,
    html: '<p>Hello</p>',
    feature_image: null,
    featured: 0,
    type: 'post',
    status: 'published',
    visibility: 'public',
    created_at: '2024-01-02 03:04:05',
    updated_at: '2024-01-03 03:04:05',
    published_at: '2024-01-02 10:00:00',
    custom_excerpt: null,
    ...overrides,
  };
}

function ghostExport(data: Record<string, unknown>, version = '5.82.0'): string {
  return JSON.stringify({
    db: [{ meta: { exported_on: 1, version }, data: { users: [USER], tags: [], ...data } }],
  });
}

async function refusal(input: Parameters<typeof readGhostExport>[0]): Promise<string> {
  const records: ImportRecord[] = [];
  try {
    for await (const record of readGhostExport(input)) records.push(record);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFormatError);
    // Nothing is handed on before a file is refused: nothing half-imported.
    expect(records).toEqual([]);
    return (error as Error).message;
  }
  throw new Error('the file was not refused');
}

describe('readGhostExport on Ghost 6.65’s export', () => {
  let records: ImportRecord[];
  const posts = () => records.filter((r): r is ImportPost => r.kind === 'post');
  const bySlug = (slug: string) => posts().find((p) => p.slug === slug)!;

  beforeAll(async () => {
    records = await readAll(FIXTURE);
  }, 120_000);

  it('hands on authors, then categories, tags and skipped tags, then every post', () => {
    const kinds = records.map((r) => r.kind);
    const firstPost = kinds.indexOf('post');
    expect(kinds.slice(0, firstPost)).toEqual([
      'author',
      ...Array(11).fill('category'),
      'tag',
      'skipped',
      'skipped',
    ]);
    expect(kinds.slice(firstPost).every((kind) => kind === 'post')).toBe(true);
    expect(posts()).toHaveLength(1004);
  });

  it('reads the author', () => {
    expect(records[0]).toEqual({
      kind: 'author',
      sourceId: '6b083b729d817b0b2319e749',
      login: 'bench',
      email: 'owner@example.com',
      displayName: 'Bench Owner',
      bio: '',
      avatarUrl: null,
    });
    expect(posts().every((p) => p.authorSourceId === '6b083b729d817b0b2319e749')).toBe(true);
  });

  it('counts posts by status', () => {
    const statuses = new Map<string, number>();
    for (const p of posts()) statuses.set(p.status, (statuses.get(p.status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ published: 1002, draft: 1, scheduled: 1 });
    expect(bySlug('a-draft-nobody-has-seen').publishedAt).toBeNull();
    expect(bySlug('scheduled-for-next-year').publishedAt).toEqual(new Date('2027-05-01T08:00:00Z'));
  });

  it('makes primary tags categories and the others tags, and skips internal tags', () => {
    const categories = records.filter((r): r is ImportCategory => r.kind === 'category');
    expect(categories.map((c) => c.name).sort()).toEqual(
      [
        'Culture',
        'Design',
        'Engineering',
        'News',
        'Opinion',
        'Performance',
        'Product',
        'Research',
        'Security',
        'Tutorials',
        'design',
      ].sort(),
    );
    expect(categories.find((c) => c.slug === 'engineering')).toMatchObject({
      description: 'Posts about engineering.',
      parentSourceId: null,
    });
    const tags = records.filter((r): r is ImportTag => r.kind === 'tag');
    expect(tags.map((t) => t.slug)).toEqual(['writing']);
    const skipped = records.filter((r): r is ImportSkipped => r.kind === 'skipped');
    expect(skipped.map((s) => [s.problem.code, s.problem.sample])).toEqual([
      ['internal-tag', '#Import 2026-11-26 14:00'],
      ['internal-tag', '#internal-note'],
    ]);
    const tagIds = new Set([...categories, ...tags].map((t) => t.sourceId));
    for (const p of posts()) {
      for (const id of [...p.categorySourceIds, ...p.tagSourceIds])
        expect(tagIds.has(id)).toBe(true);
    }
  });

  it('puts the primary tag first among a post’s categories', () => {
    const categories = new Map(
      records.filter((r) => r.kind === 'category').map((c) => [c.sourceId, c.name]),
    );
    // post-0001's tags by sort_order: Performance, Engineering, #Import (internal).
    expect(bySlug('post-0001').categorySourceIds.map((id) => categories.get(id))).toEqual([
      'Performance',
      'Engineering',
    ]);
  });

  it('pins featured posts and keeps the members-only post public with a problem', () => {
    expect(posts().filter((p) => p.pinned)).toHaveLength(21);
    expect(bySlug('every-card').pinned).toBe(true);
    const membersOnly = bySlug('a-members-only-post');
    expect(membersOnly.status).toBe('published');
    expect(membersOnly.problems.map((p) => p.code)).toEqual(['members-only']);
    const others = posts().filter((p) => p !== membersOnly && p.problems.length > 0);
    expect(others).toEqual([]);
  });

  it('gives every post a valid document and its old path', () => {
    for (const p of posts()) {
      expect(parseDocument(p.document).ok).toBe(true);
      expect(p.oldPath).toBe(`/${p.slug}/`);
    }
    expect(bySlug('post-0002').document.nodes.length).toBeGreaterThan(3);
  });

  it('converts the every-card post node by node', () => {
    const p = bySlug('every-card');
    expect(p).toMatchObject({
      title: 'Every card a Ghost post can hold',
      excerpt: 'A tour of the cards an importer must convert.',
      publishedAt: new Date('2026-03-14T09:30:00Z'),
      cover: {
        url: '__GHOST_URL__/content/images/2026/03/cover-5.jpg',
        alt: 'Illustration number 5',
        caption: '',
      },
    });
    const nodes = p.document.nodes;
    expect(nodes.map((n) => n.type)).toEqual([
      'PARAGRAPH',
      'IMAGE',
      'HEADING',
      'BLOCKQUOTE',
      'CODE_BLOCK',
      'DIVIDER',
      'BULLETED_LIST',
      'ORDERED_LIST',
      'PARAGRAPH',
      'VIDEO',
    ]);
    const [intro, image, heading, quote, code, , bullets, numbers, formatted, video] = nodes;
    expect(intro).toMatchObject({
      nodes: [{ textData: { text: expect.stringMatching(/^This post holds the cards/) } }],
    });
    expect(image).toMatchObject({
      imageData: {
        image: {
          src: { url: '__GHOST_URL__/content/images/2026/03/cover-2.jpg' },
          width: 1200,
          height: 800,
        },
        altText: 'Illustration number 2',
      },
      nodes: [{ type: 'CAPTION', nodes: [{ textData: { text: 'A caption under the image.' } }] }],
    });
    expect(heading).toMatchObject({
      headingData: { level: 2 },
      nodes: [{ textData: { text: 'Quotes and code' } }],
    });
    expect(quote).toMatchObject({
      nodes: [
        {
          type: 'PARAGRAPH',
          nodes: [{ textData: { text: 'Simplicity is prerequisite for reliability.' } }],
        },
      ],
    });
    expect(code).toMatchObject({
      nodes: [{ textData: { text: 'SELECT id FROM posts LIMIT 20;' } }],
    });
    const itemTexts = (list: (typeof nodes)[number]) =>
      list.nodes.map(
        (item) =>
          (item as { nodes: { nodes: { textData: { text: string } }[] }[] }).nodes[0]!.nodes[0]!
            .textData.text,
      );
    expect(itemTexts(bullets!)).toEqual(['First', 'Second']);
    expect(itemTexts(numbers!)).toEqual(['One', 'Two']);
    expect(
      formatted!.nodes.map((run) => [
        (run as { textData: { text: string } }).textData.text,
        (run as { textData: { decorations: { type: string }[] } }).textData.decorations.map(
          (d) => d.type,
        ),
      ]),
    ).toEqual([
      ['Text with ', []],
      ['bold', ['BOLD']],
      [', ', []],
      ['italic', ['ITALIC']],
      [' and ', []],
      ['a link', ['LINK']],
      ['.', []],
    ]);
    expect(video).toMatchObject({
      videoData: {
        video: { src: { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed' } },
      },
    });
    expect(p.images).toEqual([
      {
        url: '__GHOST_URL__/content/images/2026/03/cover-2.jpg',
        alt: 'Illustration number 2',
        caption: 'A caption under the image.',
      },
    ]);
  });
});

describe('readGhostExport on small exports', () => {
  it('resolves __GHOST_URL__ with the old site’s address', async () => {
    const text = ghostExport({
      posts: [post({ feature_image: '__GHOST_URL__/content/images/a.jpg' })],
      posts_meta: [
        {
          post_id: 'p1',
          feature_image_alt: 'Alt',
          feature_image_caption: 'By <a href="x">me</a> &amp; you',
        },
      ],
    });
    const records = await readAll(inMemory(text), { siteUrl: 'https://old.example.com/' });
    const p = records.find((r): r is ImportPost => r.kind === 'post')!;
    expect(p.cover).toEqual({
      url: 'https://old.example.com/content/images/a.jpg',
      alt: 'Alt',
      caption: 'By me & you',
    });
  });

  it('skips pages, imports newsletter-only posts as drafts and reads the unwrapped form', async () => {
    const text = JSON.stringify({
      meta: { version: '4.48.0' },
      data: {
        users: [USER],
        tags: [],
        posts: [
          post({ id: 'page', type: 'page', title: 'About' }),
          post({ id: 'sent', status: 'sent', title: 'Weekly letter' }),
        ],
      },
    });
    const records = await readAll(inMemory(text, 7));
    expect(records.map((r) => r.kind)).toEqual(['author', 'skipped', 'post']);
    expect(records[1]).toMatchObject({
      sourceId: 'page',
      problem: { code: 'page-skipped', sample: 'About' },
    });
    const sent = records[2] as ImportPost;
    expect(sent.status).toBe('draft');
    // The post row has html and no Lexical or mobiledoc (as in Ghost 0.x-era rows).
    expect(sent.problems.map((problem) => problem.code)).toEqual(['email-only', 'html-only']);
    expect(sent.document.nodes).toMatchObject([
      { type: 'HTML', htmlData: { html: '<p>Hello</p>' } },
    ]);
  });

  it('skips the pages of exports older than Ghost 3 (page: 1) and reports a post with no author', async () => {
    const text = ghostExport(
      {
        posts: [
          post({ id: 'old-page', page: 1, type: undefined, title: 'Contact' }),
          post({ id: 'orphan', page: 0, type: undefined, author_id: undefined, title: 'Orphan' }),
        ],
      },
      '2.38.0',
    );
    const records = await readAll(inMemory(text));
    expect(records.map((r) => r.kind)).toEqual(['author', 'skipped', 'post']);
    const orphan = records[2] as ImportPost;
    expect(orphan.authorSourceId).toBe('u1');
    expect(orphan.problems.map((p) => p.code)).toContain('author-missing');
  });

  it('reads mobiledoc content and falls back to the primary author of the post row', async () => {
    const mobiledoc = JSON.stringify({
      version: '0.3.1',
      markups: [['strong']],
      sections: [[1, 'p', [[0, [0], 1, 'Bold']]]],
    });
    const text = ghostExport({ posts: [post({ mobiledoc, author_id: 'u1' })] }, '3.42.0');
    const records = await readAll(inMemory(text));
    const p = records.find((r): r is ImportPost => r.kind === 'post')!;
    expect(p.authorSourceId).toBe('u1');
    expect(p.document.nodes[0]).toMatchObject({
      type: 'PARAGRAPH',
      nodes: [{ textData: { text: 'Bold', decorations: [{ type: 'BOLD' }] } }],
    });
  });

  it('turns off comments when the site had them off', async () => {
    const text = ghostExport({
      posts: [post({})],
      settings: [{ key: 'comments_enabled', value: 'off' }],
    });
    const records = await readAll(inMemory(text));
    expect(records.find((r): r is ImportPost => r.kind === 'post')!.commentsEnabled).toBe(false);
  });
});

describe('readGhostExport refuses what it cannot read', () => {
  it('refuses a file that is not JSON, or empty', async () => {
    expect(await refusal(inMemory('<?xml version="1.0"?><rss></rss>'))).toMatch(/not JSON/);
    expect(await refusal(inMemory('  \n'))).toMatch(/empty/);
  });

  it('refuses JSON that is not a Ghost export', async () => {
    expect(await refusal(inMemory('{"hello":"world"}'))).toMatch(
      /not a Ghost export.*meta\.version/,
    );
    expect(await refusal(inMemory('[1, 2, 3]'))).toMatch(/not a Ghost export/);
    expect(await refusal(inMemory('{"db":[{"meta":{"version":"6.1.0"}}]}'))).toMatch(
      /not a Ghost export/,
    );
    expect(
      await refusal(inMemory('{"db":[{"meta":{"version":"6.1.0"},"data":{"tags":[]}}]}')),
    ).toMatch(/no posts table/);
  });

  it('refuses an export from a future or a pre-1.0 Ghost', async () => {
    expect(await refusal(inMemory(ghostExport({ posts: [] }, '7.0.0')))).toMatch(
      /Ghost 7\.0\.0, newer than Inkwell knows \(up to Ghost 6\.x\)/,
    );
    expect(await refusal(inMemory(ghostExport({ posts: [] }, '003')))).toMatch(/Ghost 003/);
  });

  it('refuses JSON broken in the middle', async () => {
    const broken = `{"db": [ {"meta": nope} ], "rest": "${'x'.repeat(10_000)}" }`;
    expect(await refusal(inMemory(broken))).toMatch(/not valid JSON \(cannot parse input/);
  });

  it('refuses the fixture cut short at several points, before handing on a record', async () => {
    const whole = readFileSync(FIXTURE, 'utf8');
    for (const length of [40, 300_000, whole.length - 3]) {
      const message = await refusal(inMemory(whole.slice(0, length), 65_536));
      expect(message).toMatch(/truncated/);
    }
  }, 120_000);
});
