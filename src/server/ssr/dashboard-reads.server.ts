/**
 * The dashboard's reads for its pages (issue 17; load-context.ts `DashboardReads`): each area's
 * property calls the service its API calls, bound to the request's site and actor, so a page and
 * the API answer alike. One line per area.
 */
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../domain/permissions';
import type { SiteView } from '../../domain/views';
import type { DashboardReads } from '../../load-context';

/** The dashboard's reads bound to `site` and `actor`. */
export function dashboardReadsFor(
  services: FastifyInstance['services'],
  site: SiteView,
  actor: Actor,
): DashboardReads {
  return {
    summary: () => services.dashboardSummary.summary(actor, site),
    posts: {
      list: (query) => services.postAdmin.listPosts(actor, site, query),
      options: () => services.postAdmin.listOptions(actor, site),
    },
    categories: { list: () => services.dashboardCategories.list(actor, site) },
    tags: { list: (query) => services.dashboardTags.list(actor, site, query) },
    comments: { screen: (query) => services.comments.dashboardScreen(actor, site, query) },
    reports: { screen: (query) => services.reports.dashboardScreen(actor, site, query) },
    health: { list: (query) => services.health.list(actor, site, query) },
    settings: { get: () => services.blogSettings.get(actor, site) },
    import: { screen: () => services.transfers.screen(actor, site) },
    members: {
      list: (query) => services.members.list(actor, site, query),
      postOwners: () => services.members.postOwners(actor, site),
      audit: { list: (query) => services.members.audit(actor, site, query) },
    },
    analytics: {
      site: (query) => services.dashboardAnalytics.site(actor, site, query),
      post: (id, query) => services.dashboardAnalytics.post(actor, site, id, query),
    },
  };
}
