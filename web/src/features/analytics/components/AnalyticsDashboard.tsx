import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import { useNames } from '@site/src/features/analytics/api/names';
import { downloadCsv } from '@site/src/features/analytics/api/streams';
import { SHOWN, useDashboardData } from '@site/src/features/analytics/hooks/useDashboardData';
import { useLiveScans } from '@site/src/features/analytics/hooks/useLiveScans';
import {
  browserTimeZone,
  csvOf,
  type Dimension,
  FILTER_OF,
  type FilterKey,
  filterCount,
  GS1_DIMENSIONS,
  rangeLabel,
  searchOf,
  type View,
  viewOf,
} from '@site/src/features/analytics/model/analyticsModel';
import { ApiError } from '@site/src/lib/api';
import { useCallback, useEffect, useMemo, useState } from 'react';
import styles from './Analytics.module.css';
import BreakdownTable, { DIMENSION_LABELS } from './BreakdownTable';
import EmptyState from './EmptyState';
import FilterChips from './FilterChips';
import LiveCounter from './LiveCounter';
import RangeControls from './RangeControls';
import SeriesCard from './SeriesCard';
import SummaryStats from './SummaryStats';

const ZONE_KEY = 'analyticsTimeZone';

function activeValues(view: View, by: Dimension): string[] {
  const filter = FILTER_OF[by];
  return filter ? (view.filters[filter] ?? []) : [];
}

function savedZone(): string {
  try {
    return window.localStorage.getItem(ZONE_KEY) || browserTimeZone();
  } catch {
    return browserTimeZone();
  }
}

/**
 * The analytics dashboard: the view (range, interval, zone, filters) lives in the page address;
 * totals with the change against the period before, the series, the breakdowns, a live counter fed
 * by the stream, and CSV of each part through the API's CSV endpoints with the same query.
 */
export default function AnalyticsDashboard() {
  const location = useLocation();
  const history = useHistory();
  const [fallbackZone, setFallbackZone] = useState('UTC');
  useEffect(() => setFallbackZone(savedZone()), []);
  const view = useMemo(() => viewOf(location.search, fallbackZone), [location.search, fallbackZone]);
  const label = rangeLabel(view);
  const { data, stale, error, loading, onLiveScan, sawLiveScan } = useDashboardData(view, label);
  const [notice, setNotice] = useState('');
  const { names, codes, more } = useNames();

  const update = useCallback(
    (change: Partial<View>) => {
      const next = { ...view, ...change };
      if (change.timeZone) {
        try {
          window.localStorage.setItem(ZONE_KEY, change.timeZone);
        } catch {
          // private mode: the zone stays in the address only
        }
      }
      // The address names the zone unless it is the browser's own, so a shared view keeps it.
      history.replace({ pathname: location.pathname, search: searchOf(next, browserTimeZone()) });
      if (change.timeZone) setFallbackZone(change.timeZone);
    },
    [view, history, location.pathname],
  );

  const liveState = useLiveScans(view, onLiveScan);

  const download = async (kind: 'scans' | 'series' | Dimension) => {
    setNotice('');
    const { path, name } = csvOf(kind, view);
    try {
      await downloadCsv(path, name);
      setNotice(`Downloaded ${name}.`);
    } catch (caught) {
      setNotice(
        caught instanceof ApiError ? `The download failed: ${caught.detail}` : 'The download failed.',
      );
    }
  };

  const toggleFilter = (by: Dimension, key: string) => {
    const filter = FILTER_OF[by];
    if (!filter) return;
    const values = view.filters[filter] ?? [];
    const next = values.includes(key) ? values.filter((value) => value !== key) : [...values, key];
    update({ filters: { ...view.filters, [filter]: next } });
  };
  const removeFilter = (key: FilterKey, value: string) =>
    update({
      filters: { ...view.filters, [key]: (view.filters[key] ?? []).filter((item) => item !== value) },
    });

  const empty =
    codes !== undefined &&
    !more &&
    !sawLiveScan &&
    codes.every((code) => code.scans.total === 0) &&
    (data === undefined ||
      (data.summary.total === 0 && data.summary.bots === 0 && filterCount(view.filters) === 0));
  const summary = data?.summary;

  return (
    <div className={styles.dashboard}>
      <div className={styles.topBar}>
        <LiveCounter state={liveState} names={names} />
        {!empty && (
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => download('scans')}
          >
            Download scans (CSV)
          </button>
        )}
      </div>
      <p className={styles.visuallyHidden} role="status">
        {notice}
      </p>
      {notice && <p className={styles.muted}>{notice}</p>}
      {empty ? (
        <EmptyState hasCodes={(codes?.length ?? 0) > 0} />
      ) : (
        <>
          <RangeControls view={view} onChange={update} />
          <FilterChips
            view={view}
            names={names}
            onRemove={removeFilter}
            onClear={() => update({ filters: {} })}
          />
          {error && (
            <div className="rq-error" role="alert">
              The numbers for {label} could not be loaded
              {error.detail ? `: ${error.detail}` : '.'}
              {data ? ` Still showing ${data.label}.` : ''}
            </div>
          )}
          <div aria-busy={loading} className={styles.body}>
            <p className={styles.muted} data-testid="shown-range">
              {data ? data.label : label}
              {summary
                ? `: ${summary.from.slice(0, 16).replace('T', ' ')} to ${summary.to.slice(0, 16).replace('T', ' ')} (${summary.timeZone})`
                : ` (${view.timeZone})`}
              {stale && data && !error ? ` · loading ${label}…` : loading ? ' · loading…' : ''}
            </p>
            {summary && (
              <div className={styles.stats}>
                <SummaryStats summary={summary} />
              </div>
            )}
            {data && (
              <SeriesCard
                series={data.series}
                chart={view.chart}
                onChart={(chart) => update({ chart })}
                onDownload={() => download('series')}
              />
            )}
            {data && (
              <div className={styles.breakdowns}>
                {SHOWN.filter(
                  // A workspace without GS1 scans sees no empty GS1 tables.
                  (by) => !GS1_DIMENSIONS.includes(by) || (data.breakdowns[by]?.rows.length ?? 0) > 0,
                ).map((by) => (
                  <BreakdownTable
                    key={by}
                    by={by}
                    breakdown={data.breakdowns[by]}
                    total={summary?.total ?? 0}
                    showConversions={(summary?.conversions ?? 0) > 0}
                    names={names}
                    active={activeValues(view, by)}
                    onFilter={toggleFilter}
                    onDownload={(dimension) => download(dimension)}
                  />
                ))}
              </div>
            )}
            <p className={styles.muted}>
              Unique visitors are counted once per day from a daily-salted hash; addresses are never stored.
              Conversions are those your systems report for a scan (
              <Link to="/docs/next/analytics/conversions">how</Link>
              ); the rate is conversions per scan, revenue is per currency. Read{' '}
              <Link to="/docs/analytics/redirection-analytics">how analytics count</Link>. Tables show the top
              10; the CSV has up to 1,000 rows. {DIMENSION_LABELS.language.title} and{' '}
              {DIMENSION_LABELS.referrer.title.toLowerCase()} cannot be filtered by.
            </p>
          </div>
        </>
      )}
    </div>
  );
}
