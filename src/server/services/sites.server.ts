/**
 * Which site a request is for (decision 028). The request's host name selects it: a site's
 * primary domain (`sites.host`) or one of its aliases (`site_domains`); the default site answers
 * PUBLIC_URL's host. A host of no site gets the default site only in demo mode (no PUBLIC_URL);
 * a production server refuses it (421), so nothing is ever rendered or cached for a host the
 * operator did not configure. Each site carries its origin, and every absolute URL is built on
 * it, never on the Host header.
 */
import { eq } from 'drizzle-orm';
import type { SiteView } from '../../domain/views';
import type { SiteGenerations } from '../cache/generations.server';
import type { Database } from '../db/connection.server';
import { siteDomains, sites } from '../db/schema.server';
import type { HostPolicy } from '../env.server';
import { AppError } from '../errors.server';

/** The policy of a server that no test or operator configured: demo mode on port 3000. */
export const DEMO_HOST_POLICY: Readonly<HostPolicy> = Object.freeze({
  defaultOrigin: 'http://localhost:3000',
  refuseUnknownHosts: false,
});

/** A host that belongs to no site, on a server that serves only its configured hosts (421). */
export class UnknownHostError extends AppError {
  constructor() {
    super(421, 'host_unknown', 'This server does not serve this host name');
  }
}

/**
 * `:port` when the default origin names one, else nothing. One listener serves every site, so a
 * port in PUBLIC_URL (a server reached without a proxy, as in development and the browser specs)
 * is every site's port; behind a proxy on 443 or 80 PUBLIC_URL names none and origins stay bare.
 */
function publicPortOf(defaultOrigin: string): string {
  const { port } = new URL(defaultOrigin);
  return port ? `:${port}` : '';
}

/**
 * The view of a site row that requests carry. `defaultOrigin` is the default site's origin
 * (PUBLIC_URL); every other site's is its scheme and primary domain.
 */
export function siteViewOf(
  row: typeof sites.$inferSelect,
  defaultOrigin = DEMO_HOST_POLICY.defaultOrigin,
): SiteView {
  return {
    id: row.id,
    name: row.name,
    origin: row.isDefault
      ? defaultOrigin
      : `${row.scheme}://${row.host}${publicPortOf(defaultOrigin)}`,
    blogBase: row.blogBase,
    categoryPath: row.categoryPath,
    language: row.language,
    languages: row.languages.length > 0 ? row.languages : [row.language],
    timeZone: row.timeZone,
    isDemoMode: row.demoMode,
    description: row.description,
    logo: row.logo ? { id: row.logo.id, width: row.logo.width, height: row.logo.height } : null,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    formerCategoryPaths: row.formerCategoryPaths,
    postUrlShape: row.postUrlShape,
    feedItemCount: row.feedItemCount,
    feedContent: row.feedContent,
  };
}

/**
 * A Host header's (or Fastify's `request.hostname`'s) name as domains are stored: lowercase,
 * without the port or a trailing dot. IPv6 literals keep their brackets.
 */
export function hostNameOf(host: string | undefined): string {
  const text = (host ?? '').trim().toLowerCase();
  const name = text.startsWith('[') ? text.slice(0, text.indexOf(']') + 1) : text.split(':')[0]!;
  return name.replace(/\.$/, '');
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

/** A cached lookup: the site (or none), when it was read and the site's generation then. */
interface SiteLookup {
  site: SiteView | null;
  at: number;
  generation: number;
}

/**
 * Builds the site resolver; sites change rarely, so lookups are cached for a minute, and until
 * the site's generation moves (`generations`: a write to the site row through `writeSiteContent`,
 * such as the blog settings page's, shows at the next request, issue 18).
 */
export function createSites({
  db,
  hosts = DEMO_HOST_POLICY,
  generations,
}: {
  db: Database;
  hosts?: HostPolicy;
  generations?: SiteGenerations;
}) {
  const byHost = new Map<string, SiteLookup>();
  let fallback: SiteLookup | null = null;
  const TTL_MS = 60_000;
  const publicHost = hostNameOf(new URL(hosts.defaultOrigin).host);
  const viewOf = (row: typeof sites.$inferSelect) => siteViewOf(row, hosts.defaultOrigin);
  const generationOf = (site: SiteView | null) => (site ? (generations?.get(site.id) ?? 0) : 0);
  const lookup = (site: SiteView | null): SiteLookup => ({
    site,
    at: Date.now(),
    generation: generationOf(site),
  });
  const isFresh = (hit: SiteLookup | null | undefined): hit is SiteLookup =>
    hit != null && Date.now() - hit.at < TTL_MS && hit.generation === generationOf(hit.site);

  async function defaultSite(): Promise<SiteView | null> {
    if (isFresh(fallback)) return fallback.site;
    const [row] = await db.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
    fallback = lookup(row ? viewOf(row) : null);
    return fallback.site;
  }

  /** The site whose primary domain or alias `host` is, or null. */
  async function siteOfDomain(host: string): Promise<SiteView | null> {
    if (!host) return null;
    const [primary] = await db.select().from(sites).where(eq(sites.host, host)).limit(1);
    if (primary) return viewOf(primary);
    const [alias] = await db
      .select({ site: sites })
      .from(siteDomains)
      .innerJoin(sites, eq(sites.id, siteDomains.siteId))
      .where(eq(siteDomains.host, host))
      .limit(1);
    return alias ? viewOf(alias.site) : null;
  }

  /**
   * The site for a host name (port ignored): a site's domain, the default site for PUBLIC_URL's
   * host and, in demo mode only, for any other host. Null when no site answers it.
   */
  async function resolve(hostHeader: string | undefined): Promise<SiteView | null> {
    const host = hostNameOf(hostHeader);
    let hit = byHost.get(host);
    if (!isFresh(hit)) {
      if (byHost.size > 10_000) byHost.clear();
      hit = lookup(await siteOfDomain(host));
      byHost.set(host, hit);
    }
    if (hit.site) return hit.site;
    return host === publicHost || !hosts.refuseUnknownHosts ? defaultSite() : null;
  }

  /**
   * The site a request is for, by its host name: 421 `host_unknown` for a host of no site on a
   * production server, 503 while no site exists at all.
   */
  async function siteFor(hostName: string | undefined): Promise<SiteView> {
    const site = await resolve(hostName);
    if (site) return site;
    if (hosts.refuseUnknownHosts && hostNameOf(hostName) !== publicHost) {
      throw new UnknownHostError();
    }
    throw new AppError(503, 'site_not_configured', 'No site is set up yet');
  }

  /** Forgets cached lookups (after a site is created or changed). */
  function forget(): void {
    byHost.clear();
    fallback = null;
  }

  return { resolve, siteFor, forget };
}
