import type { ApiAnswer, ApiQuery } from '@site/src/api/types';

/** The presets of API.md "Analytics", ending now. */
export const PRESETS = ['24h', '7d', '30d', '90d', 'mtd', 'ytd', 'all'] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_LABELS: Record<Preset, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  mtd: 'Month to date',
  ytd: 'Year to date',
  all: 'All time',
};

export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

/** The filters every analytics endpoint takes (several values of one match any of them). */
export const FILTER_KEYS = [
  'qrcode',
  'tag',
  'hostname',
  'rule',
  'country',
  'device',
  'os',
  'browser',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string[]>>;

export type Dimension =
  | 'country'
  | 'region'
  | 'device'
  | 'os'
  | 'browser'
  | 'language'
  | 'referrer'
  | 'hostname'
  | 'rule'
  | 'qrcode'
  | 'gs1LinkType'
  | 'gs1Key'
  | 'gs1Level';

/** GS1 Digital Link scans' own dimensions: only GS1 scans have them, so their tables show when there are some. */
export const GS1_DIMENSIONS: readonly Dimension[] = ['gs1LinkType', 'gs1Key', 'gs1Level'];

/** The dimensions a click can filter by (the API has no language or referrer filter). */
export const FILTER_OF: Partial<Record<Dimension, FilterKey>> = {
  country: 'country',
  device: 'device',
  os: 'os',
  browser: 'browser',
  hostname: 'hostname',
  rule: 'rule',
  qrcode: 'qrcode',
};

/** What the page shows, kept in the URL so a view can be shared and survives a reload. */
export interface View {
  range: Preset | 'custom';
  /** Custom range: first and last day shown (inclusive), YYYY-MM-DD in timeZone. */
  from: string;
  to: string;
  interval: Interval;
  timeZone: string;
  bots: boolean;
  chart: 'line' | 'bars';
  filters: Filters;
}

/** GET /analytics/dashboard: every part computed for one range (`from`, `to`, `timeZone`). */
export type Dashboard = ApiAnswer<'/api/v1/analytics/dashboard'>;
export type Summary = Dashboard['summary'];
export type Counts = Pick<Summary, 'total' | 'unique' | 'bots'>;
/** The API answers the interval as a string; it is always the one asked for. */
export type Timeseries = Omit<NonNullable<Dashboard['timeseries']>, 'interval'> & { interval: Interval };
export type Breakdown = ApiAnswer<'/api/v1/analytics/breakdown'>;

/** A scan as the live stream sends it (event `scan`). */
/** A conversion as the live stream sends it: the conversion as POST /conversions answers it. */
export type LiveConversion = ApiAnswer<'/api/v1/conversions', 'post'>;

export interface LiveScan {
  at: string;
  qrcode: string;
  hostname: string;
  rule: string | null;
  country: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  bot: boolean;
}

/**
 * ICU (and so Chromium) still names some zones by their old IANA links; the current names read
 * better and the API takes both.
 */
const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'America/Godthab': 'America/Nuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
};

export function currentZoneName(zone: string): string {
  return CURRENT_NAMES[zone] ?? zone;
}

/** The browser's own zone, or UTC when it cannot say. */
export function browserTimeZone(): string {
  try {
    return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  } catch {
    return 'UTC';
  }
}

/** Every IANA zone the browser knows, UTC first. */
export function timeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set(['UTC', current, ...zones.map(currentZoneName)])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}

/** A sensible interval for a range: hours for a day, days up to a quarter and a year, months beyond. */
export function defaultInterval(range: View['range']): Interval {
  if (range === '24h') return 'hour';
  if (range === 'all') return 'month';
  return 'day';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The view a page address describes; anything missing or unknown takes its default. */
export function viewOf(search: string, fallbackZone: string): View {
  const params = new URLSearchParams(search);
  const rangeParam = params.get('range');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range: View['range'] =
    rangeParam === 'custom' && DATE.test(from) && DATE.test(to)
      ? 'custom'
      : (PRESETS as readonly string[]).includes(rangeParam ?? '')
        ? (rangeParam as Preset)
        : '30d';
  const intervalParam = params.get('interval');
  const interval = (INTERVALS as readonly string[]).includes(intervalParam ?? '')
    ? (intervalParam as Interval)
    : defaultInterval(range);
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const values = params.getAll(key).filter((value) => value.length > 0);
    if (values.length > 0) filters[key] = [...new Set(values)];
  }
  return {
    range,
    from: range === 'custom' ? from : '',
    to: range === 'custom' ? to : '',
    interval,
    timeZone: params.get('tz') || fallbackZone,
    bots: params.get('bots') === 'true',
    chart: params.get('chart') === 'bars' ? 'bars' : 'line',
    filters,
  };
}

/** The page address of a view (the defaults left out). */
export function searchOf(view: View, fallbackZone: string): string {
  const params = new URLSearchParams();
  if (view.range !== '30d') params.set('range', view.range);
  if (view.range === 'custom') {
    params.set('from', view.from);
    params.set('to', view.to);
  }
  if (view.interval !== defaultInterval(view.range)) params.set('interval', view.interval);
  if (view.timeZone !== fallbackZone) params.set('tz', view.timeZone);
  if (view.bots) params.set('bots', 'true');
  if (view.chart === 'bars') params.set('chart', 'bars');
  for (const key of FILTER_KEYS) for (const value of view.filters[key] ?? []) params.append(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The day after a YYYY-MM-DD date (the API's `to` is exclusive; the picker's last day is not). */
export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The API query of a view: range, zone, filters and bots. */
export function apiQuery(view: View): URLSearchParams {
  const params = new URLSearchParams();
  if (view.range === 'custom') {
    params.set('from', view.from);
    params.set('to', nextDay(view.to));
  } else {
    params.set('range', view.range);
  }
  params.set('timeZone', view.timeZone);
  if (view.bots) params.set('bots', 'true');
  for (const key of FILTER_KEYS) for (const value of view.filters[key] ?? []) params.append(key, value);
  return params;
}

/** The one request a view of the dashboard costs: totals, series and these breakdowns together. */
export function dashboardPath(view: View, breakdowns: readonly Dimension[], limit: number): string {
  const params = apiQuery(view);
  params.set('interval', view.interval);
  for (const by of breakdowns) params.append('by', by);
  params.set('limit', String(limit));
  return `/analytics/dashboard?${params}`;
}

/** The same request as the API's typed query (`rq.analytics.getDashboard`). */
export function dashboardQuery(
  view: View,
  breakdowns: readonly Dimension[],
  limit: number,
): ApiQuery<'/api/v1/analytics/dashboard'> {
  const filters = Object.fromEntries(
    FILTER_KEYS.filter((key) => (view.filters[key] ?? []).length > 0).map((key) => [
      key,
      view.filters[key] ?? [],
    ]),
  );
  return {
    ...(view.range === 'custom' ? { from: view.from, to: nextDay(view.to) } : { range: view.range }),
    timeZone: view.timeZone,
    ...(view.bots ? { bots: true } : {}),
    ...filters,
    interval: view.interval,
    by: [...breakdowns],
    limit,
  };
}

/** The CSV endpoint and file name of a part of the view: every scan, the series, or a breakdown. */
export function csvOf(kind: 'scans' | 'series' | Dimension, view: View): { path: string; name: string } {
  const params = apiQuery(view);
  if (kind === 'scans') return { path: `/analytics/export.csv?${params}`, name: 'scans.csv' };
  if (kind === 'series') {
    params.set('interval', view.interval);
    return { path: `/analytics/timeseries.csv?${params}`, name: 'timeseries.csv' };
  }
  params.set('by', kind);
  params.set('limit', '1000');
  return { path: `/analytics/breakdown.csv?${params}`, name: `${kind}.csv` };
}

/** How the page names a view's range: the preset's name, or the custom days. */
export function rangeLabel(view: View): string {
  return view.range === 'custom' ? `${view.from} to ${view.to}` : PRESET_LABELS[view.range];
}

/** The filters' count; 0 when none is set. */
export function filterCount(filters: Filters): number {
  return FILTER_KEYS.reduce((sum, key) => sum + (filters[key]?.length ?? 0), 0);
}

/** Whether a live scan is one the view counts (the stream itself filters by code and tag only). */
export function matchesView(scan: LiveScan, view: View): boolean {
  if (scan.bot && !view.bots) return false;
  const { filters } = view;
  const checks: [FilterKey, string | null][] = [
    ['qrcode', scan.qrcode],
    ['hostname', scan.hostname],
    ['rule', scan.rule],
    ['country', scan.country],
    ['device', scan.device],
    ['os', scan.os],
    ['browser', scan.browser],
  ];
  return checks.every(([key, value]) => {
    const wanted = filters[key];
    return !wanted || wanted.length === 0 || (value !== null && wanted.includes(value));
  });
}
