/**
 * Changing a post's owner (issue 17; SPEC §6 editor "change-owner"): the post is handed to a
 * member who may write posts. Not an edit of the text: the revision and edit date stay, so the
 * writer's open editor saves on (and keeps the new owner).
 */
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { authorize, facts, lockPost, writeOf, writePost } from '../post-editor/rows.server';
import { updatePostIn } from '../post-writer.server';
import { checkNewOwner, type PostAdminContext } from './rows.server';

/** Hands the post to `ownerId`; 400 `ownerId` unless they may write posts. */
export async function changeOwner(
  deps: PostAdminContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  ownerId: string,
): Promise<{ ownerId: string }> {
  const row = await writePost(deps, site, async (tx) => {
    const before = await lockPost(tx, site.id, postId);
    authorize(actor, 'post:change-owner', facts(before));
    await checkNewOwner(tx, site.id, ownerId);
    if (before.ownerId === ownerId) return before;
    const next = writeOf(before);
    next.ownerId = ownerId;
    return updatePostIn(tx, next, before, {
      revision: before.revision,
      slugs: [...before.slugs],
      updatedAt: before.updatedAt,
    });
  });
  return { ownerId: row.ownerId };
}
