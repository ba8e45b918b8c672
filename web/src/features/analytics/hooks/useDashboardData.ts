import {
  apiQuery,
  type Breakdown,
  type Dimension,
  dashboardPath,
  dashboardQuery,
  type Summary,
  type Timeseries,
  type View,
} from '@site/src/features/analytics/model/analyticsModel';
import { ApiError, rq } from '@site/src/lib/api';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The breakdowns shown, in order (API.md "Analytics" `by`). */
export const SHOWN: Dimension[] = [
  'country',
  'qrcode',
  'device',
  'os',
  'browser',
  'language',
  'referrer',
  'rule',
  'gs1LinkType',
  'gs1Key',
  'gs1Level',
];

/**
 * A view costs one API call (GET /analytics/dashboard): after a live scan the numbers are read again
 * at most this often, and views already read are answered from memory until a scan arrives (the
 * stream says when they change) or CACHE_MS passes.
 */
const REFRESH_GAP_MS = 60_000;
const REFRESH_DELAY_MS = 1_500;
const CACHE_MS = 5 * 60_000;
const answers = new Map<string, { at: number; value: Promise<unknown> }>();

/** A read (its GET path the key), answered from memory while the view's numbers cannot have changed. */
function cachedGet<T>(path: string, read: () => Promise<T>): Promise<T> {
  const hit = answers.get(path);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as Promise<T>;
  const value = read();
  answers.set(path, { at: Date.now(), value });
  value.catch(() => answers.delete(path));
  return value;
}

/** The numbers on screen, with the view they were computed for: a label never names another range. */
export interface Data {
  query: string;
  label: string;
  summary: Summary;
  series: Timeseries | ApiError;
  breakdowns: Partial<Record<Dimension, Breakdown>>;
}

/**
 * The dashboard's numbers for a view, one request a view (`GET /analytics/dashboard`); the last
 * numbers stay while another view loads or fails. The analytics page keeps this cache of its own
 * rather than the shared query cache: its answers go stale by live scans, not by time, and ten
 * quick range clicks must cost at most a few requests (e2e/rate-limit.spec.ts).
 */
export function useDashboardData(view: View, label: string) {
  const query = apiQuery(view).toString();
  const [data, setData] = useState<Data | undefined>(undefined);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [sawLiveScan, setSawLiveScan] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the same query again (a live scan arrived).
  useEffect(() => {
    let live = true;
    setLoading(true);
    const requested = `${query}&interval=${view.interval}`;
    cachedGet(dashboardPath(view, SHOWN, 10), () =>
      rq.analytics.getDashboard({ params: { query: dashboardQuery(view, SHOWN, 10) } }),
    ).then(
      (answer) => {
        if (!live) return;
        const { timeseries, timeseriesProblem } = answer;
        // An interval too fine for the range is the API's 400 for the series: shown in the chart's place.
        const series: Timeseries | ApiError = timeseries
          ? { ...timeseries, interval: view.interval }
          : new ApiError(timeseriesProblem?.status ?? 400, {
              code: timeseriesProblem?.code ?? 'validation_failed',
              detail: timeseriesProblem?.detail ?? '',
            });
        setData({ query: requested, label, summary: answer.summary, series, breakdowns: answer.breakdowns });
        setError(undefined);
        setLoading(false);
      },
      (caught: unknown) => {
        if (!live) return;
        setError(
          caught instanceof ApiError
            ? caught
            : new ApiError(0, { code: 'error', detail: caught instanceof Error ? caught.message : '' }),
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

  // The numbers shown are those of `data.label`; while another view loads, or when it failed, say so.
  const stale = data !== undefined && data.query !== `${query}&interval=${view.interval}`;
  return { data, stale, error, loading, onLiveScan, sawLiveScan };
}
