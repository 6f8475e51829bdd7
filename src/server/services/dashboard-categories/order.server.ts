/**
 * Reordering categories (issue 17; SPEC §6 editors "reorder categories"): the siblings of one
 * parent in a new order. The header's navigation (first 30, SPEC §9) and the category dropdown
 * read the display order, and the site write makes every cached page stale at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CategoryOrder, DashboardCategoriesView } from '../../../domain/dashboard-categories';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { writeSiteContent } from '../../cache/site-write.server';
import { categories } from '../../db/schema.server';
import { ValidationError } from '../../errors.server';
import {
  type DashboardCategoriesDeps,
  ensureAllowed,
  lockedCategories,
  presentAll,
  uuidArray,
} from './rows.server';

const ORDER_MESSAGE = 'must list every category of one parent exactly once';

/**
 * Puts the siblings `input.ids` (every top-level category, or every child of one parent) in that
 * order (`category:reorder`) and answers the whole list in its new order.
 */
export async function reorderCategories(
  deps: DashboardCategoriesDeps,
  actor: Actor,
  site: SiteView,
  input: CategoryOrder,
): Promise<DashboardCategoriesView> {
  ensureAllowed(actor, 'category:reorder');
  const { list } = await writeSiteContent(
    deps,
    site.id,
    async (tx) => {
      const all = await lockedCategories(tx, site.id);
      const byId = new Map(all.map((c) => [c.id, c]));
      const first = byId.get(input.ids[0]!);
      if (!first || new Set(input.ids).size !== input.ids.length) {
        throw new ValidationError({ ids: ORDER_MESSAGE });
      }
      const siblings = all.filter((c) => c.parentId === first.parentId);
      const isSiblingSet =
        siblings.length === input.ids.length &&
        input.ids.every((id) => byId.get(id)?.parentId === first.parentId);
      if (!isSiblingSet) throw new ValidationError({ ids: ORDER_MESSAGE });
      const isSame = input.ids.every((id, i) => byId.get(id)!.displayPosition === i);
      if (isSame) return { changed: false, list: presentAll(site, all) };
      const ids = uuidArray(input.ids);
      await tx
        .update(categories)
        .set({ displayPosition: sql`array_position(${ids}, ${categories.id}) - 1` })
        .where(and(eq(categories.siteId, site.id), sql`${categories.id} = any(${ids})`));
      const positions = new Map(input.ids.map((id, i) => [id, i]));
      const reordered = all
        .map((c) => ({ ...c, displayPosition: positions.get(c.id) ?? c.displayPosition }))
        .sort((a, b) => a.displayPosition - b.displayPosition || a.label.localeCompare(b.label));
      return { changed: true, list: presentAll(site, reordered) };
    },
    { didChange: (result) => result.changed },
  );
  return { categories: list };
}
