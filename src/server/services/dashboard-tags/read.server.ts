/**
 * The dashboard's tag list (issue 17 § Tags): keyset pages by label or by post count, each one
 * range of its own index (`tags_label_idx`, `tags_count_idx`), optionally narrowed by a search.
 */
import { and, asc, desc, eq, gt, ilike, lt, or, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_TAGS_PAGE_SIZE,
  type DashboardTagsPageView,
  type DashboardTagsQuery,
  decodeTagCursor,
  encodeTagCursor,
  type TagCursor,
} from '../../../domain/dashboard-tags';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import { tags } from '../../db/schema.server';
import { ValidationError } from '../../errors.server';
import { ensureAllowed } from '../dashboard-categories/rows.server';
import { type DashboardTagsDeps, presentTag } from './rows.server';

/** `text` as a LIKE pattern that matches it literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** One page of the site's tags (`tag:edit`: the list is the editors' screen). */
export async function listTags(
  { db }: DashboardTagsDeps,
  actor: Actor,
  site: SiteView,
  query: DashboardTagsQuery,
  pageSize = DASHBOARD_TAGS_PAGE_SIZE,
): Promise<DashboardTagsPageView> {
  ensureAllowed(actor, 'tag:edit');
  const sort = query.sort ?? 'label';
  const cursor = query.cursor ? decodeTagCursor(query.cursor) : null;
  if (query.cursor && (cursor === null || cursor.sort !== sort)) {
    throw new ValidationError({ cursor: 'is not a cursor of this list' });
  }
  const conditions: (SQL | undefined)[] = [eq(tags.siteId, site.id)];
  if (query.q) conditions.push(ilike(tags.label, containsPattern(query.q)));
  if (cursor?.sort === 'label') {
    conditions.push(
      or(gt(tags.label, cursor.label), and(eq(tags.label, cursor.label), gt(tags.id, cursor.id))),
    );
  } else if (cursor?.sort === 'posts') {
    conditions.push(
      or(
        lt(tags.postCount, cursor.postCount),
        and(eq(tags.postCount, cursor.postCount), gt(tags.id, cursor.id)),
      ),
    );
  }
  const rows = await db
    .select({
      id: tags.id,
      label: tags.label,
      slug: tags.slug,
      slugs: tags.slugs,
      postCount: tags.postCount,
    })
    .from(tags)
    .where(and(...conditions))
    .orderBy(...(sort === 'label' ? [asc(tags.label)] : [desc(tags.postCount)]), asc(tags.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  let next: TagCursor | null = null;
  if (rows.length > pageSize && last) {
    next =
      sort === 'label'
        ? { sort, label: last.label, id: last.id }
        : { sort, postCount: last.postCount, id: last.id };
  }
  return {
    tags: page.map((row) => presentTag(site, row)),
    nextCursor: next ? encodeTagCursor(next) : null,
  };
}
