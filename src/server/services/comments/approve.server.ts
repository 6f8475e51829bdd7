/**
 * Approving a held comment (issue 17 "hold comments from members who have never had one
 * approved"): an editor publishes it, and it then counts and notifies as a new comment would.
 * Rejecting one is deleting it (`delete.server.ts`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { writeSiteContent } from '../../cache/site-write.server';
import { comments, members, posts } from '../../db/schema.server';
import { AppError, NotFoundError, PermissionError } from '../../errors.server';
import { notifyNewComment } from './create.server';
import { type CommentRow, type CommentsDeps, loadComment, lockPost } from './rows.server';

/** 409: the comment is not held (approved already). */
function notPending(): AppError {
  return new AppError(409, 'comment_not_pending', 'This comment is published already');
}

/**
 * Publishes the held comment `commentId`: the post's, the parent's and the author's counters
 * move in the transaction that locks the post (decision 021), the author counts as approved from
 * now on, and the post's author, the answered comment's author and the post's subscribers are told
 * after the commit. Editors and owners (`comments:moderate`); 404 when there is no such comment,
 * 409 `comment_not_pending` when it is published already.
 */
export async function approveComment(
  deps: CommentsDeps,
  actor: Actor,
  site: SiteView,
  commentId: string,
): Promise<CommentRow> {
  const refusal = whyNot(actor, 'comments:moderate', {});
  if (refusal) throw new PermissionError(refusal);
  const row = await loadComment(deps, site, commentId, 'any');
  if (row.status !== 'pending') {
    throw notPending();
  }
  await writeSiteContent(deps, site.id, async (tx) => {
    if (!(await lockPost(tx, site, row.postId))) {
      throw new NotFoundError('comment_not_found', 'Comment not found');
    }
    const [published] = await tx
      .update(comments)
      .set({ status: 'published' })
      .where(
        and(
          eq(comments.siteId, site.id),
          eq(comments.id, commentId),
          eq(comments.status, 'pending'),
        ),
      )
      .returning({ id: comments.id });
    // Approved or rejected by someone else since it was read.
    if (!published) throw notPending();
    if (row.parentId !== null) {
      await tx
        .update(comments)
        .set({ replyCount: sql`${comments.replyCount} + 1` })
        .where(and(eq(comments.siteId, site.id), eq(comments.id, row.parentId)));
    }
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(and(eq(posts.siteId, site.id), eq(posts.id, row.postId)));
    await tx
      .update(members)
      .set({ commentCount: sql`${members.commentCount} + 1`, hasApprovedComment: true })
      .where(and(eq(members.siteId, site.id), eq(members.id, row.authorId)));
  });
  const approved = { ...row, status: 'published' };
  await notifyApproved(deps, site, approved);
  return approved;
}

/** Tells whom a new comment would have told (after the commit; a failure is only logged). */
async function notifyApproved(deps: CommentsDeps, site: SiteView, row: CommentRow) {
  const [post] = await deps.db
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
      text: sql<string>`(select ${comments.contentText} from ${comments} where ${comments.siteId} = ${site.id} and ${comments.id} = ${row.id})`,
    })
    .from(posts)
    .where(and(eq(posts.siteId, site.id), eq(posts.id, row.postId)))
    .limit(1);
  // Nobody is told of a comment on a post readers cannot see.
  if (post?.status !== 'published') return;
  let answered: CommentRow | null = null;
  if (row.parentId !== null) {
    answered = await loadComment(deps, site, row.parentId, 'any').catch(() => null);
  }
  await notifyNewComment(deps, site, post, row, post.text ?? '', answered);
}
