import TableHead from '@site/src/components/TableHead';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Interval, Timeseries } from '@site/src/features/analytics/model/analyticsModel';
import { formatRate, formatRevenue } from '@site/src/lib/conversions';
import styles from './Analytics.module.css';

const CHART_HEIGHT = 260;

function cssColor(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/** A point's label in the view's zone, as fine as the interval. */
export function pointLabel(t: string, interval: Interval, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions =
    interval === 'hour'
      ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
      : interval === 'month'
        ? { year: 'numeric', month: 'long' }
        : { year: 'numeric', month: 'short', day: 'numeric' };
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(new Date(t));
  } catch {
    return t;
  }
}

/**
 * The scans (and conversions) over time, drawn by uPlot on a canvas in the browser only (it measures the page).
 * uPlot is loaded on demand so the page's server render never touches it. A canvas says nothing
 * to a screen reader: the figure's label sums it up and the same points are a table below.
 */
export default function TimeSeriesChart({ series, kind }: { series: Timeseries; kind: 'line' | 'bars' }) {
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const xs = series.points.map((point) => Date.parse(point.t) / 1000);
        const totals = series.points.map((point) => point.total);
        const uniques = series.points.map((point) => point.unique);
        const conversions = series.points.map((point) => point.conversions);
        const primary = cssColor(element, '--ifm-color-primary', '#2563eb');
        const secondary = cssColor(element, '--ifm-color-success', '#16a34a');
        const tertiary = cssColor(element, '--ifm-color-warning-darkest', '#b45309');
        const text = cssColor(element, '--ifm-font-color-base', '#1c1e21');
        const grid = cssColor(element, '--ifm-color-emphasis-200', '#e5e7eb');
        const bars = kind === 'bars' ? UPlot.paths.bars?.({ size: [0.6, 40] }) : undefined;
        const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
        const options: uPlot.Options = {
          width: Math.max(element.clientWidth, 200),
          height: CHART_HEIGHT,
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), series.timeZone),
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] } },
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          axes: [axis, { ...axis, size: 48 }],
          series: [
            {},
            {
              label: 'Scans',
              stroke: primary,
              width: 2,
              fill: kind === 'bars' ? primary : `${primary}22`,
              ...(bars ? { paths: bars } : {}),
            },
            {
              label: 'Unique visitors',
              stroke: secondary,
              width: 2,
              ...(kind === 'bars' ? { fill: secondary, paths: UPlot.paths.bars?.({ size: [0.3, 20] }) } : {}),
            },
            {
              label: 'Conversions',
              stroke: tertiary,
              width: 2,
              dash: [6, 4],
              ...(kind === 'bars' ? { fill: tertiary, paths: UPlot.paths.bars?.({ size: [0.15, 10] }) } : {}),
            },
          ],
        };
        plot = new UPlot(options, [xs, totals, uniques, conversions], element);
        observer = new ResizeObserver(() => {
          if (plot && element.clientWidth > 0)
            plot.setSize({ width: element.clientWidth, height: CHART_HEIGHT });
        });
        observer.observe(element);
      })
      .catch((error: unknown) => {
        console.error('The chart could not load', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [series, kind]);

  const total = series.points.reduce((sum, point) => sum + point.total, 0);
  const converted = series.points.reduce((sum, point) => sum + point.conversions, 0);
  const peak = series.points.reduce(
    (best, point) => (point.total > (best?.total ?? -1) ? point : best),
    series.points[0],
  );
  const label =
    `Scans per ${series.interval} in ${series.timeZone}: ${total} in ${series.points.length} ${series.interval}s` +
    (peak && peak.total > 0
      ? `, most on ${pointLabel(peak.t, series.interval, series.timeZone)} (${peak.total})`
      : '') +
    (converted > 0 ? `; ${converted} conversions` : '');

  return (
    <figure className={styles.chartFigure}>
      <div
        ref={holder}
        className={styles.chart}
        role="img"
        aria-label={label}
        data-testid="analytics-chart"
      />
      {failed && (
        <p className="rq-error">The chart could not be drawn; the table below has the same numbers.</p>
      )}
      <details className={styles.chartTable}>
        <summary>Show the numbers as a table</summary>
        <div className={styles.tableScroll}>
          <table>
            <caption>Scans per {series.interval}</caption>
            <TableHead
              columns={[
                series.interval === 'hour' ? 'Hour' : 'Starting',
                'Scans',
                'Unique visitors',
                'Conversions',
                'Rate',
                'Revenue',
              ]}
            />
            <tbody>
              {series.points.map((point) => (
                <tr key={point.t}>
                  <th scope="row">
                    <time dateTime={point.t}>{pointLabel(point.t, series.interval, series.timeZone)}</time>
                  </th>
                  <td>{point.total.toLocaleString()}</td>
                  <td>{point.unique.toLocaleString()}</td>
                  <td>{point.conversions.toLocaleString()}</td>
                  <td>{formatRate(point.conversionRate)}</td>
                  <td>{formatRevenue(point.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
