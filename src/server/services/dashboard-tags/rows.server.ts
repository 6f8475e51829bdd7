/** What the dashboard's tag use cases share: the presenter and the site's tags under its lock. */
import { eq, sql } from 'drizzle-orm';
import type { DashboardTagView } from '../../../domain/dashboard-tags';
import { tagUrl } from '../../../domain/routes';
import type { SiteView } from '../../../domain/views';
import type { SiteGenerations } from '../../cache/generations.server';
import type { SiteWriteTransaction } from '../../cache/site-write.server';
import type { Database } from '../../db/connection.server';
import { tags } from '../../db/schema.server';

/** The dashboard tag service's dependencies. */
export interface DashboardTagsDeps {
  db: Database;
  generations: SiteGenerations;
}

export type TagRow = typeof tags.$inferSelect;

/** The dashboard's view of a tag: an allowlist of the row. */
export function presentTag(
  site: SiteView,
  row: Pick<TagRow, 'id' | 'label' | 'slug' | 'slugs' | 'postCount'>,
): DashboardTagView {
  return {
    id: row.id,
    label: row.label,
    slug: row.slug,
    slugs: row.slugs,
    postCount: row.postCount,
    link: tagUrl(site.blogBase, row.slug),
  };
}

/**
 * Inside `tx`, takes the site's tag lock (the editor's tag creation takes the same one, so a new
 * tag and a rename cannot both take one label) and reads every tag of the site.
 */
export async function lockedTags(tx: SiteWriteTransaction, siteId: string): Promise<TagRow[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tags:${siteId}`}))`);
  return tx.select().from(tags).where(eq(tags.siteId, siteId));
}
