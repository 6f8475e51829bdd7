/**
 * `/dashboard/analytics` (issue 18 § Analytics): the blog's numbers over a range — cards with the
 * change on the previous period, the chosen metric's chart (or table), and the top posts,
 * categories and authors — exported as CSV exactly as shown.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  type AnalyticsTopGroup,
  type AnalyticsView,
  analyticsSearch,
  SITE_METRICS,
  type SiteMetric,
} from '../../domain/analytics';
import { dashboardUrl } from '../../domain/dashboard';
import { useTranslation } from '../../widget/i18n';
import { DashboardPage } from '../components/page';
import { AnalyticsChart } from './analytics-chart';
import {
  AnalyticsControls,
  ExportLink,
  MetricCards,
  PeriodLine,
  queryOf,
} from './analytics-controls';
import { formatCount } from './format';
import './analytics.css';

const k = 'dashboardAnalytics';

/** The address of a post's analytics, keeping the range. */
export function postAnalyticsUrl(id: string, search = ''): string {
  return `${dashboardUrl('analytics')}/posts/${id}${search}`;
}

export function AnalyticsScreen({ view, isInvalid }: { view: AnalyticsView; isInvalid: boolean }) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<SiteMetric>('views');
  const { period } = view;
  const { language } = period;
  const search = analyticsSearch(queryOf(period));
  const path = dashboardUrl('analytics');
  return (
    <DashboardPage
      title={t(`${k}.title`)}
      description={t(`${k}.lead`, { timeZone: period.timeZone })}
      actions={<ExportLink href={`/api/dashboard/analytics.csv${search}`} />}
    >
      <AnalyticsControls key={search} period={period} path={path} />
      {isInvalid ? (
        <p className="analytics-invalid" role="alert">
          {t(`${k}.invalid`)}
        </p>
      ) : null}
      <PeriodLine period={period} />
      <MetricCards
        metrics={SITE_METRICS}
        totals={view.totals}
        previous={view.previous}
        selected={metric}
        onSelect={setMetric}
        language={language}
      />
      <AnalyticsChart
        metric={metric}
        metricLabel={t(`${k}.metrics.${metric}`)}
        series={view.series}
        previousSeries={view.previousSeries}
        interval={period.interval}
        language={language}
      />
      <div className="analytics-tops">
        <section className="analytics-top" aria-labelledby="analytics-top-posts">
          <h2 className="dash-section-title" id="analytics-top-posts">
            {t(`${k}.top.posts`)}
          </h2>
          {view.topPosts.length === 0 ? (
            <p className="dash-empty">{t(`${k}.top.empty`)}</p>
          ) : (
            <table className="dash-table analytics-table">
              <thead>
                <tr>
                  <th scope="col">{t(`${k}.top.post`)}</th>
                  <th scope="col" className="analytics-table__number">
                    {t(`${k}.metrics.views`)}
                  </th>
                  <th scope="col" className="analytics-table__number">
                    {t(`${k}.metrics.likes`)}
                  </th>
                  <th scope="col" className="analytics-table__number">
                    {t(`${k}.metrics.comments`)}
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.topPosts.map((post) => (
                  <tr key={post.id}>
                    <th scope="row">
                      <Link
                        to={postAnalyticsUrl(post.id, search)}
                        aria-label={t(`${k}.top.detailsOf`, { title: post.title })}
                      >
                        {post.title}
                      </Link>
                    </th>
                    <td className="analytics-table__number" data-label={t(`${k}.metrics.views`)}>
                      {formatCount(post.views, language)}
                    </td>
                    <td className="analytics-table__number" data-label={t(`${k}.metrics.likes`)}>
                      {formatCount(post.likes, language)}
                    </td>
                    <td className="analytics-table__number" data-label={t(`${k}.metrics.comments`)}>
                      {formatCount(post.comments, language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <TopGroups
          id="analytics-top-categories"
          title={t(`${k}.top.categories`)}
          column={t(`${k}.top.category`)}
          groups={view.topCategories}
          language={language}
        />
        <TopGroups
          id="analytics-top-authors"
          title={t(`${k}.top.authors`)}
          column={t(`${k}.top.author`)}
          groups={view.topAuthors}
          language={language}
        />
      </div>
    </DashboardPage>
  );
}

function TopGroups({
  id,
  title,
  column,
  groups,
  language,
}: {
  id: string;
  title: string;
  column: string;
  groups: AnalyticsTopGroup[];
  language: string;
}) {
  const { t } = useTranslation();
  const most = Math.max(1, ...groups.map((group) => group.views));
  return (
    <section className="analytics-top" aria-labelledby={id}>
      <h2 className="dash-section-title" id={id}>
        {title}
      </h2>
      {groups.length === 0 ? (
        <p className="dash-empty">{t(`${k}.top.empty`)}</p>
      ) : (
        <table className="dash-table analytics-table">
          <thead>
            <tr>
              <th scope="col">{column}</th>
              <th scope="col" className="analytics-table__number">
                {t(`${k}.metrics.views`)}
              </th>
              <th scope="col" className="analytics-table__number">
                {t(`${k}.metrics.likes`)}
              </th>
              <th scope="col" className="analytics-table__number">
                {t(`${k}.top.postCount`)}
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.id}>
                <th scope="row">
                  <a href={group.link}>{group.name}</a>
                  <span
                    className="analytics-bar"
                    aria-hidden="true"
                    style={{ inlineSize: `${(group.views / most) * 100}%` }}
                  />
                </th>
                <td className="analytics-table__number" data-label={t(`${k}.metrics.views`)}>
                  {formatCount(group.views, language)}
                </td>
                <td className="analytics-table__number" data-label={t(`${k}.metrics.likes`)}>
                  {formatCount(group.likes, language)}
                </td>
                <td className="analytics-table__number" data-label={t(`${k}.top.postCount`)}>
                  {formatCount(group.posts, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
