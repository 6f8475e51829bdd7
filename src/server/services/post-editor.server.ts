/**
 * The post editor's write path (issue 4 "Saving"): create a draft, load a post for editing, save
 * it, publish it now or on a date, revert it to draft; and the post actions of SPEC §6 that
 * change a post: delete (to the trash), duplicate, pin and unpin. Every call takes the actor and
 * checks it with `can()`/`whyNot()` (SPEC §6); every write is one transaction that locks the post,
 * refuses a stale revision with 409 `edit-conflict` (never a silent overwrite), keeps the listing
 * rows and post counts in step through the post writer, and bumps the site's generation.
 *
 * Drafts are posts with status `unpublished` (SPEC §4 has no other draft status). While a post
 * has never been published its slug follows its title; once published the slug stays.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, lte, ne, or, sql } from 'drizzle-orm';
import {
  type Action,
  type ActionContexts,
  type Actor,
  can,
  type PostFacts,
  whyNot,
} from '../../domain/permissions';
import {
  type EditorPostView,
  type PostCreate,
  type PostPublish,
  type PostSave,
  type PostUnpublish,
  requiredFieldsProblem,
} from '../../domain/post-editor';
import type { PostStatus } from '../../domain/post-status';
import { slugify, uniqueSlug } from '../../domain/slugs';
import { isSafeText } from '../../domain/text-input';
import type { SiteView } from '../../domain/views';
import { documentOf, parseDocument, type RichDocument } from '../../rich-content/document';
import { isEmptyDocument } from '../../rich-content/text';
import type { SiteGenerations } from '../cache/generations.server';
import { writeSiteContent } from '../cache/site-write.server';
import type { Database } from '../db/connection.server';
import { categories, type MediaRef, media, posts, type StoredCover, tags } from '../db/schema';
import {
  AppError,
  EditConflictError,
  FieldsError,
  NotFoundError,
  PermissionError,
  ValidationError,
} from '../errors';
import type { NotificationsService } from './notifications.server';
import { insertPostIn, type Transaction, updatePostIn } from './post-writer.server';

export interface PostEditorDeps {
  db: Database;
  generations: SiteGenerations;
  /** The clock: publication dates and "is the schedule in the future" read it. */
  now?: () => Date;
  /** Tells subscribers about a post going live for the first time (issue 5, decision 018). */
  notifications?: Pick<NotificationsService, 'notifyNewPost'>;
}

type PostRow = typeof posts.$inferSelect;

/** SPEC §4: the statuses a reader can see or will see; only these can be reverted to draft. */
const LIVE_STATUSES: ReadonlySet<string> = new Set(['published', 'scheduled']);

function facts(row: Pick<PostRow, 'ownerId' | 'status'>): {
  post: Pick<PostFacts, 'ownerId' | 'status'>;
} {
  return { post: { ownerId: row.ownerId, status: row.status as PostStatus } };
}

/** Throws the refusal of `action` (401 login-required, 403 forbidden ...) unless it is allowed. */
function authorize<A extends Action>(actor: Actor, action: A, context: ActionContexts[A]): void {
  const reason = whyNot(actor, action, context);
  if (reason !== null) throw new PermissionError(reason);
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The editor's view of a post: an allowlist of the row plus what the actor may do with it. */
function presentForEditor(actor: Actor, row: PostRow): EditorPostView {
  const context = facts(row);
  const cover = row.coverImage;
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    revision: row.revision,
    title: row.title,
    excerpt: row.isExcerptCustom ? row.excerpt : '',
    content: row.content,
    coverImage: { isEnabled: cover?.isEnabled ?? true, mediaId: cover?.image?.id ?? null },
    categoryIds: row.categoryIds,
    tagIds: row.tagIds,
    language: row.language,
    isCommentsDisabled: row.isCommentsDisabled,
    ownerId: row.ownerId,
    firstPublishedDate: iso(row.firstPublishedDate),
    lastPublishedDate: iso(row.lastPublishedDate),
    scheduledPublishDate: iso(row.scheduledPublishDate),
    updatedAt: row.updatedAt.toISOString(),
    permissions: {
      canEdit: can(actor, 'post:edit', context),
      canEditSettings: can(actor, 'post:edit-settings', context),
      canToggleComments: can(actor, 'post:toggle-comments', context),
      canChangeLanguage: can(actor, 'post:change-language', context),
      canPublish: can(actor, 'post:publish', context),
      canRevertToDraft: can(actor, 'post:revert-to-draft', context),
    },
  };
}

/** The stored post as a write the post writer takes, to be changed and written back. */
function writeOf(row: PostRow) {
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

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** Builds the post editor service. */
export function createPostEditor({
  db,
  generations,
  now = () => new Date(),
  notifications,
}: PostEditorDeps) {
  /** Locks and loads a post of the site for a write; deleted posts belong to the trash. */
  async function lockPost(tx: Transaction, siteId: string, postId: string): Promise<PostRow> {
    const [row] = await tx
      .select()
      .from(posts)
      .where(and(eq(posts.siteId, siteId), eq(posts.id, postId)))
      .for('update');
    if (!row || row.status === 'deleted')
      throw new NotFoundError('post_not_found', 'Post not found');
    return row;
  }

  function checkRevision(row: PostRow, revision: number | undefined): void {
    if (revision !== undefined && revision !== row.revision) {
      throw new EditConflictError(row.revision);
    }
  }

  /** A free slug for a title, other than the post's own; the title's text, or the draft's id. */
  async function slugFor(tx: Transaction, row: Pick<PostRow, 'siteId' | 'id' | 'title'>) {
    if (row.title.trim() === '') return `draft-${row.id.slice(0, 8)}`;
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
  async function checkTaxonomy(tx: Transaction, siteId: string, input: PostSave) {
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

  /** The stored cover for the input: the media must be an image of the site. */
  async function coverFor(
    tx: Transaction,
    siteId: string,
    input: NonNullable<PostSave['coverImage']>,
  ): Promise<StoredCover> {
    if (input.mediaId === null) return { isEnabled: input.isEnabled, isCustom: false, image: null };
    const [file] = await tx
      .select()
      .from(media)
      .where(and(eq(media.siteId, siteId), eq(media.id, input.mediaId)));
    if (file?.kind !== 'image') {
      throw new ValidationError({ 'coverImage.mediaId': 'is not an image of this blog' });
    }
    const image: MediaRef = { id: file.id, width: file.width, height: file.height };
    if (file.altText) image.alt = file.altText;
    return { isEnabled: input.isEnabled, isCustom: true, image };
  }

  /** SPEC §5: a post going public needs a title and content. */
  function checkComplete(title: string, content: RichDocument): void {
    const problem = requiredFieldsProblem({ title, isContentEmpty: isEmptyDocument(content) });
    if (problem) throw new FieldsError(problem.code, problem.message, problem.fields);
  }

  /** Runs a write in one transaction and bumps the site's generation after it commits. */
  async function write(site: SiteView, work: (tx: Transaction) => Promise<PostRow>) {
    return writeSiteContent({ db, generations }, site.id, work);
  }

  /** Creates an empty draft owned by the actor (SPEC §6 `post:create`). */
  async function createDraft(
    actor: Actor,
    site: SiteView,
    input: PostCreate,
  ): Promise<EditorPostView> {
    authorize(actor, 'post:create', {});
    const language = input.language ?? site.language;
    checkLanguage(site, language);
    const id = randomUUID();
    const title = input.title?.trim() ?? '';
    const row = await write(site, async (tx) => {
      const slug = await slugFor(tx, { siteId: site.id, id, title });
      return insertPostIn(tx, {
        id,
        siteId: site.id,
        slug,
        title,
        content: documentOf([], now()),
        status: 'unpublished',
        ownerId: actor.memberId!,
        language,
      });
    });
    return presentForEditor(actor, row);
  }

  /** Loads a post for editing: own posts, or any for editors and above (SPEC §6). */
  async function getForEditing(
    actor: Actor,
    site: SiteView,
    postId: string,
  ): Promise<EditorPostView> {
    const [row] = await db
      .select()
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)));
    if (!row || row.status === 'deleted')
      throw new NotFoundError('post_not_found', 'Post not found');
    // A guest-writer may open its published post for its settings, not for its text.
    if (!can(actor, 'post:edit-settings', facts(row))) authorize(actor, 'post:edit', facts(row));
    return presentForEditor(actor, row);
  }

  /**
   * The id of the post a writer's address names by slug (`/:postSlug/edit`), whatever its status:
   * drafts have slugs too. The current slug wins over a former one. A post the actor may not read
   * is not found, so a draft's slug tells nobody else that it exists.
   */
  async function findIdBySlug(actor: Actor, site: SiteView, slug: string): Promise<string | null> {
    // Defence in depth (decision 027): no stored slug holds what PostgreSQL cannot store.
    if (!isSafeText(slug)) return null;
    const [row] = await db
      .select({ id: posts.id, ownerId: posts.ownerId, status: posts.status })
      .from(posts)
      .where(
        and(
          eq(posts.siteId, site.id),
          ne(posts.status, 'deleted'),
          sql`(${posts.slug} = ${slug} or ${posts.slugs} @> array[${slug}]::text[])`,
        ),
      )
      .orderBy(sql`${posts.slug} = ${slug} desc`)
      .limit(1);
    if (!row || !can(actor, 'post:read', facts(row))) return null;
    return row.id;
  }

  /**
   * Saves the editor's state, starting from `input.revision`. Each changed group of fields needs
   * its permission: title and content `post:edit`; excerpt, cover, categories and tags
   * `post:edit-settings`; comments `post:toggle-comments`; language `post:change-language`.
   * A published or scheduled post must stay complete (SPEC §5); a draft may be incomplete.
   */
  async function save(
    actor: Actor,
    site: SiteView,
    postId: string,
    input: PostSave,
  ): Promise<EditorPostView> {
    // Parsed before the transaction (it can be 2 MB), reported after the permission check.
    const parsed = input.content === undefined ? null : parseDocument(input.content);
    const row = await write(site, async (tx) => {
      const before = await lockPost(tx, site.id, postId);
      const context = facts(before);
      if (!can(actor, 'post:edit-settings', context)) authorize(actor, 'post:edit', context);
      checkRevision(before, input.revision);
      if (parsed && !parsed.ok) {
        const field = parsed.path === '' ? 'content' : `content.${parsed.path}`;
        throw new ValidationError({ [field]: parsed.message }, 'The content is not valid');
      }
      const next = writeOf(before);
      const changed = new Set<Action>();
      if (input.title !== undefined && input.title !== before.title) {
        next.title = input.title;
        changed.add('post:edit');
      }
      if (parsed?.ok) {
        next.content = parsed.document;
        // Compared in canonical form: parsing is idempotent and fills in the same defaults.
        const stored = parseDocument(before.content);
        const isSame =
          stored.ok && JSON.stringify(stored.document) === JSON.stringify(parsed.document);
        if (!isSame) changed.add('post:edit');
      }
      if (input.excerpt !== undefined && input.excerpt.trim() !== next.excerpt) {
        next.excerpt = input.excerpt.trim();
        changed.add('post:edit-settings');
      }
      if (input.categoryIds !== undefined && !sameIds(input.categoryIds, before.categoryIds)) {
        next.categoryIds = input.categoryIds;
        changed.add('post:edit-settings');
      }
      if (input.tagIds !== undefined && !sameIds(input.tagIds, before.tagIds)) {
        next.tagIds = input.tagIds;
        changed.add('post:edit-settings');
      }
      const stored = before.coverImage;
      const isCoverChanged =
        input.coverImage !== undefined &&
        (stored?.isEnabled !== input.coverImage.isEnabled ||
          (stored?.image?.id ?? null) !== input.coverImage.mediaId);
      if (isCoverChanged) changed.add('post:edit-settings');
      if (
        input.isCommentsDisabled !== undefined &&
        input.isCommentsDisabled !== before.isCommentsDisabled
      ) {
        next.isCommentsDisabled = input.isCommentsDisabled;
        changed.add('post:toggle-comments');
      }
      if (input.language !== undefined && input.language !== before.language) {
        checkLanguage(site, input.language);
        next.language = input.language;
        changed.add('post:change-language');
      }
      for (const action of changed) authorize(actor, action, context);
      await checkTaxonomy(tx, site.id, input);
      if (input.coverImage !== undefined && isCoverChanged) {
        next.coverImage = await coverFor(tx, site.id, input.coverImage);
      }
      if (LIVE_STATUSES.has(before.status)) checkComplete(next.title, next.content);
      const isDraftSlug = before.firstPublishedDate === null && before.status !== 'published';
      if (isDraftSlug && next.title !== before.title) next.slug = await slugFor(tx, next);
      return updatePostIn(tx, next, before, {
        revision: before.revision + 1,
        slugs: isDraftSlug ? [next.slug] : [...before.slugs],
        updatedAt: now(),
      });
    });
    return presentForEditor(actor, row);
  }

  /**
   * Publishes now, or schedules for `scheduledFor` (SPEC §4 status `scheduled`), which must be in
   * the future. Needs `post:publish` (guest-writers never) and a complete post (SPEC §5).
   */
  async function publish(
    actor: Actor,
    site: SiteView,
    postId: string,
    input: PostPublish,
  ): Promise<EditorPostView> {
    const at = now();
    let isFirstPublication = false;
    const row = await write(site, async (tx) => {
      const before = await lockPost(tx, site.id, postId);
      authorize(actor, 'post:publish', facts(before));
      checkRevision(before, input.revision);
      const next = writeOf(before);
      checkComplete(next.title, next.content);
      if (input.scheduledFor !== undefined) {
        const date = new Date(input.scheduledFor);
        if (date.getTime() <= at.getTime()) {
          throw new ValidationError({ scheduledFor: 'must be in the future' });
        }
        if (before.status === 'published') {
          throw new AppError(409, 'post_already_published', 'A published post cannot be scheduled');
        }
        next.status = 'scheduled';
        next.scheduledPublishDate = date;
      } else {
        next.status = 'published';
        next.firstPublishedDate = before.firstPublishedDate ?? at;
        next.lastPublishedDate = at;
        next.scheduledPublishDate = null;
        isFirstPublication = before.firstPublishedDate === null;
      }
      return updatePostIn(tx, next, before, {
        revision: before.revision + 1,
        slugs: [...before.slugs],
        updatedAt: at,
      });
    });
    // After the commit: subscribers hear of a post once, when it first goes live.
    if (isFirstPublication) await notifications?.notifyNewPost(site.id, row.id);
    return presentForEditor(actor, row);
  }

  /** Reverts a published or scheduled post to draft (SPEC §6 revert-to-draft). */
  async function unpublish(
    actor: Actor,
    site: SiteView,
    postId: string,
    input: PostUnpublish,
  ): Promise<EditorPostView> {
    const row = await write(site, async (tx) => {
      const before = await lockPost(tx, site.id, postId);
      if (!LIVE_STATUSES.has(before.status)) {
        // Whoever may see the draft learns it is one; anyone else is refused as usual.
        authorize(actor, 'post:edit', facts(before));
        throw new AppError(409, 'post_not_published', 'The post is already a draft');
      }
      authorize(actor, 'post:revert-to-draft', facts(before));
      checkRevision(before, input.revision);
      const next = writeOf(before);
      next.status = 'unpublished';
      next.scheduledPublishDate = null;
      return updatePostIn(tx, next, before, {
        revision: before.revision + 1,
        slugs: [...before.slugs],
        updatedAt: now(),
      });
    });
    return presentForEditor(actor, row);
  }

  /**
   * Moves a post to the trash (SPEC §4 status `deleted`; SPEC §6 `post:delete`: own posts from
   * open-blog-writer up, any post for editors). A soft delete: the row stays, readers, search,
   * related posts, my-posts and the post counts leave it out, and the editor's calls answer 404.
   */
  async function deletePost(actor: Actor, site: SiteView, postId: string): Promise<void> {
    await write(site, async (tx) => {
      const before = await lockPost(tx, site.id, postId);
      authorize(actor, 'post:delete', facts(before));
      const next = writeOf(before);
      next.status = 'deleted';
      return updatePostIn(tx, next, before, {
        revision: before.revision + 1,
        slugs: [...before.slugs],
        updatedAt: now(),
      });
    });
  }

  /**
   * Copies a post into a new draft of the actor (SPEC §6 `post:duplicate` on the source, and
   * `post:create`): the same title, excerpt, content, cover, categories, tags, language, comments
   * setting and paid plans (so a copy never frees paid content); a slug of its own from the title;
   * never published, pinned or featured, no counters. The source is not changed.
   */
  async function duplicate(actor: Actor, site: SiteView, postId: string): Promise<EditorPostView> {
    const id = randomUUID();
    const row = await write(site, async (tx) => {
      const source = await lockPost(tx, site.id, postId);
      authorize(actor, 'post:duplicate', facts(source));
      authorize(actor, 'post:create', {});
      const copy = writeOf(source);
      const slug = await slugFor(tx, { siteId: site.id, id, title: copy.title });
      const at = now();
      return insertPostIn(tx, {
        ...copy,
        id,
        slug,
        status: 'unpublished',
        ownerId: actor.memberId!,
        isPinned: false,
        isFeatured: false,
        firstPublishedDate: null,
        lastPublishedDate: null,
        scheduledPublishDate: null,
        createdAt: at,
        updatedAt: at,
      });
    });
    return presentForEditor(actor, row);
  }

  /**
   * Pins or unpins a post (SPEC §6 `post:pin`: editors, published posts only; SPEC §4 orders the
   * feeds pinned first). Idempotent. Neither the revision nor the edit date moves: pinning is not
   * an edit, so a writer's open editor saves on without a conflict (its save keeps the pin).
   */
  async function setPinned(
    actor: Actor,
    site: SiteView,
    postId: string,
    isPinned: boolean,
  ): Promise<{ isPinned: boolean }> {
    const row = await write(site, async (tx) => {
      const before = await lockPost(tx, site.id, postId);
      authorize(actor, 'post:pin', facts(before));
      if (before.isPinned === isPinned) return before;
      const next = writeOf(before);
      next.isPinned = isPinned;
      return updatePostIn(tx, next, before, {
        revision: before.revision,
        slugs: [...before.slugs],
        updatedAt: before.updatedAt,
      });
    });
    return { isPinned: row.isPinned };
  }

  /**
   * Publishes every scheduled post whose moment has come, on every site (SPEC §4 scheduled →
   * published). The post goes live with its scheduled moment as its publish date, so it sorts
   * where the writer meant it to. Each post in its own transaction, locked and checked again, so
   * a writer reverting it at the same moment wins or loses cleanly. Returns how many went live.
   * `only` limits the run to one site (tests share a database between sites).
   */
  async function publishDuePosts(at: Date = now(), only?: { siteId: string }): Promise<number> {
    const due = await db
      .select({ id: posts.id, siteId: posts.siteId })
      .from(posts)
      .where(
        and(
          eq(posts.status, 'scheduled'),
          lte(posts.scheduledPublishDate, at),
          only ? eq(posts.siteId, only.siteId) : undefined,
        ),
      )
      .orderBy(posts.scheduledPublishDate)
      .limit(DUE_POSTS_PER_RUN);
    let published = 0;
    for (const { id, siteId } of due) {
      const wentLive = await writeSiteContent(
        { db, generations },
        siteId,
        async (tx) => {
          const before = await lockPost(tx, siteId, id);
          const moment = before.scheduledPublishDate;
          if (before.status !== 'scheduled' || !moment || moment > at) return null;
          const next = writeOf(before);
          next.status = 'published';
          next.firstPublishedDate = before.firstPublishedDate ?? moment;
          next.lastPublishedDate = moment;
          next.scheduledPublishDate = null;
          await updatePostIn(tx, next, before, {
            revision: before.revision + 1,
            slugs: [...before.slugs],
            updatedAt: at,
          });
          return { isFirstPublication: before.firstPublishedDate === null };
        },
        // Another run published it first, or it moved: nothing changed.
        { didChange: (result) => result !== null },
      );
      if (wentLive) {
        published += 1;
        if (wentLive.isFirstPublication) await notifications?.notifyNewPost(siteId, id);
      }
    }
    return published;
  }

  return {
    createDraft,
    getForEditing,
    findIdBySlug,
    save,
    publish,
    unpublish,
    deletePost,
    duplicate,
    setPinned,
    publishDuePosts,
  };
}

/** At most this many scheduled posts go live per run; the next run takes the rest. */
export const DUE_POSTS_PER_RUN = 100;

/** A post's language must be one the site is written in. */
function checkLanguage(site: SiteView, language: string): void {
  if (language !== site.language && !site.languages.includes(language)) {
    throw new ValidationError({ language: 'is not a language of this blog' });
  }
}

export type PostEditorService = ReturnType<typeof createPostEditor>;
