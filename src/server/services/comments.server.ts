/**
 * Comments on published posts (issue 6; SPEC §3 Post totalComments, §6 comment permissions):
 * threads read a page at a time, written, edited and deleted, and comments switched off per post.
 * The post page's loader and the comments API call the same functions.
 *
 * - **Threads.** Top-level comments newest first, replies oldest first (a conversation reads
 *   down), each level read from `comments_post_idx` (site, post, parent, created_at) with a keyset
 *   cursor: the last comment's time to the microsecond and its id. A page of top-level comments
 *   comes with the first REPLIES_PREVIEW replies of each, and theirs: three queries and one for the
 *   authors, whatever the page holds. Threads are COMMENT_MAX_DEPTH deep; a reply to the deepest
 *   level joins its parent's thread.
 * - **Exact counts.** Every write that adds or removes comments changes `posts.comment_count`, the
 *   parent's `reply_count` and the authors' `members.comment_count` in the same transaction, and
 *   every such transaction first locks the post's row: writes on one post's comments take turns,
 *   so a reply cannot land under a comment that a concurrent delete is removing, and the counters
 *   equal the rows (the concurrency test holds this on PostgreSQL).
 * - **Deleting** a comment removes its replies with it (the thread would be answers to nothing).
 * - **Pages.** Every write bumps the site's generation: the visitors' cached post page and the
 *   feeds' comment counters change with it (decision 002). Notifications go out after the commit;
 *   a failure to notify is logged and never fails the comment.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  COMMENT_MAX_DEPTH,
  COMMENTS_PAGE_SIZE,
  type CommentDeleteView,
  type CommentsPageView,
  type CommentView,
  type CommentWriteView,
  hasPlanAccess,
  MENTION_SUGGESTIONS_MAX,
  type MentionSuggestion,
  REPLIES_PAGE_SIZE,
  REPLIES_PREVIEW,
  type RepliesPageView,
} from '../../domain/comments';
import type { CommentCreate } from '../../domain/comments-api';
import type { NotificationEvent, NotificationPost } from '../../domain/notifications';
import { notificationExcerpt } from '../../domain/notifications';
import { type Actor, type PermissionSettings, whyNot } from '../../domain/permissions';
import { imageOf, memberSummaryOf } from '../../domain/presenters';
import type { MemberSummary, SiteView } from '../../domain/views';
import {
  type CommentDocumentProblem,
  prepareCommentDocument,
  resolveMentions,
} from '../../rich-content/comment-document';
import type { SiteGenerations } from '../cache/generations.server';
import type { Database } from '../db/connection.server';
import { comments, members, posts, subscriptions } from '../db/schema';
import { AppError, FieldsError, NotFoundError, PermissionError } from '../errors';
import type { NotificationsService } from './notifications.server';

export interface CommentsDeps {
  db: Database;
  generations: SiteGenerations;
  notifications: Pick<NotificationsService, 'notifyMany' | 'memberRef'>;
  /** Where a failed notification is reported. */
  log?: { error(error: unknown, message: string): void };
  /** The permission facts of the blog's settings (decision 021: the desktop values). */
  permissionSettings(site: SiteView): Promise<Pick<PermissionSettings, 'commentsEnabled'>>;
}

/** The messages of the comment problems (the form shows its own translated words). */
const PROBLEM_MESSAGES: Record<CommentDocumentProblem, string> = {
  comment_empty: 'Write something before posting',
  comment_too_long: 'Comments are at most 5000 characters',
  comment_too_many_links: 'Comments hold at most 10 links and mentions',
  comment_content_invalid: 'Comments hold paragraphs of text with bold, italic, links and mentions',
};

/** The keyset cursor of a comment: its time to the microsecond (UTC) and its id. */
const cursorColumn = sql<string>`to_char(${comments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${comments.id}`;

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  authorId: comments.authorId,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  likeCount: comments.likeCount,
  replyCount: comments.replyCount,
  cursor: cursorColumn.as('cursor'),
};

type CommentRow = {
  id: string;
  postId: string;
  parentId: string | null;
  authorId: string;
  content: unknown;
  createdAt: Date;
  updatedAt: Date;
  likeCount: number;
  replyCount: number;
  cursor: string;
};

/** What the rules and the notifications need of a post. */
interface PostRow {
  id: string;
  slug: string;
  title: string;
  ownerId: string;
  status: string;
  isCommentsDisabled: boolean;
  paidPlansGroupIds: string[];
  commentCount: number;
}

/**
 * SPEC §4 "In demo mode clicks open a demo-mode modal": a demo site takes no comment, edit or
 * delete (403 `demo_mode`, which the page shows as that modal).
 */
function refuseDemo(site: SiteView): void {
  if (site.isDemoMode) throw new AppError(403, 'demo_mode', 'This is a demo site');
}

/** Splits a cursor into its time and id (the API's schema checked its shape). */
function parseCursor(cursor: string): { at: string; id: string } {
  const cut = cursor.lastIndexOf('_');
  return { at: cursor.slice(0, cut), id: cursor.slice(cut + 1) };
}

/** A row's result of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/** Builds the comments service. */
export function createComments(deps: CommentsDeps) {
  const { db, generations, notifications, log } = deps;

  async function loadPost(site: SiteView, postId: string): Promise<PostRow> {
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

  function checkRead(actor: Actor, post: PostRow): void {
    const refusal = whyNot(actor, 'comments:read', { hasPlanAccess: hasPlanAccess(actor, post) });
    if (refusal) throw new PermissionError(refusal);
  }

  /** One comment of the site with its post's id; 404 when there is none. */
  async function loadComment(site: SiteView, commentId: string): Promise<CommentRow> {
    const [row] = await db
      .select(commentColumns)
      .from(comments)
      .where(
        and(
          eq(comments.siteId, site.id),
          eq(comments.id, commentId),
          eq(comments.status, 'published'),
        ),
      )
      .limit(1);
    if (!row) throw new NotFoundError('comment_not_found', 'Comment not found');
    return row as CommentRow;
  }

  /** A comment's depth in its thread: 0 at the top, counting parents up to the deepest level. */
  async function depthOf(site: SiteView, row: Pick<CommentRow, 'parentId'>): Promise<number> {
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

  async function loadAuthors(
    site: SiteView,
    ids: readonly string[],
  ): Promise<Map<string, MemberSummary & { role: string }>> {
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

  /** Rows as views, each with the replies of theirs that `children` holds. */
  function present(
    rows: readonly CommentRow[],
    depth: number,
    authors: Map<string, MemberSummary & { role: string }>,
    children: Map<string, CommentRow[]>,
  ): CommentView[] {
    return rows.map((row) => {
      const author = authors.get(row.authorId);
      const loaded = children.get(row.id) ?? [];
      const last = loaded.at(-1);
      return {
        id: row.id,
        postId: row.postId,
        parentId: row.parentId,
        depth,
        author: author
          ? {
              siteMemberId: author.siteMemberId,
              slug: author.slug,
              name: author.name,
              image: author.image,
              link: author.link,
            }
          : null,
        isByOwner: author?.role === 'owner',
        content: row.content,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        // A comment saved again a minute or more after it was written says it was edited.
        isEdited: row.updatedAt.getTime() - row.createdAt.getTime() > 60_000,
        likeCount: row.likeCount,
        replyCount: row.replyCount,
        replies: present(loaded, depth + 1, authors, children),
        repliesCursor: last && loaded.length < row.replyCount ? last.cursor : null,
      };
    });
  }

  /**
   * The first `limit` replies of each of `parentIds` (oldest first), in one query: the replies of
   * those parents ranked per parent, from `comments_post_idx`.
   */
  async function firstReplies(
    site: SiteView,
    postId: string,
    parentIds: readonly string[],
    limit: number,
  ): Promise<Map<string, CommentRow[]>> {
    const byParent = new Map<string, CommentRow[]>();
    if (parentIds.length === 0) return byParent;
    const ranked = db
      .select({
        ...commentColumns,
        rank: sql<number>`row_number() over (partition by ${comments.parentId} order by ${comments.createdAt}, ${comments.id})`.as(
          'rank',
        ),
      })
      .from(comments)
      .where(
        and(
          eq(comments.siteId, site.id),
          eq(comments.postId, postId),
          inArray(comments.parentId, [...parentIds]),
          eq(comments.status, 'published'),
        ),
      )
      .as('ranked');
    const rows = await db
      .select()
      .from(ranked)
      .where(sql`${ranked.rank} <= ${limit}`)
      .orderBy(asc(ranked.createdAt), asc(ranked.id));
    for (const row of rows as unknown as CommentRow[]) {
      const list = byParent.get(row.parentId!) ?? [];
      list.push(row);
      byParent.set(row.parentId!, list);
    }
    return byParent;
  }

  /**
   * Views of `rows` at `depth` with their first replies, down to the deepest level, and their
   * authors: one query per level below and one for the authors.
   */
  async function withReplies(
    site: SiteView,
    postId: string,
    rows: CommentRow[],
    depth: number,
  ): Promise<CommentView[]> {
    const children = new Map<string, CommentRow[]>();
    let level = rows.filter((row) => row.replyCount > 0);
    const all: CommentRow[] = [...rows];
    for (let d = depth; d < COMMENT_MAX_DEPTH && level.length > 0; d++) {
      const found = await firstReplies(
        site,
        postId,
        level.map((row) => row.id),
        REPLIES_PREVIEW,
      );
      level = [];
      for (const [parentId, replies] of found) {
        children.set(parentId, replies);
        all.push(...replies);
        level.push(...replies.filter((row) => row.replyCount > 0));
      }
    }
    const authors = await loadAuthors(
      site,
      all.map((row) => row.authorId),
    );
    return present(rows, depth, authors, children);
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
  async function listComments(
    actor: Actor,
    site: SiteView,
    postId: string,
    query: { after?: string } = {},
  ): Promise<CommentsPageView> {
    const post = await loadPost(site, postId);
    checkRead(actor, post);
    const rows = (await db
      .select(commentColumns)
      .from(comments)
      .where(
        and(
          eq(comments.siteId, site.id),
          eq(comments.postId, postId),
          isNull(comments.parentId),
          eq(comments.status, 'published'),
          afterCursor(query.after, 'desc'),
        ),
      )
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(COMMENTS_PAGE_SIZE + 1)) as CommentRow[];
    const page = rows.slice(0, COMMENTS_PAGE_SIZE);
    return {
      comments: await withReplies(site, postId, page, 0),
      nextCursor: rows.length > COMMENTS_PAGE_SIZE ? (page.at(-1)?.cursor ?? null) : null,
      totalComments: post.commentCount,
    };
  }

  /** The replies of a comment after `after`, oldest first, with their own first replies. */
  async function listReplies(
    actor: Actor,
    site: SiteView,
    commentId: string,
    query: { after?: string } = {},
  ): Promise<RepliesPageView> {
    const parent = await loadComment(site, commentId);
    checkRead(actor, await loadPost(site, parent.postId));
    const rows = (await db
      .select(commentColumns)
      .from(comments)
      .where(
        and(
          eq(comments.siteId, site.id),
          eq(comments.postId, parent.postId),
          eq(comments.parentId, commentId),
          eq(comments.status, 'published'),
          afterCursor(query.after, 'asc'),
        ),
      )
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(REPLIES_PAGE_SIZE + 1)) as CommentRow[];
    const page = rows.slice(0, REPLIES_PAGE_SIZE);
    const depth = (await depthOf(site, parent)) + 1;
    return {
      comments: await withReplies(site, parent.postId, page, depth),
      nextCursor: rows.length > REPLIES_PAGE_SIZE ? (page.at(-1)?.cursor ?? null) : null,
    };
  }

  /** One comment as its page shows it (the comment edit page), with the post it is on. */
  async function getComment(
    actor: Actor,
    site: SiteView,
    commentId: string,
  ): Promise<{ comment: CommentView; post: { id: string; slug: string; title: string } }> {
    const row = await loadComment(site, commentId);
    const post = await loadPost(site, row.postId);
    checkRead(actor, post);
    const authors = await loadAuthors(site, [row.authorId]);
    const [comment] = present([row], await depthOf(site, row), authors, new Map());
    return { comment: comment!, post: { id: post.id, slug: post.slug, title: post.title } };
  }

  /** The comment's document checked and its mentions re-stamped; 400 naming `content`. */
  async function prepare(site: SiteView, content: unknown) {
    const prepared = prepareCommentDocument(content);
    if (!prepared.ok) {
      const message = PROBLEM_MESSAGES[prepared.problem];
      throw new FieldsError(prepared.problem, message, { [prepared.path]: message });
    }
    const mentioned = await loadAuthors(site, prepared.mentionIds);
    return {
      document: resolveMentions(prepared.document, (id) => mentioned.get(id)),
      text: prepared.text,
    };
  }

  /** Locks the post's row for this transaction: comment writes on one post take turns. */
  async function lockPost(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    site: SiteView,
    postId: string,
  ) {
    const [row] = await tx
      .select({ id: posts.id, status: posts.status, isCommentsDisabled: posts.isCommentsDisabled })
      .from(posts)
      .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
      .for('update');
    return row ?? null;
  }

  /**
   * Adds a comment to a published post, or a reply to one of its comments (`replyTo`). SPEC §6:
   * members, with comments on for the blog and the post, and plan access. Tells the post's
   * author, the author of the comment answered and the post's subscribers.
   */
  async function createComment(
    actor: Actor,
    site: SiteView,
    postId: string,
    input: CommentCreate,
  ): Promise<CommentWriteView> {
    const post = await loadPost(site, postId);
    const settings = await deps.permissionSettings(site);
    const refusal = whyNot(actor, 'comment:create', {
      post,
      settings,
      hasPlanAccess: hasPlanAccess(actor, post),
    });
    if (refusal) throw new PermissionError(refusal);
    refuseDemo(site);
    const { document, text } = await prepare(site, input.content);
    let answered: CommentRow | null = null;
    let parentId: string | null = null;
    let depth = 0;
    if (input.replyTo) {
      answered = await loadComment(site, input.replyTo);
      if (answered.postId !== postId) {
        throw new FieldsError('comment_not_on_post', 'That comment is on another post', {
          replyTo: 'is not a comment of this post',
        });
      }
      const answeredDepth = await depthOf(site, answered);
      // At the deepest level a reply joins the thread of the comment it answers.
      parentId = answeredDepth >= COMMENT_MAX_DEPTH ? answered.parentId : answered.id;
      depth = Math.min(answeredDepth + 1, COMMENT_MAX_DEPTH);
    }
    const memberId = actor.memberId!;
    const id = randomUUID();
    const total = await db.transaction(async (tx) => {
      const locked = await lockPost(tx, site, postId);
      if (locked?.status !== 'published') {
        throw new NotFoundError('post_not_found', 'Post not found');
      }
      if (locked.isCommentsDisabled) throw new PermissionError('disabled');
      if (parentId !== null) {
        const [parent] = await tx
          .update(comments)
          .set({ replyCount: sql`${comments.replyCount} + 1` })
          .where(and(eq(comments.siteId, site.id), eq(comments.id, parentId)))
          .returning({ id: comments.id });
        // Deleted since it was read: the reply has nothing to answer.
        if (!parent) throw new NotFoundError('comment_not_found', 'Comment not found');
      }
      await tx.insert(comments).values({
        siteId: site.id,
        id,
        postId,
        parentId,
        authorId: memberId,
        content: document,
        contentText: text,
      });
      const [counted] = await tx
        .update(posts)
        .set({ commentCount: sql`${posts.commentCount} + 1` })
        .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
        .returning({ commentCount: posts.commentCount });
      await tx
        .update(members)
        .set({ commentCount: sql`${members.commentCount} + 1` })
        .where(and(eq(members.siteId, site.id), eq(members.id, memberId)));
      return counted!.commentCount;
    });
    generations.bump(site.id);
    const row = await loadComment(site, id);
    const authors = await loadAuthors(site, [memberId]);
    const [comment] = present([row], depth, authors, new Map());
    await notifyNewComment(site, post, row, text, answered);
    return { comment: comment!, totalComments: total };
  }

  /**
   * Tells, once each and never the commenter: the author of the comment answered (a reply), the
   * post's author (a comment on their post) and the members subscribed to the post's comments.
   */
  async function notifyNewComment(
    site: SiteView,
    post: PostRow,
    row: CommentRow,
    text: string,
    answered: CommentRow | null,
  ): Promise<void> {
    try {
      const actor = await notifications.memberRef(site.id, row.authorId);
      if (!actor) return;
      const postRef: NotificationPost = { id: post.id, slug: post.slug, title: post.title };
      const comment = { id: row.id, excerpt: notificationExcerpt(text) };
      const told = new Set<string>([row.authorId]);
      const send = async (memberIds: string[], event: NotificationEvent) => {
        const fresh = memberIds.filter((memberId) => !told.has(memberId));
        for (const memberId of fresh) told.add(memberId);
        if (fresh.length > 0) await notifications.notifyMany(site.id, fresh, event);
      };
      if (answered) {
        await send([answered.authorId], {
          kind: 'comment-reply',
          actor,
          post: postRef,
          comment,
          parentCommentId: answered.id,
        });
      }
      await send([post.ownerId], { kind: 'post-comment', actor, post: postRef, comment });
      const subscribed = await db
        .select({ memberId: subscriptions.memberId })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.siteId, site.id),
            eq(subscriptions.targetType, 'post'),
            eq(subscriptions.targetId, post.id),
          ),
        );
      await send(
        subscribed.map((s) => s.memberId),
        { kind: 'new-comment-in-subscription', actor, post: postRef, comment },
      );
    } catch (error) {
      log?.error(error, 'Notifying about a new comment failed');
    }
  }

  /** SPEC §6: members edit their own comments, nobody else's. */
  async function editComment(
    actor: Actor,
    site: SiteView,
    commentId: string,
    content: unknown,
  ): Promise<CommentWriteView> {
    const row = await loadComment(site, commentId);
    const post = await loadPost(site, row.postId);
    // Only the author edits: a visitor might be them, so is asked to log in first.
    if (actor.memberId === null) throw new PermissionError('login-required');
    const refusal = whyNot(actor, 'comment:edit', { comment: { ownerId: row.authorId } });
    if (refusal) throw new PermissionError(refusal);
    refuseDemo(site);
    const { document, text } = await prepare(site, content);
    const [updated] = await db
      .update(comments)
      .set({ content: document, contentText: text, updatedAt: new Date() })
      .where(and(eq(comments.siteId, site.id), eq(comments.id, commentId)))
      .returning({ id: comments.id });
    if (!updated) throw new NotFoundError('comment_not_found', 'Comment not found');
    generations.bump(site.id);
    const fresh = await loadComment(site, commentId);
    const authors = await loadAuthors(site, [fresh.authorId]);
    // The replies stay where they are on the page; the answer is the comment itself.
    const [comment] = present([fresh], await depthOf(site, fresh), authors, new Map());
    return { comment: comment!, totalComments: post.commentCount };
  }

  /**
   * SPEC §6: members delete their own comments, editors any. The comment's replies go with it;
   * the post's, the parent's and the authors' counters lose what went, in the same transaction.
   */
  async function deleteComment(
    actor: Actor,
    site: SiteView,
    commentId: string,
  ): Promise<CommentDeleteView> {
    const row = await loadComment(site, commentId);
    const refusal = whyNot(actor, 'comment:delete', { comment: { ownerId: row.authorId } });
    if (refusal) throw new PermissionError(refusal);
    refuseDemo(site);
    const result = await db.transaction(async (tx) => {
      if (!(await lockPost(tx, site, row.postId))) {
        throw new NotFoundError('comment_not_found', 'Comment not found');
      }
      // Read after the lock: every reply committed before it is in the thread.
      const thread = rowsOf<{ id: string; author_id: string }>(
        await tx.execute(sql`
          with recursive thread(id, author_id) as (
            select id, author_id from comments
            where site_id = ${site.id} and id = ${commentId}
            union all
            select c.id, c.author_id from comments c
            join thread t on c.parent_id = t.id
            where c.site_id = ${site.id} and c.post_id = ${row.postId}
          )
          select id, author_id from thread`),
      );
      if (thread.length === 0) throw new NotFoundError('comment_not_found', 'Comment not found');
      await tx.delete(comments).where(
        and(
          eq(comments.siteId, site.id),
          inArray(
            comments.id,
            thread.map((t) => t.id),
          ),
        ),
      );
      if (row.parentId !== null) {
        await tx
          .update(comments)
          .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
          .where(and(eq(comments.siteId, site.id), eq(comments.id, row.parentId)));
      }
      const [counted] = await tx
        .update(posts)
        .set({ commentCount: sql`${posts.commentCount} - ${thread.length}` })
        .where(and(eq(posts.siteId, site.id), eq(posts.id, row.postId)))
        .returning({ commentCount: posts.commentCount });
      // Authors in a fixed order, so concurrent deletes never wait on each other in a circle.
      const byAuthor = new Map<string, number>();
      for (const t of thread) byAuthor.set(t.author_id, (byAuthor.get(t.author_id) ?? 0) + 1);
      for (const authorId of [...byAuthor.keys()].sort()) {
        await tx
          .update(members)
          .set({
            commentCount: sql`greatest(${members.commentCount} - ${byAuthor.get(authorId)!}, 0)`,
          })
          .where(and(eq(members.siteId, site.id), eq(members.id, authorId)));
      }
      return { deleted: thread.length, totalComments: counted!.commentCount };
    });
    generations.bump(site.id);
    return result;
  }

  /**
   * Comments on or off for one post (SPEC §6 toggle-comments: editors, and from guest-writer up
   * on their own posts). Existing comments stay; nobody may add one while they are off.
   */
  async function setCommentsEnabled(
    actor: Actor,
    site: SiteView,
    postId: string,
    enabled: boolean,
  ): Promise<{ isCommentsDisabled: boolean }> {
    const post = await loadPost(site, postId);
    const refusal = whyNot(actor, 'post:toggle-comments', {
      post: { ownerId: post.ownerId, status: 'published' },
    });
    if (refusal) throw new PermissionError(refusal);
    refuseDemo(site);
    const [row] = await db
      .update(posts)
      .set({ isCommentsDisabled: !enabled })
      .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
      .returning({ isCommentsDisabled: posts.isCommentsDisabled });
    if (!row) throw new NotFoundError('post_not_found', 'Post not found');
    generations.bump(site.id);
    return row;
  }

  /**
   * Members to mention while writing (`@` in the comment box): public, not blocked, whose name
   * or slug starts with the query (or a word of the name does), by name. Members only.
   */
  async function mentionSuggestions(
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
  async function memberRole(site: SiteView, memberId: string): Promise<string> {
    const [row] = await db
      .select({ role: members.role })
      .from(members)
      .where(and(eq(members.siteId, site.id), eq(members.id, memberId)))
      .limit(1);
    return row?.role ?? '';
  }

  return {
    listComments,
    listReplies,
    getComment,
    createComment,
    editComment,
    deleteComment,
    setCommentsEnabled,
    mentionSuggestions,
    memberRole,
  };
}

export type CommentsService = ReturnType<typeof createComments>;
