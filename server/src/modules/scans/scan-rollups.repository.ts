import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
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
  const bucket = sql.ref('bucket');
  return step === BUCKET_MS ? sql<number>`${bucket}` : sql<number>`${bucket} - ${bucket} % ${sql.lit(step)}`;
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
 * facts when codes are selected.
 */
export async function countsByKey(
  db: Kysely<Database>,
  selection: Selection,
  by: Dimension,
  from: number,
  to: number,
): Promise<Map<string, Counts>> {
  const result = new Map<string, Counts>();
  if (selectsNothing(selection) || from >= to) return result;
  const addRows = (rows: ({ key: unknown } & Sums)[]) => {
    for (const row of rows) {
      const key = String(row.key ?? '');
      const sum = result.get(key) ?? { ...ZERO };
      const add = counts(row);
      result.set(key, {
        scans: sum.scans + add.scans,
        bots: sum.bots + add.bots,
        visitors: sum.visitors + add.visitors,
      });
    }
  };
  const byFacts = async (start: number, end: number) => {
    if (start >= end) return;
    let query = facts(db, selection, start, end);
    // A code's scans have no GS1 values: GS1 breakdowns list GS1 scans only, as their daily rows do.
    if (GS1_DIMENSIONS.has(by)) query = query.where(DIMENSION_COLUMN[by], '!=', '');
    addRows(
      await query
        .select((eb) => eb.ref(DIMENSION_COLUMN[by]).as('key'))
        .select(sums<'scan_rollups'>(factVisitors(selection, by)))
        .groupBy(DIMENSION_COLUMN[by])
        .execute(),
    );
  };
  if (hasFilters(selection)) {
    await byFacts(from, to);
    return result;
  }
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const endDay = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstDay >= endDay) {
    await byFacts(from, to);
    return result;
  }
  // A range that ends today (every preset does) holds all of today's scans so far: today's daily
  // rows are then its last partial day, a few rows a key instead of one per quarter hour.
  const throughDay = (await lastDayIsWhole(db, selection, to, endDay)) ? endDay + DAY_MS : endDay;
  const byDays = async (start: number, end: number) => {
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
    addRows(
      await daily.select('key').select(sums<'scan_daily_rollups'>('visitors')).groupBy('key').execute(),
    );
  };
  if (selection.codes) {
    await byDays(firstDay, throughDay);
    await byFacts(from, firstDay);
    await byFacts(throughDay, to);
    return result;
  }
  // The whole account: its whole weeks from the weekly rows, the days around them from the daily.
  const firstWeek = Math.ceil(firstDay / WEEK_MS) * WEEK_MS;
  const endWeek = Math.floor(throughDay / WEEK_MS) * WEEK_MS;
  if (firstWeek < endWeek) {
    await byDays(firstDay, firstWeek);
    addRows(await summedByKey(db, 'scan_weekly_rollups', selection.workspaceId, by, firstWeek, endWeek));
    await byDays(endWeek, throughDay);
  } else await byDays(firstDay, throughDay);
  // The whole account: the partial days from its per-dimension quarter hours.
  for (const [start, end] of [
    [from, firstDay],
    [throughDay, to],
  ] as const) {
    if (start >= end) continue;
    addRows(await summedByKey(db, 'scan_dimension_buckets', selection.workspaceId, by, start, end));
  }
  return result;
}

/** The account-wide per-dimension tables: the weekly rows and the quarter-hour rows. */
const SUMMED_BY_KEY = { scan_weekly_rollups: 'week', scan_dimension_buckets: 'bucket' } as const;

/** Scans, bots and visitors per value of `by` in the account's rows of `table` in [start, end). */
function summedByKey(
  db: Kysely<Database>,
  table: keyof typeof SUMMED_BY_KEY,
  workspaceId: string,
  by: Dimension,
  start: number,
  end: number,
) {
  // Both tables share the columns read here; Kysely cannot type a query over a union of tables.
  const time = SUMMED_BY_KEY[table] as 'bucket';
  return db
    .selectFrom(table as 'scan_dimension_buckets')
    .where('account_id', '=', workspaceId)
    .where('dimension', '=', by)
    .where(time, '>=', start)
    .where(time, '<', end)
    .select('key')
    .select(sums<'scan_dimension_buckets'>('visitors'))
    .groupBy('key')
    .execute();
}

/**
 * Whether the selection's scans of the UTC day `day` all fall before `to` (no quarter hour of the
 * day from `to` on holds one): then the day's daily rows count exactly its scans before `to`.
 */
async function lastDayIsWhole(
  db: Kysely<Database>,
  selection: Selection,
  to: number,
  day: number,
): Promise<boolean> {
  if (to <= day) return false;
  const later = await totals(db, selection, to, day + DAY_MS)
    .select('bucket')
    .limit(1)
    .executeTakeFirst();
  return later === undefined;
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
