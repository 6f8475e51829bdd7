/**
 * The dashboard's shell (issue 17; DESIGN.md `/dashboard/...`): its areas, who sees each, and the
 * counts its badges show. The server enforces every action on its own; this table only decides
 * what the navigation offers (a hidden item is never the only guard).
 */
import { type Actor, can } from './permissions';
import { DASHBOARD_PATH } from './routes';

export { DASHBOARD_PATH };

/** The dashboard's areas, in navigation order. */
export const DASHBOARD_AREAS = [
  'posts',
  'categories',
  'tags',
  'comments',
  'reports',
  'members',
  'analytics',
  'settings',
  'import',
  'audit',
  'health',
] as const;

/** One area of the dashboard. */
export type DashboardArea = (typeof DASHBOARD_AREAS)[number];

/**
 * Who sees an area in the navigation: Posts is every writer's (their own posts, or everyone's for
 * editors); the others manage the whole blog and are the editors' and owners' (SPEC §6 editor:
 * "full category and tag management; delete any comment; view-report").
 */
const AREA_VISIBLE: Record<DashboardArea, (actor: Actor) => boolean> = {
  posts: (actor) => can(actor, 'dashboard:open', {}),
  categories: (actor) => can(actor, 'category:edit', {}),
  tags: (actor) => can(actor, 'tag:edit', {}),
  // The rules read no fact of the post for editors; a post nobody owns asks about any post.
  comments: (actor) =>
    can(actor, 'post:delete-comments', { post: { ownerId: '', status: 'published' } }),
  reports: (actor) =>
    can(actor, 'post:view-report', { post: { ownerId: '', status: 'published' } }),
  // Issue 18: editors add authors (SPEC §6 author:create); owners change roles, block, delete.
  members: (actor) => can(actor, 'author:create', {}),
  analytics: (actor) => can(actor, 'analytics:read', {}),
  settings: (actor) => can(actor, 'blog:edit', {}),
  // Issue 21: moving a blog in (WordPress, Ghost) and out (WXR), the owners'.
  import: (actor) => can(actor, 'blog:import', {}),
  // Who changed whose role, blocked or deleted whom: the owners' record (issue 18).
  audit: (actor) => can(actor, 'contributors:edit', {}),
  health: (actor) => can(actor, 'health:read', {}),
};

/** The address of an area (the overview when none). */
export function dashboardUrl(area?: DashboardArea): string {
  return area ? `${DASHBOARD_PATH}/${area}` : DASHBOARD_PATH;
}

/** The areas `actor` sees in the navigation, in order. */
export function dashboardAreasFor(actor: Actor): DashboardArea[] {
  return DASHBOARD_AREAS.filter((area) => AREA_VISIBLE[area](actor));
}

/**
 * What waits for someone in the dashboard, for the navigation's badges and the overview. A count
 * is null when the actor does not see its area.
 */
export interface DashboardSummary {
  /** Posts submitted for review (statuses in_review and in_moderation), the editors'. */
  inReview: number | null;
  /** Posts and comments with open reports (each reported thing once), the editors'. */
  openReports: number | null;
  /** Comments held for approval, the editors'. */
  heldComments: number | null;
  /** The actor's own drafts (every writer's). */
  myDrafts: number;
}

/** The badge count each area shows, when it has one. */
export function areaBadge(area: DashboardArea, summary: DashboardSummary): number | null {
  if (area === 'posts') return summary.inReview;
  if (area === 'reports') return summary.openReports;
  if (area === 'comments') return summary.heldComments;
  return null;
}
