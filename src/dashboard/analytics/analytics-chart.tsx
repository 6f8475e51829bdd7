/**
 * One chart of the analytics screens (issue 18; decision 041): a metric's series over the
 * period, lines by day and bars by week or month, with the previous period as a dashed line.
 * uPlot (about 20 KB gzip) is imported when the chart mounts, so it is its own chunk that only
 * the analytics pages load (never the blog's scripts; `tests/e2e/dashboard-analytics.spec.ts`
 * and the build check guard it). The same numbers are one click away as a table, and the canvas
 * carries a spoken summary.
 */
import { useEffect, useId, useRef, useState } from 'react';
// Types only: the library itself is imported when a chart mounts.
import type UPlot from 'uplot';
import type { AnalyticsInterval, SeriesPoint } from '../../domain/analytics';
import { useTranslation } from '../../widget/i18n';
import { formatBucket, formatBucketSpan, formatCompact, formatCount } from './format';

let uPlotLoading: Promise<typeof UPlot> | null = null;

/** uPlot and its style sheet, loaded once. */
function loadUPlot(): Promise<typeof UPlot> {
  uPlotLoading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([module]) =>
      (module as unknown as { default?: typeof UPlot }).default ??
      (module as unknown as typeof UPlot),
  );
  return uPlotLoading;
}

const CHART_HEIGHT = 260;

/** A colour token of the page, for the canvas (which cannot read CSS variables). */
function token(element: HTMLElement, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

export function AnalyticsChart<M extends string>({
  metric,
  metricLabel,
  series,
  previousSeries,
  interval,
  language,
}: {
  metric: M;
  metricLabel: string;
  series: SeriesPoint<M>[];
  previousSeries: SeriesPoint<M>[];
  interval: AnalyticsInterval;
  language: string;
}) {
  const { t } = useTranslation();
  const k = 'dashboardAnalytics.chart';
  const id = useId();
  const [isTable, setIsTable] = useState(false);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const box = useRef<HTMLDivElement>(null);
  const total = series.reduce((sum, point) => sum + point[metric], 0);
  const previousTotal = previousSeries.reduce((sum, point) => sum + point[metric], 0);
  const title = t(`${k}.title`, {
    metric: metricLabel,
    interval: t(`dashboardAnalytics.byInterval.${interval}`),
  });
  const currentLabel = t(`${k}.current`);
  const previousLabel = t(`${k}.previousSeries`);
  const summary = t(`${k}.summary`, {
    metric: metricLabel,
    total: formatCount(total, language),
    previous: formatCount(previousTotal, language),
  });

  useEffect(() => {
    const element = box.current;
    if (isTable || !element) return;
    let chart: UPlot | null = null;
    let observer: ResizeObserver | null = null;
    let isGone = false;
    loadUPlot()
      .then((UPlotClass) => {
        if (isGone) return;
        const accent = token(element, '--accent', '#2f5bea');
        const faint = token(element, '--ink-faint', '#6b6f7a');
        const line = token(element, '--line', '#e4e2dc');
        const xs = series.map((_, index) => index);
        const current = series.map((point) => point[metric]);
        const previous = series.map((_, index) => previousSeries[index]?.[metric] ?? null);
        const isBars = interval !== 'day';
        const axisFont = '12px system-ui, sans-serif';
        chart = new UPlotClass(
          {
            width: Math.max(element.clientWidth, 200),
            height: CHART_HEIGHT,
            scales: { x: { time: false, range: [-0.5, Math.max(xs.length - 0.5, 0.5)] } },
            legend: { show: false },
            cursor: { drag: { x: false, y: false } },
            series: [
              {},
              {
                label: currentLabel,
                stroke: accent,
                width: 2,
                fill: isBars ? accent : `${accent}22`,
                paths: isBars ? UPlotClass.paths.bars?.({ size: [0.6, 48] }) : undefined,
                points: { show: !isBars && xs.length <= 31 },
              },
              {
                label: previousLabel,
                stroke: faint,
                width: 1.5,
                dash: [5, 5],
                points: { show: false },
              },
            ],
            axes: [
              {
                stroke: faint,
                font: axisFont,
                grid: { show: false },
                ticks: { stroke: line },
                values: (_u: UPlot, splits: number[]) =>
                  splits.map((split) => {
                    const point = series[Math.round(split)];
                    return point && Number.isInteger(split)
                      ? formatBucket(point.start, interval, language)
                      : '';
                  }),
              },
              {
                stroke: faint,
                font: axisFont,
                size: 48,
                grid: { stroke: line, width: 1 },
                ticks: { show: false },
                values: (_u: UPlot, splits: number[]) =>
                  splits.map((split) =>
                    Number.isInteger(split) ? formatCompact(split, language) : '',
                  ),
              },
            ],
          },
          [xs, current, previous],
          element,
        );
        observer = new ResizeObserver(() => {
          chart?.setSize({ width: Math.max(element.clientWidth, 200), height: CHART_HEIGHT });
        });
        observer.observe(element);
        setState('ready');
      })
      .catch(() => {
        if (!isGone) setState('failed');
      });
    return () => {
      isGone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [isTable, series, previousSeries, metric, interval, language, currentLabel, previousLabel]);

  return (
    <figure className="analytics-chart dash-panel" aria-labelledby={`${id}-title`}>
      <figcaption className="analytics-chart__head">
        <h2 className="analytics-chart__title" id={`${id}-title`}>
          {title}
        </h2>
        <div className="analytics-chart__legend" aria-hidden="true">
          <span className="analytics-chart__key analytics-chart__key--current">
            {t(`${k}.current`)}
          </span>
          <span className="analytics-chart__key analytics-chart__key--previous">
            {t(`${k}.previousSeries`)}
          </span>
        </div>
        <button
          type="button"
          className="dash-button dash-button--quiet"
          aria-pressed={isTable}
          aria-controls={`${id}-body`}
          onClick={() => setIsTable((value) => !value)}
        >
          {isTable ? t(`${k}.showChart`) : t(`${k}.showTable`)}
        </button>
      </figcaption>
      <div id={`${id}-body`}>
        {isTable || state === 'failed' ? (
          <>
            {state === 'failed' && !isTable ? (
              <p className="analytics-chart__note">{t(`${k}.failed`)}</p>
            ) : null}
            <div className="analytics-chart__table">
              <table className="analytics-series analytics-table">
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t(`${k}.columnPeriod`)}</th>
                    <th scope="col" className="analytics-table__number">
                      {t(`${k}.current`)}
                    </th>
                    <th scope="col" className="analytics-table__number">
                      {t(`${k}.previousSeries`)}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {series.map((point, index) => {
                    const before = previousSeries[index];
                    return (
                      <tr key={point.start}>
                        <th scope="row">{formatBucketSpan(point.start, point.end, language)}</th>
                        <td className="analytics-table__number">
                          {formatCount(point[metric], language)}
                        </td>
                        <td className="analytics-table__number">
                          {before ? formatCount(before[metric], language) : '–'}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <div
            ref={box}
            className="analytics-chart__canvas"
            role="img"
            aria-label={summary}
            data-state={state}
          >
            {state === 'loading' ? (
              <p className="analytics-chart__note">{t(`${k}.loading`)}</p>
            ) : null}
          </div>
        )}
      </div>
    </figure>
  );
}
