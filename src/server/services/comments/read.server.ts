/**
 * Reading comments (issue 6; SPEC §6 "read comments without paid-plan restriction"): a post's
 * threads a page at a time, a comment's further replies, one comment for its edit page, and the
 * members to mention. Top-level comments newest first, replies oldest first (a conversation reads
 * down), each level from `comments_post_idx` with a keyset cursor: the last comment's time to the
 * microsecond and its id.
 */
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  COMMENTS_PAGE_SIZE,
  type CommentsPageView,
  type CommentView,
  MENTION_SUGGESTIONS_MAX,
  type MentionSuggestion,
  REPLIES_PAGE_SIZE,
  type RepliesPageView,
} from '../../../domain/comments';
import type { Actor } from '../../../domain/permissions';
import { imageOf } from '../../../domain/presenters';
import { postLink } from '../../../domain/routes';
import type { SiteView } from '../../../domain/views';
import { comments, members } from '../../db/schema.server';
import { PermissionError } from '../../errors.server';
import { presentOne, withReplies } from './present.server';
import {
  type CommentRow,
  type CommentsDeps,
  checkRead,
  commentColumns,
  depthOf,
  loadComment,
  loadPost,
  visibleTo,
} from './rows.server';

type ReadDeps = Pick<CommentsDeps, 'db'>;

/** Splits a cursor into its time and id (the API's schema checked its shape). */
function parseCursor(cursor: string): { at: string; id: string } {
  const cut = cursor.lastIndexOf('_');
  return { at: cursor.slice(0, cut), id: cursor.slice(cut + 1) };
}

/** Where a page starts after `after`: before it (newest first) or after it (oldest first). */
function afterCursor(after: string | undefined, order: 'desc' | 'asc'): SQL | undefined {
  if (!after) return undefined;
  const { at, id } = parseCursor(after);
  return order === 'desc'
    ? sql`(${comments.createdAt}, ${comments.id}) < (${at}::timestamptz, ${id}::uuid)`
    : sql`(${comments.createdAt}, ${comments.id}) > (${at}::timestamptz, ${id}::uuid)`;
}

/**
 * One page of a published post's top-level comments, newest first, each with its first
 * replies. SPEC §6: reading needs plan access.
 */
export async function listComments(
  deps: ReadDeps,
  actor: Actor,
  site: SiteView,
  postId: string,
  query: { after?: string } = {},
): Promise<CommentsPageView> {
  const post = await loadPost(deps, site, postId);
  checkRead(actor, post);
  const rows = (await deps.db
    .select(commentColumns)
    .from(comments)
    .where(
      and(
        eq(comments.siteId, site.id),
        eq(comments.postId, postId),
        isNull(comments.parentId),
        visibleTo(actor),
        afterCursor(query.after, 'desc'),
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(COMMENTS_PAGE_SIZE + 1)) as CommentRow[];
  const page = rows.slice(0, COMMENTS_PAGE_SIZE);
  return {
    comments: await withReplies(deps, site, postId, page, 0, actor),
    nextCursor: rows.length > COMMENTS_PAGE_SIZE ? (page.at(-1)?.cursor ?? null) : null,
    totalComments: post.commentCount,
  };
}

/** The replies of a comment after `after`, oldest first, with their own first replies. */
export async function listReplies(
  deps: ReadDeps,
  actor: Actor,
  site: SiteView,
  commentId: string,
  query: { after?: string } = {},
): Promise<RepliesPageView> {
  const parent = await loadComment(deps, site, commentId);
  checkRead(actor, await loadPost(deps, site, parent.postId));
  const rows = (await deps.db
    .select(commentColumns)
    .from(comments)
    .where(
      and(
        eq(comments.siteId, site.id),
        eq(comments.postId, parent.postId),
        eq(comments.parentId, commentId),
        visibleTo(actor),
        afterCursor(query.after, 'asc'),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(REPLIES_PAGE_SIZE + 1)) as CommentRow[];
  const page = rows.slice(0, REPLIES_PAGE_SIZE);
  const depth = (await depthOf(deps, site, parent)) + 1;
  return {
    comments: await withReplies(deps, site, parent.postId, page, depth, actor),
    nextCursor: rows.length > REPLIES_PAGE_SIZE ? (page.at(-1)?.cursor ?? null) : null,
  };
}

/**
 * One comment as its page shows it (the comment edit page), with the post it is on; a held one
 * to its author only.
 */
export async function getComment(
  deps: ReadDeps,
  actor: Actor,
  site: SiteView,
  commentId: string,
): Promise<{
  comment: CommentView;
  post: { id: string; slug: string; title: string; link: string };
}> {
  const row = await loadComment(deps, site, commentId, actor);
  const post = await loadPost(deps, site, row.postId);
  checkRead(actor, post);
  const comment = await presentOne(deps, site, row, await depthOf(deps, site, row));
  return {
    comment,
    post: { id: post.id, slug: post.slug, title: post.title, link: postLink(site, post) },
  };
}

/**
 * Members to mention while writing (`@` in the comment box): public, not blocked, whose name
 * or slug starts with the query (or a word of the name does), by name. Members only.
 */
export async function mentionSuggestions(
  { db }: ReadDeps,
  actor: Actor,
  site: SiteView,
  query: string,
): Promise<MentionSuggestion[]> {
  if (actor.memberId === null) throw new PermissionError('login-required');
  if (actor.isBlocked) throw new PermissionError('forbidden');
  const words = query.toLowerCase().replace(/[%_\\]/g, '');
  const rows = await db
    .select({ id: members.id, slug: members.slug, name: members.name, image: members.image })
    .from(members)
    .where(
      and(
        eq(members.siteId, site.id),
        eq(members.isBlocked, false),
        eq(members.privacyStatus, 'PUBLIC'),
        words === ''
          ? undefined
          : sql`(lower(${members.name}) like ${`${words}%`} or lower(${members.name}) like ${`% ${words}%`} or ${members.slug} like ${`${words}%`})`,
      ),
    )
    .orderBy(asc(members.name))
    .limit(MENTION_SUGGESTIONS_MAX);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    image: imageOf(row.image),
  }));
}

/** A member's stored role ('' for none): the rules refuse reporting an owner's post. */
export async function memberRole(
  { db }: ReadDeps,
  site: SiteView,
  memberId: string,
): Promise<string> {
  const [row] = await db
    .select({ role: members.role })
    .from(members)
    .where(and(eq(members.siteId, site.id), eq(members.id, memberId)))
    .limit(1);
  return row?.role ?? '';
}
