/**
 * Uploads stream into `${dataDir}/media/<site>/.incoming/<uuid>.upload` and are renamed into
 * place or removed when they end. A process that dies in the middle of an upload leaves its
 * temporary file behind; this sweep, run once after start-up, removes such leftovers. Only
 * files older than `olderThanMs` go: another process sharing the data directory (PostgreSQL
 * deployments may run several) could be receiving an upload right now.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** An upload that has not finished in an hour is not going to. */
export const ABANDONED_UPLOAD_AGE_MS = 60 * 60 * 1000;

/** Removes abandoned temporary uploads of every site; returns how many it removed. */
export async function sweepAbandonedUploads(
  dataDir: string,
  { olderThanMs = ABANDONED_UPLOAD_AGE_MS, now = Date.now() } = {},
): Promise<number> {
  const mediaRoot = path.join(dataDir, 'media');
  const sites = await readdir(mediaRoot).catch(() => [] as string[]);
  let removed = 0;
  for (const site of sites) {
    const incoming = path.join(mediaRoot, site, '.incoming');
    const names = await readdir(incoming).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith('.upload')) continue;
      const file = path.join(incoming, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || now - info.mtimeMs < olderThanMs) continue;
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
