/**
 * Opening an Inkwell archive to import it (issue 21, decision 057 "The Inkwell archive"): the zip's
 * central directory is read (yauzl: entries are opened one at a time, never the whole file into
 * memory), then `manifest.json` is checked before anything else is read. A zip without it, a
 * manifest of another format or one written by a newer Inkwell is refused with a sentence that
 * says so; each kind's JSON-lines file is then read line by line.
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  MANIFEST_FILE,
  type Manifest,
  ManifestSchema,
} from '../../export/archive/archive-format.server';

/** The archive cannot be imported: the message says why (the command's exit code 2). */
export class ArchiveRefusedError extends Error {}

/** The most bytes the manifest may have: it holds a few counts. */
const MANIFEST_BYTES_MAX = 64 * 1024;

/** An open archive: its manifest and its entries by name. */
export interface OpenArchive {
  manifest: Manifest;
  entries: ReadonlyMap<string, Entry>;
  /** The entry's bytes as a stream. */
  open(entry: Entry): Promise<Readable>;
  /** The entry's lines with their numbers (from 1), blank lines skipped. */
  lines(entry: Entry): AsyncGenerator<{ line: string; number: number }>;
  close(): void;
}

/**
 * Opens the zip at `file` and checks its manifest; throws ArchiveRefusedError when the file is
 * not a zip, has no `manifest.json`, or its manifest is not an Inkwell archive this code reads.
 */
export async function openInkwellArchive(file: string): Promise<OpenArchive> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new ArchiveRefusedError(
      `${file} is not a readable zip archive (${(error as Error).message}).`,
    );
  }
  try {
    const entries = new Map<string, Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const archive: OpenArchive = {
      manifest: undefined as unknown as Manifest,
      entries,
      open: (entry) => zip.openReadStreamPromise(entry),
      lines: (entry) => linesOf(zip, entry),
      close: () => zip.close(),
    };
    archive.manifest = await readManifest(file, archive);
    return archive;
  } catch (error) {
    zip.close();
    if (error instanceof ArchiveRefusedError) throw error;
    throw new ArchiveRefusedError(
      `${file} is not a readable zip archive: ${(error as Error).message}`,
    );
  }
}

async function readManifest(file: string, archive: OpenArchive): Promise<Manifest> {
  const entry = archive.entries.get(MANIFEST_FILE);
  if (!entry) {
    throw new ArchiveRefusedError(
      `${file} is a zip without ${MANIFEST_FILE}, so it is not an Inkwell archive (one written by "npm run export -- --format inkwell" has it at its top; a WordPress or Ghost export in a zip: unzip it and give the .xml or .json inside).`,
    );
  }
  if (entry.uncompressedSize > MANIFEST_BYTES_MAX) {
    throw new ArchiveRefusedError(`${file}: ${MANIFEST_FILE} is too big to be a manifest.`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of await archive.open(entry)) chunks.push(chunk as Buffer);
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ArchiveRefusedError(`${file}: ${MANIFEST_FILE} is not JSON.`);
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (format !== ARCHIVE_FORMAT) {
    throw new ArchiveRefusedError(
      `${file}: ${MANIFEST_FILE} does not say "format": "${ARCHIVE_FORMAT}", so it is not an Inkwell archive.`,
    );
  }
  const version = (json as { version?: unknown }).version;
  if (typeof version === 'number' && Number.isInteger(version) && version > ARCHIVE_VERSION) {
    throw new ArchiveRefusedError(
      `${file} was written by a newer Inkwell, version ${version}; this one reads up to ${ARCHIVE_VERSION}. Update Inkwell, then import it again.`,
    );
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ArchiveRefusedError(
      `${file}: ${MANIFEST_FILE} field "${issue.path.join('.')}" ${issue.message.toLowerCase()}.`,
    );
  }
  return parsed.data;
}

async function* linesOf(zip: ZipFile, entry: Entry) {
  const input = await zip.openReadStreamPromise(entry);
  const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  try {
    for await (const line of reader) {
      number += 1;
      if (line.trim() !== '') yield { line, number };
    }
  } finally {
    reader.close();
    input.destroy();
  }
}
