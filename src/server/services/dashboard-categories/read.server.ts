/** The dashboard's category list (issue 17): every category of the site with its post count. */
import { asc, eq } from 'drizzle-orm';
import type { DashboardCategoriesView } from '../../../domain/dashboard-categories';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { categories } from '../../db/schema.server';
import { type DashboardCategoriesDeps, ensureAllowed, presentAll } from './rows.server';

/**
 * Every category of the site in display order (the screen builds the two-level tree with
 * `categoryTree`). A site's categories are few (the header shows 30): one indexed range, no pages.
 * Needs `category:edit`: the list is the editors' screen.
 */
export async function listCategories(
  { db }: DashboardCategoriesDeps,
  actor: Actor,
  site: SiteView,
): Promise<DashboardCategoriesView> {
  ensureAllowed(actor, 'category:edit');
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.siteId, site.id))
    .orderBy(asc(categories.displayPosition), asc(categories.label));
  return { categories: presentAll(site, rows) };
}
