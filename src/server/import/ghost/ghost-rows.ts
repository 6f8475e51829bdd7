/**
 * Ghost's export as the reader sees it before it turns rows into records: a row of a table, the
 * index of the small tables read in the first pass, and the rules both passes share.
 */

/** A row of one of the export's tables, as Ghost wrote it. */
export type GhostRow = Record<string, unknown>;

/** The newest Ghost major version whose export this reader knows. */
export const GHOST_MAJOR_VERSION_MAX = 6;
/** Ghost 0.x exports have neither mobiledoc nor Lexical content. */
export const GHOST_MAJOR_VERSION_MIN = 1;

/** What the reader needs to know before it streams the posts. */
export interface GhostExportIndex {
  /** `meta.version`, e.g. `6.65.0`. */
  version: string;
  users: GhostRow[];
  /** Tags in file order. */
  tags: GhostRow[];
  /** A post's tag ids, by `sort_order` (the first public one is its primary tag). */
  postTags: Map<string, string[]>;
  /** A post's author ids, by `sort_order` (the first is its primary author). */
  postAuthors: Map<string, string[]>;
  /** A post's `posts_meta` row (feature image alt text and caption). */
  postMeta: Map<string, GhostRow>;
  /** Ids of rows of `posts` whose `type` is `page`. */
  pageIds: Set<string>;
  /** Rows in `posts` (posts and pages). */
  postCount: number;
  /** Ids of the tags that are not internal. */
  publicTagIds: Set<string>;
  /** Ids of tags that are some post's primary tag: they become categories. */
  categoryTagIds: Set<string>;
  /** The site's `comments_enabled` setting is not `off`. */
  isCommentingOn: boolean;
}

/** A row of `posts` that is a page: `type: 'page'` since Ghost 3, `page: true` (or 1) before. */
export function isPage(post: GhostRow): boolean {
  return post.type === 'page' || post.page === true || post.page === 1;
}

/** An internal tag (`#newsletter`) organises posts inside Ghost and never shows to readers. */
export function isInternalTag(tag: GhostRow): boolean {
  return tag.visibility === 'internal' || String(tag.name ?? '').startsWith('#');
}

/**
 * A date as Ghost's exporter writes it: `2026-11-26 14:57:36`, in UTC (newer versions write ISO
 * strings with a zone, which parse as they are).
 */
export function ghostDate(value: unknown): Date | null {
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string' || value === '') return null;
  const iso = /^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d(\.\d+)?)?$/.test(value)
    ? `${value.replace(' ', 'T')}Z`
    : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}
