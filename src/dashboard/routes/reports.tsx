/**
 * The dashboard's Reports screen (issue 17; SPEC §6 view-report): reported posts and comments,
 * one row each with its reasons and how many members reported it, by status (Open, Dismissed,
 * Resolved), optionally of one post (`?post=`, the posts screen's "view report"). The screen is
 * `reports/reports-screen.tsx`; this module reads its data.
 */
import { useLoaderData } from 'react-router';
import reportsEn from '../../../locales/dashboard-reports/en.json';
import { DashboardReportsQuerySchema } from '../../domain/dashboard-reports';
import { addNamespace } from '../../rich-content/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { ReportsScreen } from '../reports/reports-screen';
import type { Route } from './+types/reports';

addNamespace('dashboard-reports', reportsEn);

/** The query of the address; what does not parse is left out (never an error page). */
function queryOf(url: URL) {
  const raw = Object.fromEntries(url.searchParams);
  const { cursor: _cursor, ...rest } = raw;
  const parsed = DashboardReportsQuerySchema.safeParse(rest);
  return parsed.success ? parsed.data : DashboardReportsQuerySchema.parse({});
}

/** A page of reported posts and comments, for editors and owners. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = queryOf(new URL(request.url));
  return loadArea(context, 'reports', async () => ({
    screen: await context.dashboard.reports.screen(query),
    now: context.now,
    timeZone: context.site.timeZone,
  }));
}

export const headers = dashboardHeaders;

/** The screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <ReportsScreen {...value} />;
}
