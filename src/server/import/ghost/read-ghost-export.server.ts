/**
 * The Ghost JSON export reader (issue 21): `readGhostExport` streams a Ghost export as import
 * records — authors, then categories and tags (internal tags as skipped records), then posts in
 * file order (pages as skipped records). Two passes over the file: the small tables that relate
 * posts to tags, authors and meta first (`export-index.server.ts`, which also refuses a file
 * that is not a Ghost export, too new or truncated), then the posts one at a time, so the export's
 * content is never held in memory at once.
 */
import type { ImportRecord } from '../records';
import { exportPath, readGhostExportIndex } from './export-index.server';
import { authorRecord, type GhostReadOptions, postRecord, tagRecord } from './ghost-records';
import type { GhostRow } from './ghost-rows';
import { type JsonInput, type JsonPath, pickJsonValues } from './json-stream.server';

export type { GhostReadOptions } from './ghost-records';

/** The second pass's filter: each row of `posts`, alone. */
function postPath(path: JsonPath): string | null {
  const inner = exportPath(path);
  return inner !== null &&
    inner.length === 3 &&
    inner[0] === 'data' &&
    inner[1] === 'posts' &&
    typeof inner[2] === 'number'
    ? 'post'
    : null;
}

/**
 * A Ghost export as import records. `input` is a file path, or a function that opens the export
 * afresh on each call (it is read twice). Throws `ImportFormatError` before the first record when
 * the file cannot be read as a Ghost export.
 */
export async function* readGhostExport(
  input: JsonInput,
  options: GhostReadOptions = {},
): AsyncGenerator<ImportRecord> {
  const index = await readGhostExportIndex(input);
  for (const user of index.users) yield authorRecord(user, options);
  const tags = index.tags.map((tag) => tagRecord(tag, index));
  // Categories first, then tags, then the skipped internal ones: a consumer can create categories
  // before anything refers to them.
  for (const kind of ['category', 'tag', 'skipped'] as const) {
    for (const record of tags) if (record.kind === kind) yield record;
  }
  for await (const { value } of pickJsonValues(input, postPath)) {
    if (value !== null && typeof value === 'object') {
      yield postRecord(value as GhostRow, index, options);
    }
  }
}
