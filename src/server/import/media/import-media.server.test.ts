/**
 * The import's media step (issue 21 "Media", decision 057 "Media") through `importRecords`, on
 * PGlite and PostgreSQL: small WXR and Ghost files made here whose images are served by a local
 * HTTP server (real images made with sharp), an uploads folder, a zip; a missing file and a
 * private address reported while the post keeps its URL; a second import that fetches nothing;
 * the dry run that fetches nothing; and both fixtures, whose images are all unreachable here.
 */
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { guardedDatabase } from '../../cache/site-write-guard.server';
import { importedRecords, media, posts } from '../../db/schema.server';
import { originalPath } from '../../media/storage.server';
import { createTestSite, type TestSite } from '../../testing/factories.server';
import { setUpTestApp } from '../../testing/test-app.server';
import { readGhostExport } from '../ghost/read-ghost-export.server';
import { importRecords } from '../job/import-records.server';
import type { ImportRecord } from '../records';
import { readWxr } from '../wordpress/read-wxr';
import type { ImportMediaOptions } from './import-media.server';

const harness = setUpTestApp({ withDataDir: true });

const FIXTURES = fileURLToPath(new URL('../../../../tests/fixtures/import/', import.meta.url));
const IMPORT_TIMEOUT_MS = 600_000;

let server: Server;
let origin = '';
let folder = '';
const hits: string[] = [];
const files: Record<string, { type: string; body: Buffer }> = {};

beforeAll(async () => {
  const jpeg = await sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const png = await sharp({
    create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const gif = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 200, b: 10 } },
  })
    .gif()
    .toBuffer();
  files['/wp-content/uploads/2024/03/photo.jpg'] = { type: 'image/jpeg', body: jpeg };
  files['/wp-content/uploads/2024/03/cover.gif'] = { type: 'image/gif', body: gif };
  files['/content/images/2024/03/ghost.png'] = { type: 'image/png', body: png };
  files['/content/images/2024/03/cover.jpg'] = { type: 'image/jpeg', body: jpeg };
  files['/page.jpg'] = { type: 'text/html', body: Buffer.from('<html>not an image</html>') };
  files['/lies.jpg'] = { type: 'image/jpeg', body: Buffer.from('<html>not an image</html>') };

  server = createServer((request, response) => {
    hits.push(request.url ?? '');
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('not here');
      return;
    }
    response.writeHead(200, { 'content-type': file.type });
    response.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  folder = mkdtempSync(path.join(os.tmpdir(), 'inkwell-import-media-'));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

const deps = () => ({
  db: guardedDatabase(harness.db),
  generations: harness.app.services.generations,
  dataDir: harness.dataDir,
});

const FETCH: ImportMediaOptions = { fetch: true, allowLoopback: true, timeoutMs: 5000 };

function run(
  records: AsyncIterable<ImportRecord>,
  site: TestSite,
  source: 'wordpress' | 'ghost',
  mediaOptions: ImportMediaOptions | undefined,
  dryRun = false,
) {
  return importRecords(
    records,
    { site, source, dryRun, ...(mediaOptions && { media: mediaOptions }) },
    deps(),
  );
}

async function* chunksOf(text: string) {
  yield Buffer.from(text);
}

/** A WXR file: one author, posts with the given content and featured image (attachment id). */
function wxr(items: { id: number; content: string; cover?: string }[]): string {
  const body = items.map(({ id, content, cover }) => {
    const thumbnail = cover
      ? `<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>${id + 1000}</wp:meta_value></wp:postmeta>`
      : '';
    const attachment = cover
      ? `<item><title>cover</title><wp:post_id>${id + 1000}</wp:post_id><wp:status>inherit</wp:status>
<wp:post_type>attachment</wp:post_type><wp:attachment_url>${cover}</wp:attachment_url>
<wp:postmeta><wp:meta_key>_wp_attachment_image_alt</wp:meta_key><wp:meta_value>The cover</wp:meta_value></wp:postmeta></item>`
      : '';
    return `<item><title>Post ${id}</title><link>http://old.example/post-${id}/</link><dc:creator>admin</dc:creator>
<content:encoded><![CDATA[${content}]]></content:encoded>
<wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2026-01-01 10:00:00</wp:post_date_gmt>
<wp:post_name>post-${id}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>${thumbnail}</item>
${attachment}`;
  });
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><wp:wxr_version>1.2</wp:wxr_version>
<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[admin]]></wp:author_login><wp:author_email>admin@old.example</wp:author_email><wp:author_display_name><![CDATA[The Admin]]></wp:author_display_name></wp:author>
${body.join('\n')}
</channel></rss>`;
}

const img = (url: string, alt = '') =>
  `<!-- wp:image --><figure class="wp-block-image"><img src="${url}" alt="${alt}"/></figure><!-- /wp:image -->`;
const gallery = (...urls: string[]) =>
  `<!-- wp:gallery --><figure class="wp-block-gallery">${urls.map((u) => img(u)).join('')}</figure><!-- /wp:gallery -->`;

/** A Ghost 5 export: one author, posts with Lexical image cards and a feature image. */
function ghost(items: { id: string; images: string[]; cover?: string }[]): string {
  const postRows = items.map(({ id, images, cover }) => ({
    id,
    title: `Ghost ${id}`,
    slug: `ghost-${id}`,
    author_id: 'u1',
    mobiledoc: null,
    lexical: JSON.stringify({
      root: {
        type: 'root',
        children: images.map((src) => ({ type: 'image', src, alt: 'a picture', caption: '' })),
      },
    }),
    html: '',
    feature_image: cover ?? null,
    featured: 0,
    type: 'post',
    status: 'published',
    visibility: 'public',
    created_at: '2024-01-02 03:04:05',
    updated_at: '2024-01-03 03:04:05',
    published_at: '2024-01-02 10:00:00',
    custom_excerpt: null,
  }));
  return JSON.stringify({
    db: [
      {
        meta: { exported_on: 1, version: '5.82.0' },
        data: {
          users: [{ id: 'u1', name: 'Ann', slug: 'ann', email: 'ann@example.com', bio: null }],
          tags: [],
          posts: postRows,
        },
      },
    ],
  });
}

function ghostRecords(text: string, siteUrl?: string) {
  return readGhostExport(
    function* open() {
      yield text;
    },
    siteUrl ? { siteUrl } : {},
  );
}

async function postOf(siteId: string, slug: string) {
  const [row] = await harness.db
    .select()
    .from(posts)
    .where(and(eq(posts.siteId, siteId), eq(posts.slug, slug)));
  return row!;
}

async function mediaOf(siteId: string) {
  return harness.db.select().from(media).where(eq(media.siteId, siteId));
}

type Media = { src: { id?: string; url?: string }; width?: number; height?: number };
type Nodes = {
  type: string;
  imageData: { image: Media; altText?: string };
  galleryData: { items: { image: { media: Media } }[] };
}[];

function nodesOf(post: { content: unknown }): Nodes {
  return (post.content as { nodes: Nodes }).nodes;
}

describe('the media step, from the web', () => {
  it('fetches a WXR file’s images, stores them as uploads and points the post at them', async () => {
    const site = await createTestSite(harness.db);
    const photo = `${origin}/wp-content/uploads/2024/03/photo.jpg`;
    const missing = `${origin}/wp-content/uploads/2024/03/gone.jpg`;
    const file = wxr([
      {
        id: 1,
        content: img(photo, 'A photo') + gallery(photo, missing),
        cover: `${origin}/wp-content/uploads/2024/03/cover.gif`,
      },
    ]);
    const before = hits.length;
    const report = await run(readWxr(chunksOf(file)), site, 'wordpress', FETCH);

    expect(report.counts.post).toEqual({ created: 1, existing: 0, failed: 0 });
    // The photo once, though named twice; the GIF cover; the missing file once.
    expect(report.media).toEqual({ fetched: 2, fromFolder: 0, existing: 0, missing: 1 });
    expect(hits.slice(before).sort()).toEqual(
      [
        '/wp-content/uploads/2024/03/cover.gif',
        '/wp-content/uploads/2024/03/gone.jpg',
        '/wp-content/uploads/2024/03/photo.jpg',
      ].sort(),
    );
    expect(report.problems['media-not-found']).toMatchObject({ count: 1 });
    expect(report.problems['media-not-found']!.samples[0]).toContain(missing);
    expect(report.problems['media-not-fetched']).toBeUndefined();

    const stored = await mediaOf(site.id);
    expect(stored.map((m) => m.kind).sort()).toEqual(['gif', 'image']);
    const image = stored.find((m) => m.kind === 'image')!;
    const gif = stored.find((m) => m.kind === 'gif')!;
    expect(image).toMatchObject({ mimeType: 'image/webp', width: 320, height: 200 });
    expect(existsSync(originalPath(harness.dataDir, site.id, image.id))).toBe(true);

    const post = await postOf(site.id, 'post-1');
    const nodes = nodesOf(post);
    const asUploaded = {
      src: { id: image.id, url: `/media/${image.id}/original.webp` },
      width: 320,
      height: 200,
    };
    expect(nodes[0]!.imageData).toMatchObject({ image: asUploaded, altText: 'A photo' });
    const items = nodes.find((n) => n.type === 'GALLERY')!.galleryData.items;
    expect(items[0]!.image.media).toEqual(asUploaded);
    // The missing file keeps its original address.
    expect(items[1]!.image.media.src).toEqual({ url: missing });
    expect(post.coverImage).toEqual({
      isEnabled: true,
      isCustom: true,
      image: { id: gif.id, width: 40, height: 30, alt: 'The cover' },
    });

    // What each URL became, for the next import.
    const mapped = await harness.db
      .select()
      .from(importedRecords)
      .where(and(eq(importedRecords.siteId, site.id), eq(importedRecords.kind, 'media')));
    expect(mapped.map((m) => m.sourceId).sort()).toEqual(
      [photo, `${origin}/wp-content/uploads/2024/03/cover.gif`].sort(),
    );

    // The same file again creates nothing and fetches nothing; another file naming the same
    // images finds them stored.
    const hitsAfterFirst = hits.length;
    const again = await run(readWxr(chunksOf(file)), site, 'wordpress', FETCH);
    expect(again.counts.post).toEqual({ created: 0, existing: 1, failed: 0 });
    const other = await run(
      readWxr(chunksOf(wxr([{ id: 2, content: img(photo) }]))),
      site,
      'wordpress',
      FETCH,
    );
    expect(other.counts.post.created).toBe(1);
    expect(other.media).toEqual({ fetched: 0, fromFolder: 0, existing: 1, missing: 0 });
    expect(hits.length).toBe(hitsAfterFirst);
    expect(await mediaOf(site.id)).toHaveLength(2);
    const second = await postOf(site.id, 'post-2');
    expect(nodesOf(second)[0]!.imageData.image).toEqual(asUploaded);
  });

  it('fetches a Ghost export’s images and feature image (the old address put back)', async () => {
    const site = await createTestSite(harness.db);
    const file = ghost([
      {
        id: 'g1',
        images: ['__GHOST_URL__/content/images/2024/03/ghost.png'],
        cover: '__GHOST_URL__/content/images/2024/03/cover.jpg',
      },
    ]);
    const report = await run(ghostRecords(file, origin), site, 'ghost', FETCH);
    expect(report.counts.post.created).toBe(1);
    expect(report.media).toEqual({ fetched: 2, fromFolder: 0, existing: 0, missing: 0 });
    const post = await postOf(site.id, 'ghost-g1');
    const stored = await mediaOf(site.id);
    const png = stored.find((m) => m.width === 64)!;
    const cover = stored.find((m) => m.width === 320)!;
    expect(nodesOf(post)[0]!.imageData.image.src).toEqual({
      id: png.id,
      url: `/media/${png.id}/original.webp`,
    });
    expect(post.coverImage?.image?.id).toBe(cover.id);
  });

  it('reports what is not an image, and refuses a private address unless told (tests)', async () => {
    const site = await createTestSite(harness.db);
    const page = `${origin}/page.jpg`;
    const lies = `${origin}/lies.jpg`;
    const file = wxr([{ id: 1, content: img(page) + img(lies) }]);
    const before = hits.length;
    // The production guard: 127.0.0.1 is not a public address, nothing is asked of it.
    const guarded = await run(readWxr(chunksOf(file)), site, 'wordpress', { fetch: true });
    expect(hits.length).toBe(before);
    expect(guarded.media).toEqual({ fetched: 0, fromFolder: 0, existing: 0, missing: 2 });
    expect(guarded.problems['media-blocked']).toMatchObject({ count: 2 });
    expect(guarded.counts.post).toEqual({ created: 1, existing: 0, failed: 0 });
    const post = await postOf(site.id, 'post-1');
    expect(nodesOf(post).map((n) => n.imageData.image.src)).toEqual([{ url: page }, { url: lies }]);

    const other = await createTestSite(harness.db);
    const allowed = await run(readWxr(chunksOf(file)), other, 'wordpress', FETCH);
    // An HTML answer is refused from its header; bytes that are not an image, from the bytes.
    expect(allowed.problems['media-not-an-image']).toMatchObject({ count: 2 });
    expect(allowed.media.missing).toBe(2);
    expect(await mediaOf(other.id)).toEqual([]);
  });

  it('fails fast on a host that cannot be resolved, each file reported', async () => {
    const site = await createTestSite(harness.db);
    const urls = ['a', 'b', 'c'].map(
      (n) => `http://no-such-host.invalid/wp-content/uploads/${n}.jpg`,
    );
    const file = wxr([{ id: 1, content: urls.map((u) => img(u)).join('') }]);
    const started = performance.now();
    const report = await run(readWxr(chunksOf(file)), site, 'wordpress', FETCH);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(report.problems['media-unreachable']).toMatchObject({ count: 3 });
    expect(report.media.missing).toBe(3);
    expect(report.counts.post.created).toBe(1);
  });

  it('fetches nothing in a dry run, and says how many files it would fetch', async () => {
    const site = await createTestSite(harness.db);
    const file = wxr([
      {
        id: 1,
        content: img(`${origin}/wp-content/uploads/2024/03/photo.jpg`) + img(`${origin}/x.jpg`),
      },
    ]);
    const before = hits.length;
    const report = await run(readWxr(chunksOf(file)), site, 'wordpress', FETCH, true);
    expect(report.media).toEqual({ fetched: 2, fromFolder: 0, existing: 0, missing: 0 });
    // Without loopback allowed, the guard's refusal of 127.0.0.1 is known without the network.
    const guarded = await run(readWxr(chunksOf(file)), site, 'wordpress', { fetch: true }, true);
    expect(guarded.media).toEqual({ fetched: 0, fromFolder: 0, existing: 0, missing: 2 });
    expect(guarded.problems['media-blocked']).toMatchObject({ count: 2 });
    expect(hits.length).toBe(before);
    expect(await mediaOf(site.id)).toEqual([]);
  });
});

describe('the media step, from an uploads folder or zip', () => {
  it('takes files from a folder by their path, fetching nothing; a missing one is reported', async () => {
    const uploads = path.join(folder, 'uploads');
    mkdirSync(path.join(uploads, '2024', '03'), { recursive: true });
    writeFileSync(
      path.join(uploads, '2024', '03', 'photo.jpg'),
      files['/wp-content/uploads/2024/03/photo.jpg']!.body,
    );
    // A file beside the folder, which a crafted URL must not reach.
    writeFileSync(
      path.join(folder, 'secret.jpg'),
      files['/wp-content/uploads/2024/03/photo.jpg']!.body,
    );
    // A link inside the folder that leads out of it is not followed.
    symlinkSync(path.join(folder, 'secret.jpg'), path.join(uploads, '2024', '03', 'link.jpg'));
    const site = await createTestSite(harness.db);
    const base = 'https://gone.example/wp-content/uploads';
    const file = wxr([
      {
        id: 1,
        content:
          img(`${base}/2024/03/photo.jpg`) +
          img(`${base}/2024/03/absent.jpg`) +
          img(`${base}/../../secret.jpg`) +
          img(`${base}/2024/03/link.jpg`),
      },
    ]);
    const before = hits.length;
    const dry = await run(
      readWxr(chunksOf(file)),
      site,
      'wordpress',
      { from: uploads, fetch: false },
      true,
    );
    expect(dry.media).toEqual({ fetched: 0, fromFolder: 1, existing: 0, missing: 3 });
    const report = await run(readWxr(chunksOf(file)), site, 'wordpress', {
      from: uploads,
      fetch: false,
    });
    expect(hits.length).toBe(before);
    expect(report.media).toEqual({ fetched: 0, fromFolder: 1, existing: 0, missing: 3 });
    expect(report.problems['media-missing']).toMatchObject({ count: 3 });
    const [stored] = await mediaOf(site.id);
    const post = await postOf(site.id, 'post-1');
    const nodes = nodesOf(post);
    expect(nodes[0]!.imageData.image.src).toEqual({
      id: stored!.id,
      url: `/media/${stored!.id}/original.webp`,
    });
    expect(nodes[1]!.imageData.image.src).toEqual({ url: `${base}/2024/03/absent.jpg` });
  });

  it('takes files from a zip (entries under a top folder, Ghost’s resized copies → original)', async () => {
    const zipFile = path.join(folder, 'images.zip');
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      files['/content/images/2024/03/ghost.png']!.body,
      'export/content/images/2024/03/ghost.png',
    );
    zip.addBuffer(Buffer.from('not an image'), 'export/content/images/2024/03/broken.png');
    zip.end();
    await new Promise<void>((resolve, reject) => {
      const out = zip.outputStream.pipe(createWriteStream(zipFile));
      out.on('close', resolve);
      out.on('error', reject);
    });
    const site = await createTestSite(harness.db);
    // No old address: the placeholder stays, and the path still finds the file.
    const file = ghost([
      {
        id: 'z1',
        images: [
          '__GHOST_URL__/content/images/size/w600/2024/03/ghost.png',
          '__GHOST_URL__/content/images/2024/03/broken.png',
        ],
      },
    ]);
    const report = await run(ghostRecords(file), site, 'ghost', { from: zipFile, fetch: true });
    expect(report.media).toEqual({ fetched: 0, fromFolder: 1, existing: 0, missing: 1 });
    expect(report.problems['media-not-an-image']).toMatchObject({ count: 1 });
    const [stored] = await mediaOf(site.id);
    expect(stored).toMatchObject({ width: 64, height: 48, kind: 'image' });
    expect(report.counts.post).toEqual({ created: 1, existing: 0, failed: 0 });
  });

  it('refuses a --media path that is not there before reading anything', async () => {
    const site = await createTestSite(harness.db);
    await expect(
      run(readWxr(chunksOf(wxr([{ id: 1, content: '' }]))), site, 'wordpress', {
        from: path.join(folder, 'nothing-here'),
        fetch: false,
      }),
    ).rejects.toThrow(/No folder or zip/);
    const notZip = path.join(folder, 'not-a.zip');
    writeFileSync(notZip, 'plain text');
    await expect(
      run(readWxr(chunksOf(wxr([{ id: 1, content: '' }]))), site, 'wordpress', {
        from: notZip,
        fetch: false,
      }),
    ).rejects.toThrow(/not a readable zip/);
  });
});

describe('the media step on the fixtures (no image reachable here)', () => {
  it(
    'imports the WordPress fixture with every image reported missing and nothing failing',
    async () => {
      const site = await createTestSite(harness.db);
      const report = await run(
        readWxr(createReadStream(path.join(FIXTURES, 'wordpress-export.xml'))),
        site,
        'wordpress',
        { fetch: true },
      );
      expect(report.counts.post).toEqual({ created: 1005, existing: 0, failed: 0 });
      expect(report.failures).toEqual([]);
      expect(report.media.fetched + report.media.fromFolder + report.media.existing).toBe(0);
      expect(report.media.missing).toBeGreaterThan(0);
      // Its images are on 127.0.0.1:8080: not a public address.
      expect(report.problems['media-blocked']!.count).toBe(report.media.missing);
      expect(await mediaOf(site.id)).toEqual([]);
    },
    IMPORT_TIMEOUT_MS,
  );

  it(
    'imports the Ghost fixture with every image reported missing and nothing failing',
    async () => {
      const site = await createTestSite(harness.db);
      const report = await run(
        readGhostExport(path.join(FIXTURES, 'ghost-export.json'), {
          siteUrl: 'https://old.example',
        }),
        site,
        'ghost',
        { fetch: true },
      );
      expect(report.counts.post).toEqual({ created: 1004, existing: 0, failed: 0 });
      expect(report.failures).toEqual([]);
      expect(report.media.fetched + report.media.fromFolder + report.media.existing).toBe(0);
      expect(report.media.missing).toBeGreaterThan(0);
      const codes = Object.keys(report.problems).filter((code) => code.startsWith('media-'));
      // old.example does not resolve here (or cannot be connected): one lookup, every file reported.
      expect(codes).toEqual(['media-unreachable']);
      expect(report.problems['media-unreachable']!.count).toBe(report.media.missing);
    },
    IMPORT_TIMEOUT_MS,
  );
});
