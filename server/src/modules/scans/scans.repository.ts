import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/create-db.js';
import type { Database } from '../../db/database.js';
import {
  type BatchRollups,
  FACT_KEY_COLUMNS,
  rollupsOf,
  type VisitorKey,
  visitorKeyString,
  visitorKeysOf,
} from './scan-rollups.js';
import type { NewScanRow, ScanCounterRow, ScanRow } from './scans.table.js';

interface Counter {
  total: number;
  bots: number;
  last_at: number;
}

function countersOf(scans: NewScanRow[]): Map<string, Counter> {
  const counters = new Map<string, Counter>();
  for (const scan of scans) {
    const counter = counters.get(scan.qrcode_id) ?? { total: 0, bots: 0, last_at: 0 };
    // Bots are recorded but not counted: they move neither the total nor the last scan's time.
    if (scan.bot) counter.bots += 1;
    else {
      counter.total += 1;
      counter.last_at = Math.max(counter.last_at, scan.at);
    }
    counters.set(scan.qrcode_id, counter);
  }
  return counters;
}

/** Appends scans and advances their codes' counters and the analytics rollups, all in one transaction. */
export async function appendScans(handle: DatabaseHandle, scans: NewScanRow[]): Promise<void> {
  if (scans.length === 0) return;
  if (handle.sqlite) return appendScansSqlite(handle.db, handle.sqlite, scans);
  await handle.db.transaction().execute((trx) => appendScansIn(trx, scans));
}

/**
 * Appends a journal file's scans unless that file was written before: its id is marked in the
 * same transaction. Answers whether the scans were added. `forget` is the mark of a file that is
 * gone from disk (so can never be replayed): it is dropped in the same transaction, which keeps
 * the marks to a few rows however many files the journal ships.
 */
export async function appendSpooledScans(
  handle: DatabaseHandle,
  spoolId: string,
  scans: NewScanRow[],
  forget?: string,
): Promise<boolean> {
  const replayedAt = Date.now();
  const { sqlite } = handle;
  if (sqlite) {
    const mark = sqlite.prepare(
      'insert into scan_spool_replays (id, replayed_at) values (?, ?) on conflict (id) do nothing',
    );
    const unmark = sqlite.prepare('delete from scan_spool_replays where id = ?');
    const write = sqliteWriter(sqlite);
    // The writer's own transaction nests as a savepoint inside this one.
    const replay = sqlite.transaction(() => {
      if (mark.run(spoolId, replayedAt).changes === 0) return false;
      if (scans.length > 0) write(scans);
      if (forget !== undefined) unmark.run(forget);
      return true;
    });
    return handle.db.connection().execute(async () => replay());
  }
  return handle.db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto('scan_spool_replays')
      .values({ id: spoolId, replayed_at: replayedAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!marked) return false;
    if (scans.length > 0) await appendScansIn(trx, scans);
    if (forget !== undefined) await trx.deleteFrom('scan_spool_replays').where('id', '=', forget).execute();
    return true;
  });
}

/** A rollup table: the columns of its key, and the counts an upsert adds to a stored row. */
interface RollupTable {
  name: string;
  key: readonly string[];
  counts: readonly string[];
}

const COUNTS = ['scans', 'bots', 'visitors'] as const;

/** The four rollups of a batch, as both engines write them. */
const ROLLUP_TABLES: Record<keyof BatchRollups, RollupTable> = {
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
};

const VISITOR_COLUMNS = ['day', 'scope', 'visitor_hash'] as const;
const COUNTER_COLUMNS = ['qrcode_id', 'total', 'bots', 'last_at'] as const;

/**
 * PostgreSQL's version: two statements in the transaction whatever the batch's size. Each
 * column goes as one array parameter through `unnest`, so the SQL text is the same for every
 * batch (no statement built per row), and every table but the visitor set is written by one
 * statement of data-modifying CTEs. Rows come sorted, so concurrent writers lock in one order.
 */
async function appendScansIn(trx: Kysely<Database>, scans: NewScanRow[]): Promise<void> {
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
    ${insertFrom('scans', SCAN_COLUMNS, scans)}`.execute(trx);
}

/** Columns of ours that are not text in PostgreSQL (`unnest` needs each array's type). */
const PG_TYPES: Record<string, string> = {
  at: 'bigint',
  bucket: 'bigint',
  day: 'bigint',
  last_at: 'bigint',
  total: 'bigint',
  scans: 'bigint',
  bots: 'bigint',
  visitors: 'bigint',
  code_visitors: 'bigint',
  bot: 'integer',
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

export function findCounters(db: Kysely<Database>, codeIds: string[]): Promise<ScanCounterRow[]> {
  if (codeIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('scan_counters').selectAll().where('qrcode_id', 'in', codeIds).execute();
}

/** Human scans of an account in [from, to), from its quarter-hour totals (bounds on quarter hours). */
export async function sumAccountScans(
  db: Kysely<Database>,
  accountId: string,
  from: number,
  to: number,
): Promise<number> {
  const row = await db
    .selectFrom('scan_totals')
    .select((eb) => eb.fn.sum<string | number | null>('scans').as('scans'))
    .where('account_id', '=', accountId)
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

/** The raw scan row's columns, in the order the writers bind them. */
export const SCAN_COLUMNS = [
  'qrcode_id',
  'account_id',
  'at',
  'hostname',
  'rule_id',
  'target',
  'country',
  'region',
  'device',
  'os',
  'browser',
  'language',
  'referrer_host',
  'bot',
  'visitor_hash',
] as const satisfies readonly (keyof NewScanRow)[];

const SCANS_PER_STATEMENT = 64;

const sqliteWriters = new WeakMap<SQLite.Database, (scans: NewScanRow[]) => void>();

/**
 * SQLite's written-out version: prepared once, run in one synchronous transaction. Building a
 * new multi-row statement per batch cost more than the writes themselves.
 */
function sqliteWriter(sqlite: SQLite.Database): (scans: NewScanRow[]) => void {
  let writer = sqliteWriters.get(sqlite);
  if (writer) return writer;
  const insertScan = sqlite.prepare(
    `insert into scans (${SCAN_COLUMNS.join(', ')}) values (${SCAN_COLUMNS.map(() => '?').join(', ')})`,
  );
  const advanceCounter = sqlite.prepare(
    `insert into scan_counters (qrcode_id, total, bots, last_at) values (?, ?, ?, ?)
     on conflict (qrcode_id) do update set total = scan_counters.total + excluded.total,
       bots = scan_counters.bots + excluded.bots,
       last_at = case when excluded.last_at > scan_counters.last_at then excluded.last_at else scan_counters.last_at end`,
  );
  // Rows go in groups of SCANS_PER_STATEMENT through one prepared multi-row statement.
  const insertGroup = sqlite.prepare(
    `insert into scans (${SCAN_COLUMNS.join(', ')}) values ${Array.from(
      { length: SCANS_PER_STATEMENT },
      () => `(${SCAN_COLUMNS.map(() => '?').join(', ')})`,
    ).join(', ')}`,
  );
  const groupValues: unknown[] = new Array(SCANS_PER_STATEMENT * SCAN_COLUMNS.length);
  const rowValues: unknown[] = new Array(SCAN_COLUMNS.length);
  // Parameters are copied into two reused arrays: this runs for every scan.
  const fill = (target: unknown[], scan: NewScanRow, offset: number) => {
    for (let c = 0; c < SCAN_COLUMNS.length; c++)
      target[offset + c] = scan[SCAN_COLUMNS[c] as keyof NewScanRow] ?? null;
  };
  const rollups = sqliteRollupWriter(sqlite);
  writer = sqlite.transaction((scans: NewScanRow[]) => {
    let i = 0;
    for (; i + SCANS_PER_STATEMENT <= scans.length; i += SCANS_PER_STATEMENT) {
      for (let r = 0; r < SCANS_PER_STATEMENT; r++) {
        fill(groupValues, scans[i + r] as NewScanRow, r * SCAN_COLUMNS.length);
      }
      insertGroup.run(groupValues);
    }
    for (; i < scans.length; i++) {
      fill(rowValues, scans[i] as NewScanRow, 0);
      insertScan.run(rowValues);
    }
    for (const [code, c] of countersOf(scans)) advanceCounter.run(code, c.total, c.bots, c.last_at);
    rollups(scans);
  });
  sqliteWriters.set(sqlite, writer);
  return writer;
}

/** A prepared upsert of one rollup table, taking a row's values from its properties named as the columns. */
function sqliteUpsert(
  sqlite: SQLite.Database,
  { name, key, counts }: RollupTable,
): (rows: readonly object[]) => void {
  const columns = [...key, ...counts];
  const statement = sqlite.prepare(
    `insert into ${name} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})
     on conflict (${key.join(', ')}) do update set ${counts.map((c) => `${c} = ${name}.${c} + excluded.${c}`).join(', ')}`,
  );
  const values: unknown[] = new Array(columns.length);
  return (rows) => {
    for (const row of rows) {
      for (let c = 0; c < columns.length; c++)
        values[c] = (row as Record<string, unknown>)[columns[c] as string];
      statement.run(values);
    }
  };
}

/** The rollups' half of the SQLite transaction: first visits from the visitor set, then the upserts. */
function sqliteRollupWriter(sqlite: SQLite.Database): (scans: NewScanRow[]) => void {
  const insertVisitor = sqlite.prepare(
    'insert into scan_visitors (day, scope, visitor_hash) values (?, ?, ?) on conflict do nothing',
  );
  const upserts = (Object.keys(ROLLUP_TABLES) as (keyof BatchRollups)[]).map(
    (name) => [name, sqliteUpsert(sqlite, ROLLUP_TABLES[name])] as const,
  );
  return (scans) => {
    const added = new Set<string>();
    for (const key of visitorKeysOf(scans)) {
      if (insertVisitor.run(key.day, key.scope, key.visitor_hash).changes === 1)
        added.add(visitorKeyString(key));
    }
    const rollups = rollupsOf(scans, added);
    for (const [name, upsert] of upserts) upsert(rollups[name]);
  };
}

async function appendScansSqlite(db: Kysely<Database>, sqlite: SQLite.Database, scans: NewScanRow[]) {
  // Holding Kysely's connection keeps this out of any transaction Kysely has open on it.
  await db.connection().execute(async () => sqliteWriter(sqlite)(scans));
}

export interface ScanExportFilter {
  accountId: string;
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
    .where('account_id', '=', filter.accountId)
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
  let deleted = 0;
  for (;;) {
    const result = await sql`delete from scans where ${row} in (
      select ${row} from scans where at < ${before} limit ${PRUNE_CHUNK})`.execute(handle.db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < PRUNE_CHUNK) return deleted;
  }
}

/** Visitor sets of days that can no longer receive scans. */
export async function deleteVisitorsBefore(db: Kysely<Database>, day: number): Promise<void> {
  await db.deleteFrom('scan_visitors').where('day', '<', day).execute();
}
