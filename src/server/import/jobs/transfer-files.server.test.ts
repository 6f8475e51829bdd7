import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SNIFF_BYTES } from '../cli/sniff-format.server';
import {
  NotAnExportError,
  storeSniffedUpload,
  sweepStaleFiles,
  transferPath,
  transfersDir,
} from './transfer-files.server';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-transfers-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A stream of `bytes` in small chunks, counting how many were pulled. */
function chunked(bytes: Buffer, size = 1024) {
  const pulled = { bytes: 0 };
  async function* chunks() {
    for (let at = 0; at < bytes.length; at += size) {
      const chunk = bytes.subarray(at, at + size);
      pulled.bytes += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), pulled };
}

describe('storeSniffedUpload', () => {
  it('stores an export whole, its head included, and tells its format', async () => {
    const wxr = Buffer.from(`<?xml version="1.0"?>\n<rss>${'x'.repeat(SNIFF_BYTES * 3)}</rss>`);
    const file = await transferPath(dataDir, 'upload');
    const { stream } = chunked(wxr, 5000);
    expect(await storeSniffedUpload(stream, file)).toEqual({
      source: 'wordpress',
      size: wxr.length,
    });
    expect(readFileSync(file).equals(wxr)).toBe(true);
  });

  it('tells a short file from its whole content', async () => {
    const file = await transferPath(dataDir, 'upload');
    const { stream } = chunked(Buffer.from('{"db":[]}'));
    expect(await storeSniffedUpload(stream, file)).toEqual({ source: 'ghost', size: 9 });
  });

  it('stops a file that is not an export after its first bytes, saying what it looks like', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(SNIFF_BYTES * 10, 0),
    ]);
    const file = await transferPath(dataDir, 'upload');
    const { stream, pulled } = chunked(png);
    const error = await storeSniffedUpload(stream, file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotAnExportError);
    expect((error as NotAnExportError).looksLike).toBe('a binary file');
    expect(pulled.bytes).toBeLessThan(png.length / 2);
  });
});

describe('sweepStaleFiles', () => {
  it('removes the files older than the limit and keeps the others', async () => {
    const old = await transferPath(dataDir, 'old');
    const fresh = await transferPath(dataDir, 'fresh');
    writeFileSync(old, 'a');
    writeFileSync(fresh, 'b');
    const now = Date.now();
    utimesSync(old, new Date(now - 2 * 3600_000), new Date(now - 2 * 3600_000));
    await sweepStaleFiles(dataDir, 3600_000, now);
    expect(await readdir(transfersDir(dataDir))).toEqual(['fresh']);
  });

  it('does nothing when the folder was never made', async () => {
    await expect(
      sweepStaleFiles(path.join(dataDir, 'none'), 1, Date.now()),
    ).resolves.toBeUndefined();
  });
});
