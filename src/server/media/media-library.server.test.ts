import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connection.server';
import { cleanFileName, createMediaLibrary } from './media-library.server';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-library-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('createMediaLibrary().store', () => {
  it('refuses a file the multipart parser cut at its cap, and leaves nothing behind', async () => {
    // The refusal comes before any database write, so no database is needed.
    const library = createMediaLibrary({ db: {} as Database, dataDir });
    const siteId = randomUUID();
    const stream = Object.assign(Readable.from([Buffer.from('%PDF-1.4\n')]), { truncated: true });
    await expect(
      library.store({ siteId, ownerId: randomUUID(), kind: 'file', fileName: 'a.pdf', stream }),
    ).rejects.toMatchObject({ status: 413, code: 'file-too-big' });
    expect(readdirSync(path.join(dataDir, 'media', siteId, '.incoming'))).toEqual([]);
  });
});

describe('cleanFileName', () => {
  it('keeps the name without folders or control characters, and adds the real extension', () => {
    expect(cleanFileName('C:\\Users\\ada\\Report "final".pdf', 'pdf')).toBe('Report final.pdf');
    expect(cleanFileName('../../etc/passwd', 'txt')).toBe('passwd.txt');
    expect(cleanFileName('photo.JPEG', 'jpg')).toBe('photo.JPEG');
    expect(cleanFileName('song.wav', 'mp3')).toBe('song.wav.mp3');
    expect(cleanFileName('', 'pdf')).toBe('upload.pdf');
    expect(cleanFileName('.bashrc', 'txt')).toBe('upload.bashrc.txt');
    expect(cleanFileName('a\u0000b\nc.pdf', 'pdf')).toBe('abc.pdf');
  });
});
