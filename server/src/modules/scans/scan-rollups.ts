import { DAY_MS } from '../../shared/clock.js';
import { SCAN_CONTEXT_COLUMNS, SCAN_CONTEXT_DIMENSIONS } from '../../shared/scan-context-fields.js';
import type { NewScanRow, ScanRollupsTable } from './scans.table.js';

/**
 * What the recorder adds to the rollups for one batch of scans (docs/adr/2026-11-23-analytics-rollups.md).
 * Pure: the writers apply the deltas later than the scans themselves (on PostgreSQL in the
 * transaction that ships a journal file, on SQLite in the one that moves the rollup cursor).
 *
 * Five rollups, all additive so any range is a sum:
 * - facts: every dimension of a scan, per account, code and quarter hour (any filter combination);
 * - totals: per quarter hour, for the account ('' as code) and for each code (time series);
 * - daily: per UTC day, per dimension and key, for the account and for each code (fast breakdowns);
 * - weekly: the account's daily rows per week (a long range's breakdown by code);
 * - buckets: per quarter hour, dimension and key, for the account (a breakdown's partial days).
 * Buckets are quarter hours because every time zone in use is a whole number of quarter hours
 * from UTC (Asia/Kolkata +5:30, Asia/Kathmandu +5:45): a local day is always a run of buckets.
 */
export const BUCKET_MS = 15 * 60_000;

/** Dimensions kept per day; `qrcode` only for the account as a whole. */
export const DIMENSIONS = [
  ...SCAN_CONTEXT_DIMENSIONS,
  'hostname',
  'rule',
  'qrcode',
  'gs1LinkType',
  'gs1Key',
  'gs1Level',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/**
 * GS1 Digital Link scans' own dimensions (issue 46): only GS1 scans have a value, so a code's scan
 * adds no daily or per-dimension row for them, and their breakdowns list GS1 scans only.
 */
export const GS1_DIMENSIONS: ReadonlySet<Dimension> = new Set(['gs1LinkType', 'gs1Key', 'gs1Level']);

/** The scan column each dimension reads, which is also its column in the rollups. */
export const DIMENSION_COLUMN = {
  country: 'country',
  region: 'region',
  device: 'device',
  os: 'os',
  browser: 'browser',
  language: 'language',
  referrer: 'referrer_host',
  hostname: 'hostname',
  rule: 'rule_id',
  qrcode: 'qrcode_id',
  gs1LinkType: 'gs1_link_type',
  gs1Key: 'gs1_key',
  gs1Level: 'gs1_level',
} as const satisfies Record<Dimension, keyof NewScanRow>;

/** The filters analytics reads from the facts, and each one's column. */
export const FILTER_COLUMNS = {
  hostname: 'hostname',
  rule: 'rule_id',
  country: 'country',
  device: 'device',
  os: 'os',
  browser: 'browser',
} as const;
export type FilterName = keyof typeof FILTER_COLUMNS;

/** Which of an account's scans a rollup read counts. */
export interface RollupSelection {
  workspaceId: string;
  /** The codes selected by `qrcode` and `tag`; undefined for all of the account's codes. */
  codes: string[] | undefined;
  /** Other filters: each a list of values ('' for none), combined with AND across filters. */
  filters: Partial<Record<FilterName, string[]>>;
}

/** Columns of a fact row that say what was scanned ('' where the scan had no value). */
export const FACT_KEY_COLUMNS = [
  'account_id',
  'bucket',
  'qrcode_id',
  'hostname',
  'rule_id',
  ...SCAN_CONTEXT_COLUMNS,
  'gs1_link_type',
  'gs1_key',
  'gs1_level',
] as const;

export interface Counts {
  scans: number;
  bots: number;
  /** Human visitors counted at their first scan of the UTC day in the account. */
  visitors: number;
}

/** A fact row's key and what a batch adds to its counts: the table's row, column for column. */
export type FactDelta = ScanRollupsTable;

export interface TotalsDelta extends Counts {
  account_id: string;
  /** '' for the whole account. */
  qrcode_id: string;
  bucket: number;
}

/** Per quarter hour, dimension and key, for the whole account: the partial days of a breakdown. */
export interface BucketDelta extends Counts {
  account_id: string;
  dimension: Dimension;
  bucket: number;
  key: string;
}

export interface DailyDelta extends Counts {
  account_id: string;
  /** '' for the whole account. */
  qrcode_id: string;
  dimension: Dimension;
  day: number;
  key: string;
}

/**
 * The account's daily rows summed per week (WEEK_MS): a 30-day breakdown by code reads three or
 * four weeks of 2,000 codes' rows and the few days around them instead of 30 days of them.
 * Visitors are the daily rows' sum, as a range of days adds them.
 */
export interface WeeklyDelta extends Counts {
  account_id: string;
  dimension: Dimension;
  week: number;
  key: string;
}

/** One visitor of one UTC day, for the account (scope = account id) or a code (scope = code id). */
export interface VisitorKey {
  day: number;
  scope: string;
  visitor_hash: string;
}

/** The string form of a visitor key, as the set of new visitors holds it. */
const visitorKey = (day: number, scope: string, hash: string) => `${day}\u001f${scope}\u001f${hash}`;

export const visitorKeyString = (key: VisitorKey) => visitorKey(key.day, key.scope, key.visitor_hash);

export const dayOf = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;
export const bucketOf = (at: number) => Math.floor(at / BUCKET_MS) * BUCKET_MS;
/**
 * Weeks of the weekly rollups: runs of seven UTC days from the epoch (a Thursday). Any fixed run
 * serves, since a range reads the whole weeks inside it and the days around them.
 */
export const WEEK_MS = 7 * DAY_MS;
export const weekOf = (at: number) => Math.floor(at / WEEK_MS) * WEEK_MS;

/** One order for every writer (day, scope, hash), so concurrent transactions lock rows alike. */
function compareVisitorKeys(a: VisitorKey, b: VisitorKey): number {
  if (a.day !== b.day) return a.day - b.day;
  if (a.scope !== b.scope) return a.scope < b.scope ? -1 : 1;
  return a.visitor_hash < b.visitor_hash ? -1 : a.visitor_hash > b.visitor_hash ? 1 : 0;
}

/** The visitor keys a batch touches (humans only: bots are not visitors), each once, sorted. */
export function visitorKeysOf(scans: readonly NewScanRow[]): VisitorKey[] {
  // Nested by day and scope: the scans' own strings are the keys, no key string is built per scan.
  const seen = new Map<number, Map<string, Set<string>>>();
  const keys: VisitorKey[] = [];
  const keep = (scopes: Map<string, Set<string>>, day: number, scope: string, hash: string) => {
    let hashes = scopes.get(scope);
    if (!hashes) {
      hashes = new Set();
      scopes.set(scope, hashes);
    }
    if (hashes.has(hash)) return;
    hashes.add(hash);
    keys.push({ day, scope, visitor_hash: hash });
  };
  for (const scan of scans) {
    if (scan.bot) continue;
    const day = dayOf(Number(scan.at));
    let scopes = seen.get(day);
    if (!scopes) {
      scopes = new Map();
      seen.set(day, scopes);
    }
    keep(scopes, day, scan.account_id, scan.visitor_hash);
    keep(scopes, day, scan.qrcode_id, scan.visitor_hash);
  }
  return keys.sort(compareVisitorKeys);
}

export interface BatchRollups {
  facts: FactDelta[];
  totals: TotalsDelta[];
  daily: DailyDelta[];
  buckets: BucketDelta[];
  weekly: WeeklyDelta[];
}

function add<T extends Counts>(
  map: Map<string, T>,
  key: string,
  make: () => T,
  counts: { scans: number; bots: number },
  visitors: number,
) {
  let row = map.get(key);
  if (!row) {
    row = make();
    map.set(key, row);
  }
  row.scans += counts.scans;
  row.bots += counts.bots;
  row.visitors += visitors;
}

const zero = { scans: 0, bots: 0, visitors: 0 };

function sortedValues<T>(map: Map<string, T>): T[] {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** Whether two scans of one quarter hour fall in the same fact (null and '' are alike, as in the key). */
function sameFact(a: NewScanRow, b: NewScanRow): boolean {
  return (
    a.account_id === b.account_id &&
    a.qrcode_id === b.qrcode_id &&
    a.hostname === b.hostname &&
    (a.rule_id ?? '') === (b.rule_id ?? '') &&
    (a.country ?? '') === (b.country ?? '') &&
    (a.region ?? '') === (b.region ?? '') &&
    (a.device ?? '') === (b.device ?? '') &&
    (a.os ?? '') === (b.os ?? '') &&
    (a.browser ?? '') === (b.browser ?? '') &&
    (a.language ?? '') === (b.language ?? '') &&
    (a.referrer_host ?? '') === (b.referrer_host ?? '') &&
    (a.gs1_link_type ?? '') === (b.gs1_link_type ?? '') &&
    (a.gs1_key ?? '') === (b.gs1_key ?? '') &&
    (a.gs1_level ?? '') === (b.gs1_level ?? '')
  );
}

/** A fact's identity: its key columns, '' where the scan had no value (FACT_KEY_COLUMNS's order). */
function factKeyOf(scan: NewScanRow, bucket: number): string {
  return `${scan.account_id}\u001f${bucket}\u001f${scan.qrcode_id}\u001f${scan.hostname}\u001f${scan.rule_id ?? ''}\u001f${
    scan.country ?? ''
  }\u001f${scan.region ?? ''}\u001f${scan.device ?? ''}\u001f${scan.os ?? ''}\u001f${scan.browser ?? ''}\u001f${
    scan.language ?? ''
  }\u001f${scan.referrer_host ?? ''}${gs1FactKey(scan)}`;
}

/** The GS1 part of a fact's key: nothing for a code's scan, so its key stays as it was. */
function gs1FactKey(scan: NewScanRow): string {
  if (scan.gs1_link_type == null && scan.gs1_key == null && scan.gs1_level == null) return '';
  return `\u001f${scan.gs1_link_type ?? ''}\u001f${scan.gs1_key ?? ''}\u001f${scan.gs1_level ?? ''}`;
}

function newFact(scan: NewScanRow, bucket: number): FactDelta {
  return {
    account_id: scan.account_id,
    bucket,
    qrcode_id: scan.qrcode_id,
    hostname: scan.hostname,
    rule_id: scan.rule_id ?? '',
    country: scan.country ?? '',
    region: scan.region ?? '',
    device: scan.device ?? '',
    os: scan.os ?? '',
    browser: scan.browser ?? '',
    language: scan.language ?? '',
    referrer_host: scan.referrer_host ?? '',
    gs1_link_type: scan.gs1_link_type ?? '',
    gs1_key: scan.gs1_key ?? '',
    gs1_level: scan.gs1_level ?? '',
    ...zero,
    code_visitors: 0,
  };
}

/**
 * The rollup deltas of a batch. `newVisitors` holds the keys (visitorKeyString) that were not yet
 * in the visitor set before this batch; the first scan of the batch with such a key is the
 * visitor's first scan of the day and counts one unique.
 *
 * Each scan touches one fact; totals and daily rows are then summed from the facts, which a batch
 * holds far fewer of than scans (this runs inside the scans' transaction, on the hot path).
 */
export function rollupsOf(scans: readonly NewScanRow[], newVisitors: ReadonlySet<string>): BatchRollups {
  // Most batches hold no new visitor (their visitors scanned earlier today): then no key is built.
  const unseen = newVisitors.size > 0 ? new Set(newVisitors) : null;

  const facts = new Map<string, FactDelta>();
  let previousScan: NewScanRow | undefined;
  let previousFact: FactDelta | undefined;
  for (const scan of scans) {
    const at = Number(scan.at);
    const bucket = bucketOf(at);
    // A run of alike scans (one code's burst) shares its fact without building a key each.
    let fact =
      previousScan && previousFact?.bucket === bucket && sameFact(previousScan, scan)
        ? previousFact
        : undefined;
    if (!fact) {
      const key = factKeyOf(scan, bucket);
      fact = facts.get(key);
      if (!fact) {
        fact = newFact(scan, bucket);
        facts.set(key, fact);
      }
    }
    previousScan = scan;
    previousFact = fact;
    if (scan.bot) {
      fact.bots += 1;
      continue;
    }
    fact.scans += 1;
    if (unseen === null || unseen.size === 0) continue;
    const day = dayOf(at);
    if (unseen.delete(visitorKey(day, scan.account_id, scan.visitor_hash))) fact.visitors += 1;
    if (unseen.delete(visitorKey(day, scan.qrcode_id, scan.visitor_hash))) fact.code_visitors += 1;
  }

  const totals = new Map<string, TotalsDelta>();
  const daily = new Map<string, DailyDelta>();
  const buckets = new Map<string, BucketDelta>();
  const weekly = new Map<string, WeeklyDelta>();
  for (const fact of facts.values()) {
    const { account_id: account, qrcode_id: code, bucket } = fact;
    const day = dayOf(bucket);
    const week = weekOf(bucket);
    for (const [scope, visitors] of [
      ['', fact.visitors],
      [code, fact.code_visitors],
    ] as const) {
      add(
        totals,
        `${account}\u001f${scope}\u001f${bucket}`,
        () => ({ account_id: account, qrcode_id: scope, bucket, ...zero }),
        fact,
        visitors,
      );
      for (const dimension of DIMENSIONS) {
        if (dimension === 'qrcode' && scope !== '') continue;
        const key = fact[DIMENSION_COLUMN[dimension] as keyof FactDelta] as string;
        if (key === '' && GS1_DIMENSIONS.has(dimension)) continue;
        // Per code, `qrcode` rows count the code's own visitors (a visitor of two codes is one
        // for the account and one for each code).
        const counted = dimension === 'qrcode' ? fact.code_visitors : visitors;
        add(
          daily,
          `${account}\u001f${scope}\u001f${dimension}\u001f${day}\u001f${key}`,
          () => ({ account_id: account, qrcode_id: scope, dimension, day, key, ...zero }),
          fact,
          counted,
        );
        if (scope === '') {
          add(
            buckets,
            `${account}\u001f${dimension}\u001f${bucket}\u001f${key}`,
            () => ({ account_id: account, dimension, bucket, key, ...zero }),
            fact,
            counted,
          );
          add(
            weekly,
            `${account}\u001f${dimension}\u001f${week}\u001f${key}`,
            () => ({ account_id: account, dimension, week, key, ...zero }),
            fact,
            counted,
          );
        }
      }
    }
  }
  return {
    facts: sortedValues(facts),
    totals: sortedValues(totals),
    daily: sortedValues(daily),
    buckets: sortedValues(buckets),
    weekly: sortedValues(weekly),
  };
}

/** What a batch adds to a code's running totals (`scan_counters`). */
export interface CounterDelta {
  total: number;
  bots: number;
  last_at: number;
}

/** The counter deltas of a batch, per code. */
export function countersOf(scans: readonly NewScanRow[]): Map<string, CounterDelta> {
  const counters = new Map<string, CounterDelta>();
  for (const scan of scans) {
    const counter = counters.get(scan.qrcode_id) ?? { total: 0, bots: 0, last_at: 0 };
    // Bots are recorded but not counted: they move neither the total nor the last scan's time.
    if (scan.bot) counter.bots += 1;
    else {
      counter.total += 1;
      counter.last_at = Math.max(counter.last_at, Number(scan.at));
    }
    counters.set(scan.qrcode_id, counter);
  }
  return counters;
}

/** A rollup table: the columns of its key, and the counts an upsert adds to a stored row. */
export interface RollupTable {
  name: string;
  key: readonly string[];
  counts: readonly string[];
}

const COUNTS = ['scans', 'bots', 'visitors'] as const;

/** The five rollups of a batch, as both engines write them. */
export const ROLLUP_TABLES: Record<keyof BatchRollups, RollupTable> = {
  facts: { name: 'scan_rollups', key: FACT_KEY_COLUMNS, counts: [...COUNTS, 'code_visitors'] },
  totals: { name: 'scan_totals', key: ['account_id', 'qrcode_id', 'bucket'], counts: COUNTS },
  buckets: {
    name: 'scan_dimension_buckets',
    key: ['account_id', 'dimension', 'bucket', 'key'],
    counts: COUNTS,
  },
  daily: {
    name: 'scan_daily_rollups',
    key: ['account_id', 'qrcode_id', 'dimension', 'day', 'key'],
    counts: COUNTS,
  },
  weekly: {
    name: 'scan_weekly_rollups',
    key: ['account_id', 'dimension', 'week', 'key'],
    counts: COUNTS,
  },
};
