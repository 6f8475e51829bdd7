/**
 * `/dashboard/settings` (issue 18): its screen is being built; until then the area answers its
 * refusals like every other and says so.
 */
import { useLoaderData } from 'react-router';
import { useTranslation } from '../../widget/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { DashboardPage } from '../components/page';
import type { Route } from './+types/settings';

/** Nothing to read yet, or the refusal the layout shows. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadArea(context, 'settings', async () => ({}));
}

export const headers = dashboardHeaders;

/** The screen. */
export default function Screen() {
  const { t } = useTranslation();
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return (
    <DashboardPage title={t('dashboard.nav.settings')} description={t('dashboard.building')}>
      {null}
    </DashboardPage>
  );
}
