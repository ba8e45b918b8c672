import type SQLite from 'better-sqlite3';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/create-db.js';
import type { Database } from '../../db/database.js';
import { ROLLUPS_SCHEMA } from '../../db/sqlite-file.js';
import {
  type BatchRollups,
  countersOf,
  ROLLUP_TABLES,
  type RollupTable,
  rollupsOf,
  type VisitorKey,
  visitorKeyString,
  visitorKeysOf,
} from './scan-rollups.js';
import { SqliteScanWriter, sqliteRollupFold } from './scans.sqlite-writer.js';
import { type NewScanRow, SCAN_COLUMNS, type ScanCounterRow, type ScanRow } from './scans.table.js';

const sqliteWriters = new WeakMap<SQLite.Database, SqliteScanWriter>();

/**
 * The SQLite connection's writer; created at first use, which rolls up what a crash left behind
 * unless a `RollupFoldThread` folds for it (`foldElsewhere`, see openScanWriter).
 */
function sqliteWriter(sqlite: SQLite.Database, options: { foldElsewhere?: boolean } = {}): SqliteScanWriter {
  let writer = sqliteWriters.get(sqlite);
  if (!writer) {
    writer = new SqliteScanWriter(sqlite, options);
    sqliteWriters.set(sqlite, writer);
  }
  return writer;
}

/**
 * Runs a SQLite writer call holding Kysely's connection, which keeps it out of any transaction
 * Kysely has open on it.
 */
function withSqliteWriter<T>(
  handle: DatabaseHandle,
  sqlite: SQLite.Database,
  run: (writer: SqliteScanWriter) => T,
) {
  return handle.db.connection().execute(async () => run(sqliteWriter(sqlite)));
}

/**
 * Appends scans and advances their codes' counters and the analytics rollups in one transaction.
 * With `rollupsBehind` on SQLite, only the raw scans are committed: their counters and rollups
 * follow with `rollUpScansBehind` (PostgreSQL always writes them together).
 */
export async function appendScans(
  handle: DatabaseHandle,
  scans: NewScanRow[],
  options: { rollupsBehind?: boolean } = {},
): Promise<void> {
  const { sqlite } = handle;
  if (sqlite) {
    await withSqliteWriter(handle, sqlite, (writer) =>
      options.rollupsBehind ? writer.appendRaw(scans) : writer.append(scans),
    );
    return;
  }
  if (scans.length === 0) return;
  await handle.db.transaction().execute((trx) => appendScansIn(trx, scans));
}

/**
 * Creates SQLite's writer now (at start): that rolls up the scans a crash left past the cursor,
 * or with `foldElsewhere` leaves them, and every later scan's rollups, to a `RollupFoldThread`. Call it
 * before any scan is appended on the connection.
 */
export function openScanWriter(handle: DatabaseHandle, options: { foldElsewhere?: boolean } = {}): void {
  if (handle.sqlite) sqliteWriter(handle.sqlite, options);
}

/** The rowid of the last scan SQLite's writer appended (0 before it appended any, or on PostgreSQL). */
export function lastScanRowid(handle: DatabaseHandle): number {
  return handle.sqlite ? (sqliteWriters.get(handle.sqlite)?.lastScanRowid ?? 0) : 0;
}

/**
 * On the app's own connection (SQLite, a fold thread gone): folds the scans past the cursor,
 * `limit` at most, in one transaction; answers how many. The rollups' WAL is checkpointed after,
 * as the fold thread's connection would have.
 */
export async function foldScansHere(handle: DatabaseHandle, limit: number): Promise<number> {
  const { sqlite } = handle;
  if (!sqlite) return 0;
  return handle.db.connection().execute(async () => {
    let fold = sqliteFolds.get(sqlite);
    if (!fold) {
      fold = sqliteRollupFold(sqlite);
      sqliteFolds.set(sqlite, fold);
    }
    const { folded } = fold(limit);
    if (folded > 0) sqlite.pragma(`${ROLLUPS_SCHEMA}.wal_checkpoint(PASSIVE)`);
    return folded;
  });
}

const sqliteFolds = new WeakMap<SQLite.Database, ReturnType<typeof sqliteRollupFold>>();

/** Scans appended with `rollupsBehind` whose counters and rollups are not written yet. */
export function scansBehind(handle: DatabaseHandle): number {
  return handle.sqlite ? (sqliteWriters.get(handle.sqlite)?.behind ?? 0) : 0;
}

/** Writes the counters and rollups of the scans behind, in one transaction; answers how many. */
export async function rollUpScansBehind(handle: DatabaseHandle): Promise<number> {
  const { sqlite } = handle;
  if (!sqlite || scansBehind(handle) === 0) return 0;
  return withSqliteWriter(handle, sqlite, (writer) => writer.rollUp());
}

/**
 * Appends a journal file's scans unless that file was written before: its id is marked in the
 * same transaction. Answers whether the scans were added. `forget` is the mark of a file that is
 * gone from disk (so can never be replayed): it is dropped in the same transaction, which keeps
 * the marks to a few rows however many files the journal ships. On SQLite their counters and
 * rollups are written before this resolves; on PostgreSQL the scans are also queued, and
 * `foldQueuedScans` writes them later.
 */
export async function appendSpooledScans(
  handle: DatabaseHandle,
  spoolId: string,
  scans: NewScanRow[],
  forget?: string,
): Promise<boolean> {
  const { sqlite } = handle;
  if (sqlite) {
    return withSqliteWriter(handle, sqlite, (writer) => {
      const added = writer.appendSpooled(spoolId, scans, forget);
      // A second transaction; the rollup cursor covers a crash between the two.
      writer.rollUp();
      return added;
    });
  }
  return handle.db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto('scan_spool_replays')
      .values({ id: spoolId, replayed_at: Date.now() })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!marked) return false;
    if (scans.length > 0) await appendQueuedScansIn(trx, scans);
    if (forget !== undefined) await trx.deleteFrom('scan_spool_replays').where('id', '=', forget).execute();
    return true;
  });
}

const VISITOR_COLUMNS = ['day', 'scope', 'visitor_hash'] as const;
const COUNTER_COLUMNS = ['qrcode_id', 'total', 'bots', 'last_at'] as const;
const SCAN_COLUMN_LIST = sql.join(SCAN_COLUMNS.map((name) => sql.ref(name)));

/**
 * PostgreSQL's shipment: the raw scans, each copied into the fold queue by the same statement
 * (the copy is made in the server, so the scans cross the wire once). The fold writes their
 * counters and rollups later, so a shipment's cost does not grow with the codes it touches.
 */
async function appendQueuedScansIn(trx: Kysely<Database>, scans: NewScanRow[]): Promise<void> {
  await sql`with stored as (${insertFrom('scans', SCAN_COLUMNS, scans)} returning ${SCAN_COLUMN_LIST})
    insert into scan_fold_queue (${SCAN_COLUMN_LIST}) select ${SCAN_COLUMN_LIST} from stored`.execute(trx);
}

/**
 * PostgreSQL's fold: takes up to `limit` queued scans, oldest first, and writes their counters,
 * visitor sets and rollups in the transaction that deletes them from the queue, so each scan is
 * folded exactly once whatever is killed when. One fold runs at a time per schema (a transaction
 * advisory lock), so the scans are folded in the order they were queued, whichever instance folds
 * them: a visitor's unique goes to their first scan, as a recount finds it. While another
 * instance folds, this one takes nothing, or with `waitForOthers` (a read waits) takes its turn
 * after it. Answers how many scans it took.
 */
export function foldQueuedScans(
  db: Kysely<Database>,
  limit: number,
  options: { waitForOthers?: boolean } = {},
): Promise<number> {
  const key = sql`hashtext('rq.scan_fold_queue:' || current_schema())`;
  return db.transaction().execute(async (trx) => {
    if (options.waitForOthers) await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
    else {
      const turn = await sql<{ ours: boolean }>`select pg_try_advisory_xact_lock(${key}) as ours`.execute(
        trx,
      );
      if (!turn.rows[0]?.ours) return 0;
    }
    const { rows } = await sql<NewScanRow & { id: number }>`delete from scan_fold_queue where id in (
        select id from scan_fold_queue order by id limit ${limit})
      returning id, ${SCAN_COLUMN_LIST}`.execute(trx);
    // In queue order, as they were scanned: `returning` keeps none.
    rows.sort((a, b) => a.id - b.id);
    if (rows.length > 0) await writeRollupsIn(trx, rows);
    return rows.length;
  });
}

/** PostgreSQL: the raw scans with their counters and rollups, in the caller's transaction. */
async function appendScansIn(trx: Kysely<Database>, scans: NewScanRow[]): Promise<void> {
  await writeRollupsIn(trx, scans, insertFrom('scans', SCAN_COLUMNS, scans));
}

/**
 * PostgreSQL's rollups of a batch: two statements whatever the batch's size. Each column goes as
 * one array parameter through `unnest`, so the SQL text is the same for every batch (no statement
 * built per row), and every table but the visitor set is written by one statement of
 * data-modifying CTEs, ending with `last` (the raw scans' insert, or nothing). Rows come sorted,
 * so concurrent writers lock in one order.
 */
async function writeRollupsIn(
  trx: Kysely<Database>,
  scans: readonly NewScanRow[],
  last: RawBuilder<unknown> = sql`select 1`,
): Promise<void> {
  const rollups = rollupsOf(scans, await insertVisitors(trx, visitorKeysOf(scans)));
  const counters = [...countersOf(scans)].map(([qrcode_id, c]) => ({ qrcode_id, ...c }));
  const upserts = (Object.keys(ROLLUP_TABLES) as (keyof BatchRollups)[]).map(
    (name) => sql`${sql.raw(name)} as (${upsertFrom(ROLLUP_TABLES[name], rollups[name])}),`,
  );
  await sql`with ${sql.join(upserts, sql` `)}
    counters as (${insertFrom('scan_counters', COUNTER_COLUMNS, counters)}
      on conflict (qrcode_id) do update set
        total = scan_counters.total + excluded.total,
        bots = scan_counters.bots + excluded.bots,
        last_at = greatest(scan_counters.last_at, excluded.last_at))
    ${last}`.execute(trx);
}

/** Columns of ours that are not text in PostgreSQL (`unnest` needs each array's type). */
export const PG_TYPES: Readonly<Record<string, string>> = {
  at: 'bigint',
  bucket: 'bigint',
  day: 'bigint',
  week: 'bigint',
  last_at: 'bigint',
  total: 'bigint',
  scans: 'bigint',
  bots: 'bigint',
  visitors: 'bigint',
  code_visitors: 'bigint',
  bot: 'integer',
  variant: 'integer',
};

/** `insert into table (columns) select * from unnest(one array per column)`. */
function insertFrom(table: string, columns: readonly string[], rows: readonly object[]) {
  const arrays = columns.map(
    (name) =>
      sql`${rows.map((row) => (row as Record<string, unknown>)[name] ?? null)}::${sql.raw(PG_TYPES[name] ?? 'text')}[]`,
  );
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((name) => sql.ref(name)))})
    select * from unnest(${sql.join(arrays)})`;
}

/** insertFrom, adding the rows' counts to those already stored under the same key. */
function upsertFrom({ name, key, counts }: RollupTable, rows: readonly object[]) {
  return sql`${insertFrom(name, [...key, ...counts], rows)}
    on conflict (${sql.join(key.map((column) => sql.ref(column)))}) do update set
    ${sql.join(counts.map((column) => sql`${sql.ref(column)} = ${sql.ref(`${name}.${column}`)} + excluded.${sql.ref(column)}`))}`;
}

/** Adds the day's visitors; answers the keys (visitorKeyString) that were not there yet. */
async function insertVisitors(trx: Kysely<Database>, keys: VisitorKey[]): Promise<Set<string>> {
  const added = new Set<string>();
  if (keys.length === 0) return added;
  const { rows } = await sql<VisitorKey>`${insertFrom('scan_visitors', VISITOR_COLUMNS, keys)}
    on conflict (day, scope, visitor_hash) do nothing
    returning day, scope, visitor_hash`.execute(trx);
  for (const row of rows) added.add(visitorKeyString({ ...row, day: Number(row.day) }));
  return added;
}

/**
 * A code's counted (human) scans as an SQL expression of the code id in `codeIdColumn`: the code
 * list sorts by it without reading this module's tables itself.
 */
export function scanTotalExpression(codeIdColumn: string): RawBuilder<number> {
  return sql<number>`coalesce((select total from scan_counters where scan_counters.qrcode_id = ${sql.ref(codeIdColumn)}), 0)`;
}

export function findCounters(db: Kysely<Database>, codeIds: string[]): Promise<ScanCounterRow[]> {
  if (codeIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('scan_counters').selectAll().where('qrcode_id', 'in', codeIds).execute();
}

/** Human scans of an account in [from, to), from its quarter-hour totals (bounds on quarter hours). */
export async function sumAccountScans(
  db: Kysely<Database>,
  workspaceId: string,
  from: number,
  to: number,
): Promise<number> {
  const row = await db
    .selectFrom('scan_totals')
    .select((eb) => eb.fn.sum<string | number | null>('scans').as('scans'))
    .where('account_id', '=', workspaceId)
    .where('qrcode_id', '=', '')
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .executeTakeFirst();
  return Number(row?.scans ?? 0);
}

/** Distinct human visitors per code on a UTC day, from the day's visitor set (not the raw scans). */
export async function countVisitorsOfDay(
  db: Kysely<Database>,
  codeIds: string[],
  day: number,
): Promise<Map<string, number>> {
  if (codeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('scan_visitors')
    .select(['scope', (eb) => eb.fn.countAll<number>().as('visitors')])
    .where('day', '=', day)
    .where('scope', 'in', codeIds)
    .groupBy('scope')
    .execute();
  return new Map(rows.map((row) => [row.scope, Number(row.visitors)]));
}

export interface ScanExportFilter {
  workspaceId: string;
  from: number;
  to: number;
  codes: string[] | undefined;
  /** Column name => accepted values. */
  columns: Partial<Record<'hostname' | 'rule_id' | 'country' | 'device' | 'os' | 'browser', string[]>>;
  bots: boolean;
}

const EXPORT_PAGE = 1000;

function exportQuery(db: Kysely<Database>, filter: ScanExportFilter) {
  let query = db
    .selectFrom('scans')
    .selectAll()
    .where('account_id', '=', filter.workspaceId)
    .where('at', '<', filter.to);
  if (filter.codes) query = query.where('qrcode_id', 'in', filter.codes);
  for (const [column, values] of Object.entries(filter.columns) as [
    keyof ScanExportFilter['columns'],
    string[],
  ][]) {
    // '' selects scans without a value, as the rollups store them.
    const named = values.filter((v) => v !== '');
    query = query.where((eb) =>
      eb.or([
        ...(named.length > 0 ? [eb(column, 'in', named)] : []),
        ...(named.length < values.length ? [eb(column, 'is', null)] : []),
      ]),
    );
  }
  if (!filter.bots) query = query.where('bot', '=', 0);
  return query;
}

/**
 * The account's scans in time order, a page at a time (constant memory for any range): each page
 * ends before its last millisecond, and that millisecond's scans follow it whole, so no scan is
 * read twice or skipped without needing a unique column.
 */
export async function* scansInOrder(
  db: Kysely<Database>,
  filter: ScanExportFilter,
): AsyncGenerator<ScanRow[]> {
  if (filter.codes && filter.codes.length === 0) return;
  let after = filter.from - 1;
  for (;;) {
    const page = await exportQuery(db, filter)
      .where('at', '>', after)
      .orderBy('at')
      .limit(EXPORT_PAGE)
      .execute();
    if (page.length < EXPORT_PAGE) {
      if (page.length > 0) yield page;
      return;
    }
    const last = Number((page.at(-1) as ScanRow).at);
    const ties = await exportQuery(db, filter).where('at', '=', last).execute();
    yield [...page.filter((row) => Number(row.at) < last), ...ties];
    after = last;
  }
}

const PRUNE_CHUNK = 5000;

/**
 * Deletes raw scans older than `before`, a chunk per statement so other writers get their turn;
 * rollups stay. Old scans sit at the start of the table (it is append-only), where each chunk's
 * search starts. Answers how many were deleted.
 */
export async function deleteScansBefore(handle: DatabaseHandle, before: number): Promise<number> {
  const row = handle.dialect === 'sqlite' ? sql`rowid` : sql`ctid`;
  // On SQLite the scan at the rollup cursor stays, and so does every scan after it: new scans'
  // rowids then always come after the cursor (SQLite reuses the largest rowid when it is deleted).
  const cursor = handle.db.selectFrom('scan_rollup_cursor').select('through_rowid').where('id', '=', 1);
  const rolledUp = handle.dialect === 'sqlite' ? sql`and rowid < (${cursor})` : sql``;
  let deleted = 0;
  for (;;) {
    const result = await sql`delete from scans where ${row} in (
      select ${row} from scans where at < ${before} ${rolledUp} limit ${PRUNE_CHUNK})`.execute(handle.db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < PRUNE_CHUNK) break;
  }
  // The ids of scans gone (a conversion names them in vain either way).
  if (handle.dialect === 'sqlite') await handle.db.deleteFrom('scan_ids').where('at', '<', before).execute();
  return deleted;
}

/** Visitor sets of days that can no longer receive scans. */
export async function deleteVisitorsBefore(db: Kysely<Database>, day: number): Promise<void> {
  await db.deleteFrom('scan_visitors').where('day', '<', day).execute();
}

/** The tables that carry a scan's workspace as `account_id` (the raw scans and every rollup). */
const WORKSPACE_TABLES = [
  'scans',
  'scan_rollups',
  'scan_totals',
  'scan_daily_rollups',
  'scan_dimension_buckets',
  'scan_weekly_rollups',
] as const;

/**
 * Deletes everything scanned in a workspace, in one transaction: its codes' counters and visitor
 * sets (found through its scans and totals, since those tables carry no workspace), then its raw
 * scans and rollups. On SQLite the rollup cursor never stays past the last scan left, so the next
 * scan's rowid still comes after it (SQLite reuses the largest rowid once it is deleted).
 */
export async function deleteWorkspaceScans(handle: DatabaseHandle, workspaceId: string): Promise<void> {
  await handle.db.transaction().execute(async (trx) => {
    const codesOf = (table: 'scans' | 'scan_totals') =>
      trx
        .selectFrom(table)
        .select('qrcode_id')
        .where('account_id', '=', workspaceId)
        .where('qrcode_id', '<>', '');
    await trx
      .deleteFrom('scan_counters')
      .where((eb) =>
        eb.or([eb('qrcode_id', 'in', codesOf('scans')), eb('qrcode_id', 'in', codesOf('scan_totals'))]),
      )
      .execute();
    await trx
      .deleteFrom('scan_visitors')
      .where((eb) =>
        eb.or([
          eb('scope', '=', workspaceId),
          eb('scope', 'in', codesOf('scans')),
          eb('scope', 'in', codesOf('scan_totals')),
        ]),
      )
      .execute();
    // On PostgreSQL, scans other instances shipped may still wait in the fold queue.
    const tables =
      handle.dialect === 'postgres' ? [...WORKSPACE_TABLES, 'scan_fold_queue' as const] : WORKSPACE_TABLES;
    for (const table of tables) {
      await trx.deleteFrom(table).where('account_id', '=', workspaceId).execute();
    }
    if (handle.dialect === 'sqlite') {
      await trx.deleteFrom('scan_ids').where('account_id', '=', workspaceId).execute();
      const last = sql`(select coalesce(max(rowid), 0) from scans)`;
      await sql`update scan_rollup_cursor set through_rowid = ${last}
        where id = 1 and through_rowid > ${last}`.execute(trx);
    }
  });
}

/** A stored scan read in storage order, with the id `scan.created` webhooks carry. */
export interface OrderedScan {
  /** Stable and unique: `scan_<rowid>` on SQLite, `scan_<transaction>_<n>` on PostgreSQL. */
  id: string;
  row: ScanRow;
}

/**
 * Scans of `accounts` stored after `cursor` (opaque; from the previous answer, or the feed's
 * start), at most about `limit`, and the cursor past them. Only scans whose transaction has
 * ended are read, so a later call never finds one behind its cursor: on SQLite there is one
 * writer and rowids grow; on PostgreSQL only transactions older than every running one
 * (`pg_snapshot_xmin`) are read, a whole transaction at a time. Run it in the transaction that
 * stores the new cursor.
 */
export async function scansAfter(
  trx: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  cursor: string,
  accounts: readonly string[],
  limit: number,
): Promise<{ scans: OrderedScan[]; cursor: string }> {
  return dialect === 'sqlite'
    ? sqliteScansAfter(trx, Number(cursor), accounts, limit)
    : postgresScansAfter(trx, BigInt(cursor), accounts, limit);
}

async function sqliteScansAfter(
  trx: Kysely<Database>,
  after: number,
  accounts: readonly string[],
  limit: number,
): Promise<{ scans: OrderedScan[]; cursor: string }> {
  const { rows: top } = await sql<{ last: number | null }>`select max(rowid) as last from scans`.execute(trx);
  const horizon = Math.max(after, Number(top[0]?.last ?? 0));
  if (accounts.length === 0 || horizon === after) return { scans: [], cursor: String(horizon) };
  const { rows } = await sql<ScanRow & { seq: number }>`select rowid as seq, * from scans
    where rowid > ${after} and rowid <= ${horizon}
      and account_id in (${sql.join(accounts)})
    order by rowid limit ${limit}`.execute(trx);
  const through = rows.length === limit ? Number((rows.at(-1) as { seq: number }).seq) : horizon;
  return {
    scans: rows.map(({ seq, ...row }) => ({ id: `scan_${seq}`, row })),
    cursor: String(through),
  };
}

/** The cursor is the first transaction not read yet: every one below it is done. */
async function postgresScansAfter(
  trx: Kysely<Database>,
  from: bigint,
  accounts: readonly string[],
  limit: number,
): Promise<{ scans: OrderedScan[]; cursor: string }> {
  const { rows: snap } = await sql<{
    horizon: string;
  }>`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`.execute(trx);
  const horizon = BigInt(snap[0]?.horizon ?? '0');
  if (horizon <= from) return { scans: [], cursor: String(from) };
  if (accounts.length === 0) return { scans: [], cursor: String(horizon) };
  type Row = ScanRow & { tx: string };
  const read = (upTo: bigint, max: number | null) =>
    sql<Row>`select feed_tx::text as tx, qrcode_id, account_id, at, hostname, rule_id, target,
        country, region, device, os, browser, language, referrer_host, bot, visitor_hash
      from scans
      where feed_tx >= ${String(from)}::xid8 and feed_tx < ${String(upTo)}::xid8
        and account_id = any(${[...accounts]}::text[])
      order by feed_tx, ctid ${max === null ? sql`` : sql`limit ${max}`}`.execute(trx);
  let { rows } = await read(horizon, limit);
  let next = horizon;
  if (rows.length === limit) {
    // The last transaction may be cut: leave it whole for the next call, unless it is the only one.
    const last = BigInt((rows.at(-1) as Row).tx);
    const first = BigInt((rows[0] as Row).tx);
    if (first === last) rows = (await read(last + 1n, null)).rows;
    else rows = rows.filter((row) => BigInt(row.tx) !== last);
    next = first === last ? last + 1n : last;
  }
  const ordinal = new Map<string, number>();
  return {
    scans: rows.map(({ tx, ...row }) => {
      const n = ordinal.get(tx) ?? 0;
      ordinal.set(tx, n + 1);
      return { id: `scan_${tx}_${n}`, row };
    }),
    cursor: String(next),
  };
}

/**
 * The scan that was handed `scanId` as its `rq_id` (conversions), or undefined. On SQLite, where
 * the fold keeps the ids (`scan_ids`), a scan it has not reached yet is looked for among the scans
 * past its cursor.
 */
export async function findScanById(handle: DatabaseHandle, scanId: string): Promise<ScanRow | undefined> {
  const { db } = handle;
  const byId = db.selectFrom('scans').selectAll('scans').where('scans.scan_id', '=', scanId).limit(1);
  if (handle.dialect === 'postgres') return byId.executeTakeFirst();
  const folded = await byId
    .innerJoin('scan_ids', (join) =>
      join
        .onRef('scan_ids.account_id', '=', 'scans.account_id')
        .onRef('scan_ids.at', '=', 'scans.at')
        .onRef('scan_ids.scan_id', '=', 'scans.scan_id'),
    )
    .where('scan_ids.scan_id', '=', scanId)
    .executeTakeFirst();
  if (folded) return folded;
  const cursor = db.selectFrom('scan_rollup_cursor').select('through_rowid').where('id', '=', 1);
  return byId.where(sql<number>`scans.rowid`, '>', cursor).executeTakeFirst();
}

/** A split rule's human scans per variant since `from`: scans and distinct daily visitors. */
export async function countVariantScans(
  db: Kysely<Database>,
  workspaceId: string,
  ruleId: string,
  from: number,
): Promise<{ variant: number; scans: number; scanners: number }[]> {
  const rows = await db
    .selectFrom('scans')
    .select((eb) => [
      'variant',
      eb.fn.countAll<number | string>().as('scans'),
      eb.fn.count<number | string>('visitor_hash').distinct().as('scanners'),
    ])
    .where('rule_id', '=', ruleId)
    .where('variant', 'is not', null)
    .where('account_id', '=', workspaceId)
    .where('bot', '=', 0)
    .where('at', '>=', from)
    .groupBy('variant')
    .execute();
  return rows.map((row) => ({
    variant: Number(row.variant),
    scans: Number(row.scans),
    scanners: Number(row.scanners),
  }));
}
