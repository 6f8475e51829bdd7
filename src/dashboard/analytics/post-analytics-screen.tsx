/**
 * `/dashboard/analytics/posts/:id` (issue 18 § Analytics): one post's views, likes, comments and
 * ratings over the range, its all-time views, its chart (or table) and CSV.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  analyticsSearch,
  POST_METRICS,
  type PostAnalyticsView,
  type PostMetric,
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
import { postAnalyticsUrl } from './analytics-screen';
import { formatCount } from './format';
import './analytics.css';

const k = 'dashboardAnalytics';

export function PostAnalyticsScreen({
  view,
  isInvalid,
}: {
  view: PostAnalyticsView;
  isInvalid: boolean;
}) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<PostMetric>('views');
  const { period, post } = view;
  const { language } = period;
  const search = analyticsSearch(queryOf(period));
  return (
    <DashboardPage
      title={t(`${k}.postTitle`, { title: post.title })}
      description={t(`${k}.postLead`, { timeZone: period.timeZone })}
      actions={
        <>
          <Link
            className="dash-button dash-button--quiet"
            to={`${dashboardUrl('analytics')}${search}`}
          >
            {t(`${k}.back`)}
          </Link>
          <a className="dash-button dash-button--quiet" href={post.link}>
            {t(`${k}.openPost`)}
          </a>
          <ExportLink href={`/api/dashboard/analytics/posts/${post.id}.csv${search}`} />
        </>
      }
    >
      <AnalyticsControls key={search} period={period} path={postAnalyticsUrl(post.id)} />
      {isInvalid ? (
        <p className="analytics-invalid" role="alert">
          {t(`${k}.invalid`)}
        </p>
      ) : null}
      <PeriodLine period={period} />
      <p className="analytics-alltime">
        {t(`${k}.allTimeViews`)}: <strong>{formatCount(post.viewCount, language)}</strong>
      </p>
      <MetricCards
        metrics={POST_METRICS}
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
    </DashboardPage>
  );
}
