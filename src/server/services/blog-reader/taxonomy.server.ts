/** The site's categories and tags, memoised until the site's next write (SPEC §2, §5). */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { imageOf } from '../../../domain/presenters';
import { categoryUrl, tagUrl } from '../../../domain/routes';
import type { CategoryLink, CategoryView, SiteView, TagView } from '../../../domain/views';
import { categories, tags } from '../../db/schema.server';
import type { BlogReaderDeps } from './rows.server';

/** A category's link; a subcategory's URL goes through its parent (SPEC §2). */
function categoryLink(
  site: SiteView,
  row: typeof categories.$inferSelect,
  parent: typeof categories.$inferSelect | undefined,
): CategoryLink {
  const link = parent
    ? categoryUrl(site.blogBase, site.categoryPath, parent.slug, { subcategorySlug: row.slug })
    : categoryUrl(site.blogBase, site.categoryPath, row.slug);
  return { id: row.id, slug: row.slug, label: row.label, menuLabel: row.menuLabel, link };
}

/** Every category of the site in display order, memoised until the site's next write. */
export function listCategories(
  { db, memo }: BlogReaderDeps,
  site: SiteView,
): Promise<CategoryView[]> {
  return memo.get(site.id, 'categories', async () => {
    const rows = await db
      .select()
      .from(categories)
      .where(eq(categories.siteId, site.id))
      .orderBy(asc(categories.displayPosition), asc(categories.label));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return rows.map((row) => ({
      ...categoryLink(site, row, row.parentId ? byId.get(row.parentId) : undefined),
      slugs: row.slugs,
      description: row.description,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      language: row.language,
      parentId: row.parentId,
      displayPosition: row.displayPosition,
      postCount: row.postCount,
      coverImage: imageOf(row.coverImage),
      translations: row.translations,
    }));
  });
}

/** Every tag of the site, most used first. */
export function listTags({ db, memo }: BlogReaderDeps, site: SiteView): Promise<TagView[]> {
  return memo.get(site.id, 'tags', async () => {
    const rows = await db
      .select()
      .from(tags)
      .where(eq(tags.siteId, site.id))
      .orderBy(desc(tags.postCount), asc(tags.label));
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      label: row.label,
      postCount: row.postCount,
      link: tagUrl(site.blogBase, row.slug),
    }));
  });
}

/** A category by its current or a former slug; slugs are lowercase (SPEC §5). */
export async function getCategoryBySlug(
  deps: BlogReaderDeps,
  site: SiteView,
  slug: string,
): Promise<CategoryView | null> {
  const lower = slug.toLowerCase();
  const all = await listCategories(deps, site);
  return all.find((c) => c.slug === lower) ?? all.find((c) => c.slugs.includes(lower)) ?? null;
}

/**
 * A tag by its slug or, failing that, a former one (a renamed or merged tag, issue 17): the
 * caller compares the answer's slug and redirects a former one to the tag's address.
 */
export async function getTagBySlug(
  deps: BlogReaderDeps,
  site: SiteView,
  slug: string,
): Promise<TagView | null> {
  const lower = slug.toLowerCase();
  const all = await listTags(deps, site);
  const current = all.find((t) => t.slug === lower);
  if (current) return current;
  // Not memoised: any text can be asked for, and a miss is a 404 page the page cache keeps.
  const [former] = await deps.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.siteId, site.id), sql`${tags.slugs} @> array[${lower}]::text[]`))
    .limit(1);
  return former ? (all.find((t) => t.id === former.id) ?? null) : null;
}
