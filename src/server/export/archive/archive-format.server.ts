/**
 * The Inkwell archive, version 1 (issue 21 "Export", decision 057 "The Inkwell archive"): what a
 * zip written by `writeInkwellArchive` holds and what `importInkwellArchive` reads back. One home
 * for the file names, the kinds in their import order, the columns each leaves out and why, and
 * the tables no archive carries and why; the writer and the reader both take them from here.
 *
 * A record is a row of its table by its drizzle property names (`firstPublishedDate`), without
 * `siteId` (the importing site's) and without generated columns; dates are ISO strings. A column
 * added later with a default is read from a version-1 archive as its default; renaming or
 * removing a column, or changing what a value means, needs ARCHIVE_VERSION + 1 and an upgrade
 * step in the reader (as the rich-content documents' versions do).
 */
import { getTableName, is, type Table } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import * as schema from '../../db/schema.server';
import {
  categories,
  comments,
  media,
  members,
  pollVotes,
  postRevisions,
  posts,
  tags,
  widgetSettings,
} from '../../db/schema.server';

/** `manifest.json`'s `format`. */
export const ARCHIVE_FORMAT = 'inkwell-archive';

/** The version this code writes, and the highest it reads. */
export const ARCHIVE_VERSION = 1;

export const MANIFEST_FILE = 'manifest.json';

/** The site's own settings (its `sites` row less what belongs to the site that holds it). */
export const SITE_SETTINGS_FILE = 'site.json';

/** Media files live under `media/<media id>/<file name>` (the originals only). */
export const MEDIA_FOLDER = 'media';

/** The files of a media item the archive carries: its originals, never the derived widths. */
export const MEDIA_ORIGINAL_FILE = /^original\.[a-z0-9]{1,8}$/;

/**
 * The kinds of records, in the order an import stores them (a row's references come before it:
 * members before the posts they wrote, posts before their revisions and comments).
 */
export const ARCHIVE_KINDS = [
  'members',
  'categories',
  'tags',
  'posts',
  'postRevisions',
  'comments',
  'pollVotes',
  'media',
  'widgetSettings',
] as const;

export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

export interface ArchiveKindSpec {
  file: string;
  table: Table;
  /** Columns not carried, each with its reason (besides `siteId` and generated columns). */
  leftOut: Readonly<Record<string, string>>;
}

export const ARCHIVE_KIND_SPECS: Readonly<Record<ArchiveKind, ArchiveKindSpec>> = {
  members: { file: 'members.jsonl', table: members, leftOut: {} },
  categories: { file: 'categories.jsonl', table: categories, leftOut: {} },
  tags: { file: 'tags.jsonl', table: tags, leftOut: {} },
  posts: { file: 'posts.jsonl', table: posts, leftOut: {} },
  postRevisions: { file: 'post-revisions.jsonl', table: postRevisions, leftOut: {} },
  comments: { file: 'comments.jsonl', table: comments, leftOut: {} },
  pollVotes: { file: 'poll-votes.jsonl', table: pollVotes, leftOut: {} },
  media: { file: 'media.jsonl', table: media, leftOut: {} },
  widgetSettings: { file: 'widget-settings.jsonl', table: widgetSettings, leftOut: {} },
};

/** The `sites` columns that are the blog's settings (the rest belong to the holding site). */
export const SITE_LEFT_OUT: Readonly<Record<string, string>> = {
  id: 'the importing site keeps its id',
  host: 'the importing site keeps its own domain (a host belongs to one site; the manifest names the old one)',
  scheme: "the importing site's domain decides it",
  isDefault: 'whether a site is the default one is the installation’s choice, not the blog’s',
  createdAt: 'the importing site was created when it was',
};

/**
 * Tables no archive carries, and why (the test of this module fails when a table is in neither
 * this list nor the kinds above, so a new table gets a decision).
 */
export const NOT_ARCHIVED: Readonly<Record<string, string>> = {
  sites: 'its settings are site.json; the rest is the importing site’s',
  site_domains: 'domains belong to the site that holds the blog, and a host to one site only',
  post_categories:
    'listing rows are derived from each post’s categoryIds; the import rebuilds them',
  post_tags: 'listing rows are derived from each post’s tagIds; the import rebuilds them',
  post_hashtags: 'listing rows are derived from each post’s hashtags; the import rebuilds them',
  likes:
    'likes travel as counts (posts, comments, members), as the issue asks: who liked what, and visitors’ browser ids, stay behind',
  ratings:
    'ratings travel as counts (a post’s ratingCount and ratingSum): who rated what stays behind',
  post_views: 'only de-duplicates a day’s views; the counts travel on the posts (viewCount)',
  member_credentials:
    'password hashes never leave the site; members claim their account with a reset link',
  sessions: 'secret: signed-in sessions of the old site',
  password_reset_tokens: 'secret: one-time tokens of the old site',
  subscriptions: 'follows are personal choices a member makes again on the new site',
  notifications: 'a member’s inbox of events on the old site',
  reports: 'the old site’s moderation queue',
  error_groups: 'the old installation’s errors',
  audit_events: 'the old site’s log of who did what; the import writes none of its own',
  analytics_site_days:
    'the old site’s daily statistics (derived from events the archive does not carry)',
  analytics_post_days:
    'the old site’s daily statistics (derived from events the archive does not carry)',
  analytics_post_months:
    'the old site’s monthly statistics (derived from events the archive does not carry)',
  analytics_site_readers: 'only de-duplicates a day’s readers',
  imported_records: 'what an earlier import of another file became on the old site',
  imported_paths: 'addresses of an earlier import on the old site',
};

/** Every table of the schema, by SQL name. */
export function schemaTableNames(): string[] {
  const values: unknown[] = Object.values(schema);
  return values.flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []));
}

/** How many of each kind an archive holds, and how many media files. */
export type ArchiveCounts = Record<ArchiveKind, number> & { mediaFiles: number };

export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().min(1),
  exportedAt: z.string(),
  site: z.object({ id: z.string(), host: z.string(), name: z.string() }),
  counts: z.record(z.string(), z.number().int().min(0)),
});

export type Manifest = z.infer<typeof ManifestSchema>;
