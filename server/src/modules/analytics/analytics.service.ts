import { type Clock, DAY_MS, HOUR_MS, systemClock } from '../../shared/clock.js';
import { csvLine } from '../../shared/csv.js';
import { type FieldError, Problem, validationFailed } from '../../shared/problem.js';
import { SCAN_CONTEXT_DIMENSIONS } from '../../shared/scan-context-fields.js';
import { minorUnitDigits } from '../conversions/conversions.currency.js';
import type {
  ConversionCounts,
  ConversionSelection,
  ConversionsService,
} from '../conversions/conversions.service.js';
import { BROWSER_NAMES, DEVICE_TYPES, OS_NAMES } from '../rules/rules.schemas.js';
import { isCountryCode } from '../rules/rules.validate.js';
import {
  type Counts,
  DIMENSION_COLUMN,
  type Dimension,
  FILTER_COLUMNS,
  type FilterName,
  type RollupSelection as Selection,
} from '../scans/scan-rollups.js';
import type { ExportedScan, ScanExportFilter, ScansService } from '../scans/scans.service.js';
import { csvFileName } from './analytics.csv.js';
import { LiveScans } from './analytics.live.js';
import { type RangeInput, type ResolvedRange, resolveRange, seriesEdges } from './analytics.range.js';
import { type Interval, isoInZone } from './analytics.time.js';

/** The scans module as analytics uses it: the rollups' counts, and raw scans in time order for the export. */
export interface ScanSource
  extends Pick<ScansService, 'countsIn' | 'countsByBucket' | 'countsByKey' | 'firstBucket'> {
  scansInOrder(filter: ScanExportFilter): AsyncIterable<ExportedScan[]>;
  /** Resolves once the workspace's scans this instance answered are in the database (and so in the rollups). */
  settled(workspaceId: string): Promise<void>;
  /** Has every instance announce the account's stored scans until the answered function is called. */
  watchStored(workspaceId: string): Promise<() => void>;
}

/** The conversions module as analytics uses it: conversions and revenue by the time of their scans. */
export type ConversionSource = Pick<
  ConversionsService,
  'countsIn' | 'countsByBucket' | 'countsByKey' | 'countsOfScans'
>;

/** The QR codes service as analytics uses it: which codes are the account's, and which carry a tag. */
export interface CodeDirectory {
  /** Throws the not_found problem for a code that is not the account's. */
  get(workspaceId: string, id: string): Promise<{ id: string; slug: string; title: string | null }>;
  list(
    workspaceId: string,
    query: { tag?: string; limit?: number; cursor?: string },
  ): Promise<{ data: { id: string }[]; nextCursor: string | null }>;
}

/** The rules module as analytics uses it: rule names for the exports. */
export interface RuleDirectory {
  getManyForAccount(workspaceId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]>;
}

/** A CSV download: its body (text or lines as they are read) and the file name it is saved as. */
export interface CsvDownload<Body> {
  fileName: string;
  body: Body;
}

/**
 * The names beside the ids in an export: each code's slug and title and each rule's name, looked
 * up once per export. A code or rule deleted since is blank.
 */
class ExportLabels {
  private readonly codes = new Map<string, { slug: string; title: string | null } | null>();
  private readonly rules = new Map<string, string | null>();

  constructor(
    private readonly workspaceId: string,
    private readonly directory: { codes: CodeDirectory; rules: RuleDirectory },
  ) {}

  async load(codeIds: Iterable<string>, ruleIds: Iterable<string | null>): Promise<void> {
    for (const id of new Set(codeIds)) {
      if (id === '' || this.codes.has(id)) continue;
      const code = await this.directory.codes.get(this.workspaceId, id).catch(() => null);
      this.codes.set(id, code && { slug: code.slug, title: code.title });
    }
    const missing = [...new Set(ruleIds)].filter((id): id is string => !!id && !this.rules.has(id));
    if (missing.length === 0) return;
    const found = await this.directory.rules.getManyForAccount(this.workspaceId, missing);
    for (const id of missing) this.rules.set(id, null);
    for (const rule of found) this.rules.set(rule.id, rule.name);
  }

  code(id: string | null): { slug: string | null; title: string | null } {
    const code = id ? this.codes.get(id) : null;
    return { slug: code?.slug ?? null, title: code?.title ?? null };
  }

  rule(id: string | null): string | null {
    return id ? (this.rules.get(id) ?? null) : null;
  }
}

export interface AnalyticsQueryInput extends RangeInput {
  qrcode?: string[] | undefined;
  tag?: string[] | undefined;
  hostname?: string[] | undefined;
  rule?: string[] | undefined;
  country?: string[] | undefined;
  device?: string[] | undefined;
  os?: string[] | undefined;
  browser?: string[] | undefined;
  bots?: boolean | undefined;
}

export interface Totals {
  total: number;
  unique: number;
  bots: number;
  /** Conversions credited to these scans (reported with their `rq_id`). */
  conversions: number;
  /** Conversions per human scan; null without scans. */
  conversionRate: number | null;
  /** Revenue in minor units per ISO 4217 currency. */
  revenue: Record<string, number>;
}

/** Values as the scans store them: countries upper case, the rest of the dimensions lower case. */
const NORMALISE: Record<FilterName, (value: string) => string> = {
  hostname: (v) => v.toLowerCase(),
  rule: (v) => v,
  country: (v) => v.toUpperCase(),
  device: (v) => v.toLowerCase(),
  os: (v) => v.toLowerCase(),
  browser: (v) => v.toLowerCase(),
};

/**
 * The values a filter can match, as the rules take them: a value no scan can carry is a 400
 * naming the values there are, not an answer of zeros that looks like "no scans".
 */
const KNOWN_VALUES: Partial<Record<FilterName, { isKnown(value: string): boolean; expected: string }>> = {
  country: { isKnown: isCountryCode, expected: 'an ISO 3166-1 alpha-2 country code (DE, US, ...)' },
  device: {
    isKnown: (v) => DEVICE_TYPES.includes(v as never),
    expected: `one of ${DEVICE_TYPES.join(', ')}`,
  },
  os: { isKnown: (v) => OS_NAMES.includes(v as never), expected: `one of ${OS_NAMES.join(', ')}` },
  browser: {
    isKnown: (v) => BROWSER_NAMES.includes(v as never),
    expected: `one of ${BROWSER_NAMES.join(', ')}`,
  },
};

function unknownFilterValues(filters: Selection['filters']): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, list] of Object.entries(filters) as [FilterName, string[]][]) {
    const known = KNOWN_VALUES[name];
    const unknown = known ? list.filter((value) => !known.isKnown(value)) : [];
    if (known && unknown.length > 0) {
      errors.push({
        path: `/query/${name}`,
        message: `must be ${known.expected}; not ${unknown.map((v) => `"${v}"`).join(', ')}`,
      });
    }
  }
  return errors;
}

/**
 * The longest step (a UTC day, an hour) that every edge of a series falls on: the counts are read
 * per step, not per quarter hour, and each still lands in one point. A zone half an hour off UTC
 * (India) keeps quarter hours.
 */
function coarsestStep(edges: readonly number[]): number | undefined {
  return [DAY_MS, HOUR_MS].find((step) => edges.every((edge) => edge % step === 0));
}

/** `?country=DE,FR` and `?country=DE&country=FR` alike. */
const values = (list: string[] | undefined) =>
  list
    ?.flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');

const MAX_TAG_CODES = 10_000;

/**
 * Totals, time series and breakdowns of an account's scans, read from the rollups in the
 * caller's time zone. `total` counts human scans (plus bots with `bots=true`); `unique` counts
 * human visitors as docs/adr/2026-11-23-analytics-rollups.md defines them; `bots` is always there.
 */
export class AnalyticsService {
  private readonly clock: Clock;
  /** This instance's live-stream clients. */
  readonly live = new LiveScans();

  constructor(
    private readonly options: {
      codes: CodeDirectory;
      rules: RuleDirectory;
      scans: ScanSource;
      conversions: ConversionSource;
      clock?: Clock;
    },
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /** Stored scans of the account reach this instance from every instance until the answered function is called. */
  watchLive(workspaceId: string): Promise<() => void> {
    return this.options.scans.watchStored(workspaceId);
  }

  async summary(workspaceId: string, query: AnalyticsQueryInput) {
    return this.summaryOf(await this.prepare(workspaceId, query), query);
  }

  private async summaryOf({ selection, sold, range }: Prepared, query: AnalyticsQueryInput) {
    const length = range.to - range.from;
    const [current, previous, converted, convertedBefore] = await Promise.all([
      this.options.scans.countsIn(selection, range.from, range.to),
      this.options.scans.countsIn(selection, range.from - length, range.from),
      this.options.conversions.countsIn(sold, range.from, range.to),
      this.options.conversions.countsIn(sold, range.from - length, range.from),
    ]);
    return {
      ...this.frame(range),
      ...totals(current, query.bots, converted),
      previous: {
        from: isoInZone(range.from - length, range.timeZone),
        to: isoInZone(range.from, range.timeZone),
        ...totals(previous, query.bots, convertedBefore),
      },
    };
  }

  async timeseries(workspaceId: string, query: AnalyticsQueryInput & { interval?: Interval | undefined }) {
    return this.timeseriesOf(await this.prepare(workspaceId, query), query);
  }

  private async timeseriesOf(
    { selection, sold, range }: Prepared,
    query: AnalyticsQueryInput & { interval?: Interval | undefined },
  ) {
    const interval = query.interval ?? 'day';
    const edges = seriesEdges(range, interval);
    const step = coarsestStep(edges);
    const [buckets, converted] = await Promise.all([
      this.options.scans.countsByBucket(selection, range.from, range.to, step),
      this.options.conversions.countsByBucket(sold, range.from, range.to, step),
    ]);
    const points = edges.slice(0, -1).map(() => ({ scans: 0, bots: 0, visitors: 0 }));
    const sales = edges.slice(0, -1).map((): ConversionCounts => ({ conversions: 0, revenue: {} }));
    for (const [bucket, counts] of buckets) {
      const index = lastAtOrBefore(edges, bucket);
      const point = points[index];
      if (!point) continue;
      point.scans += counts.scans;
      point.bots += counts.bots;
      point.visitors += counts.visitors;
    }
    for (const [bucket, counts] of converted) {
      const sale = sales[lastAtOrBefore(edges, bucket)];
      if (sale) addConversions(sale, counts);
    }
    return {
      interval,
      ...this.frame(range),
      points: points.map((counts, i) => ({
        t: isoInZone(edges[i] as number, range.timeZone),
        ...totals(counts, query.bots, sales[i]),
      })),
    };
  }

  async breakdown(
    workspaceId: string,
    query: AnalyticsQueryInput & { by: Dimension; limit?: number | undefined },
  ) {
    return this.breakdownOf(await this.prepare(workspaceId, query), query);
  }

  private async breakdownOf(
    { selection, sold, range }: Prepared,
    query: AnalyticsQueryInput & { by: Dimension; limit?: number | undefined },
  ) {
    const byKey = await this.options.scans.countsByKey(selection, query.by, range.from, range.to);
    const shown = [...byKey]
      .map(([key, counts]) => ({ key, counts, total: totals(counts, query.bots, undefined) }))
      .filter((row) => row.total.total > 0)
      .sort(
        (a, b) =>
          b.total.total - a.total.total || b.total.unique - a.total.unique || a.key.localeCompare(b.key),
      )
      .slice(0, query.limit ?? 10);
    // Conversions of the rows shown only: a breakdown by code reads ten codes' days, not thousands.
    // A GS1 scan hands its link no scan id, so nothing is credited to a GS1 dimension's values.
    const column = DIMENSION_COLUMN[query.by];
    const converted =
      column === 'gs1_link_type' || column === 'gs1_key' || column === 'gs1_level'
        ? new Map<string, never>()
        : await this.options.conversions.countsByKey(
            sold,
            column,
            range.from,
            range.to,
            shown.map((row) => row.key),
          );
    const rows = shown.map((row) => ({
      key: row.key === '' ? null : row.key,
      ...totals(row.counts, query.bots, converted.get(row.key)),
    }));
    return { by: query.by, ...this.frame(range), rows };
  }

  /**
   * Everything the dashboard shows for one query, read together: the totals, the series and the
   * breakdowns all describe the same range (the site asks once per view, not once per part), and
   * share one selection, so what every part would ask the database again is asked once.
   * A series too fine for the range is no reason to withhold the rest: it comes back as its problem.
   */
  async dashboard(
    workspaceId: string,
    query: AnalyticsQueryInput & {
      interval?: Interval | undefined;
      by: readonly Dimension[];
      limit?: number | undefined;
    },
  ) {
    const { interval, by, limit, ...shared } = query;
    const prepared = await this.prepare(workspaceId, shared);
    const [summary, series, ...breakdowns] = await Promise.all([
      this.summaryOf(prepared, shared),
      this.timeseriesOf(prepared, { ...shared, interval }).catch((error: unknown) => {
        if (error instanceof Problem && error.status === 400) return error;
        throw error;
      }),
      ...by.map((dimension) => this.breakdownOf(prepared, { ...shared, by: dimension, limit })),
    ]);
    const { from, to, timeZone } = summary;
    return {
      from,
      to,
      timeZone,
      summary,
      timeseries: series instanceof Problem ? null : series,
      timeseriesProblem:
        series instanceof Problem
          ? {
              status: series.status,
              code: series.code,
              detail: series.detail,
              ...(series.options.errors ? { errors: series.options.errors } : {}),
            }
          : null,
      breakdowns: Object.fromEntries(breakdowns.map((breakdown) => [breakdown.by, breakdown])),
    };
  }

  /**
   * One CSV line per scan in the range (no address: only the daily-salted visitor hash), in time
   * order, produced page by page as the reader takes them: constant memory for any range.
   */
  async csvExport(
    workspaceId: string,
    query: AnalyticsQueryInput,
  ): Promise<CsvDownload<AsyncGenerator<string>>> {
    const { selection, range } = await this.prepare(workspaceId, query);
    const columns: ScanExportFilter['columns'] = {};
    for (const [name, values] of Object.entries(selection.filters) as [FilterName, string[]][]) {
      columns[FILTER_COLUMNS[name]] = values;
    }
    const pages = this.options.scans.scansInOrder({
      workspaceId,
      from: range.from,
      to: range.to,
      codes: selection.codes,
      columns,
      bots: query.bots ?? false,
    });
    const time = zonedTimes(range.timeZone);
    const labels = this.labels(workspaceId);
    const conversions = this.options.conversions;
    const body = (async function* lines() {
      yield csvLine(EXPORT_COLUMNS);
      for await (const page of pages) {
        await labels.load(
          page.map((scan) => scan.qrcode_id),
          page.map((scan) => scan.rule_id),
        );
        const scanIds = page.map((scan) => scan.scan_id).filter((id): id is string => !!id);
        const converted = await conversions.countsOfScans(workspaceId, scanIds);
        yield page
          .map((scan) => {
            const code = labels.code(scan.qrcode_id);
            const sold = scan.scan_id ? converted.get(scan.scan_id) : undefined;
            return csvLine([
              time(Number(scan.at)),
              scan.qrcode_id,
              code.slug,
              code.title,
              scan.hostname,
              scan.rule_id,
              labels.rule(scan.rule_id),
              scan.target,
              scan.country,
              scan.region,
              scan.device,
              scan.os,
              scan.browser,
              scan.language,
              scan.referrer_host,
              scan.bot ? 'true' : 'false',
              scan.visitor_hash,
              scan.scan_id ?? null,
              scan.variant ?? null,
              scan.gs1_link_type ?? null,
              scan.gs1_key ?? null,
              scan.gs1_level ?? null,
              sold?.conversions ?? 0,
              sold ? revenueCell(sold.revenue) : '',
            ]);
          })
          .join('');
      }
    })();
    return { fileName: await this.fileName(workspaceId, 'scans', query, range), body };
  }

  async timeseriesCsv(
    workspaceId: string,
    query: AnalyticsQueryInput & { interval?: Interval | undefined },
  ): Promise<CsvDownload<string>> {
    const series = await this.timeseries(workspaceId, query);
    const currencies = currenciesOf(series.points);
    const body = [
      csvLine(['t', 'total', 'unique', 'bots', ...CONVERSION_COLUMNS, ...revenueHeader(currencies)]),
      ...series.points.map((p) =>
        csvLine([
          p.t,
          p.total,
          p.unique,
          p.bots,
          ...conversionCells(p),
          ...revenueCells(p.revenue, currencies),
        ]),
      ),
    ].join('');
    const range = resolveRange(query, this.clock.now(), undefined);
    const what = `timeseries by ${query.interval ?? 'day'}`;
    return { fileName: await this.fileName(workspaceId, what, query, range, series), body };
  }

  async breakdownCsv(
    workspaceId: string,
    query: AnalyticsQueryInput & { by: Dimension; limit?: number | undefined },
  ): Promise<CsvDownload<string>> {
    const breakdown = await this.breakdown(workspaceId, query);
    const currencies = currenciesOf(breakdown.rows);
    const labels = this.labels(workspaceId);
    const keys = breakdown.rows.map((row) => row.key ?? '');
    await labels.load(query.by === 'qrcode' ? keys : [], query.by === 'rule' ? keys : []);
    const named = (key: string | null): (string | null)[] => {
      if (query.by === 'qrcode') return [key, labels.code(key).slug, labels.code(key).title];
      if (query.by === 'rule') return [key, labels.rule(key)];
      return [key];
    };
    const header =
      query.by === 'qrcode'
        ? ['qrcode', 'slug', 'title']
        : query.by === 'rule'
          ? ['rule', 'ruleName']
          : [query.by];
    const body = [
      csvLine([...header, 'total', 'unique', 'bots', ...CONVERSION_COLUMNS, ...revenueHeader(currencies)]),
      ...breakdown.rows.map((row) =>
        csvLine([
          ...named(row.key),
          row.total,
          row.unique,
          row.bots,
          ...conversionCells(row),
          ...revenueCells(row.revenue, currencies),
        ]),
      ),
    ].join('');
    const range = resolveRange(query, this.clock.now(), undefined);
    return {
      fileName: await this.fileName(workspaceId, `breakdown by ${query.by}`, query, range, breakdown),
      body,
    };
  }

  private labels(workspaceId: string): ExportLabels {
    return new ExportLabels(workspaceId, { codes: this.options.codes, rules: this.options.rules });
  }

  /**
   * The download's file name: what it holds, the one code (its slug) or tag it is about, and the
   * local dates of the range (the last inclusive). A frame already answered gives the range read.
   */
  private async fileName(
    workspaceId: string,
    what: string,
    query: AnalyticsQueryInput,
    range: ResolvedRange,
    answered?: { from: string; to: string },
  ): Promise<string> {
    const codes = values(query.qrcode) ?? [];
    const tags = values(query.tag) ?? [];
    let subject: string | undefined;
    if (codes.length === 1 && tags.length === 0) {
      subject = (await this.options.codes.get(workspaceId, codes[0] as string)).slug;
    } else if (tags.length === 1 && codes.length === 0) subject = tags[0];
    const from = answered ? Date.parse(answered.from) : range.from;
    const to = answered ? Date.parse(answered.to) : range.to;
    const day = (instant: number) => isoInZone(instant, range.timeZone).slice(0, 10);
    return csvFileName(what, subject, day(from), day(Math.max(from, to - 1)));
  }

  private frame(range: ResolvedRange) {
    return {
      from: isoInZone(range.from, range.timeZone),
      to: isoInZone(range.to, range.timeZone),
      timeZone: range.timeZoneAsSent,
    };
  }

  private async prepare(workspaceId: string, query: AnalyticsQueryInput) {
    await this.options.scans.settled(workspaceId);
    const earliest = query.range === 'all' ? await this.options.scans.firstBucket(workspaceId) : undefined;
    const range = resolveRange(query, this.clock.now(), earliest);
    const filters: Selection['filters'] = {};
    for (const name of Object.keys(FILTER_COLUMNS) as FilterName[]) {
      const list = values(query[name]);
      if (list && list.length > 0) filters[name] = [...new Set(list.map(NORMALISE[name]))];
    }
    const unknown = unknownFilterValues(filters);
    if (unknown.length > 0) throw validationFailed(unknown);
    const selection: Selection = { workspaceId, codes: await this.codes(workspaceId, query), filters };
    return { range, selection, sold: conversionSelection(selection) };
  }

  /** The codes a stream follows: undefined for all (404 for a code of another account). */
  streamCodes(
    workspaceId: string,
    query: Pick<AnalyticsQueryInput, 'qrcode' | 'tag'>,
  ): Promise<string[] | undefined> {
    return this.codes(workspaceId, query);
  }

  /** The codes named by `qrcode` (each the account's, or a 404) and by `tag`; both: those in both. */
  private async codes(workspaceId: string, query: AnalyticsQueryInput): Promise<string[] | undefined> {
    const ids = values(query.qrcode);
    const tags = values(query.tag);
    let codes: Set<string> | undefined;
    if (ids && ids.length > 0) {
      codes = new Set();
      for (const id of new Set(ids)) codes.add((await this.options.codes.get(workspaceId, id)).id);
    }
    if (tags && tags.length > 0) {
      const tagged = new Set<string>();
      for (const tag of new Set(tags)) {
        let cursor: string | undefined;
        do {
          const page = await this.options.codes.list(workspaceId, {
            tag,
            limit: 100,
            ...(cursor ? { cursor } : {}),
          });
          for (const code of page.data) tagged.add(code.id);
          cursor = page.nextCursor ?? undefined;
        } while (cursor && tagged.size < MAX_TAG_CODES);
      }
      codes = codes ? new Set([...codes].filter((id) => tagged.has(id))) : tagged;
    }
    return codes ? [...codes].sort() : undefined;
  }
}

const EXPORT_COLUMNS = [
  'time',
  'qrcode',
  'slug',
  'title',
  'hostname',
  'rule',
  'ruleName',
  'target',
  ...SCAN_CONTEXT_DIMENSIONS,
  'bot',
  'visitor',
  'scanId',
  'variant',
  'gs1LinkType',
  'gs1Key',
  'gs1Level',
  'conversions',
  'revenue',
];

/** ISO times in the zone; the offset is looked up once per quarter hour, not per scan. */
function zonedTimes(timeZone: string): (at: number) => string {
  let quarter = Number.NaN;
  let offset = 0;
  let suffix = 'Z';
  return (at) => {
    const q = Math.floor(at / 900_000);
    if (q !== quarter) {
      quarter = q;
      const iso = isoInZone(q * 900_000, timeZone);
      suffix = iso.slice(19);
      offset = Date.parse(`${iso.slice(0, 19)}Z`) - q * 900_000;
    }
    return `${new Date(at + offset).toISOString().slice(0, 23)}${suffix}`;
  };
}

function totals(counts: Counts, bots: boolean | undefined, converted: ConversionCounts | undefined): Totals {
  const conversions = converted?.conversions ?? 0;
  return {
    total: counts.scans + (bots ? counts.bots : 0),
    unique: counts.visitors,
    bots: counts.bots,
    conversions,
    // Per human scan: a conversion is always credited to one.
    conversionRate: counts.scans > 0 ? conversions / counts.scans : null,
    revenue: converted?.revenue ?? {},
  };
}

function addConversions(into: ConversionCounts, counts: ConversionCounts): void {
  into.conversions += counts.conversions;
  for (const [currency, amount] of Object.entries(counts.revenue))
    into.revenue[currency] = (into.revenue[currency] ?? 0) + amount;
}

/** One query's range and selections (scans', and conversions' by the same filters), resolved once. */
type Prepared = Awaited<ReturnType<AnalyticsService['prepare']>>;

/** The scans' selection as the conversions read it: the same codes, the same filter columns. */
function conversionSelection(selection: Selection): ConversionSelection {
  const columns: ConversionSelection['columns'] = {};
  for (const [name, values] of Object.entries(selection.filters) as [FilterName, string[]][])
    columns[FILTER_COLUMNS[name]] = values;
  return { workspaceId: selection.workspaceId, codes: selection.codes, columns };
}

const CONVERSION_COLUMNS = ['conversions', 'conversionRate'];

function conversionCells(totals: Totals): (string | number)[] {
  return [totals.conversions, totals.conversionRate === null ? '' : Number(totals.conversionRate.toFixed(6))];
}

function currenciesOf(rows: readonly Totals[]): string[] {
  return [...new Set(rows.flatMap((row) => Object.keys(row.revenue)))].sort();
}

/** One revenue column per currency seen, in major units (`revenue EUR`: 19.99). */
const revenueHeader = (currencies: readonly string[]) => currencies.map((currency) => `revenue ${currency}`);

function revenueCells(revenue: Record<string, number>, currencies: readonly string[]): string[] {
  return currencies.map((currency) => majorUnits(revenue[currency] ?? 0, currency));
}

/** Revenue as one CSV cell: `EUR 19.99; USD 5.00` in major units, currencies in order. */
export function revenueCell(revenue: Record<string, number>): string {
  return Object.keys(revenue)
    .sort()
    .map((currency) => `${currency} ${majorUnits(revenue[currency] as number, currency)}`)
    .join('; ');
}

function majorUnits(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
}

/** Index of the last edge at or before the instant (edges ascend). */
function lastAtOrBefore(edges: number[], instant: number): number {
  let low = 0;
  let high = edges.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((edges[middle] as number) <= instant) low = middle;
    else high = middle - 1;
  }
  return low;
}
