/**
 * Deleting a comment (issue 6; SPEC §6: members delete their own comments, editors any). A
 * comment's replies go with it (the thread would be answers to nothing); the post's, the parent's
 * and the authors' counters lose what went, in the same transaction, which first locks the post's
 * row so that no reply lands under a comment being removed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CommentDeleteView } from '../../../domain/comments';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { type SiteWriteTransaction, writeSiteContent } from '../../cache/site-write.server';
import { comments, members, posts } from '../../db/schema.server';
import { NotFoundError, PermissionError } from '../../errors.server';
import { type CommentRow, type CommentsDeps, loadComment, lockPost } from './rows.server';

/** A row's result of a raw query, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/**
 * Deletes a comment and its replies. SPEC §6: the author or an editor; a demo site refuses
 * (`demo_mode`, SPEC §4). A held comment (issue 17) is deleted by its author or, rejecting it,
 * by an editor; nobody else learns it existed (404).
 */
export async function deleteComment(
  deps: Pick<CommentsDeps, 'db' | 'generations'>,
  actor: Actor,
  site: SiteView,
  commentId: string,
): Promise<CommentDeleteView> {
  const any = await loadComment(deps, site, commentId, 'any');
  const mayModerate = whyNot(actor, 'comments:moderate', {}) === null;
  // A held comment is its author's and the moderators' only: to others it does not exist.
  const row = mayModerate ? any : await loadComment(deps, site, commentId, actor);
  const refusal = whyNot(actor, 'comment:delete', { comment: { ownerId: row.authorId }, site });
  if (refusal) throw new PermissionError(refusal);
  return writeSiteContent(deps, site.id, (tx) => removeThread(tx, site, row));
}

/**
 * Inside `tx`: removes the comment's thread and moves every counter by what went (also a deleted
 * member's comments, issue 18).
 */
export async function removeThread(
  tx: SiteWriteTransaction,
  site: SiteView,
  row: Pick<CommentRow, 'id' | 'postId' | 'parentId'>,
): Promise<CommentDeleteView> {
  if (!(await lockPost(tx, site, row.postId))) {
    throw new NotFoundError('comment_not_found', 'Comment not found');
  }
  // Read after the lock: every reply committed before it is in the thread.
  const thread = rowsOf<{ id: string; author_id: string; status: string }>(
    await tx.execute(sql`
      with recursive thread(id, author_id, status) as (
        select id, author_id, status from comments
        where site_id = ${site.id} and id = ${row.id}
        union all
        select c.id, c.author_id, c.status from comments c
        join thread t on c.parent_id = t.id
        where c.site_id = ${site.id} and c.post_id = ${row.postId}
      )
      select id, author_id, status from thread`),
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
  // Held comments (issue 17) were never counted: only published ones move the counters.
  const counted = thread.filter((t) => t.status === 'published');
  const isPublished = thread.find((t) => t.id === row.id)?.status === 'published';
  if (row.parentId !== null && isPublished) {
    await tx
      .update(comments)
      .set({ replyCount: sql`greatest(${comments.replyCount} - 1, 0)` })
      .where(and(eq(comments.siteId, site.id), eq(comments.id, row.parentId)));
  }
  const [post] = await tx
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} - ${counted.length}` })
    .where(and(eq(posts.siteId, site.id), eq(posts.id, row.postId)))
    .returning({ commentCount: posts.commentCount });
  // Authors in a fixed order, so concurrent deletes never wait on each other in a circle.
  const byAuthor = new Map<string, number>();
  for (const t of counted) byAuthor.set(t.author_id, (byAuthor.get(t.author_id) ?? 0) + 1);
  for (const authorId of [...byAuthor.keys()].sort()) {
    await tx
      .update(members)
      .set({
        commentCount: sql`greatest(${members.commentCount} - ${byAuthor.get(authorId)!}, 0)`,
      })
      .where(and(eq(members.siteId, site.id), eq(members.id, authorId)));
  }
  return { deleted: thread.length, totalComments: post!.commentCount };
}
