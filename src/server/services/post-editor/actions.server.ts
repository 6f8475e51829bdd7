/** The post actions of SPEC §6 that change a post but not its text: delete (to the trash), pin. */
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { posts } from '../../db/schema.server';
import { updatePostIn } from '../post-writer.server';
import {
  authorize,
  facts,
  lockPost,
  type PostEditorContext,
  writeOf,
  writePost,
} from './rows.server';

/**
 * Moves a post to the trash (SPEC §4 status `deleted`; SPEC §6 `post:delete`: own posts from
 * open-blog-writer up, any post for editors). A soft delete: the row stays, readers, search,
 * related posts, my-posts and the post counts leave it out, and the editor's calls answer 404.
 */
export async function deletePost(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
): Promise<void> {
  await writePost(deps, site, async (tx) => {
    const before = await lockPost(tx, site.id, postId);
    authorize(actor, 'post:delete', facts(before));
    const next = writeOf(before);
    next.status = 'deleted';
    const at = deps.now();
    await updatePostIn(tx, next, before, {
      revision: before.revision + 1,
      slugs: [...before.slugs],
      updatedAt: at,
    });
    // Issue 17: the trash remembers where the post was, so a restore puts it back there.
    const [trashed] = await tx
      .update(posts)
      .set({ trashedFromStatus: before.status, trashedAt: at })
      .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)))
      .returning();
    return trashed!;
  });
}

/**
 * Pins or unpins a post (SPEC §6 `post:pin`: editors, published posts only; SPEC §4 orders the
 * feeds pinned first). Idempotent. Neither the revision nor the edit date moves: pinning is not
 * an edit, so a writer's open editor saves on without a conflict (its save keeps the pin).
 */
export async function setPinned(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  isPinned: boolean,
): Promise<{ isPinned: boolean }> {
  const row = await writePost(deps, site, async (tx) => {
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
