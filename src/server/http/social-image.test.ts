/**
 * `GET /media/:mediaId/social.jpg` (issue 19) through HTTP on PGlite and PostgreSQL: the social
 * card of a stored image is a JPEG of the card's shape (1200×630, or the largest such box a small
 * image holds without being enlarged: `socialImageSize`), made on first request and then read from
 * disk, immutable, and scoped to the request's site; a video or another site's image is a 404.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { socialImageSize } from '../../domain/seo';
import { media } from '../db/schema.server';
import { saveImage, socialImagePath } from '../media/storage.server';
import { createTestSite, type TestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({ withDataDir: true });

let other: TestSite;

beforeAll(async () => {
  other = await createTestSite(harness.db);
});

/** A picture with a bright square off-centre on a dark ground: something salient to keep. */
async function picture(width: number, height: number): Promise<Buffer> {
  const side = Math.round(Math.min(width, height) / 3);
  const square = await sharp({
    create: { width: side, height: side, channels: 3, background: '#ff2200' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#101010' } })
    .composite([{ input: square, left: width - side - 5, top: 5 }])
    .png()
    .toBuffer();
}

async function storeImage(site: TestSite, width: number, height: number) {
  return saveImage({
    db: harness.db,
    dataDir: harness.dataDir,
    siteId: site.id,
    input: await picture(width, height),
  });
}

function get(site: TestSite, url: string) {
  return harness.app.inject({ method: 'GET', url, headers: { host: site.host } });
}

describe('GET /media/:mediaId/social.jpg', () => {
  it('makes a 1200×630 JPEG once, then serves it from disk, immutable', async () => {
    const image = await storeImage(harness.site, 1800, 1400);
    const first = await get(harness.site, `/media/${image.id}/social.jpg`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toContain('immutable');
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    // Served from disk: a marker written over the cached file is what the next request gets.
    const file = socialImagePath(harness.dataDir, harness.site.id, image.id);
    expect((await stat(file)).size).toBe(first.rawPayload.length);
    await writeFile(file, 'cached');
    const second = await get(harness.site, `/media/${image.id}/social.jpg`);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe('cached');
  });

  it('crops to the salient part rather than the middle', async () => {
    // A tall picture whose bright square is at the top: the centre crop would miss it.
    const image = await storeImage(harness.site, 1300, 2000);
    const response = await get(harness.site, `/media/${image.id}/social.jpg`);
    const { data, info } = await sharp(response.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    let reddish = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if ((data[i] ?? 0) > 200 && (data[i + 1] ?? 0) < 100) reddish += 1;
    }
    expect(reddish / (info.width * info.height)).toBeGreaterThan(0.05);
  });

  it('never enlarges a small image: the largest box of the card’s shape it holds', async () => {
    const image = await storeImage(harness.site, 800, 800);
    const response = await get(harness.site, `/media/${image.id}/social.jpg`);
    expect(response.statusCode).toBe(200);
    const meta = await sharp(response.rawPayload).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual(socialImageSize(800, 800));
    expect(meta.width).toBe(800);
    expect(meta.height).toBe(420);
  });

  it('is a 404 for another site’s image, a video, an unknown id; a 400 for a bad id', async () => {
    const image = await storeImage(harness.site, 1200, 630);
    expect((await get(other, `/media/${image.id}/social.jpg`)).statusCode).toBe(404);
    // Nothing was made for the other site either.
    await expect(stat(socialImagePath(harness.dataDir, other.id, image.id))).rejects.toThrow();

    const video = crypto.randomUUID();
    await harness.db.insert(media).values({
      siteId: harness.site.id,
      id: video,
      kind: 'video',
      fileName: 'clip.mp4',
      mimeType: 'video/mp4',
      width: 640,
      height: 360,
      sizeBytes: 4,
    });
    const dir = path.dirname(socialImagePath(harness.dataDir, harness.site.id, video));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'original.mp4'), 'mp4!');
    expect((await get(harness.site, `/media/${video}/social.jpg`)).statusCode).toBe(404);
    expect((await get(harness.site, `/media/${crypto.randomUUID()}/social.jpg`)).statusCode).toBe(
      404,
    );
    expect((await get(harness.site, '/media/not-a-uuid/social.jpg')).statusCode).toBe(400);
  });
});
