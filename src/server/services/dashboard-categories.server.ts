/**
 * The dashboard's categories (issue 17 § Categories): list, create, edit, delete (moving or
 * leaving the posts), reorder. One module per use case in `dashboard-categories/`; this factory
 * binds the dependencies. Every call checks the actor with the permission table (SPEC §6: editors
 * and owners) and every write goes through `writeSiteContent`.
 */
import type {
  CategoryDelete,
  CategoryInput,
  CategoryOrder,
} from '../../domain/dashboard-categories';
import type { Actor } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import { deleteCategory } from './dashboard-categories/delete.server';
import { reorderCategories } from './dashboard-categories/order.server';
import { listCategories } from './dashboard-categories/read.server';
import type { DashboardCategoriesDeps } from './dashboard-categories/rows.server';
import { createCategory, updateCategory } from './dashboard-categories/save.server';

/** Builds the dashboard category service. */
export function createDashboardCategories(deps: DashboardCategoriesDeps) {
  return {
    list: (actor: Actor, site: SiteView) => listCategories(deps, actor, site),
    create: (actor: Actor, site: SiteView, input: CategoryInput) =>
      createCategory(deps, actor, site, input),
    update: (actor: Actor, site: SiteView, id: string, input: CategoryInput) =>
      updateCategory(deps, actor, site, id, input),
    remove: (actor: Actor, site: SiteView, id: string, input: CategoryDelete) =>
      deleteCategory(deps, actor, site, id, input),
    reorder: (actor: Actor, site: SiteView, input: CategoryOrder) =>
      reorderCategories(deps, actor, site, input),
  };
}

export type DashboardCategoriesService = ReturnType<typeof createDashboardCategories>;
