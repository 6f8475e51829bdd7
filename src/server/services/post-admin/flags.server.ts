/**
 * Featuring a post (issue 17; SPEC §2 featured-post banner, SPEC §6 editor "featured"). Like a
 * pin, featuring is not an edit: neither the revision nor the edit date moves, so a writer's
 * open editor saves on without a conflict (its save keeps the flag).
 */
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { authorize, facts, lockPost, writeOf, writePost } from '../post-editor/rows.server';
import { updatePostIn } from '../post-writer.server';
import type { PostAdminContext } from './rows.server';

/** Features or unfeatures a post (editors, any status; the banner shows published ones). */
export async function setFeatured(
  deps: PostAdminContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  isFeatured: boolean,
): Promise<{ isFeatured: boolean }> {
  const row = await writePost(deps, site, async (tx) => {
    const before = await lockPost(tx, site.id, postId);
    authorize(actor, 'post:feature', facts(before));
    if (before.isFeatured === isFeatured) return before;
    const next = writeOf(before);
    next.isFeatured = isFeatured;
    return updatePostIn(tx, next, before, {
      revision: before.revision,
      slugs: [...before.slugs],
      updatedAt: before.updatedAt,
    });
  });
  return { isFeatured: row.isFeatured };
}
