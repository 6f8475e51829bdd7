/**
 * `/dashboard/analytics` (issue 18 § Analytics), owners only: the range lives in the address
 * (`?range=&from=&to=&interval=`, the API's own query); the first answer comes from the same
 * service `GET /api/dashboard/analytics` calls. An address with a range the API would refuse
 * shows the last 30 days and says so.
 */
import { useLoaderData } from 'react-router';
import analyticsEn from '../../../locales/dashboard-analytics/en.json';
import { type AnalyticsQuery, AnalyticsQuerySchema } from '../../domain/analytics';
import { addNamespace } from '../../rich-content/i18n';
import { AnalyticsScreen } from '../analytics/analytics-screen';
import { dashboardHeaders, loadArea } from '../area-loader';
import type { Route } from './+types/analytics';

// The screen's words travel with it (locales/dashboard-analytics), not with the blog's pages.
addNamespace('dashboard-analytics', analyticsEn);

/** The query of a page's address, or null when the API would refuse it. */
export function analyticsQueryOf(request: Request): AnalyticsQuery | null {
  const parsed = AnalyticsQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return parsed.success ? parsed.data : null;
}

/** The site's analytics for the address's range, or the refusal the layout shows. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = analyticsQueryOf(request);
  return loadArea(context, 'analytics', async () => ({
    view: await context.dashboard.analytics.site(query ?? {}),
    isInvalid: query === null,
  }));
}

export const headers = dashboardHeaders;

/** The analytics screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <AnalyticsScreen view={value.view} isInvalid={value.isInvalid} />;
}
