/** The dashboard's comments screen (issue 17); its engineer replaces this frame with the screen. */
import { useLoaderData } from 'react-router';
import { useTranslation } from '../../widget/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { DashboardPage } from '../components/page';
import type { Route } from './+types/comments';

export async function loader({ context }: Route.LoaderArgs) {
  return loadArea(context, 'comments', async () => ({}));
}

export const headers = dashboardHeaders;

export default function Screen() {
  const { t } = useTranslation();
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return (
    <DashboardPage title={t('dashboard.nav.comments')}>
      <p className="dash-empty">{t('dashboard.building')}</p>
    </DashboardPage>
  );
}
