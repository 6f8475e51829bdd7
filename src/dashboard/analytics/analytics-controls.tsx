/**
 * The analytics screens' shared pieces (issue 18): the range picker (links, so the range lives
 * in the address and a reload keeps it), the interval, the custom days (checked with the API's
 * own schema before leaving, errors under their fields, the typed days kept), the CSV export
 * link, and the metric cards with their change on the previous period.
 */
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ANALYTICS_INTERVALS,
  ANALYTICS_RANGES,
  type AnalyticsPeriodView,
  type AnalyticsQuery,
  AnalyticsQuerySchema,
  analyticsSearch,
  changeOf,
} from '../../domain/analytics';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { formatChange, formatCount, formatDay } from './format';

const k = 'dashboardAnalytics';

/** The query a period was answered for (what the links keep when one part changes). */
export function queryOf(period: AnalyticsPeriodView): AnalyticsQuery {
  return period.range === 'custom'
    ? { range: 'custom', from: period.from, to: period.to, interval: period.interval }
    : { range: period.range, interval: period.interval };
}

/**
 * The query of the address the browser shows, else `drawn`: a range just chosen is in the address
 * before its screen has drawn (React Router draws a navigation in a transition, later on a busy
 * machine), and an interval chosen then must keep it.
 */
function shownQuery(drawn: AnalyticsQuery): AnalyticsQuery {
  const parsed = AnalyticsQuerySchema.safeParse(
    Object.fromEntries(new URLSearchParams(window.location.search)),
  );
  return parsed.success ? parsed.data : drawn;
}

/** Range, interval and custom days; `path` is the screen's own address. */
export function AnalyticsControls({ period, path }: { period: AnalyticsPeriodView; path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [isCustomOpen, setIsCustomOpen] = useState(period.range === 'custom');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const current = queryOf(period);

  function applyCustom(event: FormEvent) {
    event.preventDefault();
    const query = { range: 'custom' as const, from, to };
    const parsed = AnalyticsQuerySchema.safeParse(query);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    void navigate(`${path}${analyticsSearch(parsed.data)}`);
  }

  return (
    <div className="analytics-controls">
      <nav className="analytics-ranges" aria-label={t(`${k}.range.label`)}>
        {ANALYTICS_RANGES.map((range) =>
          range === 'custom' ? (
            <button
              key={range}
              type="button"
              className="analytics-ranges__item"
              aria-expanded={isCustomOpen}
              aria-controls={`${id}-custom`}
              aria-current={period.range === 'custom' ? 'true' : undefined}
              onClick={() => setIsCustomOpen((value) => !value)}
            >
              {t(`${k}.range.custom`)}
            </button>
          ) : (
            <Link
              key={range}
              className="analytics-ranges__item"
              to={`${path}${analyticsSearch({ range })}`}
              aria-current={period.range === range ? 'page' : undefined}
              preventScrollReset
            >
              {t(`${k}.range.${range}`)}
            </Link>
          ),
        )}
      </nav>
      <label className="analytics-interval">
        <span className="dash-field__label">{t(`${k}.interval.label`)}</span>
        <select
          className="dash-select"
          value={period.interval}
          onChange={(event) =>
            void navigate(
              `${path}${analyticsSearch({
                ...shownQuery(current),
                interval: event.target.value as AnalyticsQuery['interval'],
              })}`,
              { preventScrollReset: true },
            )
          }
        >
          {ANALYTICS_INTERVALS.map((interval) => (
            <option key={interval} value={interval}>
              {t(`${k}.interval.${interval}`)}
            </option>
          ))}
        </select>
      </label>
      {isCustomOpen ? (
        <form
          id={`${id}-custom`}
          className="analytics-custom"
          onSubmit={applyCustom}
          aria-label={t(`${k}.custom.legend`)}
          noValidate
        >
          {(['from', 'to'] as const).map((field) => (
            <div className="dash-field" key={field}>
              <label className="dash-field__label" htmlFor={`${id}-${field}`}>
                {t(`${k}.custom.${field}`)}
              </label>
              <input
                id={`${id}-${field}`}
                className="dash-input"
                type="date"
                name={field}
                value={field === 'from' ? from : to}
                onChange={(event) => (field === 'from' ? setFrom : setTo)(event.target.value)}
                aria-invalid={errors[field] ? 'true' : undefined}
                aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
              />
              {errors[field] ? (
                <p className="dash-field__error" id={`${id}-${field}-error`}>
                  {errors[field]}
                </p>
              ) : null}
            </div>
          ))}
          <button type="submit" className="dash-button dash-button--primary">
            {t(`${k}.custom.apply`)}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** The CSV export of what the screen shows: a download, announced by SPEC §8's info toast. */
export function ExportLink({ href }: { href: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <a
      className="dash-button"
      href={href}
      download
      onClick={() => toast.show({ kind: 'info', message: t(`${k}.toast.downloadWillBegin`) })}
    >
      {t(`${k}.export`)}
    </a>
  );
}

/** The period and the one it is compared with, in words. */
export function PeriodLine({ period }: { period: AnalyticsPeriodView }) {
  const { t } = useTranslation();
  const { language } = period;
  return (
    <p className="analytics-period">
      <strong>
        {t(`${k}.period`, {
          from: formatDay(period.from, language),
          to: formatDay(period.to, language),
        })}
      </strong>{' '}
      <span>
        {t(`${k}.previous`, {
          from: formatDay(period.previousFrom, language),
          to: formatDay(period.previousTo, language),
        })}
      </span>
    </p>
  );
}

/** Metric cards: each a button choosing the chart's metric, with its change. */
export function MetricCards<M extends string>({
  metrics,
  totals,
  previous,
  selected,
  onSelect,
  language,
}: {
  metrics: readonly M[];
  totals: Record<M, number>;
  previous: Record<M, number>;
  selected: M;
  onSelect(metric: M): void;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className="analytics-cards" aria-label={t(`${k}.chart.metricPicker`)}>
      {metrics.map((metric) => {
        const change = changeOf(totals[metric], previous[metric]);
        const direction =
          change === null ? 'new' : change > 0 ? 'up' : change < 0 ? 'down' : 'same';
        return (
          <li key={metric}>
            <button
              type="button"
              className="analytics-card"
              aria-pressed={metric === selected}
              onClick={() => onSelect(metric)}
              title={t(`${k}.hints.${metric}`)}
            >
              <span className="analytics-card__label">{t(`${k}.metrics.${metric}`)}</span>
              <span className="analytics-card__value" data-metric={metric}>
                {formatCount(totals[metric], language)}
              </span>
              <span className={`analytics-card__change analytics-card__change--${direction}`}>
                {t(`${k}.change.${direction}`, {
                  value: change === null ? '' : formatChange(change, language),
                })}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
