/**
 * Moderating a post's comments (issue 6; SPEC §6 toggle-comments): comments switched off or on
 * for one post. Deleting any comment (editors) is the delete use case; the reports queue is the
 * reports service.
 */
import { and, eq } from 'drizzle-orm';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { writeSiteContent } from '../../cache/site-write.server';
import { posts } from '../../db/schema.server';
import { NotFoundError, PermissionError } from '../../errors.server';
import { type CommentsDeps, loadPost } from './rows.server';

/**
 * Comments on or off for one post (SPEC §6 toggle-comments: editors, and from guest-writer up
 * on their own posts; a demo site refuses with `demo_mode`). Existing comments stay; nobody may
 * add one while they are off.
 */
export async function setCommentsEnabled(
  deps: Pick<CommentsDeps, 'db' | 'generations'>,
  actor: Actor,
  site: SiteView,
  postId: string,
  enabled: boolean,
): Promise<{ isCommentsDisabled: boolean }> {
  const post = await loadPost(deps, site, postId);
  const refusal = whyNot(actor, 'post:toggle-comments', {
    post: { ownerId: post.ownerId, status: 'published' },
    site,
  });
  if (refusal) throw new PermissionError(refusal);
  const [row] = await writeSiteContent(
    deps,
    site.id,
    (tx) =>
      tx
        .update(posts)
        .set({ isCommentsDisabled: !enabled })
        .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
        .returning({ isCommentsDisabled: posts.isCommentsDisabled }),
    { didChange: (rows) => rows.length > 0 },
  );
  if (!row) throw new NotFoundError('post_not_found', 'Post not found');
  return row;
}
