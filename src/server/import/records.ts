/**
 * What an importer's reader hands on (issue 21): one record per thing found in a WordPress WXR
 * file or a Ghost JSON export, in the order the file gives them, already converted into Inkwell's
 * own shapes (a post's content is a rich-content document) but not yet stored. A reader streams
 * them (`AsyncIterable<ImportRecord>`), so a file of any size is never held in memory at once;
 * the storing side (the import job) maps `sourceId`s to new ids and is what makes a second import
 * of the same file create nothing twice.
 *
 * `sourceId` is the source's own id (WordPress `wp:post_id`/`wp:term_id`/`wp:author_id`/
 * `wp:comment_id`, Ghost's object ids), unique within its kind in one file.
 */
import type { RichDocument } from '../../rich-content/document';

/** Where a file came from. */
export type ImportSource = 'wordpress' | 'ghost';

/**
 * Something the converter could not carry over as it was (a block it does not know, kept as an
 * HTML node; a members-only flag Inkwell has no equivalent for; a page, which a blog has no place
 * for). The dry run counts them by `code` and shows a few `sample`s; nothing is dropped silently.
 */
export interface ImportProblem {
  /** A stable code, e.g. `unknown-block:core/verse`, `page-skipped`, `members-only`. */
  code: string;
  /** One sentence for the owner. */
  message: string;
  /** A short excerpt of what was not converted (at most ~200 characters). */
  sample?: string;
}

/** An image the import should bring in: fetched from `url`, or found in an uploads folder. */
export interface ImportImage {
  url: string;
  alt: string;
  caption: string;
}

export interface ImportAuthor {
  kind: 'author';
  sourceId: string;
  /** WordPress login or Ghost slug. */
  login: string;
  email: string;
  displayName: string;
  bio: string;
  avatarUrl: string | null;
}

export interface ImportCategory {
  kind: 'category';
  sourceId: string;
  slug: string;
  name: string;
  description: string;
  /** The parent's `sourceId` (WordPress subcategories); the parent is always read first. */
  parentSourceId: string | null;
}

export interface ImportTag {
  kind: 'tag';
  sourceId: string;
  slug: string;
  name: string;
}

export type ImportPostStatus = 'published' | 'draft' | 'scheduled' | 'private';

export interface ImportPost {
  kind: 'post';
  sourceId: string;
  slug: string;
  title: string;
  status: ImportPostStatus;
  /** Publication date (the planned one for a scheduled post); null for a draft never published. */
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The author's `sourceId`, as given by an `ImportAuthor` record read earlier. */
  authorSourceId: string;
  /** The writer's own excerpt, '' when the source had none. */
  excerpt: string;
  /** WordPress sticky, Ghost featured. */
  pinned: boolean;
  commentsEnabled: boolean;
  /** Category `sourceId`s, the main one first (WordPress: file order; Ghost: the primary tag). */
  categorySourceIds: string[];
  tagSourceIds: string[];
  cover: ImportImage | null;
  document: RichDocument;
  /** Every image the document refers to by URL (so the job can fetch and re-point them). */
  images: ImportImage[];
  /** The post's path on the old site (`/hello-world/`), answered later with a 301. */
  oldPath: string;
  problems: ImportProblem[];
}

export interface ImportComment {
  kind: 'comment';
  sourceId: string;
  postSourceId: string;
  /** The comment it answers; replies always come after their parent in the stream. */
  parentSourceId: string | null;
  authorName: string;
  authorEmail: string;
  authorUrl: string;
  /** The comment's text, as plain text with line breaks (Inkwell comments are plain documents). */
  text: string;
  createdAt: Date;
  approved: boolean;
}

/** Something the reader skipped as a whole (a page, an attachment, a nav menu item). */
export interface ImportSkipped {
  kind: 'skipped';
  sourceId: string;
  problem: ImportProblem;
}

export type ImportRecord =
  | ImportAuthor
  | ImportCategory
  | ImportTag
  | ImportPost
  | ImportComment
  | ImportSkipped;

/**
 * A file that cannot be read at all: not WXR or Ghost JSON, truncated, or from a format version
 * the reader does not know. `message` names what is wrong, for the owner.
 */
export class ImportFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFormatError';
  }
}
