/**
 * The dashboard's categories (issue 17 § Categories; SPEC §2 two levels, reserved words; SPEC §5
 * lowercase slugs; SPEC §8 'Category is missing label or link'): the inputs the form and
 * `/api/dashboard/categories` share, the slug rule of an edited slug, the tree of two levels the
 * list shows, and the keyboard reorder's move. Pure: the server and the screen import it.
 */
import { z } from 'zod';
import { isReservedSlug, normalizeCategorySlug, SLUG_MAX_LENGTH } from './slugs';
import { safeText } from './text-input';
import type { ImageView } from './views';

/** Longest label and menu label (the header's navigation shows them on one line, SPEC §2). */
export const CATEGORY_LABEL_MAX_LENGTH = 100;
/** Longest description (the category page's header shows it, SPEC §2). */
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 1000;
/** Longest SEO title (search engines show about 60 characters; the rest is kept). */
export const CATEGORY_SEO_TITLE_MAX_LENGTH = 200;
/** Longest SEO description. */
export const CATEGORY_SEO_DESCRIPTION_MAX_LENGTH = 500;
/** Most categories one reorder names (all siblings of one parent). */
export const CATEGORY_ORDER_MAX = 1000;

/** SPEC §8: the rule's own words, the API's message of a missing label. */
export const CATEGORY_LABEL_REQUIRED_MESSAGE = 'Category is missing label or link';

/** A slug as a URL segment holds it: lowercase letters and digits joined by single dashes. */
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why an edited slug cannot be used, or null. `reserved` names the word (SPEC §2). */
export type SlugProblem =
  | { code: 'slug_invalid'; message: string }
  | { code: 'slug_reserved'; message: string; word: string };

/**
 * Checks a slug a person typed, after lowercasing it (SPEC §5 "Category slugs lowercased"):
 * only letters, digits and single dashes, at most `SLUG_MAX_LENGTH`, never a reserved word.
 * Uniqueness is the server's to check.
 */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length > SLUG_MAX_LENGTH || !SLUG_SHAPE.test(slug)) {
    return {
      code: 'slug_invalid',
      message: `may contain only a–z, 0–9 and single dashes, at most ${SLUG_MAX_LENGTH} characters`,
    };
  }
  if (isReservedSlug(slug)) {
    return { code: 'slug_reserved', message: `"${slug}" is a reserved word`, word: slug };
  }
  return null;
}

/** A slug field: trimmed and lowercased; empty means "from the label". */
export const EditedSlugSchema = safeText()
  .max(SLUG_MAX_LENGTH * 4)
  .transform((value) => normalizeCategorySlug(value));

const optionalText = (max: number) => safeText().trim().max(max);

/**
 * A category's fields as the form sends them (create and update alike). The label may be empty
 * here: the service refuses it with SPEC §8's code, so the form gets the same answer the rule
 * names. `menuLabel` empty means the label; `slug` empty means one made from the label.
 */
export const CategoryInputSchema = z.strictObject({
  label: safeText().trim().max(CATEGORY_LABEL_MAX_LENGTH),
  menuLabel: optionalText(CATEGORY_LABEL_MAX_LENGTH).optional(),
  description: optionalText(CATEGORY_DESCRIPTION_MAX_LENGTH).optional(),
  slug: EditedSlugSchema.optional(),
  coverMediaId: z.uuid().nullable().optional(),
  seoTitle: optionalText(CATEGORY_SEO_TITLE_MAX_LENGTH).optional(),
  seoDescription: optionalText(CATEGORY_SEO_DESCRIPTION_MAX_LENGTH).optional(),
  parentId: z.uuid().nullable().optional(),
});
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

/** `PUT /api/dashboard/categories/order`: the siblings of one parent in their new order. */
export const CategoryOrderSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(CATEGORY_ORDER_MAX),
});
export type CategoryOrder = z.infer<typeof CategoryOrderSchema>;

/** `DELETE /api/dashboard/categories/:id`: where its posts go; absent leaves them without it. */
export const CategoryDeleteSchema = z.strictObject({
  movePostsTo: z.uuid().nullable().optional(),
});
export type CategoryDelete = z.infer<typeof CategoryDeleteSchema>;

/** `:id` of a category route. */
export const CategoryIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A category as the dashboard lists and edits it. */
export interface DashboardCategoryView {
  id: string;
  label: string;
  menuLabel: string;
  description: string;
  slug: string;
  /** Former slugs, answered with a 301 to the current address. */
  slugs: string[];
  seoTitle: string;
  seoDescription: string;
  cover: ImageView | null;
  parentId: string | null;
  displayPosition: number;
  /** Published posts in the category (what readers see counted). */
  postCount: number;
  /** The category's address on the blog. */
  link: string;
}

/** `GET /api/dashboard/categories`: every category, parents first in display order. */
export interface DashboardCategoriesView {
  categories: DashboardCategoryView[];
}

/** A top-level category with its children, both in display order. */
export interface CategoryTreeNode<T> {
  category: T;
  children: T[];
}

type Ordered = { id: string; parentId: string | null; displayPosition: number; label: string };

function byDisplayOrder(a: Ordered, b: Ordered): number {
  return a.displayPosition - b.displayPosition || a.label.localeCompare(b.label) || 0;
}

/**
 * The two-level tree of SPEC §2: top-level categories in display order, each with its children
 * in theirs. A child whose parent is missing is shown at the top level rather than lost.
 */
export function categoryTree<T extends Ordered>(list: readonly T[]): CategoryTreeNode<T>[] {
  const ids = new Set(list.map((c) => c.id));
  const tops = list.filter((c) => c.parentId === null || !ids.has(c.parentId)).sort(byDisplayOrder);
  return tops.map((category) => ({
    category,
    children: list.filter((c) => c.parentId === category.id).sort(byDisplayOrder),
  }));
}

/** Why `categoryId` cannot take `parentId` as its parent (SPEC §2: two levels), or null. */
export function parentProblem(
  list: readonly { id: string; parentId: string | null }[],
  categoryId: string | null,
  parentId: string | null,
): string | null {
  if (parentId === null) return null;
  if (parentId === categoryId) return 'cannot be the category itself';
  const parent = list.find((c) => c.id === parentId);
  if (!parent) return 'is not a category of this blog';
  if (parent.parentId !== null) return 'is a subcategory: only two levels exist';
  if (categoryId !== null && list.some((c) => c.parentId === categoryId)) {
    return 'a category with subcategories cannot get a parent';
  }
  return null;
}

/** `ids` with the one at `from` moved by `delta` places (clamped to the ends). */
export function moveId(ids: readonly string[], id: string, delta: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const to = Math.max(0, Math.min(ids.length - 1, from + delta));
  const next = ids.filter((other) => other !== id);
  next.splice(to, 0, id);
  return next;
}

/** The categories screen's read (load-context.ts `DashboardReads.categories`). */
export interface DashboardCategoryReads {
  /** Every category of the site; refuses as `GET /api/dashboard/categories` does. */
  list(): Promise<DashboardCategoriesView>;
}
