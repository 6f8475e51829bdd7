import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection.server';
import { media } from '../db/schema.server';
import { AppError } from '../errors.server';
import {
  ensureVariant,
  MEDIA_WIDTHS,
  mediaDir,
  mediaUrl,
  ORIGINAL_MAX_SIDE,
  originalPath,
  saveImage,
  storeImageFile,
  variantPath,
} from './storage.server';

let handle: DatabaseHandle;
let dataDir: string;
const siteId = randomUUID();

/** A JPEG of the given stored size; `orientation` 6 means "rotate 90° clockwise to display". */
function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } },
  }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof AppError ? error.code : `not an AppError: ${String(error)}`;
  }
  return undefined;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'inkwell-media-'));
  handle = await openDatabase({ url: 'memory://', dataDir });
});

afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('paths and URLs', () => {
  it('lays files out by site and media id', () => {
    const id = randomUUID();
    expect(mediaDir('/data', siteId, id)).toBe(path.join('/data', 'media', siteId, id));
    expect(originalPath('/data', siteId, id)).toBe(
      path.join('/data', 'media', siteId, id, 'original.webp'),
    );
    expect(variantPath('/data', siteId, id, 640)).toBe(
      path.join('/data', 'media', siteId, id, 'w640.webp'),
    );
    expect(mediaUrl(id, 1280)).toBe(`/media/${id}/w1280.webp`);
    expect(MEDIA_WIDTHS).toEqual([320, 640, 960, 1280, 1920]);
  });

  it('refuses ids that are not UUIDs, so nothing can escape the media folder', () => {
    expect(() => mediaDir('/data', siteId, '../../etc')).toThrow(AppError);
    expect(() => variantPath('/data', '..', randomUUID(), 320)).toThrow(AppError);
  });
});

describe('saveImage', () => {
  it('stores a webp original with EXIF orientation applied and writes the media row', async () => {
    // Stored 3000×1000 with "rotate 90°": displayed 1000×3000, scaled to fit 2000 px.
    const input = await jpeg(3000, 1000, 6);
    const saved = await saveImage({
      db: handle.db,
      dataDir,
      siteId,
      input,
      altText: 'A tall picture',
      fileName: 'tall.jpg',
    });
    expect(saved.height).toBe(ORIGINAL_MAX_SIDE);
    expect(saved.width).toBe(667);

    const file = originalPath(dataDir, siteId, saved.id);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([saved.width, saved.height]);

    const [row] = await handle.db
      .select()
      .from(media)
      .where(and(eq(media.siteId, siteId), eq(media.id, saved.id)));
    expect(row).toMatchObject({
      fileName: 'tall.jpg',
      mimeType: 'image/webp',
      altText: 'A tall picture',
      width: saved.width,
      height: saved.height,
      kind: 'image',
    });
    expect(row!.sizeBytes).toBeGreaterThan(0);
  });

  it('never enlarges a small image', async () => {
    const saved = await saveImage({ db: handle.db, dataDir, siteId, input: await jpeg(400, 300) });
    expect([saved.width, saved.height]).toEqual([400, 300]);
  });

  it('uses a given id (the seed needs deterministic ids)', async () => {
    const id = randomUUID();
    const row = await storeImageFile({ dataDir, siteId, input: await jpeg(50, 50), id });
    expect(row.id).toBe(id);
    expect(existsSync(originalPath(dataDir, siteId, id))).toBe(true);
  });

  it('rejects input that is not an image with validation_failed', async () => {
    const code = await errorCode(
      saveImage({ db: handle.db, dataDir, siteId, input: Buffer.from('not an image') }),
    );
    expect(code).toBe('validation_failed');
  });
});

describe('ensureVariant', () => {
  let id: string;

  beforeAll(async () => {
    ({ id } = await saveImage({ db: handle.db, dataDir, siteId, input: await jpeg(1600, 900) }));
  });

  it('creates a variant at the requested width and caches it on disk', async () => {
    const file = await ensureVariant(dataDir, siteId, id, 320);
    expect(file).toBe(variantPath(dataDir, siteId, id, 320));
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 180]);
    // A second call finds the cached file.
    expect(await ensureVariant(dataDir, siteId, id, 320)).toBe(file);
  });

  it('never upscales: a wider variant than the original keeps the original width', async () => {
    const file = await ensureVariant(dataDir, siteId, id, 1920);
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 900]);
  });

  it('shares one promise between concurrent calls for the same variant', async () => {
    const first = ensureVariant(dataDir, siteId, id, 640);
    const second = ensureVariant(dataDir, siteId, id, 640);
    expect(second).toBe(first);
    const other = ensureVariant(dataDir, siteId, id, 960);
    expect(other).not.toBe(first);
    await Promise.all([first, second, other]);
    expect((await sharp(await first).metadata()).width).toBe(640);
  });

  it('rejects widths that are not served', async () => {
    expect(await errorCode(ensureVariant(dataDir, siteId, id, 500))).toBe('validation_failed');
  });

  it('reports a missing original as media_not_found', async () => {
    expect(await errorCode(ensureVariant(dataDir, siteId, randomUUID(), 320))).toBe(
      'media_not_found',
    );
  });

  it('rejects an id that is not a UUID', async () => {
    expect(await errorCode(ensureVariant(dataDir, siteId, '../x', 320))).toBe('validation_failed');
  });
});
