/**
 * The first of the Ghost reader's two passes (issue 21): Ghost's export puts a post's tags,
 * authors and meta in tables of their own (`posts_tags`, `posts_authors`, `posts_meta`), and
 * writes them after the posts, so the reader reads them first — with the users, tags and settings,
 * and only the `id` and `type` (`page` before Ghost 3) of each post — and streams the posts in a second pass. This pass
 * reads the whole file, so a file that is not a Ghost export, comes from a newer Ghost or is
 * truncated is refused here, before a single record is handed on.
 */
import { ImportFormatError } from '../records';
import {
  GHOST_MAJOR_VERSION_MAX,
  GHOST_MAJOR_VERSION_MIN,
  type GhostExportIndex,
  type GhostRow,
  isInternalTag,
  isPage,
} from './ghost-rows';
import { type JsonInput, type JsonPath, pickJsonValues } from './json-stream.server';

/** The fields of each post the first pass reads: enough to tell pages from posts. */
const POST_FIELDS = new Set(['id', 'type', 'page']);

const INDEX_TABLES = new Set([
  'users',
  'tags',
  'posts_tags',
  'posts_authors',
  'posts_meta',
  'settings',
]);

/**
 * The path inside the export object (`{ meta, data }`) of a path in the file: Ghost's exporter
 * wraps it as `{ db: [ { meta, data } ] }`; older files and hand-made ones may not.
 */
export function exportPath(path: JsonPath): JsonPath | null {
  if (path[0] === 'db') return path.length === 1 || path[1] === 0 ? path.slice(2) : null;
  return path;
}

/**
 * A copy of `value` that shares no memory with the text it was cut from. The parser hands on
 * strings sliced out of the chunk it read, and V8 keeps a long slice's whole parent alive: the
 * ids of posts kept from the first pass would otherwise hold every chunk of the posts in memory,
 * the whole file over (measured: 90 MB more heap for a 112 MB export).
 */
function detached(value: string): string {
  return Buffer.from(value, 'utf8').toString('utf8');
}

function rowsOf(value: unknown): GhostRow[] {
  return Array.isArray(value)
    ? value.filter((row): row is GhostRow => row !== null && typeof row === 'object')
    : [];
}

/** `table`'s rows grouped by `post_id`, each group's `column` values ordered by `sort_order`. */
function relation(rows: GhostRow[], column: string): Map<string, string[]> {
  const sorted = [...rows].sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
  const byPost = new Map<string, string[]>();
  for (const row of sorted) {
    const postId = String(row.post_id ?? '');
    const group = byPost.get(postId) ?? [];
    group.push(String(row[column] ?? ''));
    byPost.set(postId, group);
  }
  return byPost;
}

/** Refuses a file that is not a Ghost export this reader knows. */
function checkExport(meta: unknown, seen: Set<string>): string {
  const version = (meta as { version?: unknown } | undefined)?.version;
  if (typeof version !== 'string' || !seen.has('data')) {
    throw new ImportFormatError(
      'The file is JSON but not a Ghost export: it has no db[0].meta.version and db[0].data.',
    );
  }
  const major = Number(/^(\d+)\./.exec(version)?.[1] ?? Number.NaN);
  if (!Number.isInteger(major) || major < GHOST_MAJOR_VERSION_MIN) {
    throw new ImportFormatError(
      `The export comes from Ghost ${version}; Inkwell reads exports of Ghost ${GHOST_MAJOR_VERSION_MIN}.0 and later.`,
    );
  }
  if (major > GHOST_MAJOR_VERSION_MAX) {
    throw new ImportFormatError(
      `The export comes from Ghost ${version}, newer than Inkwell knows (up to Ghost ${GHOST_MAJOR_VERSION_MAX}.x).`,
    );
  }
  if (!seen.has('data.posts')) {
    throw new ImportFormatError('The Ghost export has no posts table (db[0].data.posts).');
  }
  return version;
}

/** The name the first pass gives a path it wants, or null. */
function indexName(path: JsonPath, seen: Set<string>): string | null {
  const inner = exportPath(path);
  if (inner === null || inner.length === 0) return null;
  if (inner.length === 1) {
    seen.add(String(inner[0]));
    return inner[0] === 'meta' ? 'meta' : null;
  }
  if (inner[0] !== 'data') return null;
  if (inner.length === 2) {
    seen.add(`data.${String(inner[1])}`);
    return INDEX_TABLES.has(String(inner[1])) ? String(inner[1]) : null;
  }
  if (inner.length === 4 && inner[1] === 'posts' && POST_FIELDS.has(String(inner[3]))) {
    return `post:${String(inner[2])}:${inner[3]}`;
  }
  return null;
}

/** The tags that are the first public tag of some post (pages excluded). */
function primaryTags(
  postTags: Map<string, string[]>,
  tags: GhostRow[],
  pageIds: Set<string>,
): Set<string> {
  const publicIds = new Set(tags.filter((tag) => !isInternalTag(tag)).map((tag) => String(tag.id)));
  const primary = new Set<string>();
  for (const [postId, tagIds] of postTags) {
    if (pageIds.has(postId)) continue;
    const first = tagIds.find((id) => publicIds.has(id));
    if (first !== undefined) primary.add(first);
  }
  return primary;
}

/** Reads the export's indexes, or refuses the file with an `ImportFormatError`. */
export async function readGhostExportIndex(input: JsonInput): Promise<GhostExportIndex> {
  const seen = new Set<string>();
  const tables = new Map<string, GhostRow[]>();
  const postIds = new Map<string, string>();
  const postFields = new Map<string, GhostRow>();
  let meta: unknown;
  for await (const { name, value } of pickJsonValues(input, (path) => indexName(path, seen))) {
    if (name === 'meta') meta = value;
    else if (name.startsWith('post:')) {
      const [, index = '', field = ''] = name.split(':');
      if (field === 'id') postIds.set(index, detached(String(value)));
      else postFields.set(index, { ...postFields.get(index), [field]: value });
    } else tables.set(name, rowsOf(value));
  }
  const version = checkExport(meta, seen);
  const pageIds = new Set<string>();
  for (const [index, fields] of postFields) {
    const id = postIds.get(index);
    if (isPage(fields) && id !== undefined) pageIds.add(id);
  }
  const tags = tables.get('tags') ?? [];
  const postTags = relation(tables.get('posts_tags') ?? [], 'tag_id');
  const commenting = (tables.get('settings') ?? []).find((row) => row.key === 'comments_enabled');
  return {
    version,
    users: tables.get('users') ?? [],
    tags,
    postTags,
    postAuthors: relation(tables.get('posts_authors') ?? [], 'author_id'),
    postMeta: new Map(
      (tables.get('posts_meta') ?? []).map((row) => [String(row.post_id ?? ''), row]),
    ),
    pageIds,
    postCount: postIds.size,
    categoryTagIds: primaryTags(postTags, tags, pageIds),
    publicTagIds: new Set(tags.filter((tag) => !isInternalTag(tag)).map((tag) => String(tag.id))),
    isCommentingOn: commenting?.value !== 'off',
  };
}
