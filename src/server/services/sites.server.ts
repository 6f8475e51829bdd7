/**
 * Which site a request is for: the host name selects it; unknown hosts and localhost get the
 * default demo site (DESIGN.md "One process, many sites").
 */
import { eq } from 'drizzle-orm';
import type { SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { sites } from '../db/schema';

/** The view of a site row that requests carry. */
export function siteViewOf(row: typeof sites.$inferSelect): SiteView {
  return {
    id: row.id,
    name: row.name,
    blogBase: row.blogBase,
    categoryPath: row.categoryPath,
    language: row.language,
    languages: row.languages.length > 0 ? row.languages : [row.language],
    timeZone: row.timeZone,
    isDemoMode: row.demoMode,
  };
}

/** The default (demo) site's id, or null when there is none. */
export async function findDefaultSite(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(eq(sites.isDefault, true))
    .limit(1);
  return row?.id ?? null;
}

/** Builds the site resolver; sites change rarely, so lookups are cached for a minute. */
export function createSites({ db }: { db: Database }) {
  const byHost = new Map<string, { site: SiteView | null; at: number }>();
  let fallback: { site: SiteView | null; at: number } | null = null;
  const TTL_MS = 60_000;

  async function defaultSite(): Promise<SiteView | null> {
    if (fallback && Date.now() - fallback.at < TTL_MS) return fallback.site;
    const [row] = await db.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
    fallback = { site: row ? siteViewOf(row) : null, at: Date.now() };
    return fallback.site;
  }

  /** The site for a Host header (port ignored), or the default site. */
  async function resolve(hostHeader: string | undefined): Promise<SiteView | null> {
    const host = (hostHeader ?? '').split(':')[0]!.toLowerCase();
    const hit = byHost.get(host);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.site ?? defaultSite();
    const [row] = host ? await db.select().from(sites).where(eq(sites.host, host)).limit(1) : [];
    const site = row ? siteViewOf(row) : null;
    if (byHost.size > 10_000) byHost.clear();
    byHost.set(host, { site, at: Date.now() });
    return site ?? defaultSite();
  }

  /** Forgets cached lookups (after a site is created or changed). */
  function forget(): void {
    byHost.clear();
    fallback = null;
  }

  return { resolve, forget };
}
