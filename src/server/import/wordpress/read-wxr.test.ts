import { createReadStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../../../rich-content/model/parse';
import {
  type ImportCategory,
  type ImportComment,
  ImportFormatError,
  type ImportPost,
  type ImportRecord,
} from '../records';
import { PENDING_COVER_POSTS_MAX, readWxr } from './read-wxr';

const FIXTURE = fileURLToPath(
  new URL('../../../../tests/fixtures/import/wordpress-export.xml', import.meta.url),
);

async function collect(input: AsyncIterable<Buffer | string>): Promise<ImportRecord[]> {
  const records: ImportRecord[] = [];
  for await (const record of readWxr(input)) records.push(record);
  return records;
}

/** Reads until the reader throws; returns what came before and the error. */
async function collectUntilError(input: AsyncIterable<Buffer | string>) {
  const records: ImportRecord[] = [];
  try {
    for await (const record of readWxr(input)) records.push(record);
  } catch (error) {
    return { records, error };
  }
  return { records, error: null };
}

async function* chunksOf(data: Buffer | string, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.slice(at, at + size);
}

const posts = (records: ImportRecord[]) =>
  records.filter((r): r is ImportPost => r.kind === 'post');
const postBySlug = (records: ImportRecord[], slug: string) => {
  const post = posts(records).find((p) => p.slug === slug);
  if (!post) throw new Error(`no post ${slug}`);
  return post;
};

describe('readWxr on the WordPress fixture', () => {
  let records: ImportRecord[];
  beforeAll(async () => {
    records = await collect(createReadStream(FIXTURE, { highWaterMark: 64 * 1024 }));
  }, 60_000);

  it('yields each kind of record in the counts the fixture holds', () => {
    const count = (predicate: (r: ImportRecord) => boolean) => records.filter(predicate).length;
    expect(count((r) => r.kind === 'author')).toBe(2);
    expect(count((r) => r.kind === 'category')).toBe(7);
    expect(count((r) => r.kind === 'tag')).toBe(10);
    const byStatus = (status: string) => posts(records).filter((p) => p.status === status).length;
    expect(byStatus('published')).toBe(1002);
    expect(byStatus('draft')).toBe(1);
    expect(byStatus('scheduled')).toBe(1);
    expect(byStatus('private')).toBe(1);
    const skipped = records.flatMap((r) => (r.kind === 'skipped' ? [r.problem.code] : []));
    expect(skipped.filter((code) => code === 'page-skipped')).toHaveLength(3);
    expect(skipped.filter((code) => code === 'attachment-skipped')).toHaveLength(6);
    expect(skipped).toHaveLength(9);
    const comments = records.filter((r): r is ImportComment => r.kind === 'comment');
    expect(comments).toHaveLength(95);
    expect(comments.filter((c) => !c.approved)).toHaveLength(9);
  });

  it('gives authors first, then categories and tags, then posts', () => {
    const kinds = records.map((r) => r.kind);
    const firstPost = kinds.indexOf('post');
    expect(kinds.slice(0, 2)).toEqual(['author', 'author']);
    expect(kinds.lastIndexOf('category')).toBeLessThan(firstPost);
    expect(kinds.lastIndexOf('tag')).toBeLessThan(firstPost);
    expect(records[1]).toMatchObject({
      login: 'ana',
      displayName: 'Ana Souza',
      email: 'ana@example.com',
    });
  });

  it('keeps the category hierarchy, parents before children', () => {
    const categories = records.filter((r): r is ImportCategory => r.kind === 'category');
    const engineering = categories.find((c) => c.slug === 'engineering');
    const backend = categories.find((c) => c.slug === 'backend');
    const frontend = categories.find((c) => c.slug === 'frontend');
    expect(engineering?.parentSourceId).toBeNull();
    expect(backend).toMatchObject({
      parentSourceId: engineering?.sourceId,
      description: 'Servers, databases and queues.',
    });
    expect(frontend?.parentSourceId).toBe(engineering?.sourceId);
    for (const category of categories) {
      if (category.parentSourceId === null) continue;
      const parentAt = categories.findIndex((c) => c.sourceId === category.parentSourceId);
      expect(parentAt).toBeLessThan(categories.indexOf(category));
    }
  });

  it('threads comments: every reply comes after its parent, on the same post', () => {
    const comments = records.filter((r): r is ImportComment => r.kind === 'comment');
    const seen = new Map<string, ImportComment>();
    let replies = 0;
    for (const comment of comments) {
      if (comment.parentSourceId !== null) {
        replies++;
        expect(seen.get(comment.parentSourceId)?.postSourceId).toBe(comment.postSourceId);
      }
      seen.set(comment.sourceId, comment);
    }
    // 48 comments name a parent; 3 of those parents (22, 56, 90) are not in the file (WordPress
    // leaves spam out of its export), so those replies stand at the top of their thread.
    expect(replies).toBe(45);
    expect(seen.get('24')?.parentSourceId).toBeNull();
    expect(seen.get('4')).toMatchObject({ parentSourceId: '2', postSourceId: '204' });
    expect(seen.get('2')).toMatchObject({
      authorName: 'Lena',
      text: 'Great write-up, thank you.',
      approved: true,
      createdAt: new Date('2026-02-01T12:00:00Z'),
    });
  });

  it('puts each comment after its post', () => {
    const postAt = new Map(records.map((r, at) => [r.kind === 'post' ? r.sourceId : '', at]));
    records.forEach((record, at) => {
      if (record.kind === 'comment') expect(postAt.get(record.postSourceId)).toBeLessThan(at);
    });
  });

  it('pins the two sticky posts', () => {
    const pinned = posts(records).filter((p) => p.pinned);
    expect(pinned.map((p) => p.slug).sort()).toEqual([
      'bench-11-deploy-deserunt-search-draft-plugin-velit',
      'bench-4-aliquip-culpa-sunt-feature-veniam-build-velit-et',
    ]);
  });

  it('resolves featured images through _thumbnail_id, also when the attachment comes later', () => {
    const covered = posts(records).filter((p) => p.cover !== null);
    expect(covered).toHaveLength(31);
    expect(postBySlug(records, 'bench-1-memory-cupidatat-non-anim').cover).toEqual({
      url: 'http://127.0.0.1:8080/wp-content/uploads/2026/03/cover-1.jpg',
      alt: 'Illustration number 1',
      caption: '',
    });
    expect(postBySlug(records, 'every-block').cover?.url).toMatch(/cover-\d\.jpg$/);
    expect(posts(records).flatMap((p) => p.problems.map((q) => q.code))).not.toContain(
      'featured-image-not-found',
    );
  });

  it('maps the fields of a post: dates, author, terms, old path, excerpt', () => {
    const post = postBySlug(records, 'every-block');
    expect(post).toMatchObject({
      sourceId: '1010',
      title: 'Every block a WordPress post can hold',
      status: 'published',
      publishedAt: new Date('2026-03-14T09:30:00Z'),
      createdAt: new Date('2026-03-14T09:30:00Z'),
      authorSourceId: '1',
      excerpt: 'A tour of the blocks an importer must convert.',
      commentsEnabled: true,
      categorySourceIds: ['17'],
      tagSourceIds: ['10', '15'],
      oldPath: '/every-block/',
      problems: [],
    });
  });

  it('maps the other statuses, and a draft without a slug gets one from its title', () => {
    expect(postBySlug(records, 'scheduled-for-next-year').status).toBe('scheduled');
    expect(postBySlug(records, 'a-private-note').status).toBe('private');
    const draft = posts(records).find((p) => p.status === 'draft');
    expect(draft?.publishedAt).toBeNull();
    expect(draft?.slug).toMatch(/^[a-z0-9-]+$/);
    expect(draft?.oldPath.startsWith('/')).toBe(true);
  });

  it('converts the every-block post node by node', () => {
    const { document, images } = postBySlug(records, 'every-block');
    expect(document.nodes.map((n) => n.type)).toEqual([
      'PARAGRAPH',
      'IMAGE',
      'GALLERY',
      'BLOCKQUOTE',
      'CODE_BLOCK',
      'TABLE',
      'VIDEO',
      'DIVIDER',
      'BUTTON',
      'LAYOUT',
      'COLLAPSIBLE_LIST',
      'ORDERED_LIST',
      'HTML',
    ]);
    const [, image, gallery, quote, code, table, video, , button, layout, details, list, html] =
      document.nodes;
    expect(image).toMatchObject({
      imageData: {
        image: { src: { url: 'http://127.0.0.1:8080/wp-content/uploads/2026/03/cover-2.jpg' } },
        altText: 'Illustration number 2',
      },
      nodes: [{ type: 'CAPTION', nodes: [{ textData: { text: 'A caption under the image.' } }] }],
    });
    expect(gallery?.type === 'GALLERY' && gallery.galleryData.items.map((i) => i.altText)).toEqual([
      'Illustration number 3',
      'Illustration number 4',
    ]);
    expect(
      quote?.nodes.map((p) =>
        p.nodes.map((t) => ('textData' in t ? t.textData.text : '')).join(''),
      ),
    ).toEqual(['Simplicity is prerequisite for reliability.', '— Edsger W. Dijkstra']);
    expect(code).toMatchObject({
      nodes: [{ textData: { text: expect.stringMatching(/^SELECT id, title/) } }],
    });
    expect(table).toMatchObject({ tableData: { rowHeader: true } });
    expect(table?.nodes).toHaveLength(3);
    expect(table?.nodes[0]?.nodes).toHaveLength(2);
    expect(video).toMatchObject({
      videoData: { video: { src: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } } },
    });
    expect(button).toMatchObject({
      buttonData: {
        type: 'LINK',
        text: 'Subscribe',
        link: { url: 'https://example.com/subscribe' },
      },
    });
    expect(layout?.nodes.map((cell) => cell.type)).toEqual(['LAYOUT_CELL', 'LAYOUT_CELL']);
    const right = layout?.nodes[1]?.nodes[0];
    expect(
      right?.nodes.map((t) =>
        'textData' in t ? [t.textData.text, t.textData.decorations.map((d) => d.type)] : [],
      ),
    ).toEqual([
      ['Right column with ', []],
      ['bold', ['BOLD']],
      [', ', []],
      ['italic', ['ITALIC']],
      [' and ', []],
      ['a link', ['LINK']],
      ['.', []],
    ]);
    expect(details).toMatchObject({
      nodes: [
        {
          type: 'COLLAPSIBLE_ITEM',
          nodes: [
            {
              type: 'COLLAPSIBLE_ITEM_TITLE',
              nodes: [{ nodes: [{ textData: { text: 'Read more about it' } }] }],
            },
            {
              type: 'COLLAPSIBLE_ITEM_BODY',
              nodes: [
                { type: 'PARAGRAPH', nodes: [{ textData: { text: 'Hidden until opened.' } }] },
              ],
            },
          ],
        },
      ],
    });
    expect(list).toMatchObject({
      type: 'ORDERED_LIST',
      nodes: [
        { nodes: [{ type: 'PARAGRAPH', nodes: [{ textData: { text: 'First' } }] }] },
        {
          nodes: [
            { type: 'PARAGRAPH', nodes: [{ textData: { text: 'Second' } }] },
            {
              type: 'BULLETED_LIST',
              nodes: [{ nodes: [{ nodes: [{ textData: { text: 'Nested' } }] }] }],
            },
          ],
        },
      ],
    });
    expect(html).toMatchObject({
      htmlData: {
        html: '<div class="custom-widget" style="padding:8px;border:1px solid #ccc">A custom HTML block.</div>',
      },
    });
    expect(images.map((i) => i.url.replace(/.*\//, ''))).toEqual([
      'cover-2.jpg',
      'cover-3.jpg',
      'cover-4.jpg',
    ]);
  });

  it('converts every post of the fixture into a valid document without a problem', () => {
    for (const post of posts(records)) {
      expect(parseDocument(post.document).ok).toBe(true);
      expect(post.problems).toEqual([]);
      expect(post.document.nodes.length).toBeGreaterThan(0);
    }
  });

  it('converts the classic post with its [caption] shortcode', () => {
    const { document, images, problems } = postBySlug(records, 'classic-editor-post');
    expect(document.nodes.map((n) => n.type)).toEqual([
      'PARAGRAPH',
      'HEADING',
      'PARAGRAPH',
      'IMAGE',
      'IMAGE',
      'BULLETED_LIST',
    ]);
    expect(document.nodes[4]).toMatchObject({
      imageData: { altText: 'Illustration number 1', image: { width: 300, height: 200 } },
      nodes: [{ type: 'CAPTION', nodes: [{ textData: { text: 'A classic caption' } }] }],
    });
    expect(images[1]).toEqual({
      url: 'http://127.0.0.1:8080/wp-content/uploads/2026/03/cover-1.jpg',
      alt: 'Illustration number 1',
      caption: 'A classic caption',
    });
    expect(problems).toEqual([]);
  });
});

/** A small WXR 1.2 file around the given items. */
function buildWxr(items: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><wp:wxr_version>1.2</wp:wxr_version>
<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[admin]]></wp:author_login></wp:author>
${items.join('\n')}
</channel></rss>`;
}

function buildItem(
  id: number,
  options: { type?: string; thumbnail?: number; extra?: string } = {},
) {
  const meta =
    options.thumbnail === undefined
      ? ''
      : `<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>${options.thumbnail}</wp:meta_value></wp:postmeta>`;
  return `<item><title>Item ${id}</title><link>http://old.example/item-${id}/</link><dc:creator>admin</dc:creator>
<content:encoded><![CDATA[<p>Body ${id}</p>]]></content:encoded><wp:post_id>${id}</wp:post_id>
<wp:post_date_gmt>2026-01-01 00:00:00</wp:post_date_gmt><wp:post_name>item-${id}</wp:post_name>
<wp:status>${options.type === 'attachment' ? 'inherit' : 'publish'}</wp:status><wp:post_type>${options.type ?? 'post'}</wp:post_type>
${options.type === 'attachment' ? `<wp:attachment_url>http://old.example/${id}.jpg</wp:attachment_url>` : ''}${meta}${options.extra ?? ''}</item>`;
}

describe('readWxr featured images and skipped items', () => {
  it('holds a post until its attachment is read, and lets it go without one that never comes', async () => {
    const records = await collect(
      chunksOf(
        buildWxr([
          buildItem(1, { thumbnail: 3 }),
          buildItem(2, { thumbnail: 9 }),
          buildItem(3, { type: 'attachment' }),
        ]),
        100,
      ),
    );
    expect(records.map((r) => `${r.kind}:${r.sourceId}`)).toEqual([
      'author:1',
      'skipped:post:3',
      'post:1',
      'post:2',
    ]);
    expect(postBySlug(records, 'item-1')).toMatchObject({
      cover: { url: 'http://old.example/3.jpg' },
      problems: [],
    });
    expect(postBySlug(records, 'item-2')).toMatchObject({
      cover: null,
      problems: [{ code: 'featured-image-not-found', sample: 'attachment 9' }],
    });
  });

  it(`lets no more than ${PENDING_COVER_POSTS_MAX} posts wait for their attachment`, async () => {
    const items = Array.from({ length: PENDING_COVER_POSTS_MAX + 1 }, (_, i) =>
      buildItem(i + 1, { thumbnail: 5000 }),
    );
    const records = await collect(chunksOf(buildWxr(items), 64 * 1024));
    const codes = posts(records).map((p) => p.problems.map((q) => q.code).join());
    expect(codes).toHaveLength(PENDING_COVER_POSTS_MAX + 1);
    expect(codes[0]).toBe('featured-image-too-far');
    expect(new Set(codes.slice(1))).toEqual(new Set(['featured-image-not-found']));
  });

  it("skips a page's comments with the page, each reported", async () => {
    const comment =
      '<wp:comment><wp:comment_id>7</wp:comment_id><wp:comment_content>Nice page</wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_parent>0</wp:comment_parent></wp:comment>';
    const records = await collect(
      chunksOf(buildWxr([buildItem(1, { type: 'page', extra: comment })]), 1000),
    );
    expect(records.slice(1)).toEqual([
      expect.objectContaining({
        kind: 'skipped',
        sourceId: 'post:1',
        problem: expect.objectContaining({ code: 'page-skipped' }),
      }),
      expect.objectContaining({
        kind: 'skipped',
        sourceId: 'comment:7',
        problem: expect.objectContaining({
          code: 'comment-skipped:item-skipped',
          sample: 'Nice page',
        }),
      }),
    ]);
  });
});

describe('readWxr streams', () => {
  it('reads the same records whatever the chunk boundaries (multi-byte characters split)', async () => {
    const head = readFileSync(FIXTURE).subarray(0, 400_000);
    const cut = head.lastIndexOf('</item>') + '</item>'.length;
    const xml = Buffer.concat([
      head.subarray(0, cut),
      Buffer.from('\n<!-- ünïcödé ✓ -->\n</channel></rss>'),
    ]);
    const whole = await collect(chunksOf(xml, xml.length));
    const small = await collect(chunksOf(xml, 7));
    expect(whole.length).toBeGreaterThan(50);
    expect(JSON.stringify(small)).toBe(JSON.stringify(whole));
  });
});

describe('readWxr refuses files it cannot read', () => {
  const fixture = readFileSync(FIXTURE, 'utf8');

  async function errorOf(text: string) {
    const { records, error } = await collectUntilError(chunksOf(text, 16 * 1024));
    expect(error).toBeInstanceOf(ImportFormatError);
    return { records, message: (error as Error).message };
  }

  it('a file that is not XML (a Ghost export)', async () => {
    const { message } = await errorOf('{"db":[{"meta":{"version":"6.65.0"}}]}');
    expect(message).toMatch(
      /^The file is not XML, so it is not a WordPress export \(WXR\): .+line 1/,
    );
  });

  it('an empty file', async () => {
    expect((await errorOf('')).message).toMatch(/The file is empty/);
  });

  it('an HTML page', async () => {
    const { message } = await errorOf(
      '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Blog</title></head><body><p>Hi</p></body></html>',
    );
    expect(message).toMatch(/is an HTML page, not a WordPress export/);
  });

  it('an HTML page the XML parser stops on at once (lower-case doctype)', async () => {
    const { message } = await errorOf('<!doctype html><html><body>Hi</body></html>');
    expect(message).toMatch(/is an HTML page, not a WordPress export/);
  });

  it('an RSS feed that is not WXR', async () => {
    const { message } = await errorOf(
      '<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><item><title>Hi</title></item></channel></rss>',
    );
    expect(message).toMatch(
      /not a WordPress export \(WXR\): it has no <wp:wxr_version> before the first <item>/,
    );
  });

  it('XML of another kind', async () => {
    const { message } = await errorOf(
      '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>',
    );
    expect(message).toMatch(/its root element is <feed>, not <rss>/);
  });

  it('a WXR version from the future', async () => {
    const { message, records } = await errorOf(
      fixture.replace('<wp:wxr_version>1.2<', '<wp:wxr_version>2.0<'),
    );
    expect(message).toMatch(
      /WXR 2\.0 export, newer than the versions this importer reads \(1\.x\)/,
    );
    expect(records).toEqual([]);
  });

  it.each([
    ['in the channel header', 2_000, 0],
    ['among the categories', fixture.indexOf('<wp:category>') + 300, 2],
    [
      'inside a post',
      fixture.indexOf('<link>http://127.0.0.1:8080/every-block/</link>') + 500,
      700,
    ],
    ['before the closing </rss>', fixture.lastIndexOf('</channel>'), 1000],
  ])('a file truncated %s', async (_where, at, recordsAtLeast) => {
    const { records, message } = await errorOf(fixture.slice(0, at));
    expect(message).toMatch(
      /ends too early, at line \d+, column \d+ inside <[^>]+>.*looks truncated/,
    );
    expect(records.length).toBeGreaterThanOrEqual(recordsAtLeast);
  });

  it('names the item where a truncated file stops', async () => {
    const at = fixture.indexOf('<link>http://127.0.0.1:8080/every-block/</link>') + 500;
    const { message } = await errorOf(fixture.slice(0, at));
    expect(message).toContain('inside the item "Every block a WordPress post can hold"');
  });

  it('a file broken in the middle (not well-formed)', async () => {
    const at = fixture.indexOf('<wp:post_id>1010</wp:post_id>');
    const broken = `${fixture.slice(0, at)}<wp:post_id>1010</wp:postid>${fixture.slice(at + 29)}`;
    const { message } = await errorOf(broken);
    expect(message).toMatch(
      /not well-formed XML: it breaks at line \d+, column \d+ \(.+\), inside the item/,
    );
  });
});
