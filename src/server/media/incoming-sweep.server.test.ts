import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ABANDONED_UPLOAD_AGE_MS, sweepAbandonedUploads } from './incoming-sweep.server';

const SITE = '5a0c9a52-8a43-4c1e-9d0e-6f3c1b2a7e10';
let dataDir: string | undefined;

afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function file(relative: string, ageMs: number) {
  const full = path.join(dataDir!, 'media', SITE, relative);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, 'bytes');
  const when = new Date(Date.now() - ageMs);
  await utimes(full, when, when);
}

describe('sweepAbandonedUploads', () => {
  it('removes old temporary uploads and keeps recent ones and stored media', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'inkwell-sweep-'));
    await file('.incoming/old.upload', ABANDONED_UPLOAD_AGE_MS + 60_000);
    await file('.incoming/recent.upload', 60_000);
    await file('.incoming/notes.txt', ABANDONED_UPLOAD_AGE_MS * 2);
    await file('0b7f1c1e-52d4-4d5e-9f31-3a1f4f8e2b10/original.pdf', ABANDONED_UPLOAD_AGE_MS * 2);

    expect(await sweepAbandonedUploads(dataDir)).toBe(1);
    const incoming = await readdir(path.join(dataDir, 'media', SITE, '.incoming'));
    expect(incoming.sort()).toEqual(['notes.txt', 'recent.upload']);
    const stored = await readdir(path.join(dataDir, 'media', SITE));
    expect(stored).toContain('0b7f1c1e-52d4-4d5e-9f31-3a1f4f8e2b10');
  });

  it('does nothing when no media were ever stored', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'inkwell-sweep-'));
    expect(await sweepAbandonedUploads(dataDir)).toBe(0);
  });
});
