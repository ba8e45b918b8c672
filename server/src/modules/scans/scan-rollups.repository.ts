import { type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { stepStart } from '../../db/time-steps.js';
import { unionAll } from '../../db/union-all.js';
import { rememberedFor } from '../../shared/bounded-memo.js';
import { DAY_MS } from '../../shared/clock.js';
import {
  BUCKET_MS,
  type Counts,
  DIMENSION_COLUMN,
  type Dimension,
  FILTER_COLUMNS,
  type FilterName,
  GS1_DIMENSIONS,
  type RollupSelection as Selection,
  WEEK_MS,
} from './scan-rollups.js';

// Reads of the scan rollups (docs/adr/2026-11-23-analytics-rollups.md), which analytics reaches
// through `ScansService`: the module that writes the rollups is the one that reads them. Never the
// raw scans. Code and tag filters read the per-code rows; any other filter reads the quarter-hour
// facts, which hold every dimension.

const ZERO: Counts = { scans: 0, bots: 0, visitors: 0 };

const hasFilters = (selection: Selection) => Object.keys(selection.filters).length > 0;
const selectsNothing = (selection: Selection) =>
  selection.codes !== undefined && selection.codes.length === 0;

type Sums = { scans: number | string | null; bots: number | string | null; visitors: number | string | null };
const counts = (row: Sums | undefined): Counts => ({
  scans: Number(row?.scans ?? 0),
  bots: Number(row?.bots ?? 0),
  visitors: Number(row?.visitors ?? 0),
});

function sums<T extends keyof Database>(visitorsColumn: 'visitors' | 'code_visitors') {
  return (eb: ExpressionBuilder<Database, T>) =>
    [
      eb.fn.sum<number>(eb.ref('scans' as never)).as('scans'),
      eb.fn.sum<number>(eb.ref('bots' as never)).as('bots'),
      eb.fn.sum<number>(eb.ref(visitorsColumn as never)).as('visitors'),
    ] as const;
}

/** Quarter-hour facts of the selection in [from, to). */
function facts(db: Kysely<Database>, selection: Selection, from: number, to: number) {
  let query = db
    .selectFrom('scan_rollups')
    .where('account_id', '=', selection.workspaceId)
    .where('bucket', '>=', from)
    .where('bucket', '<', to);
  if (selection.codes) query = query.where('qrcode_id', 'in', selection.codes);
  for (const [name, values] of Object.entries(selection.filters) as [FilterName, string[]][]) {
    query = query.where(FILTER_COLUMNS[name], 'in', values);
  }
  return query;
}

/** Quarter-hour totals in [from, to): the account's own row, or each selected code's. */
function totals(db: Kysely<Database>, selection: Selection, from: number, to: number) {
  return db
    .selectFrom('scan_totals')
    .where('account_id', '=', selection.workspaceId)
    .where('qrcode_id', 'in', selection.codes ?? [''])
    .where('bucket', '>=', from)
    .where('bucket', '<', to);
}

/** Per-code rows hold each code's visitors; the account's rows its own (a visitor of two codes is one). */
const factVisitors = (selection: Selection, by?: Dimension) =>
  selection.codes || by === 'qrcode' ? 'code_visitors' : 'visitors';

/**
 * Scans, bots and visitors per `step` in [from, to): quarter hours by default, or hours or days
 * (a multiple of the quarter hour), each keyed by its start. A daily series read by the hour gets
 * a quarter of the rows, and by the day (UTC) a ninety-sixth.
 */
export async function countsByBucket(
  db: Kysely<Database>,
  selection: Selection,
  from: number,
  to: number,
  step: number = BUCKET_MS,
): Promise<Map<number, Counts>> {
  if (selectsNothing(selection) || from >= to) return new Map();
  const start = bucketStart(step);
  const rows = hasFilters(selection)
    ? await facts(db, selection, from, to)
        .select(start.as('bucket'))
        .select(sums<'scan_rollups'>(factVisitors(selection)))
        .groupBy(sql`1`)
        .execute()
    : await totals(db, selection, from, to)
        .select(start.as('bucket'))
        .select(sums<'scan_totals'>('visitors'))
        .groupBy(sql`1`)
        .execute();
  return new Map(rows.map((row) => [Number(row.bucket), counts(row)]));
}

/** The start of the `step` a quarter-hour row's bucket falls in (the bucket itself by default). */
function bucketStart(step: number) {
  return step === BUCKET_MS ? sql<string>`${sql.ref('bucket')}` : stepStart('bucket', step);
}

/** Scans, bots and visitors of the selection in [from, to). */
export async function countsIn(
  db: Kysely<Database>,
  selection: Selection,
  from: number,
  to: number,
): Promise<Counts> {
  if (selectsNothing(selection) || from >= to) return { ...ZERO };
  const row = hasFilters(selection)
    ? await facts(db, selection, from, to)
        .select(sums<'scan_rollups'>(factVisitors(selection)))
        .executeTakeFirst()
    : await totals(db, selection, from, to).select(sums<'scan_totals'>('visitors')).executeTakeFirst();
  return counts(row);
}

/**
 * Counts per value of a dimension in [from, to). Whole UTC days inside the range come from the
 * daily rows (a few per day), the whole account's whole weeks from its weekly rows; the partial
 * days at either end from the account's per-dimension quarter hours, or from the quarter-hour
 * facts when codes are selected. The parts are summed in one query: by code each part holds a
 * row per code, and summing 2,000 rows four times over in JavaScript cost more than the database's
 * one sum (the 30-day breakdown by code of 10M scans on SQLite: 12 ms as four queries, 9.5 as one).
 */
export async function countsByKey(
  db: Kysely<Database>,
  selection: Selection,
  by: Dimension,
  from: number,
  to: number,
): Promise<Map<string, Counts>> {
  if (selectsNothing(selection) || from >= to) return new Map();
  const parts = unionAll(await partsByKey(db, selection, by, from, to));
  if (!parts) return new Map();
  const rows = await db
    .selectFrom(parts.as('parts'))
    .select([
      'key',
      sql<string>`sum(scans)`.as('scans'),
      sql<string>`sum(bots)`.as('bots'),
      sql<string>`sum(visitors)`.as('visitors'),
    ])
    .groupBy('key')
    .execute();
  return new Map(rows.map((row) => [String(row.key ?? ''), counts(row)]));
}

/** A part of a breakdown: key, scans, bots and visitors rows of one table and time span. */
type KeyedPart = SelectQueryBuilder<
  Database,
  never,
  { key: string; scans: number; bots: number; visitors: number }
>;

/** The row columns every part selects, visitors from `visitorsColumn`. */
const partColumns = (key: RawBuilder<string>, visitorsColumn: string) => [
  key.as('key'),
  sql<number>`${sql.ref('scans')}`.as('scans'),
  sql<number>`${sql.ref('bots')}`.as('bots'),
  sql<number>`${sql.ref(visitorsColumn)}`.as('visitors'),
];

async function partsByKey(
  db: Kysely<Database>,
  selection: Selection,
  by: Dimension,
  from: number,
  to: number,
): Promise<KeyedPart[]> {
  const parts: KeyedPart[] = [];
  const byFacts = (start: number, end: number) => {
    if (start >= end) return;
    let query = facts(db, selection, start, end);
    // A code's scans have no GS1 values: GS1 breakdowns list GS1 scans only, as their daily rows do.
    if (GS1_DIMENSIONS.has(by)) query = query.where(DIMENSION_COLUMN[by], '!=', '');
    const key = sql<string>`${sql.ref(DIMENSION_COLUMN[by])}`;
    parts.push(query.select(partColumns(key, factVisitors(selection, by))) as unknown as KeyedPart);
  };
  if (hasFilters(selection)) {
    byFacts(from, to);
    return parts;
  }
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const endDay = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstDay >= endDay) {
    byFacts(from, to);
    return parts;
  }
  // A range that ends today (every preset does) holds all of today's scans so far: today's daily
  // rows are then its last partial day, a few rows a key instead of one per quarter hour.
  const throughDay = (await lastDayIsWhole(db, selection, to, endDay)) ? endDay + DAY_MS : endDay;
  const byDays = (start: number, end: number) => {
    if (start >= end) return;
    let daily = db
      .selectFrom('scan_daily_rollups')
      .where('account_id', '=', selection.workspaceId)
      .where('dimension', '=', by)
      .where('day', '>=', start)
      .where('day', '<', end);
    if (by === 'qrcode') {
      // The account's `qrcode` rows count each code's own visitors already.
      daily = daily.where('qrcode_id', '=', '');
      if (selection.codes) daily = daily.where('key', 'in', selection.codes);
    } else {
      daily = daily.where('qrcode_id', 'in', selection.codes ?? ['']);
    }
    parts.push(daily.select(partColumns(sql<string>`${sql.ref('key')}`, 'visitors')) as unknown as KeyedPart);
  };
  const byAccountRows = (table: keyof typeof ACCOUNT_ROWS_TIME, start: number, end: number) => {
    if (start >= end) return;
    // Both tables share the columns read here; Kysely cannot type a query over a union of tables.
    const time = ACCOUNT_ROWS_TIME[table] as 'bucket';
    const rows = db
      .selectFrom(table as 'scan_dimension_buckets')
      .where('account_id', '=', selection.workspaceId)
      .where('dimension', '=', by)
      .where(time, '>=', start)
      .where(time, '<', end);
    parts.push(rows.select(partColumns(sql<string>`${sql.ref('key')}`, 'visitors')) as unknown as KeyedPart);
  };
  if (selection.codes) {
    byDays(firstDay, throughDay);
    byFacts(from, firstDay);
    byFacts(throughDay, to);
    return parts;
  }
  // The whole account: its whole weeks from the weekly rows, the days around them from the daily.
  const firstWeek = Math.ceil(firstDay / WEEK_MS) * WEEK_MS;
  const endWeek = Math.floor(throughDay / WEEK_MS) * WEEK_MS;
  if (firstWeek < endWeek) {
    byDays(firstDay, firstWeek);
    byAccountRows('scan_weekly_rollups', firstWeek, endWeek);
    byDays(endWeek, throughDay);
  } else byDays(firstDay, throughDay);
  // The whole account: the partial days from its per-dimension quarter hours.
  byAccountRows('scan_dimension_buckets', from, firstDay);
  byAccountRows('scan_dimension_buckets', throughDay, to);
  return parts;
}

/** The account-wide per-dimension tables, by their time column: the weekly and quarter-hour rows. */
const ACCOUNT_ROWS_TIME = { scan_weekly_rollups: 'week', scan_dimension_buckets: 'bucket' } as const;

/**
 * Whether the selection's scans of the UTC day `day` all fall before `to` (no quarter hour of the
 * day from `to` on holds one): then the day's daily rows count exactly its scans before `to`.
 */
function lastDayIsWhole(
  db: Kysely<Database>,
  selection: Selection,
  to: number,
  day: number,
): Promise<boolean> {
  if (to <= day) return Promise.resolve(false);
  // Asked by every breakdown of a dashboard over the same selection: once a request.
  return rememberedFor(selection, `scans whole ${to} ${day}`, async () => {
    const later = await totals(db, selection, to, day + DAY_MS)
      .select('bucket')
      .limit(1)
      .executeTakeFirst();
    return later === undefined;
  });
}

/** The account's first quarter hour with a scan (for `range=all`). */
export async function firstBucket(db: Kysely<Database>, workspaceId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('scan_totals')
    .where('account_id', '=', workspaceId)
    .where('qrcode_id', '=', '')
    .select((eb) => eb.fn.min('bucket').as('first'))
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? undefined : Number(row.first);
}
