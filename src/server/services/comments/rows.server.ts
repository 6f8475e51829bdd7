/**
 * What every comment use case shares (issue 6; decision 021): the service's dependencies, the
 * rows read from `comments` and `posts`, and the loaders that find a post, a comment, its depth
 * and the authors of a page. The use cases sit beside: read, create, edit, delete, moderate and
 * present.
 */
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { COMMENT_MAX_DEPTH, hasPlanAccess } from '../../../domain/comments';
import { type Actor, type PermissionSettings, whyNot } from '../../../domain/permissions';
import { memberSummaryOf } from '../../../domain/presenters';
import type { Device } from '../../../domain/settings';
import type { MemberSummary, SiteView } from '../../../domain/views';
import type { SiteGenerations } from '../../cache/generations.server';
import type { SiteWriteTransaction } from '../../cache/site-write.server';
import type { Database } from '../../db/connection.server';
import { comments, members, posts } from '../../db/schema.server';
import { NotFoundError, PermissionError } from '../../errors.server';
import type { NotificationsService } from '../notifications.server';

export interface CommentsDeps {
  db: Database;
  generations: SiteGenerations;
  notifications: Pick<NotificationsService, 'notifyMany' | 'memberRef'>;
  /** Where a failed notification is reported. */
  log?: { error(error: unknown, message: string): void };
  /** The permission facts of the blog's settings on a device (permission-settings.server.ts). */
  permissionSettings(
    site: SiteView,
    device: Device,
  ): Promise<Pick<PermissionSettings, 'commentsEnabled'>>;
}

/** The keyset cursor of a comment: its time to the microsecond (UTC) and its id. */
const cursorColumn = sql<string>`to_char(${comments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${comments.id}`;

/** The columns of a comment every use case reads. */
export const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  authorId: comments.authorId,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  likeCount: comments.likeCount,
  replyCount: comments.replyCount,
  status: comments.status,
  cursor: cursorColumn.as('cursor'),
};

/** A comment as read by `commentColumns`. */
export type CommentRow = {
  id: string;
  postId: string;
  parentId: string | null;
  authorId: string;
  content: unknown;
  createdAt: Date;
  updatedAt: Date;
  likeCount: number;
  replyCount: number;
  /** `published`, or `pending` while a held comment waits for approval (issue 17). */
  status: string;
  cursor: string;
};

/**
 * The comments `actor` may read (issue 17 held comments): published ones, and their own held
 * ones. Every reader's query of comments filters by it.
 */
export function visibleTo(actor: Pick<Actor, 'memberId'>): SQL {
  if (actor.memberId === null) return eq(comments.status, 'published');
  return or(
    eq(comments.status, 'published'),
    and(eq(comments.status, 'pending'), eq(comments.authorId, actor.memberId)),
  )!;
}

/** What the rules and the notifications need of a post. */
export interface PostRow {
  id: string;
  slug: string;
  title: string;
  ownerId: string;
  status: string;
  isCommentsDisabled: boolean;
  paidPlansGroupIds: string[];
  commentCount: number;
  firstPublishedDate: Date | null;
}

/** A page's author: a member summary with the stored role (the owner's badge). */
export type CommentAuthor = MemberSummary & { role: string };

/** A published post of the site; 404 otherwise (only a published post has comments). */
export async function loadPost(
  { db }: Pick<CommentsDeps, 'db'>,
  site: SiteView,
  postId: string,
): Promise<PostRow> {
  const [row] = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      ownerId: posts.ownerId,
      status: posts.status,
      isCommentsDisabled: posts.isCommentsDisabled,
      paidPlansGroupIds: posts.paidPlansGroupIds,
      commentCount: posts.commentCount,
      firstPublishedDate: posts.firstPublishedDate,
    })
    .from(posts)
    .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
    .limit(1);
  // Only a published post has comments to read or write.
  if (row?.status !== 'published') {
    throw new NotFoundError('post_not_found', 'Post not found');
  }
  return row;
}

/** SPEC §6: reading a post's comments needs plan access. */
export function checkRead(actor: Actor, post: PostRow): void {
  const refusal = whyNot(actor, 'comments:read', { hasPlanAccess: hasPlanAccess(actor, post) });
  if (refusal) throw new PermissionError(refusal);
}

/**
 * One comment of the site with its post's id; 404 when there is none. Published only, unless
 * `visible` says whose held comments count too (issue 17): `'any'` for a moderator's action.
 */
export async function loadComment(
  { db }: Pick<CommentsDeps, 'db'>,
  site: SiteView,
  commentId: string,
  visible: Pick<Actor, 'memberId'> | 'any' | 'published' = 'published',
): Promise<CommentRow> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .where(
      and(
        eq(comments.siteId, site.id),
        eq(comments.id, commentId),
        visible === 'any'
          ? undefined
          : visible === 'published'
            ? eq(comments.status, 'published')
            : visibleTo(visible),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError('comment_not_found', 'Comment not found');
  return row as CommentRow;
}

/** A comment's depth in its thread: 0 at the top, counting parents up to the deepest level. */
export async function depthOf(
  { db }: Pick<CommentsDeps, 'db'>,
  site: SiteView,
  row: Pick<CommentRow, 'parentId'>,
): Promise<number> {
  let depth = 0;
  let parentId = row.parentId;
  while (parentId !== null && depth < COMMENT_MAX_DEPTH) {
    depth++;
    const [parent] = await db
      .select({ parentId: comments.parentId })
      .from(comments)
      .where(and(eq(comments.siteId, site.id), eq(comments.id, parentId)))
      .limit(1);
    parentId = parent?.parentId ?? null;
  }
  return depth;
}

/** The members of `ids` as a page shows them, by id (one query). */
export async function loadAuthors(
  { db }: Pick<CommentsDeps, 'db'>,
  site: SiteView,
  ids: readonly string[],
): Promise<Map<string, CommentAuthor>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: members.id,
      slug: members.slug,
      name: members.name,
      image: members.image,
      role: members.role,
    })
    .from(members)
    .where(and(eq(members.siteId, site.id), inArray(members.id, unique)));
  return new Map(rows.map((m) => [m.id, { ...memberSummaryOf(m, site.blogBase), role: m.role }]));
}

/** Locks the post's row for this transaction: comment writes on one post take turns. */
export async function lockPost(tx: SiteWriteTransaction, site: SiteView, postId: string) {
  const [row] = await tx
    .select({ id: posts.id, status: posts.status, isCommentsDisabled: posts.isCommentsDisabled })
    .from(posts)
    .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
    .for('update');
  return row ?? null;
}
