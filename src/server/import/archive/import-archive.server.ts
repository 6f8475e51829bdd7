/**
 * `importInkwellArchive`: an Inkwell archive back into a site that has no posts (issue 21,
 * decision 057 "The Inkwell archive"). Each kind in order (members, categories, tags, posts with
 * their revisions, comments, poll votes, media with their files, settings), read line by line and
 * stored in batches, all in one site write: an archive moves a whole blog, so it is stored whole
 * or not at all (a failure rolls back and removes the files already copied).
 *
 * Ids are kept (every table is keyed by site and id), so links, threads, covers and images in
 * posts keep pointing where they did. What the site already has is reused instead: a member with
 * the same id or address (the owner who made the new site), a category or tag with the same id
 * or slug; the archive's references to them are rewritten to the site's ids. A dry run does all of
 * it, then rolls back and copies no file.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { SiteGenerations } from '../../cache/generations.server';
import { type SiteWriteTransaction, writeSiteContent } from '../../cache/site-write.server';
import type { Database } from '../../db/connection.server';
import {
  categories,
  comments,
  media,
  members,
  pollVotes,
  postCategories,
  postHashtags,
  postRevisions,
  posts,
  postTags,
  sites,
  tags,
  widgetSettings,
} from '../../db/schema.server';
import {
  ARCHIVE_KIND_SPECS,
  ARCHIVE_KINDS,
  type ArchiveKind,
  type Manifest,
  MEDIA_FOLDER,
  MEDIA_ORIGINAL_FILE,
  SITE_LEFT_OUT,
  SITE_SETTINGS_FILE,
} from '../../export/archive/archive-format.server';
import {
  ArchiveRecordError,
  archivedColumns,
  rowOf,
} from '../../export/archive/archive-records.server';
import { mediaDir } from '../../media/storage.server';
import { ArchiveRefusedError, type OpenArchive, openInkwellArchive } from './open-archive.server';

/** Rows per insert statement. */
export const ARCHIVE_BATCH_SIZE = 200;

export type ArchiveReportKind = ArchiveKind | 'mediaFiles' | 'settings';

/** What an archive import did, kind by kind, and what it skipped. */
export interface ArchiveImportReport {
  dryRun: boolean;
  manifest: Manifest;
  /** Per kind: stored, and reused (already in the site: a member by address, a tag by slug). */
  counts: Record<ArchiveReportKind, { created: number; existing: number }>;
  /** Skipped records by reason, with up to three samples each. */
  problems: Record<string, { count: number; message: string; samples: string[] }>;
}

export interface ImportArchiveOptions {
  siteId: string;
  dryRun?: boolean;
  /** Called after each batch with the kind's count so far. */
  onProgress?: (progress: { kind: ArchiveReportKind; count: number }) => void;
}

export interface ImportArchiveDeps {
  db: Database;
  generations: SiteGenerations;
  /** The data folder media files go to (`${dataDir}/media/<site>/<id>/`). */
  dataDir: string;
}

type Row = Record<string, unknown>;

/** The state of one import: how archive ids map to the site's, what was stored. */
interface ImportState {
  tx: SiteWriteTransaction;
  archive: OpenArchive;
  siteId: string;
  report: ArchiveImportReport;
  options: ImportArchiveOptions;
  /** Archive member/category/tag id → the site's, where they differ (reused rows). */
  memberIds: Map<string, string>;
  categoryIds: Map<string, string>;
  tagIds: Map<string, string>;
  /** Archive ids of the members and posts stored or reused: what later rows may refer to. */
  knownMembers: Set<string>;
  knownPosts: Set<string>;
  /** Media rows stored by this import (their files are copied), and every media id of the archive. */
  knownMedia: Set<string>;
  archiveMedia: Set<string>;
}

class DryRunDone extends Error {}

/**
 * Imports the archive at `file` into the site; resolves to the report. Throws ArchiveRefusedError
 * (nothing written) for a file that is not an archive this code reads, a site that has posts, or
 * a record that cannot be read (naming its file, line and field).
 */
export async function importInkwellArchive(
  file: string,
  options: ImportArchiveOptions,
  deps: ImportArchiveDeps,
): Promise<ArchiveImportReport> {
  const archive = await openInkwellArchive(file);
  const copied: string[] = [];
  try {
    await refuseSiteWithPosts(deps.db, options.siteId);
    for (const kind of ARCHIVE_KINDS) entryOf(archive, ARCHIVE_KIND_SPECS[kind].file);
    entryOf(archive, SITE_SETTINGS_FILE);
    const report = emptyReport(archive.manifest, options.dryRun ?? false);
    try {
      await writeSiteContent(deps, options.siteId, async (tx) => {
        const state: ImportState = {
          tx,
          archive,
          siteId: options.siteId,
          report,
          options,
          memberIds: new Map(),
          categoryIds: new Map(),
          tagIds: new Map(),
          knownMembers: new Set(),
          knownPosts: new Set(),
          knownMedia: new Set(),
          archiveMedia: new Set(),
        };
        await storeMembers(state);
        await storeCategories(state);
        await storeTags(state);
        await storePosts(state);
        await storeSimple(state, 'postRevisions', postRevisionRow);
        await storeSimple(state, 'comments', commentRow);
        await storeSimple(state, 'pollVotes', pollVoteRow);
        await storeMedia(state);
        await copyMediaFiles(state, deps.dataDir, copied);
        await storeSettings(state);
        if (options.dryRun) throw new DryRunDone();
      });
    } catch (error) {
      if (error instanceof DryRunDone) return report;
      throw error;
    }
    return report;
  } catch (error) {
    for (const folder of copied) await rm(folder, { recursive: true, force: true });
    if (error instanceof ArchiveRecordError) {
      throw new ArchiveRefusedError(`${file}: ${error.message}. Nothing was imported.`);
    }
    throw error;
  } finally {
    archive.close();
  }
}

async function refuseSiteWithPosts(db: Database, siteId: string): Promise<void> {
  const [site] = await db.select({ host: sites.host }).from(sites).where(eq(sites.id, siteId));
  if (!site) throw new ArchiveRefusedError(`No site with the id ${siteId}.`);
  const [row] = await db.select({ n: count() }).from(posts).where(eq(posts.siteId, siteId));
  const n = row?.n ?? 0;
  if (n > 0) {
    throw new ArchiveRefusedError(
      `${site.host} already has ${n} post${n === 1 ? '' : 's'}: an Inkwell archive moves a whole blog into a site without posts. Import it into a new site, or delete this site's posts (trash included) first.`,
    );
  }
}

function entryOf(archive: OpenArchive, name: string) {
  const entry = archive.entries.get(name);
  if (!entry) throw new ArchiveRefusedError(`The archive has no ${name}: it is incomplete.`);
  return entry;
}

function emptyReport(manifest: Manifest, dryRun: boolean): ArchiveImportReport {
  const kinds: ArchiveReportKind[] = [...ARCHIVE_KINDS, 'mediaFiles', 'settings'];
  const counts = Object.fromEntries(kinds.map((kind) => [kind, { created: 0, existing: 0 }]));
  return {
    dryRun,
    manifest,
    counts: counts as ArchiveImportReport['counts'],
    problems: {},
  };
}

function addProblem(report: ArchiveImportReport, code: string, message: string, sample: string) {
  const entry = report.problems[code] ?? { count: 0, message, samples: [] };
  report.problems[code] = entry;
  entry.count += 1;
  if (entry.samples.length < 3) entry.samples.push(sample);
}

/** The kind's records, read and checked, in batches; `where` names a record's file and line. */
async function* batchesOf(state: ImportState, kind: ArchiveKind) {
  const spec = ARCHIVE_KIND_SPECS[kind];
  const columns = archivedColumns(spec.table, spec.leftOut);
  let batch: { row: Row; where: string }[] = [];
  for await (const { line, number } of state.archive.lines(entryOf(state.archive, spec.file))) {
    const where = `${spec.file} line ${number}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new ArchiveRecordError(`${where}: not JSON`);
    }
    batch.push({ row: rowOf(columns, json, where), where });
    if (batch.length === ARCHIVE_BATCH_SIZE) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function progress(state: ImportState, kind: ArchiveReportKind) {
  const counts = state.report.counts[kind];
  state.options.onProgress?.({ kind, count: counts.created + counts.existing });
}

const mapped = (ids: Map<string, string>, id: string) => ids.get(id) ?? id;

/**
 * Members: one with the same id or address already in the site is reused (its counts become the
 * archive's, which count the posts and comments coming); a slug taken by someone else gets `-2`….
 */
async function storeMembers(state: ImportState) {
  const { tx, siteId } = state;
  for await (const batch of batchesOf(state, 'members')) {
    const ids = batch.map(({ row }) => row.id as string);
    const emails = batch.flatMap(({ row }) =>
      typeof row.email === 'string' ? [row.email.toLowerCase()] : [],
    );
    const existing = await tx
      .select({ id: members.id, email: members.email })
      .from(members)
      .where(
        and(
          eq(members.siteId, siteId),
          sql`(${inArray(members.id, ids)} or lower(${members.email}) in ${emails.length > 0 ? emails : ['']})`,
        ),
      );
    const byId = new Map(existing.map((m) => [m.id, m.id]));
    const byEmail = new Map(
      existing.flatMap((m) => (m.email ? [[m.email.toLowerCase(), m.id]] : [])),
    );
    const inserts: Row[] = [];
    for (const { row } of batch) {
      const id = row.id as string;
      const email = typeof row.email === 'string' ? row.email.toLowerCase() : null;
      const match = byId.get(id) ?? (email ? byEmail.get(email) : undefined);
      state.knownMembers.add(id);
      if (match) {
        if (match !== id) state.memberIds.set(id, match);
        await tx
          .update(members)
          .set({
            postCount: row.postCount as number,
            commentCount: row.commentCount as number,
            likeCount: row.likeCount as number,
            hasApprovedComment: sql`${members.hasApprovedComment} or ${row.hasApprovedComment === true}`,
          })
          .where(and(eq(members.siteId, siteId), eq(members.id, match)));
        state.report.counts.members.existing += 1;
        continue;
      }
      inserts.push({ ...row, siteId, slug: await freeMemberSlug(state, row.slug as string) });
    }
    if (inserts.length > 0) await tx.insert(members).values(inserts as never[]);
    state.report.counts.members.created += inserts.length;
    progress(state, 'members');
  }
}

async function freeMemberSlug(state: ImportState, slug: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? slug : `${slug}-${n}`;
    const [taken] = await state.tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.siteId, state.siteId), eq(members.slug, candidate)))
      .limit(1);
    if (!taken) return candidate;
  }
}

/**
 * Categories: all read first (a blog has a few hundred at most), so a parent reused by slug is
 * known before its children are stored; the site's own categories are reused by id or slug.
 */
async function storeCategories(state: ImportState) {
  const { tx, siteId } = state;
  const rows: Row[] = [];
  for await (const batch of batchesOf(state, 'categories')) rows.push(...batch.map((b) => b.row));
  const existing = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(eq(categories.siteId, siteId));
  const byId = new Set(existing.map((c) => c.id));
  const bySlug = new Map(existing.map((c) => [c.slug, c.id]));
  const inserts: Row[] = [];
  for (const row of rows) {
    const id = row.id as string;
    const match = byId.has(id) ? id : bySlug.get(row.slug as string);
    if (match) {
      if (match !== id) state.categoryIds.set(id, match);
      await tx
        .update(categories)
        .set({ postCount: row.postCount as number })
        .where(and(eq(categories.siteId, siteId), eq(categories.id, match)));
      state.report.counts.categories.existing += 1;
    } else {
      inserts.push(row);
    }
  }
  const ids = state.categoryIds;
  for (let i = 0; i < inserts.length; i += ARCHIVE_BATCH_SIZE) {
    const chunk = inserts.slice(i, i + ARCHIVE_BATCH_SIZE).map((row) => ({
      ...row,
      siteId,
      parentId: typeof row.parentId === 'string' ? mapped(ids, row.parentId) : row.parentId,
      translations: Array.isArray(row.translations)
        ? (row.translations as { categoryId: string }[]).map((t) => ({
            ...t,
            categoryId: mapped(ids, t.categoryId),
          }))
        : row.translations,
    }));
    await tx.insert(categories).values(chunk as never[]);
  }
  state.report.counts.categories.created += inserts.length;
  progress(state, 'categories');
}

/** Tags: reused by id or slug (counts become the archive's); nothing refers to a tag but posts. */
async function storeTags(state: ImportState) {
  const { tx, siteId } = state;
  for await (const batch of batchesOf(state, 'tags')) {
    const existing = await tx
      .select({ id: tags.id, slug: tags.slug })
      .from(tags)
      .where(
        and(
          eq(tags.siteId, siteId),
          sql`(${inArray(
            tags.id,
            batch.map(({ row }) => row.id as string),
          )} or ${inArray(
            tags.slug,
            batch.map(({ row }) => row.slug as string),
          )})`,
        ),
      );
    const byId = new Set(existing.map((t) => t.id));
    const bySlug = new Map(existing.map((t) => [t.slug, t.id]));
    const inserts: Row[] = [];
    for (const { row } of batch) {
      const id = row.id as string;
      const match = byId.has(id) ? id : bySlug.get(row.slug as string);
      if (!match) {
        inserts.push({ ...row, siteId });
        continue;
      }
      if (match !== id) state.tagIds.set(id, match);
      await tx
        .update(tags)
        .set({ postCount: row.postCount as number })
        .where(and(eq(tags.siteId, siteId), eq(tags.id, match)));
      state.report.counts.tags.existing += 1;
    }
    if (inserts.length > 0) await tx.insert(tags).values(inserts as never[]);
    state.report.counts.tags.created += inserts.length;
    progress(state, 'tags');
  }
}

/** Posts with their listing rows (derived from the post, as the post service writes them). */
async function storePosts(state: ImportState) {
  const { tx, siteId } = state;
  for await (const batch of batchesOf(state, 'posts')) {
    const rows = batch.map(({ row, where }): Row => {
      if (!state.knownMembers.has(row.ownerId as string)) {
        throw new ArchiveRecordError(`${where}: field "ownerId" names no member of the archive`);
      }
      state.knownPosts.add(row.id as string);
      const categoryIds = (row.categoryIds as string[] | undefined)?.map((id) =>
        mapped(state.categoryIds, id),
      );
      return {
        ...row,
        siteId,
        ownerId: mapped(state.memberIds, row.ownerId as string),
        ...(categoryIds ? { categoryIds } : {}),
        ...(typeof row.mainCategoryId === 'string'
          ? { mainCategoryId: mapped(state.categoryIds, row.mainCategoryId) }
          : {}),
        ...(Array.isArray(row.tagIds)
          ? { tagIds: (row.tagIds as string[]).map((id) => mapped(state.tagIds, id)) }
          : {}),
      };
    });
    await tx.insert(posts).values(rows as never[]);
    const listing = (row: Row) => ({
      siteId,
      postId: row.id as string,
      isPublished: row.status === 'published',
      isPinned: row.isPinned === true,
      firstPublishedDate: (row.firstPublishedDate as Date | null | undefined) ?? null,
    });
    const categoryRows = rows.flatMap((row) =>
      ((row.categoryIds as string[] | undefined) ?? []).map((categoryId) => ({
        ...listing(row),
        categoryId,
      })),
    );
    const tagRows = rows.flatMap((row) =>
      ((row.tagIds as string[] | undefined) ?? []).map((tagId) => ({ ...listing(row), tagId })),
    );
    const hashtagRows = rows.flatMap((row) =>
      ((row.hashtags as string[] | undefined) ?? []).map((hashtag) => ({
        ...listing(row),
        hashtag,
      })),
    );
    if (categoryRows.length > 0) await tx.insert(postCategories).values(categoryRows);
    if (tagRows.length > 0) await tx.insert(postTags).values(tagRows);
    if (hashtagRows.length > 0) await tx.insert(postHashtags).values(hashtagRows);
    state.report.counts.posts.created += rows.length;
    progress(state, 'posts');
  }
}

type RowMapper = (state: ImportState, row: Row, where: string) => Row | null;

/** A row of a post's (revision, comment, poll vote), or null when its post is not in the archive. */
function ofKnownPost(state: ImportState, row: Row, where: string, kind: string): boolean {
  if (state.knownPosts.has(row.postId as string)) return true;
  addProblem(
    state.report,
    `${kind}-without-post`,
    `A ${kind} whose post is not in the archive (written while the export ran) was left out.`,
    where,
  );
  return false;
}

const postRevisionRow: RowMapper = (state, row, where) =>
  ofKnownPost(state, row, where, 'revision')
    ? {
        ...row,
        authorId: typeof row.authorId === 'string' ? mapped(state.memberIds, row.authorId) : null,
      }
    : null;

const commentRow: RowMapper = (state, row, where) =>
  ofKnownPost(state, row, where, 'comment')
    ? { ...row, authorId: mapped(state.memberIds, row.authorId as string) }
    : null;

const pollVoteRow: RowMapper = (state, row, where) => {
  if (!ofKnownPost(state, row, where, 'poll vote')) return null;
  const memberId = typeof row.memberId === 'string' ? mapped(state.memberIds, row.memberId) : null;
  const voterKey = row.voterKey as string;
  return {
    ...row,
    memberId,
    voterKey: memberId && voterKey.startsWith('m:') ? `m:${memberId}` : voterKey,
  };
};

const SIMPLE_TABLES = { postRevisions, comments, pollVotes } as const;

/** Revisions, comments and poll votes: stored as they are, their people mapped. */
async function storeSimple(
  state: ImportState,
  kind: keyof typeof SIMPLE_TABLES,
  rowFor: RowMapper,
) {
  for await (const batch of batchesOf(state, kind)) {
    const rows = batch.flatMap(({ row, where }) => {
      const stored = rowFor(state, row, where);
      return stored ? [{ ...stored, siteId: state.siteId }] : [];
    });
    if (rows.length > 0) await state.tx.insert(SIMPLE_TABLES[kind]).values(rows as never[]);
    state.report.counts[kind].created += rows.length;
    progress(state, kind);
  }
}

/** Media rows; an id the site already has (the same archive imported before) is kept as it is. */
async function storeMedia(state: ImportState) {
  const { tx, siteId } = state;
  for await (const batch of batchesOf(state, 'media')) {
    const rows = batch.map(
      ({ row }): Row => ({
        ...row,
        siteId,
        ownerId: typeof row.ownerId === 'string' ? mapped(state.memberIds, row.ownerId) : null,
      }),
    );
    const stored = await tx
      .insert(media)
      .values(rows as never[])
      .onConflictDoNothing()
      .returning({ id: media.id });
    // Only the files of rows stored now are copied: a row the site had keeps its own folder,
    // which a failed import must not remove.
    for (const { id } of stored) state.knownMedia.add(id);
    state.report.counts.media.created += stored.length;
    state.report.counts.media.existing += rows.length - stored.length;
    progress(state, 'media');
  }
}

const MEDIA_ENTRY =
  /^media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([^/]+)$/;

/**
 * The media files, each to the site's media folder (through a temporary name, so a half-copied
 * file is never served); folders made are listed in `copied` for removal if the import fails.
 */
async function copyMediaFiles(state: ImportState, dataDir: string, copied: string[]) {
  for (const [name, entry] of state.archive.entries) {
    if (!name.startsWith(`${MEDIA_FOLDER}/`) || name.endsWith('/')) continue;
    const match = MEDIA_ENTRY.exec(name);
    if (match && state.archiveMedia.has(match[1]!) && !state.knownMedia.has(match[1]!)) {
      state.report.counts.mediaFiles.existing += 1;
      continue;
    }
    if (!match || !MEDIA_ORIGINAL_FILE.test(match[2]!) || !state.knownMedia.has(match[1]!)) {
      addProblem(
        state.report,
        'media-file-unexpected',
        'A file under media/ that is no original of a media row of the archive was left out.',
        name,
      );
      continue;
    }
    state.report.counts.mediaFiles.created += 1;
    progress(state, 'mediaFiles');
    if (state.options.dryRun) continue;
    const folder = mediaDir(dataDir, state.siteId, match[1]!);
    if (!copied.includes(folder)) copied.push(folder);
    await mkdir(folder, { recursive: true });
    const target = path.join(folder, match[2]!);
    const temporary = `${target}.${process.pid}.import.tmp`;
    await pipeline(await state.archive.open(entry), createWriteStream(temporary));
    await rename(temporary, target);
  }
}

/** The blog's settings: the site's columns from site.json, and the widgets' settings rows. */
async function storeSettings(state: ImportState) {
  const { tx, siteId, archive } = state;
  for await (const { line, number } of archive.lines(entryOf(archive, SITE_SETTINGS_FILE))) {
    const where = `${SITE_SETTINGS_FILE} line ${number}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new ArchiveRecordError(`${where}: not JSON`);
    }
    const settings = rowOf(archivedColumns(sites, SITE_LEFT_OUT), json, where);
    if (Object.keys(settings).length > 0) {
      await tx.update(sites).set(settings).where(eq(sites.id, siteId));
    }
    state.report.counts.settings.created += 1;
  }
  await tx.delete(widgetSettings).where(eq(widgetSettings.siteId, siteId));
  for await (const batch of batchesOf(state, 'widgetSettings')) {
    await tx.insert(widgetSettings).values(batch.map(({ row }) => ({ ...row, siteId })) as never[]);
    state.report.counts.widgetSettings.created += batch.length;
  }
  progress(state, 'settings');
}
