import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import type { Page, QrCode } from '@site/src/api/codes';
import { downloadCsv } from '@site/src/features/analytics/api/streams';
import { useLiveScans } from '@site/src/features/analytics/hooks/useLiveScans';
import {
  apiQuery,
  type Breakdown,
  browserTimeZone,
  type Dashboard,
  type Dimension,
  dashboardPath,
  FILTER_KEYS,
  FILTER_OF,
  type FilterKey,
  filterCount,
  rangeLabel,
  type Summary,
  searchOf,
  type Timeseries,
  type View,
  viewOf,
} from '@site/src/features/analytics/model/analyticsModel';
import { ApiError, apiRequest } from '@site/src/lib/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styles from './Analytics.module.css';
import BreakdownTable, { DIMENSION_LABELS, keyLabel } from './BreakdownTable';
import EmptyState from './EmptyState';
import LiveCounter from './LiveCounter';
import RangeControls from './RangeControls';
import TimeSeriesChart from './TimeSeriesChart';

/** The breakdowns shown, in order (API.md "Analytics" `by`). */
const SHOWN: Dimension[] = ['country', 'qrcode', 'device', 'os', 'browser', 'language', 'referrer', 'rule'];
const ZONE_KEY = 'analyticsTimeZone';
/**
 * A view costs one API call (GET /analytics/dashboard): after a live scan the numbers are read again
 * at most this often, and views already read are answered from memory until a scan arrives (the
 * stream says when they change) or CACHE_MS passes.
 */
const REFRESH_GAP_MS = 60_000;
const REFRESH_DELAY_MS = 1_500;
const CACHE_MS = 5 * 60_000;
const answers = new Map<string, { at: number; value: Promise<unknown> }>();

/** apiRequest's GET, answered from memory while the view's numbers cannot have changed. */
function cachedGet<T>(path: string): Promise<T> {
  const hit = answers.get(path);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as Promise<T>;
  const value = apiRequest<T>('GET', path);
  answers.set(path, { at: Date.now(), value });
  value.catch(() => answers.delete(path));
  return value;
}

const FILTER_LABELS: Record<FilterKey, string> = {
  qrcode: 'Code',
  tag: 'Tag',
  hostname: 'Hostname',
  rule: 'Rule',
  country: 'Country',
  device: 'Device',
  os: 'OS',
  browser: 'Browser',
};
const DIMENSION_OF: Partial<Record<FilterKey, Dimension>> = {
  qrcode: 'qrcode',
  rule: 'rule',
  country: 'country',
};

function activeValues(view: View, by: Dimension): string[] {
  const filter = FILTER_OF[by];
  return filter ? (view.filters[filter] ?? []) : [];
}

/** The numbers on screen, with the view they were computed for: a label never names another range. */
interface Data {
  query: string;
  label: string;
  summary: Summary;
  series: Timeseries | ApiError;
  breakdowns: Partial<Record<Dimension, Breakdown>>;
}

function savedZone(): string {
  try {
    return window.localStorage.getItem(ZONE_KEY) || browserTimeZone();
  } catch {
    return browserTimeZone();
  }
}

function change(current: number, previous: number): { text: string; direction: 'up' | 'down' | 'flat' } {
  if (current === previous) return { text: 'no change', direction: 'flat' };
  if (previous === 0) return { text: `+${current.toLocaleString()} (none before)`, direction: 'up' };
  const percent = Math.round(((current - previous) / previous) * 100);
  return { text: `${percent > 0 ? '+' : ''}${percent}%`, direction: current > previous ? 'up' : 'down' };
}

function Stat({
  label,
  value,
  previous,
  testId,
}: {
  label: string;
  value: number;
  previous?: number;
  testId: string;
}) {
  const delta = previous === undefined ? undefined : change(value, previous);
  return (
    <div className={`rq-card ${styles.stat}`} data-testid={testId}>
      <h2 className={styles.statLabel}>{label}</h2>
      <p className={styles.statValue}>{value.toLocaleString()}</p>
      {delta && previous !== undefined && (
        <p className={`${styles.delta} ${styles[delta.direction]}`}>
          <span aria-hidden="true">
            {delta.direction === 'up' ? '▲ ' : delta.direction === 'down' ? '▼ ' : ''}
          </span>
          {delta.text}{' '}
          <span className={styles.muted}>against the previous period ({previous.toLocaleString()})</span>
        </p>
      )}
    </div>
  );
}

/** The account's codes and rules by id, for names in tables and chips. */
function useNames(): { names: Record<string, string>; codes?: QrCode[] | undefined; more: boolean } {
  const [state, setState] = useState<{ names: Record<string, string>; codes?: QrCode[]; more: boolean }>({
    names: {},
    more: false,
  });
  useEffect(() => {
    let live = true;
    Promise.all([
      apiRequest<Page<QrCode>>('GET', '/qrcodes?limit=100'),
      apiRequest<Page<{ id: string; name: string }>>('GET', '/rules?limit=100').catch(() => ({
        data: [],
        nextCursor: null,
      })),
    ])
      .then(([codes, rules]) => {
        if (!live) return;
        const names: Record<string, string> = {};
        for (const code of codes.data)
          names[code.id] = code.title ? `${code.title} (${code.slug})` : code.slug;
        for (const rule of rules.data) names[rule.id] = rule.name;
        setState({ names, codes: codes.data, more: codes.nextCursor !== null });
      })
      .catch(() => {
        // Without the lists codes and rules show by id; the empty state is not shown.
        if (live) setState({ names: {}, codes: undefined, more: true });
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
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
  const query = apiQuery(view).toString();
  const label = rangeLabel(view);
  const [data, setData] = useState<Data | undefined>(undefined);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [notice, setNotice] = useState('');
  const { names, codes, more } = useNames();
  const [sawLiveScan, setSawLiveScan] = useState(false);

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

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the same query again (a live scan arrived).
  useEffect(() => {
    let live = true;
    setLoading(true);
    const requested = `${query}&interval=${view.interval}`;
    cachedGet<Dashboard>(dashboardPath(view, SHOWN, 10)).then(
      (answer) => {
        if (!live) return;
        const { timeseries, timeseriesProblem } = answer;
        // An interval too fine for the range is the API's 400 for the series: shown in the chart's place.
        const series =
          timeseries ??
          new ApiError(
            timeseriesProblem?.status ?? 400,
            timeseriesProblem?.code ?? 'validation_failed',
            timeseriesProblem?.detail ?? '',
          );
        setData({ query: requested, label, summary: answer.summary, series, breakdowns: answer.breakdowns });
        setError(undefined);
        setLoading(false);
      },
      (caught: unknown) => {
        if (!live) return;
        setError(
          caught instanceof ApiError
            ? caught
            : new ApiError(0, 'error', caught instanceof Error ? caught.message : ''),
        );
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [query, view.interval, label, reload]);

  // A live scan reads the numbers again shortly after (at most every REFRESH_GAP_MS).
  const refresh = useRef<{ timer?: ReturnType<typeof setTimeout>; last: number }>({ last: 0 });
  useEffect(() => () => clearTimeout(refresh.current.timer), []);
  const onLiveScan = useCallback(() => {
    setSawLiveScan(true);
    answers.clear();
    if (view.range === 'custom' || refresh.current.timer) return;
    const wait = Math.max(REFRESH_DELAY_MS, refresh.current.last + REFRESH_GAP_MS - Date.now());
    refresh.current.timer = setTimeout(() => {
      refresh.current = { last: Date.now() };
      answers.clear();
      setReload((count) => count + 1);
    }, wait);
  }, [view.range]);
  const liveState = useLiveScans(view, onLiveScan);

  const download = async (kind: 'scans' | 'series' | Dimension) => {
    setNotice('');
    const params = new URLSearchParams(query);
    let path: string;
    let name: string;
    if (kind === 'scans') {
      path = `/analytics/export.csv?${params}`;
      name = 'scans.csv';
    } else if (kind === 'series') {
      params.set('interval', view.interval);
      path = `/analytics/timeseries.csv?${params}`;
      name = 'timeseries.csv';
    } else {
      params.set('by', kind);
      params.set('limit', '1000');
      path = `/analytics/breakdown.csv?${params}`;
      name = `${kind}.csv`;
    }
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
  // The numbers shown are those of `data.label`; while another view loads, or when it failed, say so.
  const stale = data !== undefined && data.query !== `${query}&interval=${view.interval}`;

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
          {filterCount(view.filters) > 0 && (
            <section aria-label="Filters" className={styles.chips}>
              <span className={styles.muted}>Showing only:</span>
              {FILTER_KEYS.flatMap((key) =>
                (view.filters[key] ?? []).map((value) => {
                  const dimension = DIMENSION_OF[key];
                  const label = dimension ? keyLabel(dimension, value, names) : value;
                  return (
                    <button
                      key={`${key}:${value}`}
                      type="button"
                      className={styles.chip}
                      onClick={() => removeFilter(key, value)}
                      aria-label={`Remove filter ${FILTER_LABELS[key]}: ${label}`}
                    >
                      {FILTER_LABELS[key]}: {label} <span aria-hidden="true">×</span>
                    </button>
                  );
                }),
              )}
              <button type="button" className={styles.linkButton} onClick={() => update({ filters: {} })}>
                Clear all
              </button>
            </section>
          )}
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
                <Stat
                  label="Scans"
                  value={summary.total}
                  previous={summary.previous.total}
                  testId="stat-scans"
                />
                <Stat
                  label="Unique visitors"
                  value={summary.unique}
                  previous={summary.previous.unique}
                  testId="stat-unique"
                />
                <Stat label="Bot scans" value={summary.bots} testId="stat-bots" />
              </div>
            )}
            {data && (
              <section className="rq-card" aria-labelledby="series-title">
                <div className={styles.cardHead}>
                  <h2 id="series-title">Scans over time</h2>
                  <div className={styles.row}>
                    <fieldset className={styles.inlineFieldset}>
                      <legend className={styles.visuallyHidden}>Chart type</legend>
                      {(['line', 'bars'] as const).map((chart) => (
                        <button
                          key={chart}
                          type="button"
                          className={styles.chipButton}
                          aria-pressed={view.chart === chart}
                          onClick={() => update({ chart })}
                        >
                          {chart === 'line' ? 'Line' : 'Bars'}
                        </button>
                      ))}
                    </fieldset>
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => download('series')}
                      aria-label="Download scans over time as CSV"
                    >
                      CSV
                    </button>
                  </div>
                </div>
                {data.series instanceof ApiError ? (
                  <p className="rq-error">{data.series.detail}</p>
                ) : (
                  <TimeSeriesChart series={data.series} kind={view.chart} />
                )}
              </section>
            )}
            {data && (
              <div className={styles.breakdowns}>
                {SHOWN.map((by) => (
                  <BreakdownTable
                    key={by}
                    by={by}
                    breakdown={data.breakdowns[by]}
                    total={summary?.total ?? 0}
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
              Read <Link to="/docs/analytics/redirection-analytics">how analytics count</Link>. Tables show
              the top 10; the CSV has up to 1,000 rows. {DIMENSION_LABELS.language.title} and{' '}
              {DIMENSION_LABELS.referrer.title.toLowerCase()} cannot be filtered by.
            </p>
          </div>
        </>
      )}
    </div>
  );
}
