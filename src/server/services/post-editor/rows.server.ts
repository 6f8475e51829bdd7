/**
 * What the post editor's use cases share (issue 4 "Saving"; issue 16 §3): the dependencies, the
 * stored row, the permission check, and the steps of a write: lock the post, check its revision
 * (409 `edit-conflict`, never a silent overwrite), find a free slug, check the categories, tags,
 * cover and language, and run it through `writeSiteContent` (one transaction, then the site's
 * generation moves).
 */
import { and, eq, inArray, like, ne, or } from 'drizzle-orm';
import {
  type Action,
  type ActionContexts,
  type Actor,
  type PostFacts,
  whyNot,
} from '../../../domain/permissions';
import { type PostSave, requiredFieldsProblem } from '../../../domain/post-editor';
import type { PostStatus } from '../../../domain/post-status';
import { draftPlaceholderSlug, slugify, uniqueSlug } from '../../../domain/slugs';
import type { SiteView } from '../../../domain/views';
import type { RichDocument } from '../../../rich-content/document';
import { isEmptyDocument } from '../../../rich-content/text';
import type { SiteGenerations } from '../../cache/generations.server';
import { writeSiteContent } from '../../cache/site-write.server';
import type { Database } from '../../db/connection.server';
import {
  categories,
  type MediaRef,
  media,
  posts,
  type StoredCover,
  tags,
} from '../../db/schema.server';
import {
  EditConflictError,
  FieldsError,
  NotFoundError,
  PermissionError,
  ValidationError,
} from '../../errors.server';
import type { NotificationsService } from '../notifications.server';
import type { Transaction } from '../post-writer.server';

/** The post editor's dependencies, with the clock filled in. */
export interface PostEditorContext {
  db: Database;
  generations: SiteGenerations;
  /** The clock: publication dates and "is the schedule in the future" read it. */
  now: () => Date;
  /**
   * Tells subscribers about a post going live for the first time (issue 5, decision 018), and
   * the review flow's editors and writers (decision 034).
   */
  notifications?: Pick<NotificationsService, 'notifyNewPost' | 'notifyMany' | 'memberRef'>;
  /** Where a failed notification is reported: notifying never fails the write that caused it. */
  log?: { error(error: unknown, message: string): void };
}

export type PostRow = typeof posts.$inferSelect;

/** SPEC §4: the statuses a reader can see or will see; only these can be reverted to draft. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['published', 'scheduled']);

export function facts(row: Pick<PostRow, 'ownerId' | 'status'>): {
  post: Pick<PostFacts, 'ownerId' | 'status'>;
} {
  return { post: { ownerId: row.ownerId, status: row.status as PostStatus } };
}

/** Throws the refusal of `action` (401 login-required, 403 forbidden ...) unless it is allowed. */
export function authorize<A extends Action>(
  actor: Actor,
  action: A,
  context: ActionContexts[A],
): void {
  const reason = whyNot(actor, action, context);
  if (reason !== null) throw new PermissionError(reason);
}

/** The stored post as a write the post writer takes, to be changed and written back. */
export function writeOf(row: PostRow) {
  return {
    id: row.id,
    siteId: row.siteId,
    slug: row.slug,
    title: row.title,
    excerpt: row.isExcerptCustom ? row.excerpt : '',
    content: row.content as RichDocument,
    status: row.status as PostStatus,
    ownerId: row.ownerId,
    isPinned: row.isPinned,
    isFeatured: row.isFeatured,
    firstPublishedDate: row.firstPublishedDate,
    lastPublishedDate: row.lastPublishedDate,
    scheduledPublishDate: row.scheduledPublishDate,
    categoryIds: row.categoryIds,
    tagIds: row.tagIds,
    coverImage: row.coverImage ?? undefined,
    media: row.media,
    language: row.language,
    isCommentsDisabled: row.isCommentsDisabled,
    paidPlansGroupIds: row.paidPlansGroupIds,
  };
}

export const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** A post's language must be one the site is written in. */
export function checkLanguage(site: SiteView, language: string): void {
  if (language !== site.language && !site.languages.includes(language)) {
    throw new ValidationError({ language: 'is not a language of this blog' });
  }
}

/** Locks and loads a post of the site for a write; deleted posts belong to the trash. */
export async function lockPost(tx: Transaction, siteId: string, postId: string): Promise<PostRow> {
  const [row] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.siteId, siteId), eq(posts.id, postId)))
    .for('update');
  if (!row || row.status === 'deleted') throw new NotFoundError('post_not_found', 'Post not found');
  return row;
}

export function checkRevision(row: PostRow, revision: number | undefined): void {
  if (revision !== undefined && revision !== row.revision) {
    throw new EditConflictError(row.revision);
  }
}

/** A free slug for a title, other than the post's own; the title's text, or the draft's id. */
export async function slugFor(tx: Transaction, row: Pick<PostRow, 'siteId' | 'id' | 'title'>) {
  if (row.title.trim() === '') return draftPlaceholderSlug(row.id);
  const base = slugify(row.title);
  // Slugs are [a-z0-9-] only, so the LIKE pattern needs no escaping.
  const taken = await tx
    .select({ slug: posts.slug })
    .from(posts)
    .where(
      and(
        eq(posts.siteId, row.siteId),
        ne(posts.id, row.id),
        or(eq(posts.slug, base), like(posts.slug, `${base}-%`)),
      ),
    );
  const takenSet = new Set(taken.map((t) => t.slug));
  return uniqueSlug(base, (slug) => takenSet.has(slug));
}

/** 400 naming every category or tag id that is not the site's. */
export async function checkTaxonomy(tx: Transaction, siteId: string, input: PostSave) {
  const fields: Record<string, string> = {};
  for (const [key, table, ids] of [
    ['categoryIds', categories, input.categoryIds],
    ['tagIds', tags, input.tagIds],
  ] as const) {
    if (!ids || ids.length === 0) continue;
    const found = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.siteId, siteId), inArray(table.id, ids)));
    const known = new Set(found.map((r) => r.id));
    ids.forEach((id, i) => {
      if (!known.has(id)) fields[`${key}.${i}`] = 'is not a category or tag of this blog';
    });
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

/**
 * Whether a save's cover differs from the stored one. An `alt` or `isDecorative` left out keeps
 * the stored value, so it is no change.
 */
export function isCoverChanged(
  stored: StoredCover | null | undefined,
  input: NonNullable<PostSave['coverImage']>,
): boolean {
  if (stored?.isEnabled !== input.isEnabled) return true;
  if ((stored?.image?.id ?? null) !== input.mediaId) return true;
  if (input.mediaId === null) return false;
  if (input.isDecorative !== undefined && input.isDecorative !== (stored?.isDecorative === true)) {
    return true;
  }
  return input.alt !== undefined && input.alt.trim() !== (stored?.image?.alt ?? '');
}

/**
 * The stored cover for the input: the media must be an image of the site. Its description is the
 * one given; left out, the stored one for the same picture, else the media row's own (an imported
 * picture's). Decorative stores no description. Never written back to the media row: the same
 * picture can be another post's cover and mean something else there (decision 067).
 */
export async function coverFor(
  tx: Transaction,
  siteId: string,
  input: NonNullable<PostSave['coverImage']>,
  stored: StoredCover | null | undefined,
): Promise<StoredCover> {
  if (input.mediaId === null) return { isEnabled: input.isEnabled, isCustom: false, image: null };
  const [file] = await tx
    .select()
    .from(media)
    .where(and(eq(media.siteId, siteId), eq(media.id, input.mediaId)));
  if (file?.kind !== 'image') {
    throw new ValidationError({ 'coverImage.mediaId': 'is not an image of this blog' });
  }
  const isSamePicture = stored?.image?.id === file.id;
  const isDecorative = input.isDecorative ?? (isSamePicture && stored?.isDecorative === true);
  const alt = isDecorative
    ? ''
    : (input.alt?.trim() ?? (isSamePicture ? (stored?.image?.alt ?? '') : file.altText));
  const image: MediaRef = { id: file.id, width: file.width, height: file.height };
  if (alt) image.alt = alt;
  return {
    isEnabled: input.isEnabled,
    isCustom: true,
    image,
    ...(isDecorative ? { isDecorative: true } : {}),
  };
}

/** SPEC §5: a post going public needs a title and content. */
export function checkComplete(title: string, content: RichDocument): void {
  const problem = requiredFieldsProblem({ title, isContentEmpty: isEmptyDocument(content) });
  if (problem) throw new FieldsError(problem.code, problem.message, problem.fields);
}

/** Runs a write of a post in one transaction; the site's generation moves after the commit. */
export function writePost(
  deps: PostEditorContext,
  site: SiteView,
  work: (tx: Transaction) => Promise<PostRow>,
): Promise<PostRow> {
  return writeSiteContent(deps, site.id, work);
}
