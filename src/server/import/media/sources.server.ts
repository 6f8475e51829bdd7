/**
 * Where the bytes of an imported image come from besides the web (decision 057 "Media"): an
 * uploads folder or a zip given beside the export (`--media DIR|FILE.zip`). Both map an image's
 * URL to a file by its path suffix (`candidatePaths`); neither ever reads outside what it was
 * given: a folder's candidates are checked (real paths, after symbolic links) to stay under it,
 * and a zip's entries are only names in an index, streamed from the archive straight into the
 * media library's own temporary file, never extracted anywhere.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { candidatePaths } from './media-paths';

/** A file found for a URL: its name and a way to read it. */
export interface MediaFile {
  /** The path it was found at, inside the folder or zip (for messages). */
  name: string;
  open(): Promise<Readable>;
}

/** An uploads folder or zip, asked for the file of each URL. */
export interface MediaSource {
  kind: 'folder' | 'zip';
  find(url: string): Promise<MediaFile | null>;
  close(): Promise<void>;
}

/** A `--media` path that cannot be used, with a message that says why. */
export class MediaSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaSourceError';
  }
}

/** Opens `from` as an uploads folder, or as a zip when it is a file. */
export async function openMediaSource(from: string): Promise<MediaSource> {
  const info = await stat(from).catch(() => null);
  if (!info) throw new MediaSourceError(`No folder or zip at ${from}.`);
  if (info.isDirectory()) return openFolderSource(from);
  if (info.isFile()) return openZipSource(from);
  throw new MediaSourceError(`${from} is neither a folder nor a zip file.`);
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  const isOutside = relative === '..' || relative.startsWith(`..${path.sep}`);
  return relative !== '' && !isOutside && !path.isAbsolute(relative);
}

/** An uploads folder: `DIR/2024/03/x.jpg` or `DIR/wp-content/uploads/2024/03/x.jpg`. */
export async function openFolderSource(dir: string): Promise<MediaSource> {
  const root = await realpath(dir);
  return {
    kind: 'folder',
    async find(url) {
      for (const candidate of candidatePaths(url)) {
        const joined = path.join(root, ...candidate.split('/'));
        // Symbolic links inside the folder may not lead out of it.
        const real = await realpath(joined).catch(() => null);
        if (real === null || !isInside(root, real)) continue;
        const info = await stat(real).catch(() => null);
        if (!info?.isFile()) continue;
        return { name: candidate, open: async () => createReadStream(real) };
      }
      return null;
    },
    async close() {},
  };
}

/** An entry name that is safe as an index key: relative, no `..`, `/` separators. */
function entryKey(raw: string): string | null {
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.endsWith('/')) return null;
  const parts = name.split('/');
  if (parts.some((part) => part === '..' || part === '')) return null;
  return parts.filter((part) => part !== '.').join('/');
}

/**
 * A zip of uploads. Its central directory is read once into an index of entry names (a few
 * dozen bytes each); each name is also indexed without its first folder, since a zip of the
 * uploads folder usually holds `uploads/2024/03/x.jpg`. Entries stream out one at a time.
 */
export async function openZipSource(file: string): Promise<MediaSource> {
  let zip: yauzl.ZipFile;
  try {
    // decodeStrings off: names are decoded here, so one bad name skips an entry, not the zip.
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
    });
  } catch (error) {
    throw new MediaSourceError(`${file} is not a readable zip: ${(error as Error).message}`);
  }
  const entries = new Map<string, yauzl.Entry>();
  const stripped = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) {
      const raw = entry.fileName as unknown as Buffer;
      const key = entryKey(raw.toString('utf8'));
      if (key === null || entry.isEncrypted()) continue;
      entries.set(key, entry);
      const slash = key.indexOf('/');
      if (slash > 0 && !stripped.has(key.slice(slash + 1)))
        stripped.set(key.slice(slash + 1), entry);
    }
  } catch (error) {
    zip.close();
    throw new MediaSourceError(`${file} is not a readable zip: ${(error as Error).message}`);
  }
  // A later read error reaches the entry's stream; the archive's own event must not go unheard.
  zip.on('error', () => {});
  return {
    kind: 'zip',
    async find(url) {
      for (const candidate of candidatePaths(url)) {
        const entry = entries.get(candidate) ?? stripped.get(candidate);
        if (entry) {
          return { name: candidate, open: () => zip.openReadStreamPromise(entry) };
        }
      }
      return null;
    },
    async close() {
      zip.close();
    },
  };
}
