/**
 * The dashboard's first screen (issue 17): what waits for the member (posts in review, open
 * reports, held comments, their drafts) and a card for each area they may manage.
 */
import { Link, useLoaderData, useRouteLoaderData } from 'react-router';
import { type DashboardArea, dashboardAreasFor, dashboardUrl } from '../../domain/dashboard';
import { useTranslation } from '../../widget/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { AreaIcon } from '../components/area-icons';
import { DashboardPage } from '../components/page';
import { useDashboardSummary } from '../components/summary';
import type { loader as layoutLoader } from '../dashboard-layout';
import type { Route } from './+types/overview';

/** The areas the member sees (the counts come with the layout). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadArea(context, 'posts', async () => ({ areas: dashboardAreasFor(context.actor) }));
}

export const headers = dashboardHeaders;

interface Stat {
  key: string;
  label: string;
  count: number;
  to: string;
}

/** The screen. */
export default function Overview() {
  const { t } = useTranslation();
  const { value } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>('dashboard/dashboard-layout');
  const { summary } = useDashboardSummary();
  if (!value || !layout?.shell) return null;
  const stats: Stat[] = [
    summary.inReview === null
      ? null
      : {
          key: 'inReview',
          label: t('dashboard.overview.inReview'),
          count: summary.inReview,
          to: `${dashboardUrl('posts')}?status=in_review`,
        },
    summary.openReports === null
      ? null
      : {
          key: 'openReports',
          label: t('dashboard.overview.openReports'),
          count: summary.openReports,
          to: dashboardUrl('reports'),
        },
    summary.heldComments === null
      ? null
      : {
          key: 'heldComments',
          label: t('dashboard.overview.heldComments'),
          count: summary.heldComments,
          to: `${dashboardUrl('comments')}?status=pending`,
        },
    {
      key: 'myDrafts',
      label: t('dashboard.overview.myDrafts'),
      count: summary.myDrafts,
      to: `${dashboardUrl('posts')}?status=drafts`,
    },
  ].filter((stat): stat is Stat => stat !== null);
  return (
    <DashboardPage
      title={t('dashboard.overview.title', { name: layout.shell.member.name })}
      description={t('dashboard.overview.intro', { site: layout.siteName })}
    >
      <ul className="dash-stats">
        {stats.map((stat) => (
          <li key={stat.key}>
            <Link to={stat.to} className="dash-stat" data-testid={`stat-${stat.key}`}>
              <span className="dash-stat__count">{stat.count}</span>
              <span className="dash-stat__label">{stat.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="dash-section-title">{t('dashboard.overview.areasTitle')}</h2>
      <ul className="dash-cards">
        {value.areas.map((area: DashboardArea) => (
          <li key={area}>
            <Link to={dashboardUrl(area)} className="dash-card">
              <span className="dash-card__icon">
                <AreaIcon area={area} />
              </span>
              <span className="dash-card__title">{t(`dashboard.nav.${area}`)}</span>
              <span className="dash-card__text">{t(`dashboard.overview.areas.${area}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </DashboardPage>
  );
}
