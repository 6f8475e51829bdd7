/**
 * `/dashboard/analytics/posts/:id` (issue 18 § Analytics), owners only: one post's analytics for
 * the address's range, from the service `GET /api/dashboard/analytics/posts/:id` calls.
 */
import { data, useLoaderData } from 'react-router';
import analyticsEn from '../../../locales/dashboard-analytics/en.json';
import { AnalyticsPostParamsSchema } from '../../domain/analytics';
import { addNamespace } from '../../rich-content/i18n';
import { PostAnalyticsScreen } from '../analytics/post-analytics-screen';
import { dashboardHeaders, loadArea } from '../area-loader';
import type { Route } from './+types/analytics-post';
import { analyticsQueryOf } from './analytics';

addNamespace('dashboard-analytics', analyticsEn);

/** The post's analytics, 404 for a post the site does not have, or the layout's refusal. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const query = analyticsQueryOf(request);
  const id = AnalyticsPostParamsSchema.safeParse({ id: params.id });
  if (!id.success) throw data(null, { status: 404 });
  return loadArea(context, 'analytics', async () => {
    try {
      const view = await context.dashboard.analytics.post(id.data.id, query ?? {});
      return { view, isInvalid: query === null };
    } catch (error) {
      // The service's not-found (a post of another site, or deleted for good) is the page's 404.
      if ((error as { status?: unknown }).status === 404) throw data(null, { status: 404 });
      throw error;
    }
  });
}

export const headers = dashboardHeaders;

/** One post's analytics screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <PostAnalyticsScreen view={value.view} isInvalid={value.isInvalid} />;
}
