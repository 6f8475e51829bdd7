/**
 * Deleting a category (issue 17 § Categories): its posts move to another category or are left
 * without it. The posts' category ids, their main category and the listing rows (post_categories)
 * change in the same transaction, and the receiving category's count is counted again from its
 * listing rows, so it stays exact. A category with subcategories is refused: its children's
 * addresses go through it (SPEC §2), so they are moved or deleted first.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { CategoryDelete } from '../../../domain/dashboard-categories';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { writeSiteContent } from '../../cache/site-write.server';
import { categories, postCategories, posts } from '../../db/schema.server';
import { AppError, NotFoundError, ValidationError } from '../../errors.server';
import {
  type DashboardCategoriesDeps,
  dedupedUuids,
  ensureAllowed,
  lockedCategories,
} from './rows.server';

/** What a delete did: how many posts (any status) lost or moved the category. */
export interface CategoryDeleteResult {
  postsMoved: number;
  postsLeft: number;
}

/** Deletes category `id` (`category:delete`), moving its posts to `input.movePostsTo` if given. */
export async function deleteCategory(
  deps: DashboardCategoriesDeps,
  actor: Actor,
  site: SiteView,
  id: string,
  input: CategoryDelete,
): Promise<CategoryDeleteResult> {
  ensureAllowed(actor, 'category:delete');
  return writeSiteContent(deps, site.id, async (tx) => {
    const all = await lockedCategories(tx, site.id);
    const current = all.find((c) => c.id === id);
    if (!current) throw new NotFoundError('category_not_found', 'Category not found');
    if (all.some((c) => c.parentId === id)) {
      throw new AppError(
        409,
        'category_has_subcategories',
        'Move or delete its subcategories first',
      );
    }
    const target = input.movePostsTo ?? null;
    if (target !== null && (target === id || !all.some((c) => c.id === target))) {
      throw new ValidationError({ movePostsTo: 'is not another category of this blog' });
    }
    const ofCategory = sql`(select ${postCategories.postId} from ${postCategories} where ${postCategories.siteId} = ${site.id} and ${postCategories.categoryId} = ${id})`;
    const newIds =
      target === null
        ? sql`array_remove(${posts.categoryIds}, ${id}::uuid)`
        : dedupedUuids(sql`array_replace(${posts.categoryIds}, ${id}::uuid, ${target}::uuid)`);
    const changed = await tx
      .update(posts)
      .set({ categoryIds: newIds, mainCategoryId: sql`(${newIds})[1]` })
      .where(and(eq(posts.siteId, site.id), sql`${posts.id} in ${ofCategory}`))
      .returning({ id: posts.id });
    if (target !== null) {
      // A post already in the target keeps its one row there; the others' rows move over.
      await tx
        .delete(postCategories)
        .where(
          and(
            eq(postCategories.siteId, site.id),
            eq(postCategories.categoryId, id),
            sql`${postCategories.postId} in (select ${postCategories.postId} from ${postCategories} where ${postCategories.siteId} = ${site.id} and ${postCategories.categoryId} = ${target})`,
          ),
        );
      await tx
        .update(postCategories)
        .set({ categoryId: target })
        .where(and(eq(postCategories.siteId, site.id), eq(postCategories.categoryId, id)));
      const [counted] = await tx
        .select({ n: count() })
        .from(postCategories)
        .where(
          and(
            eq(postCategories.siteId, site.id),
            eq(postCategories.categoryId, target),
            eq(postCategories.isPublished, true),
          ),
        );
      await tx
        .update(categories)
        .set({ postCount: counted?.n ?? 0 })
        .where(and(eq(categories.siteId, site.id), eq(categories.id, target)));
    }
    // The listing rows left (when not moved) go with the category (on delete cascade).
    await tx.delete(categories).where(and(eq(categories.siteId, site.id), eq(categories.id, id)));
    return target === null
      ? { postsMoved: 0, postsLeft: changed.length }
      : { postsMoved: changed.length, postsLeft: 0 };
  });
}
