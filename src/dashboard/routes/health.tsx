/**
 * `/dashboard/health` (issue 18 § Error monitoring): the site's error groups by status, newest
 * last seen first, each opened with its mapped stack and resolved, ignored or opened again. The
 * first page comes from the same service `GET /api/dashboard/health` calls; the screen asks the
 * API for the rest.
 */
import { useLoaderData } from 'react-router';
import healthEn from '../../../locales/dashboard-health/en.json';
import { ERROR_GROUP_STATUSES, type ErrorGroupStatus } from '../../domain/health';
import { addNamespace } from '../../rich-content/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { ThrowForTest } from '../components/throw-for-test';
import { HealthScreen } from '../health/health-screen';
import type { Route } from './+types/health';

// The screen's words travel with it (locales/dashboard-health), not with the blog's pages.
addNamespace('dashboard-health', healthEn);

/** The status a `?status=` names; open otherwise. */
function statusOf(url: string): ErrorGroupStatus {
  const status = new URL(url).searchParams.get('status');
  return (ERROR_GROUP_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as ErrorGroupStatus)
    : 'open';
}

/** The first page of the status's groups, or the refusal the layout shows. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const status = statusOf(request.url);
  return loadArea(context, 'health', async () => ({
    status,
    page: await context.dashboard.health.list({ status }),
  }));
}

export const headers = dashboardHeaders;

/** The Health screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return (
    <>
      <ThrowForTest />
      <HealthScreen key={value.status} status={value.status} initial={value.page} />
    </>
  );
}
