/**
 * Creating and editing a category (issue 17 § Categories): SPEC §8's label rule, the slug rules
 * (SPEC §2 reserved words, SPEC §5 lowercase, unique in the site), the two levels of SPEC §2, a
 * cover from the site's media, and the slug history that keeps old addresses answering (301).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  CATEGORY_LABEL_REQUIRED_MESSAGE,
  type CategoryInput,
  type DashboardCategoryView,
  parentProblem,
} from '../../../domain/dashboard-categories';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { writeSiteContent } from '../../cache/site-write.server';
import { categories } from '../../db/schema.server';
import { FieldsError, NotFoundError, ValidationError } from '../../errors.server';
import {
  type CategoryRow,
  chooseCover,
  chooseSlug,
  type DashboardCategoriesDeps,
  ensureAllowed,
  lockedCategories,
  presentCategory,
} from './rows.server';

/** SPEC §8: a category needs its label; the code names the rule, the field says where. */
function requireLabel(label: string): void {
  if (label === '') {
    throw new FieldsError('category_label_required', CATEGORY_LABEL_REQUIRED_MESSAGE, {
      label: 'is required',
    });
  }
}

function checkParent(all: readonly CategoryRow[], selfId: string | null, parentId: string | null) {
  const problem = parentProblem(all, selfId, parentId);
  if (problem) throw new ValidationError({ parentId: problem });
}

/** The next display position among the children of `parentId` (the end of the list). */
function nextPosition(all: readonly CategoryRow[], parentId: string | null): number {
  const siblings = all.filter((c) => c.parentId === parentId);
  return siblings.reduce((max, c) => Math.max(max, c.displayPosition + 1), 0);
}

/** Creates a category (`category:create`), at the end of its parent's list. */
export async function createCategory(
  deps: DashboardCategoriesDeps,
  actor: Actor,
  site: SiteView,
  input: CategoryInput,
): Promise<DashboardCategoryView> {
  ensureAllowed(actor, 'category:create');
  requireLabel(input.label);
  return writeSiteContent(deps, site.id, async (tx) => {
    const all = await lockedCategories(tx, site.id);
    const parentId = input.parentId ?? null;
    checkParent(all, null, parentId);
    const slug = chooseSlug(all, null, input.slug, input.label, null);
    const id = randomUUID();
    const coverImage = await chooseCover(tx, site.id, input.coverMediaId, null);
    const [row] = await tx
      .insert(categories)
      .values({
        siteId: site.id,
        id,
        slug,
        slugs: [],
        label: input.label,
        menuLabel: input.menuLabel || input.label,
        description: input.description ?? '',
        seoTitle: input.seoTitle ?? '',
        seoDescription: input.seoDescription ?? '',
        language: site.language,
        parentId,
        displayPosition: nextPosition(all, parentId),
        coverImage,
      })
      .returning();
    return presentCategory(
      site,
      row!,
      all.find((c) => c.id === parentId),
    );
  });
}

/**
 * Edits a category (`category:edit`). Absent fields keep their value; an empty menu label is the
 * label; an empty slug is made again from the label. A changed slug joins the former slugs (and
 * leaves any other category's, so one old address answers for one category).
 */
export async function updateCategory(
  deps: DashboardCategoriesDeps,
  actor: Actor,
  site: SiteView,
  id: string,
  input: CategoryInput,
): Promise<DashboardCategoryView> {
  ensureAllowed(actor, 'category:edit');
  requireLabel(input.label);
  return writeSiteContent(deps, site.id, async (tx) => {
    const all = await lockedCategories(tx, site.id);
    const current = all.find((c) => c.id === id);
    if (!current) throw new NotFoundError('category_not_found', 'Category not found');
    const parentId = input.parentId === undefined ? current.parentId : input.parentId;
    if (parentId !== current.parentId) checkParent(all, id, parentId);
    const slug = chooseSlug(all, id, input.slug, input.label, current.slug);
    const slugs =
      slug === current.slug
        ? current.slugs
        : [...current.slugs.filter((s) => s !== slug && s !== current.slug), current.slug];
    if (slug !== current.slug) {
      // The new slug was another category's former one: it answers for this one from now on.
      await tx
        .update(categories)
        .set({ slugs: sql`array_remove(${categories.slugs}, ${slug})` })
        .where(
          and(
            eq(categories.siteId, site.id),
            sql`${categories.slugs} @> array[${slug}]::text[]`,
            sql`${categories.id} <> ${id}`,
          ),
        );
    }
    const coverImage = await chooseCover(tx, site.id, input.coverMediaId, current.coverImage);
    const [row] = await tx
      .update(categories)
      .set({
        label: input.label,
        menuLabel:
          input.menuLabel === undefined ? current.menuLabel : input.menuLabel || input.label,
        description: input.description ?? current.description,
        seoTitle: input.seoTitle ?? current.seoTitle,
        seoDescription: input.seoDescription ?? current.seoDescription,
        slug,
        slugs,
        parentId,
        displayPosition:
          parentId === current.parentId ? current.displayPosition : nextPosition(all, parentId),
        coverImage,
        updatedAt: new Date(),
      })
      .where(and(eq(categories.siteId, site.id), eq(categories.id, id)))
      .returning();
    return presentCategory(
      site,
      row!,
      all.find((c) => c.id === parentId),
    );
  });
}
