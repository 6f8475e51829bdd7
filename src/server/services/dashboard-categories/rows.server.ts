/**
 * What the dashboard's category use cases share (issue 17 § Categories): the presenter (an
 * allowlist of the row), the site's categories under the per-site lock, the slug an input asks
 * for, the cover an input names, and the SQL that rewrites a post's category ids in place.
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type DashboardCategoryView, slugProblem } from '../../../domain/dashboard-categories';
import { type Actor, whyNot } from '../../../domain/permissions';
import { imageOf } from '../../../domain/presenters';
import { categoryUrl } from '../../../domain/routes';
import { slugify, uniqueSlug } from '../../../domain/slugs';
import type { SiteView } from '../../../domain/views';
import type { SiteGenerations } from '../../cache/generations.server';
import type { SiteWriteTransaction } from '../../cache/site-write.server';
import type { Database } from '../../db/connection.server';
import { categories, type MediaRef, media } from '../../db/schema.server';
import { FieldsError, PermissionError, ValidationError } from '../../errors.server';

/** The dashboard category service's dependencies. */
export interface DashboardCategoriesDeps {
  db: Database;
  generations: SiteGenerations;
}

export type CategoryRow = typeof categories.$inferSelect;

/** The dashboard's category and tag actions (SPEC §6 editor: full category and tag management). */
export type TaxonomyAction =
  | 'category:create'
  | 'category:edit'
  | 'category:delete'
  | 'category:reorder'
  | 'tag:edit'
  | 'tag:delete';

/** Refuses `actor` the `action` with the permission table's reason (SPEC §6). */
export function ensureAllowed(actor: Actor, action: TaxonomyAction): void {
  const reason = whyNot(actor, action, {});
  if (reason !== null) throw new PermissionError(reason);
}

/** The dashboard's view of a category: an allowlist of the row. */
export function presentCategory(
  site: SiteView,
  row: CategoryRow,
  parent: CategoryRow | undefined,
): DashboardCategoryView {
  const link = parent
    ? categoryUrl(site.blogBase, site.categoryPath, parent.slug, { subcategorySlug: row.slug })
    : categoryUrl(site.blogBase, site.categoryPath, row.slug);
  return {
    id: row.id,
    label: row.label,
    menuLabel: row.menuLabel,
    description: row.description,
    slug: row.slug,
    slugs: row.slugs,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    cover: imageOf(row.coverImage),
    parentId: row.parentId,
    displayPosition: row.displayPosition,
    postCount: row.postCount,
    link,
  };
}

/** Presents every row of `rows`, each with its parent's slug in its link. */
export function presentAll(site: SiteView, rows: readonly CategoryRow[]): DashboardCategoryView[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return rows.map((row) =>
    presentCategory(site, row, row.parentId ? byId.get(row.parentId) : undefined),
  );
}

/**
 * Inside `tx`, takes the site's category lock (one category writer per site: slugs stay unique
 * and positions dense under concurrent writes) and reads every category of the site.
 */
export async function lockedCategories(
  tx: SiteWriteTransaction,
  siteId: string,
): Promise<CategoryRow[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`categories:${siteId}`}))`);
  return tx
    .select()
    .from(categories)
    .where(eq(categories.siteId, siteId))
    .orderBy(asc(categories.displayPosition), asc(categories.label));
}

/**
 * The slug a save stores: the typed one (lowercased; refused when malformed, reserved or another
 * category's) or, when empty, one made from the label that is free. `current` is the category's
 * own slug on an update, kept when the input names none.
 */
export function chooseSlug(
  all: readonly { id: string; slug: string; slugs: readonly string[] }[],
  selfId: string | null,
  typed: string | undefined,
  label: string,
  current: string | null,
): string {
  const others = all.filter((c) => c.id !== selfId);
  const takenByOthers = new Set(others.map((c) => c.slug));
  if (typed === undefined && current !== null) return current;
  if (typed === undefined || typed === '') {
    // A made slug also keeps clear of former ones, so their 301s keep working; a typed one may
    // take a former address over on purpose.
    const former = new Set(others.flatMap((c) => c.slugs));
    return uniqueSlug(
      slugify(label),
      (slug) => takenByOthers.has(slug) || former.has(slug),
      'category',
    );
  }
  const problem = slugProblem(typed);
  if (problem) throw new FieldsError(problem.code, problem.message, { slug: problem.message });
  if (takenByOthers.has(typed)) {
    throw new FieldsError('slug_taken', 'Another category has this slug', {
      slug: 'is used by another category',
    });
  }
  return typed;
}

/** The cover a save stores: `undefined` keeps `current`; the media must be an image of the site. */
export async function chooseCover(
  tx: SiteWriteTransaction,
  siteId: string,
  mediaId: string | null | undefined,
  current: MediaRef | null,
): Promise<MediaRef | null> {
  if (mediaId === undefined) return current;
  if (mediaId === null) return null;
  if (current?.id === mediaId) return current;
  const [file] = await tx
    .select()
    .from(media)
    .where(and(eq(media.siteId, siteId), eq(media.id, mediaId)));
  if (file?.kind !== 'image') {
    throw new ValidationError({ coverMediaId: 'is not an image of this blog' });
  }
  const image: MediaRef = { id: file.id, width: file.width, height: file.height };
  if (file.altText) image.alt = file.altText;
  return image;
}

/** `ids` as a PostgreSQL `uuid[]` literal of parameters (works on pg and PGlite alike). */
export function uuidArray(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`'{}'::uuid[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

/**
 * `array` without repeated elements, in the order of their first appearance (a post's first
 * category is its main one, so the order matters).
 */
export function dedupedUuids(array: SQL): SQL {
  return sql`(select coalesce(array_agg(u.x order by u.ord), '{}'::uuid[]) from (select distinct on (e.x) e.x, e.ord from unnest(${array}) with ordinality as e(x, ord) order by e.x, e.ord) u)`;
}
