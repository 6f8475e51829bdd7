/**
 * One home for how a dashboard screen's loader refuses (issue 17): before it reads anything, an
 * area's loader asks whether the actor sees that area (domain/dashboard.ts), and answers the same
 * 401 or 403 the API would. The layout shows the refusal screen; a refused area renders nothing.
 */
import { data } from 'react-router';
import { type DashboardArea, dashboardAreasFor } from '../domain/dashboard';
import { whyNot } from '../domain/permissions';
import type { PageLoadContext } from '../load-context';

/** Why a dashboard screen is not shown: log in first, or not for this member. */
export type DashboardRefusal = 'login-required' | 'forbidden';

/** The refusal of the whole dashboard for this actor, or null when they may open it. */
export function dashboardRefusal(context: Pick<PageLoadContext, 'actor'>): DashboardRefusal | null {
  const reason = whyNot(context.actor, 'dashboard:open', {});
  if (reason === null) return null;
  return reason === 'login-required' ? 'login-required' : 'forbidden';
}

/**
 * A screen's loader data: `read()` when the actor sees `area`, else the refusal with its status.
 * `read` runs only when allowed, so a refused request costs no query.
 */
export async function loadArea<T>(
  context: Pick<PageLoadContext, 'actor'>,
  area: DashboardArea,
  read: () => Promise<T>,
) {
  const refusal =
    dashboardRefusal(context) ??
    (dashboardAreasFor(context.actor).includes(area) ? null : ('forbidden' as const));
  if (refusal) {
    return data({ refusal, value: null }, { status: refusal === 'login-required' ? 401 : 403 });
  }
  return data({ refusal: null, value: await read() });
}

/** Every dashboard page is one member's: never stored by a browser, a proxy or the page cache. */
export function dashboardHeaders(): HeadersInit {
  return { 'cache-control': 'private, no-store' };
}
