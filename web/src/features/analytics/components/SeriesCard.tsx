import type { Timeseries, View } from '@site/src/features/analytics/model/analyticsModel';
import { ApiError } from '@site/src/lib/api';
import styles from './Analytics.module.css';
import TimeSeriesChart from './TimeSeriesChart';

/** Scans over time as a line or bars, or the API's reason there is no series for this view. */
export default function SeriesCard({
  series,
  chart: kind,
  onChart,
  onDownload,
}: {
  series: Timeseries | ApiError;
  chart: View['chart'];
  onChart: (chart: View['chart']) => void;
  onDownload: () => void;
}) {
  return (
    <section className="rq-card" aria-labelledby="series-title">
      <div className={styles.cardHead}>
        <h2 id="series-title">Scans and conversions over time</h2>
        <div className={styles.row}>
          <fieldset className={styles.inlineFieldset}>
            <legend className={styles.visuallyHidden}>Chart type</legend>
            {(['line', 'bars'] as const).map((chart) => (
              <button
                key={chart}
                type="button"
                className={styles.chipButton}
                aria-pressed={kind === chart}
                onClick={() => onChart(chart)}
              >
                {chart === 'line' ? 'Line' : 'Bars'}
              </button>
            ))}
          </fieldset>
          <button
            type="button"
            className={styles.linkButton}
            onClick={onDownload}
            aria-label="Download scans and conversions over time as CSV"
          >
            CSV
          </button>
        </div>
      </div>
      {series instanceof ApiError ? (
        <p className="rq-error">{series.detail}</p>
      ) : (
        <TimeSeriesChart series={series} kind={kind} />
      )}
    </section>
  );
}
