import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { stepStart } from '../../db/time-steps.js';
import { unionAll } from '../../db/union-all.js';
import { rememberedFor } from '../../shared/bounded-memo.js';
import { wholeDays } from '../../shared/clock.js';
import type { PageWindow } from '../../shared/pagination.js';
import { BUCKET_MS, DAY_MS, rollupsOf } from './conversions.rollups.js';
import type {
  ConversionRow,
  ConversionSettingsRow,
  ConversionSettingsTable,
  NewConversionRow,
} from './conversions.table.js';

/** Stores conversions and adds them to the rollups: call it in a transaction. */
export async function insertConversions(
  db: Kysely<Database>,
  rows: readonly NewConversionRow[],
): Promise<void> {
  // 25 columns a row: 400 rows stay under either engine's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 400)
    await db
      .insertInto('conversions')
      .values(rows.slice(i, i + 400))
      .execute();
  const { totals, daily } = rollupsOf(rows);
  // One order of keys for every writer: two transactions never wait on each other's rows in a cycle.
  totals.sort(byKey);
  daily.sort(byKey);
  for (let i = 0; i < totals.length; i += 500)
    await db
      .insertInto('conversion_totals')
      .values(totals.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['account_id', 'qrcode_id', 'bucket', 'currency']).doUpdateSet({
          conversions: sql`conversion_totals.conversions + excluded.conversions`,
          revenue: sql`conversion_totals.revenue + excluded.revenue`,
        }),
      )
      .execute();
  for (let i = 0; i < daily.length; i += 400)
    await db
      .insertInto('conversion_daily')
      .values(daily.slice(i, i + 400))
      .onConflict((oc) =>
        oc.columns(['account_id', 'qrcode_id', 'dimension', 'day', 'key', 'currency']).doUpdateSet({
          conversions: sql`conversion_daily.conversions + excluded.conversions`,
          revenue: sql`conversion_daily.revenue + excluded.revenue`,
        }),
      )
      .execute();
}

/** Rollup rows in the order of their key columns (every column but the two counts). */
function byKey(a: object, b: object): number {
  const x = JSON.stringify(Object.values(a).slice(0, -2));
  const y = JSON.stringify(Object.values(b).slice(0, -2));
  return x < y ? -1 : x > y ? 1 : 0;
}

export function findByExternalIds(
  db: Kysely<Database>,
  workspaceId: string,
  externalIds: readonly string[],
): Promise<ConversionRow[]> {
  if (externalIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('conversions')
    .selectAll()
    .where('account_id', '=', workspaceId)
    .where('external_id', 'in', externalIds)
    .execute();
}

export function listConversions(
  db: Kysely<Database>,
  workspaceId: string,
  filter: { qrcode?: string | undefined; type?: string | undefined },
  window: PageWindow,
): Promise<ConversionRow[]> {
  let query = db.selectFrom('conversions').selectAll().where('account_id', '=', workspaceId);
  if (filter.qrcode) query = query.where('qrcode_id', '=', filter.qrcode);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (window.before) query = query.where('id', '<', window.before);
  return query.orderBy('id', 'desc').limit(window.limit).execute();
}

export function findSettings(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<ConversionSettingsRow | undefined> {
  return db
    .selectFrom('conversion_settings')
    .selectAll()
    .where('account_id', '=', workspaceId)
    .executeTakeFirst();
}

export function allSettings(db: Kysely<Database>): Promise<ConversionSettingsRow[]> {
  return db.selectFrom('conversion_settings').selectAll().execute();
}

export async function upsertSettings(db: Kysely<Database>, row: ConversionSettingsTable): Promise<void> {
  await db
    .insertInto('conversion_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet({
        attribution_enabled: row.attribution_enabled,
        attribution_parameter: row.attribution_parameter,
        window_days: row.window_days,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteWorkspaceConversions(db: Kysely<Database>, workspaceId: string): Promise<void> {
  await db.deleteFrom('conversions').where('account_id', '=', workspaceId).execute();
  await db.deleteFrom('conversion_totals').where('account_id', '=', workspaceId).execute();
  await db.deleteFrom('conversion_daily').where('account_id', '=', workspaceId).execute();
  await db.deleteFrom('conversion_settings').where('account_id', '=', workspaceId).execute();
}

// ---------------------------------------------------------------------------------------------
// Analytics reads: counts and revenue per currency, by the time of the credited scan

/** Which conversions an analytics read counts: the scans' selection, column for column. */
export interface ConversionSelection {
  workspaceId: string;
  codes: string[] | undefined;
  /** Column name to the values it may take ('' for none). */
  columns: Partial<Record<ConversionDimensionColumn, string[]>>;
}

export type ConversionDimensionColumn =
  | 'qrcode_id'
  | 'rule_id'
  | 'hostname'
  | 'country'
  | 'region'
  | 'device'
  | 'os'
  | 'browser'
  | 'language'
  | 'referrer_host';

export interface ConversionCountRow {
  key: string;
  currency: string;
  conversions: number;
  revenue: number;
}

function selected(db: Kysely<Database>, selection: ConversionSelection, from: number, to: number) {
  let query = db
    .selectFrom('conversions')
    .where('account_id', '=', selection.workspaceId)
    .where('scan_at', '>=', from)
    .where('scan_at', '<', to);
  if (selection.codes) {
    if (selection.codes.length === 0) return null;
    query = query.where('qrcode_id', 'in', selection.codes);
  }
  for (const [column, values] of Object.entries(selection.columns) as [
    ConversionDimensionColumn,
    string[],
  ][]) {
    const named = values.filter((value) => value !== '');
    query = query.where((eb) =>
      eb.or([
        ...(named.length > 0 ? [eb(column, 'in', named)] : []),
        ...(named.length < values.length ? [eb(column, 'is', null)] : []),
      ]),
    );
  }
  return query;
}

/** Rows of key, currency, conversions and revenue: a part of an answer, several read in one query. */
type CountPart = SelectQueryBuilder<
  Database,
  'conversions',
  { key: string; currency: string; conversions: number | string; revenue: number | string }
>;

/** The conversions' rows counted per key and currency. */
function groupedPart(
  query: SelectQueryBuilder<Database, 'conversions', object> | null,
  key: ReturnType<typeof sql<string>>,
): CountPart | null {
  if (!query) return null;
  return query
    .select([
      key.as('key'),
      sql<string>`coalesce(currency, '')`.as('currency'),
      sql<number | string>`count(*)`.as('conversions'),
      sql<number | string>`coalesce(sum(amount), 0)`.as('revenue'),
    ])
    .groupBy([sql`1`, sql`2`]);
}

/** The rollups' rows (totals, daily) summed per key and currency. */
function summedPart(
  query:
    | SelectQueryBuilder<Database, 'conversion_totals', object>
    | SelectQueryBuilder<Database, 'conversion_daily', object>
    | null,
  key: 'bucket' | 'key' | RawBuilder<string>,
): CountPart | null {
  if (!query) return null;
  // Both tables have the columns summed here; Kysely cannot type a query over either of two tables.
  return (query as unknown as SelectQueryBuilder<Database, 'conversions', object>)
    .select([
      (typeof key === 'string' ? sql<string>`${sql.ref(key)}` : key).as('key'),
      sql<string>`currency`.as('currency'),
      sql<number | string>`sum(conversions)`.as('conversions'),
      sql<number | string>`sum(revenue)`.as('revenue'),
    ])
    .groupBy([sql`1`, sql`2`]);
}

/**
 * The parts' rows, read in one query (one round trip where a breakdown's edges and days were three).
 * A key may come in several rows: callers sum them (foldCounts).
 */
async function countRows(...parts: (CountPart | null)[]): Promise<ConversionCountRow[]> {
  const query = unionAll(parts.filter((part): part is CountPart => part !== null));
  return query ? (await query.execute()).map(countRow) : [];
}

const grouped = (
  query: SelectQueryBuilder<Database, 'conversions', object> | null,
  key: ReturnType<typeof sql<string>>,
) => countRows(groupedPart(query, key));

/** A grouped row as both engines answer it (PostgreSQL's sums and counts come as strings). */
function countRow(row: {
  key: unknown;
  currency: string;
  conversions: number | string;
  revenue: number | string;
}): ConversionCountRow {
  return {
    key: String(row.key ?? ''),
    currency: row.currency,
    conversions: Number(row.conversions),
    revenue: Number(row.revenue),
  };
}

const unfiltered = (selection: ConversionSelection) => Object.keys(selection.columns).length === 0;

/** The totals' rows of the selection's codes (or the workspace's '' row) in [from, to). */
function totalsOf(db: Kysely<Database>, selection: ConversionSelection, from: number, to: number) {
  const codes = selection.codes ?? [''];
  if (codes.length === 0) return null;
  return db
    .selectFrom('conversion_totals')
    .where('account_id', '=', selection.workspaceId)
    .where('qrcode_id', 'in', codes)
    .where('bucket', '>=', from)
    .where('bucket', '<', to);
}

function dailyOf(
  db: Kysely<Database>,
  selection: ConversionSelection,
  column: ConversionDimensionColumn,
  from: number,
  to: number,
  keys?: readonly string[],
) {
  const codes = selection.codes;
  if (codes && codes.length === 0) return null;
  let query = db
    .selectFrom('conversion_daily')
    .where('account_id', '=', selection.workspaceId)
    .where('dimension', '=', column);
  // The key follows the day in the rows' order: with keys, each day is named, so each (day, key)
  // is a seek; a range of days would read every key of every day (12 ms for ten codes of 2,000
  // over 30 days, against 0.7).
  query = keys
    ? query.where('day', 'in', wholeDays(from, to))
    : query.where('day', '>=', from).where('day', '<', to);
  // By code: the workspace's rows, keyed by code; by anything else: the selected codes' own rows.
  if (column === 'qrcode_id') {
    query = query.where('qrcode_id', '=', '');
    if (codes) query = query.where('key', 'in', codes);
  } else query = query.where('qrcode_id', 'in', codes ?? ['']);
  return keys ? query.where('key', 'in', keys) : query;
}

/**
 * A column every conversion has one daily row of (its value or ''), with few values: the whole
 * days of an unfiltered total are the sum of its rows.
 */
const TOTAL_COLUMN: ConversionDimensionColumn = 'device';

/**
 * Per currency ('' for conversions without an amount), all in one key ''. The whole UTC days of
 * the range from the daily rollups (a few rows a day, where the quarter-hour totals held 96):
 * without filters one column's rows (unfilteredTotals), with a filter on one column its values'
 * rows (the partial days from the conversions). Filters on two columns read the conversions.
 */
export async function conversionTotals(
  db: Kysely<Database>,
  selection: ConversionSelection,
  from: number,
  to: number,
): Promise<ConversionCountRow[]> {
  const filters = Object.entries(selection.columns) as [ConversionDimensionColumn, string[]][];
  if (filters.length > 1) return grouped(selected(db, selection, from, to), sql<string>`''`);
  const rows = filters[0]
    ? await conversionsByColumn(db, { ...selection, columns: {} }, filters[0][0], from, to, filters[0][1])
    : await unfilteredTotals(db, selection, from, to);
  return rows.map((row) => ({ ...row, key: '' }));
}

/**
 * The whole UTC days from one column's daily rows, the partial days at the edges from the
 * quarter-hour totals (as the scans' totals and the time series count them): a range that starts
 * or ends at a local midnight otherwise read that day's conversions one by one (5 ms for the 30
 * days before the last 30, 5,500 conversions a day).
 */
async function unfilteredTotals(
  db: Kysely<Database>,
  selection: ConversionSelection,
  from: number,
  to: number,
): Promise<ConversionCountRow[]> {
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to / DAY_MS) * DAY_MS;
  // One key for every part (their sum is the answer), so the parts' keys share a type in the union.
  const total = sql<string>`''`;
  if (firstDay >= lastDay) return countRows(summedPart(totalsOf(db, selection, from, to), total));
  const throughDay = (await lastDayIsWhole(db, selection, to, lastDay)) ? lastDay + DAY_MS : lastDay;
  return countRows(
    summedPart(totalsOf(db, selection, from, firstDay), total),
    summedPart(dailyOf(db, selection, TOTAL_COLUMN, firstDay, throughDay), total),
    throughDay < to ? summedPart(totalsOf(db, selection, throughDay, to), total) : null,
  );
}

/** Per quarter hour of the credited scan (its start), or per `step` (hours, days), and currency. */
export function conversionsByBucket(
  db: Kysely<Database>,
  selection: ConversionSelection,
  from: number,
  to: number,
  step: number = BUCKET_MS,
): Promise<ConversionCountRow[]> {
  if (unfiltered(selection)) {
    const query = totalsOf(db, selection, from, to);
    return countRows(summedPart(query, step === BUCKET_MS ? 'bucket' : stepStart('bucket', step)));
  }
  return grouped(selected(db, selection, from, to), stepStart('scan_at', step));
}

/**
 * Per value of a dimension column ('' for none) and currency. Without filters, the whole UTC days
 * of the range from the daily rollups and the partial days at its edges from the conversions.
 */
export async function conversionsByColumn(
  db: Kysely<Database>,
  selection: ConversionSelection,
  column: ConversionDimensionColumn,
  from: number,
  to: number,
  keys?: readonly string[],
): Promise<ConversionCountRow[]> {
  if (keys && keys.length === 0) return [];
  // Only these values ('' for none): the rows a breakdown shows, not every value of the column.
  const only = keys ? { ...selection, columns: { ...selection.columns, [column]: [...keys] } } : selection;
  const raw = (start: number, end: number) =>
    start >= end
      ? null
      : groupedPart(selected(db, only, start, end), sql<string>`coalesce(${sql.ref(column)}, '')`);
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to / DAY_MS) * DAY_MS;
  if (!unfiltered(selection) || firstDay >= lastDay) return countRows(raw(from, to));
  // A range that ends today holds every conversion of today's scans so far: today's daily rows
  // are then its last partial day, not every conversion of the day read one by one.
  const throughDay = (await lastDayIsWhole(db, selection, to, lastDay)) ? lastDay + DAY_MS : lastDay;
  return countRows(
    raw(from, firstDay),
    summedPart(dailyOf(db, selection, column, firstDay, throughDay, keys), 'key'),
    raw(throughDay, to),
  );
}

/** Whether no conversion of the selection is credited to a scan of the UTC day `day` at or after `to`. */
function lastDayIsWhole(
  db: Kysely<Database>,
  selection: ConversionSelection,
  to: number,
  day: number,
): Promise<boolean> {
  if (to <= day) return Promise.resolve(false);
  // Asked by every breakdown of a dashboard over the same selection: once a request.
  return rememberedFor(selection, `conversions whole ${to} ${day}`, async () => {
    const later = totalsOf(db, selection, to, day + DAY_MS);
    if (!later) return false;
    return (await later.select('bucket').limit(1).executeTakeFirst()) === undefined;
  });
}

/** Conversions per scan id among `scanIds` (the per-scan CSV export). */
export async function conversionsOfScans(
  db: Kysely<Database>,
  workspaceId: string,
  scanIds: readonly string[],
): Promise<ConversionCountRow[]> {
  if (scanIds.length === 0) return [];
  return grouped(
    db.selectFrom('conversions').where('account_id', '=', workspaceId).where('scan_id', 'in', scanIds),
    sql<string>`scan_id`,
  );
}

/** A split rule's conversions per variant and currency (experiments), since `from` (scan time). */
export async function conversionsOfRule(
  db: Kysely<Database>,
  workspaceId: string,
  ruleId: string,
  from: number,
): Promise<ConversionCountRow[]> {
  return grouped(
    db
      .selectFrom('conversions')
      .where('rule_id', '=', ruleId)
      .where('variant', 'is not', null)
      .where('account_id', '=', workspaceId)
      .where('scan_at', '>=', from),
    sql<string>`variant`,
  );
}
