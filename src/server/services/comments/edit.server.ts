/** Editing a comment (issue 6; SPEC §6: members edit their own comments, nobody else's). */
import { and, eq } from 'drizzle-orm';
import type { CommentWriteView } from '../../../domain/comments';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { writeSiteContent } from '../../cache/site-write.server';
import { comments } from '../../db/schema.server';
import { NotFoundError, PermissionError } from '../../errors.server';
import { prepareComment } from './create.server';
import { presentOne } from './present.server';
import { type CommentsDeps, depthOf, loadComment, loadPost } from './rows.server';

/**
 * Replaces a comment's text. SPEC §6: its author only; a demo site refuses (`demo_mode`, SPEC
 * §4). The cached post page drops with it (decision 002).
 */
export async function editComment(
  deps: Pick<CommentsDeps, 'db' | 'generations'>,
  actor: Actor,
  site: SiteView,
  commentId: string,
  content: unknown,
): Promise<CommentWriteView> {
  // Issue 17: the author edits their held comment too (nobody else knows it).
  const row = await loadComment(deps, site, commentId, actor);
  const post = await loadPost(deps, site, row.postId);
  // Only the author edits: a visitor might be them, so is asked to log in first.
  if (actor.memberId === null) throw new PermissionError('login-required');
  const refusal = whyNot(actor, 'comment:edit', { comment: { ownerId: row.authorId }, site });
  if (refusal) throw new PermissionError(refusal);
  const { document, text } = await prepareComment(deps, site, content);
  const [updated] = await writeSiteContent(
    deps,
    site.id,
    (tx) =>
      tx
        .update(comments)
        .set({ content: document, contentText: text, updatedAt: new Date() })
        .where(and(eq(comments.siteId, site.id), eq(comments.id, commentId)))
        .returning({ id: comments.id }),
    { didChange: (rows) => rows.length > 0 },
  );
  if (!updated) throw new NotFoundError('comment_not_found', 'Comment not found');
  const fresh = await loadComment(deps, site, commentId, 'any');
  // The replies stay where they are on the page; the answer is the comment itself.
  const comment = await presentOne(deps, site, fresh, await depthOf(deps, site, fresh));
  return { comment, totalComments: post.commentCount };
}
