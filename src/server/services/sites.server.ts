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

/** Builds the site resolver; sites change rarely, so lookups are cached for a minute. */
export function createSites({
  db,
  hosts = DEMO_HOST_POLICY,
}: {
  db: Database;
  hosts?: HostPolicy;
}) {
  const byHost = new Map<string, { site: SiteView | null; at: number }>();
  let fallback: { site: SiteView | null; at: number } | null = null;
  const TTL_MS = 60_000;
  const publicHost = hostNameOf(new URL(hosts.defaultOrigin).host);
  const viewOf = (row: typeof sites.$inferSelect) => siteViewOf(row, hosts.defaultOrigin);

  async function defaultSite(): Promise<SiteView | null> {
    if (fallback && Date.now() - fallback.at < TTL_MS) return fallback.site;
    const [row] = await db.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
    fallback = { site: row ? viewOf(row) : null, at: Date.now() };
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
    if (!hit || Date.now() - hit.at >= TTL_MS) {
      if (byHost.size > 10_000) byHost.clear();
      hit = { site: await siteOfDomain(host), at: Date.now() };
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
