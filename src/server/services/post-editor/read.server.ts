/** Finding a post for the editor (issue 4): by id for editing, by slug for its address. */
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Actor, can } from '../../../domain/permissions';
import type { EditorPostView } from '../../../domain/post-editor';
import { isSafeText } from '../../../domain/text-input';
import type { SiteView } from '../../../domain/views';
import { posts } from '../../db/schema.server';
import { NotFoundError } from '../../errors.server';
import { presentWithReview } from './present.server';
import { authorize, facts, type PostEditorContext } from './rows.server';

/** Loads a post for editing: own posts, or any for editors and above (SPEC §6). */
export async function getForEditing(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  postId: string,
): Promise<EditorPostView> {
  const [row] = await deps.db
    .select()
    .from(posts)
    .where(and(eq(posts.siteId, site.id), eq(posts.id, postId)));
  if (!row || row.status === 'deleted') throw new NotFoundError('post_not_found', 'Post not found');
  // A guest-writer may open its published post for its settings, not for its text.
  if (!can(actor, 'post:edit-settings', facts(row))) authorize(actor, 'post:edit', facts(row));
  return presentWithReview(deps, actor, row);
}

/**
 * The id of the post a writer's address names by slug (`/:postSlug/edit`), whatever its status:
 * drafts have slugs too. The current slug wins over a former one. A post the actor may not read
 * is not found, so a draft's slug tells nobody else that it exists.
 */
export async function findIdBySlug(
  deps: PostEditorContext,
  actor: Actor,
  site: SiteView,
  slug: string,
): Promise<string | null> {
  // Defence in depth (decision 027): no stored slug holds what PostgreSQL cannot store.
  if (!isSafeText(slug)) return null;
  const [row] = await deps.db
    .select({ id: posts.id, ownerId: posts.ownerId, status: posts.status })
    .from(posts)
    .where(
      and(
        eq(posts.siteId, site.id),
        ne(posts.status, 'deleted'),
        sql`(${posts.slug} = ${slug} or ${posts.slugs} @> array[${slug}]::text[])`,
      ),
    )
    .orderBy(sql`${posts.slug} = ${slug} desc`)
    .limit(1);
  if (!row || !can(actor, 'post:read', facts(row))) return null;
  return row.id;
}
