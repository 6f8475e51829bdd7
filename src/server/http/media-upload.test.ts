import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaUrl } from '../../domain/media';
import {
  audioDataOf,
  fileDataOf,
  gifDataOf,
  imageDataOf,
  UPLOAD_SIZE_LIMITS,
  type UploadedMedia,
  UploadedMediaSchema,
  type UploadKind,
  videoDataOf,
} from '../../domain/media-upload';
import { parseVideoSource } from '../../domain/video';
import {
  AudioDataSchema,
  FileDataSchema,
  GifDataSchema,
  ImageDataSchema,
  VideoDataSchema,
} from '../../rich-content/document';
import { media } from '../db/schema.server';
import { createMember, createTestSite, type TestSite } from '../testing/factories.server';
import {
  gifFixture,
  mp3Fixture,
  mp4Fixture,
  pdfFixture,
  pngFixture,
} from '../testing/media-fixtures.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

let now = Date.parse('2026-11-21T10:00:00Z');
let otherSite: TestSite;
let writer: { id: string };
let busyWriter: { id: string };
let reader: { id: string };

const QUOTA = { windowMs: 60 * 60 * 1000, maxUploads: 3, maxBytes: 400 * 1024 * 1024 };

const harness = setUpTestApp({
  withTestRoutes: true,
  withDataDir: true,
  app: { uploadQuota: { now: () => now, limits: QUOTA } },
});

beforeAll(async () => {
  const { db, site } = harness;
  otherSite = await createTestSite(db);
  // Each test that uploads much acts as its own writer, so the quota of 3 is the quota test's.
  writer = await createMember(db, site.id, { role: 'writer' });
  busyWriter = await createMember(db, site.id, { role: 'open-blog-writer' });
  reader = await createMember(db, site.id, { role: 'user' });
});

interface FilePart {
  content: Buffer;
  fileName: string;
  /** What the browser claims; the server must not believe it. */
  type?: string;
}

const BOUNDARY = '----inkwell-test-boundary';

function multipart(fields: [string, string][], file?: FilePart): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${file.fileName}"\r\n` +
          `content-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const memberMap = new Map<string, string>();

/** One upload per member of its own, so quota counts never leak between tests. */
async function uploaderFor(label: string): Promise<{ id: string }> {
  const known = memberMap.get(label);
  if (known) return { id: known };
  const member = await createMember(harness.db, harness.site.id, { role: 'writer' });
  memberMap.set(label, member.id);
  return member;
}

function upload(
  kind: string | null,
  file: FilePart | undefined,
  options: { as?: { id: string } | null; host?: string } = {},
) {
  const headers: Record<string, string> = {
    host: options.host ?? harness.site.host,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  };
  const as = options.as === undefined ? writer : options.as;
  if (as) headers[TEST_MEMBER_HEADER] = as.id;
  return harness.app.inject({
    method: 'POST',
    url: '/api/editor/media',
    headers,
    payload: multipart(kind === null ? [] : [['kind', kind]], file),
  });
}

async function uploadOk(kind: UploadKind, file: FilePart, as?: { id: string }) {
  const response = await upload(kind, file, { as: as ?? (await uploaderFor(file.fileName)) });
  expect(response.statusCode, response.body).toBe(201);
  return UploadedMediaSchema.parse(response.json());
}

function get(url: string, headers: Record<string, string> = {}, host = harness.site.host) {
  return harness.app.inject({ method: 'GET', url, headers: { host, ...headers } });
}

describe('POST /api/editor/media: each kind is stored and served back', () => {
  it('stores an image as webp with its size, served at its URL and at srcset widths', async () => {
    const uploaded = await uploadOk('image', { content: await pngFixture(), fileName: 'sky.png' });
    expect(uploaded).toMatchObject({
      kind: 'image',
      mimeType: 'image/webp',
      width: 40,
      height: 30,
    });
    const original = await get(uploaded.url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    expect((await sharp(original.rawPayload).metadata()).format).toBe('webp');
    expect((await get(mediaUrl(uploaded.id, 320))).statusCode).toBe(200);
    expect(ImageDataSchema.parse(imageDataOf(uploaded, 'A blue sky')).image.src.id).toBe(
      uploaded.id,
    );
  });

  it('keeps a GIF animated and gives it a still first frame', async () => {
    const gif = await gifFixture();
    const uploaded = await uploadOk('gif', { content: gif, fileName: 'wave.gif' });
    expect(uploaded).toMatchObject({ kind: 'gif', mimeType: 'image/gif', width: 8, height: 6 });
    expect(uploaded.size).toBe(gif.length);
    const served = await get(uploaded.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.rawPayload.equals(gif)).toBe(true);
    expect((await sharp(served.rawPayload, { animated: true }).metadata()).pages).toBe(2);
    const data = GifDataSchema.parse(gifDataOf(uploaded));
    expect(data.original?.gif).toBe(uploaded.url);
    const still = await get(data.original!.still!);
    expect(still.statusCode).toBe(200);
    expect(still.headers['content-type']).toBe('image/webp');
  });

  it('stores an mp4 as it is, with duration and size from its moov, playable by the player', async () => {
    const mp4 = mp4Fixture();
    const uploaded = await uploadOk('video', { content: mp4, fileName: 'clip.mp4' });
    expect(uploaded).toMatchObject({
      kind: 'video',
      mimeType: 'video/mp4',
      size: mp4.length,
      width: 320,
      height: 240,
      duration: 2.5,
    });
    expect(parseVideoSource(uploaded.url)).toEqual({ host: 'file', path: uploaded.url });
    const served = await get(uploaded.url);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(mp4)).toBe(true);
    expect(VideoDataSchema.parse(videoDataOf(uploaded)).video.duration).toBe(2.5);
  });

  it('stores an mp3 whatever type the browser claimed', async () => {
    const mp3 = mp3Fixture();
    const uploaded = await uploadOk('audio', {
      content: mp3,
      fileName: 'Episode 1.mp3',
      type: 'application/octet-stream',
    });
    expect(uploaded).toMatchObject({
      kind: 'audio',
      mimeType: 'audio/mpeg',
      fileName: 'Episode 1.mp3',
    });
    expect(uploaded.url).toMatch(/\/original\.mp3$/);
    const served = await get(uploaded.url);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(served.rawPayload.equals(mp3)).toBe(true);
    expect(AudioDataSchema.parse(audioDataOf(uploaded)).name).toBe('Episode 1');
  });

  it('stores a PDF, served inline under its file name', async () => {
    const pdf = pdfFixture();
    const uploaded = await uploadOk('file', { content: pdf, fileName: 'Menü 2026.pdf' });
    expect(uploaded).toMatchObject({ kind: 'file', mimeType: 'application/pdf', size: pdf.length });
    const served = await get(uploaded.url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="Men_ 2026.pdf"; filename*=UTF-8''Men%C3%BC%202026.pdf`,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const data = FileDataSchema.parse(fileDataOf(uploaded));
    expect(data).toMatchObject({ name: 'Menü 2026.pdf', type: 'pdf', size: pdf.length });
  });

  it('sends other files as downloads', async () => {
    const csv = Buffer.from('city,rain\nBergen,231\n');
    const uploaded = await uploadOk('file', {
      content: csv,
      fileName: 'rain.csv',
      type: 'text/html',
    });
    expect(uploaded.mimeType).toBe('text/csv');
    const served = await get(uploaded.url);
    expect(served.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="rain.csv"/);
  });

  it('writes the media row of the upload for the site and owner', async () => {
    const owner = await uploaderFor('row-owner');
    const uploaded = await uploadOk('file', { content: pdfFixture(), fileName: 'a.pdf' }, owner);
    const [row] = await harness.db
      .select()
      .from(media)
      .where(and(eq(media.siteId, harness.site.id), eq(media.id, uploaded.id)));
    expect(row).toMatchObject({ kind: 'file', ownerId: owner.id, sizeBytes: uploaded.size });
  });
});

describe('GET /media/:id/original.ext: ranges and scoping', () => {
  let video: UploadedMedia;
  const mp4 = mp4Fixture();

  beforeAll(async () => {
    video = await uploadOk('video', { content: mp4, fileName: 'seek.mp4' });
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const response = await get(video.url, { range: 'bytes=100-199' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
    expect(response.headers['content-length']).toBe('100');
    expect(response.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
  });

  it('answers an open and a suffix range', async () => {
    const open = await get(video.url, { range: `bytes=${mp4.length - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(mp4.subarray(-10))).toBe(true);
    const suffix = await get(video.url, { range: 'bytes=-4' });
    expect(suffix.headers['content-range']).toBe(
      `bytes ${mp4.length - 4}-${mp4.length - 1}/${mp4.length}`,
    );
  });

  it('answers a range past the end with 416', async () => {
    const response = await get(video.url, { range: `bytes=${mp4.length}-` });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${mp4.length}`);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await get(video.url);
    const again = await get(video.url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("is a 404 on another site's host, and for a wrong extension or unknown id", async () => {
    const elsewhere = await get(video.url, {}, otherSite.host);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe('media_not_found');
    expect((await get(video.url.replace('.mp4', '.pdf'))).statusCode).toBe(404);
    expect((await get(`/media/${crypto.randomUUID()}/original.mp4`)).statusCode).toBe(404);
  });
});

describe('POST /api/editor/media: refusals', () => {
  it('asks an anonymous visitor to log in (401)', async () => {
    const response = await upload(
      'file',
      { content: pdfFixture(), fileName: 'a.pdf' },
      { as: null },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('login-required');
  });

  it('refuses a member whose role cannot upload (403)', async () => {
    const response = await upload(
      'file',
      { content: pdfFixture(), fileName: 'a.pdf' },
      { as: reader },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
  });

  it('refuses a file over its kind’s limit with 413 file-too-big and stores nothing', async () => {
    const before = readdirSync(path.join(harness.dataDir, 'media', harness.site.id));
    const gif = await gifFixture();
    const content = Buffer.concat([gif, Buffer.alloc(UPLOAD_SIZE_LIMITS.gif + 1 - gif.length)]);
    const response = await upload(
      'gif',
      { content, fileName: 'huge.gif' },
      { as: await uploaderFor('huge') },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({
      code: 'file-too-big',
      fields: { file: expect.any(String) },
    });
    expect(readdirSync(path.join(harness.dataDir, 'media', harness.site.id))).toEqual(before);
    expect(readdirSync(path.join(harness.dataDir, 'media', harness.site.id, '.incoming'))).toEqual(
      [],
    );
  });

  it('refuses bytes that are not of the kind, whatever the name and claimed type (415)', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [kind, fileName, type] of [
      ['image', 'cat.png', 'image/png'],
      ['video', 'clip.mp4', 'video/mp4'],
      ['audio', 'song.mp3', 'audio/mpeg'],
    ] as const) {
      const response = await upload(
        kind,
        { content: html, fileName, type },
        {
          as: await uploaderFor(`wrong-${kind}`),
        },
      );
      expect(response.statusCode, kind).toBe(415);
      expect(response.json().error.code).toBe('file-upload-failure');
    }
    // A PDF sent as an image is a real file, but not of the kind asked for.
    const pdfAsImage = await upload(
      'image',
      { content: pdfFixture(), fileName: 'x.png' },
      {
        as: await uploaderFor('pdf-as-image'),
      },
    );
    expect(pdfAsImage.statusCode).toBe(415);
  });

  it('refuses a corrupt image (400 file-upload-failure)', async () => {
    const png = await pngFixture();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(60, 0xaa)]);
    const response = await upload(
      'image',
      { content: broken, fileName: 'broken.png' },
      {
        as: await uploaderFor('broken'),
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('file-upload-failure');
  });

  it('refuses an unknown kind, a missing kind and a missing file', async () => {
    const as = await uploaderFor('no-kind');
    const unknown = await upload(
      'spreadsheet',
      { content: pdfFixture(), fileName: 'a.pdf' },
      { as },
    );
    expect(unknown.json().error).toMatchObject({
      code: 'file-upload-failure',
      fields: { kind: expect.any(String) },
    });
    const missingKind = await upload(null, { content: pdfFixture(), fileName: 'a.pdf' }, { as });
    expect(missingKind.statusCode).toBe(400);
    const missingFile = await upload('file', undefined, { as });
    expect(missingFile.json().error).toMatchObject({
      code: 'file-upload-failure',
      fields: { file: 'is required' },
    });
  });

  it('limits a member to the hourly quota (429 file-upload-limited), then lets them go on', async () => {
    const file = { content: pdfFixture(), fileName: 'q.pdf' };
    for (let index = 0; index < QUOTA.maxUploads; index++) {
      expect((await upload('file', file, { as: busyWriter })).statusCode).toBe(201);
    }
    const limited = await upload('file', file, { as: busyWriter });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('file-upload-limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member of the same site is not affected.
    expect((await upload('file', file, { as: await uploaderFor('neighbour') })).statusCode).toBe(
      201,
    );
    now += QUOTA.windowMs + 1;
    expect((await upload('file', file, { as: busyWriter })).statusCode).toBe(201);
  });
});
