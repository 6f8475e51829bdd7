/**
 * Moving a post to categories, adding or removing one (issue 17; SPEC §6 editor "full category
 * management"). Categories are part of what the editor saves, so the revision moves: a writer's
 * open editor is told of the change (409 edit-conflict) instead of saving the old list over it.
 * The listing rows and category counts follow through the post writer.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { categories } from '../../db/schema.server';
import { ValidationError } from '../../errors.server';
import {
  authorize,
  facts,
  lockPost,
  sameIds,
  writeOf,
  writePost,
} from '../post-editor/rows.server';
import { type Transaction, updatePostIn } from '../post-writer.server';
import type { PostAdminContext } from './rows.server';

/** 400 naming each id that is not a category of the site. */
export async function checkCategories(
  tx: Pick<Transaction, 'select'>,
  siteId: string,
  ids: readonly string[],
  field = 'categoryIds',
): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.siteId, siteId), inArray(categories.id, [...ids])));
  const known = new Set(found.map((row) => row.id));
  const fields: Record<string, string> = {};
  ids.forEach((id, i) => {
    if (!known.has(id)) {
      fields[field === 'categoryIds' ? `${field}.${i}` : field] = 'is not a category of this blog';
    }
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

/** Rewrites the post's categories to what `change` makes of them. */
async function changeCategories(
  deps: PostAdminContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  change: (current: readonly string[]) => string[],
): Promise<{ categoryIds: string[] }> {
  const row = await writePost(deps, site, async (tx) => {
    const before = await lockPost(tx, site.id, postId);
    authorize(actor, 'post:change-category', facts(before));
    const categoryIds = [...new Set(change(before.categoryIds))];
    if (sameIds(categoryIds, before.categoryIds)) return before;
    await checkCategories(tx, site.id, categoryIds);
    const next = writeOf(before);
    next.categoryIds = categoryIds;
    return updatePostIn(tx, next, before, {
      revision: before.revision + 1,
      slugs: [...before.slugs],
      updatedAt: deps.now(),
    });
  });
  return { categoryIds: row.categoryIds };
}

/** Moves the post to exactly these categories (the first is its main one). */
export function setCategories(
  deps: PostAdminContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  categoryIds: readonly string[],
) {
  return changeCategories(deps, actor, site, postId, () => [...categoryIds]);
}

/** Adds a category to the post (last, so its main category stays). */
export function addCategory(
  deps: PostAdminContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  categoryId: string,
) {
  return changeCategories(deps, actor, site, postId, (current) => [...current, categoryId]);
}

/** Removes a category from the post. */
export function removeCategory(
  deps: PostAdminContext,
  actor: Actor,
  site: SiteView,
  postId: string,
  categoryId: string,
) {
  return changeCategories(deps, actor, site, postId, (current) =>
    current.filter((id) => id !== categoryId),
  );
}
