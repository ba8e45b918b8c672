import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/create-db.js';
import type { Database } from '../../db/database.js';
import type { NewScanRow, ScanCounterRow } from './scans.table.js';

/** Rows per INSERT: 15 columns each keeps a statement well under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 1000;

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

/** Appends scans and advances their codes' counters, all in one transaction. */
export async function appendScans(handle: DatabaseHandle, scans: NewScanRow[]): Promise<void> {
  if (handle.sqlite) return appendScansSqlite(handle.db, handle.sqlite, scans);
  const counters = countersOf(scans);
  await handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < scans.length; i += ROWS_PER_INSERT) {
      await trx
        .insertInto('scans')
        .values(scans.slice(i, i + ROWS_PER_INSERT))
        .execute();
    }
    const rows = [...counters].map(([qrcode_id, c]) => ({ qrcode_id, ...c }));
    await trx
      .insertInto('scan_counters')
      .values(rows)
      .onConflict((oc) =>
        oc.column('qrcode_id').doUpdateSet({
          total: sql`scan_counters.total + excluded.total`,
          bots: sql`scan_counters.bots + excluded.bots`,
          last_at: sql`case when excluded.last_at > scan_counters.last_at then excluded.last_at else scan_counters.last_at end`,
        }),
      )
      .execute();
  });
}

export function findCounters(db: Kysely<Database>, codeIds: string[]): Promise<ScanCounterRow[]> {
  if (codeIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('scan_counters').selectAll().where('qrcode_id', 'in', codeIds).execute();
}

/** Distinct human visitors per code since a time (the start of the UTC day for "today"). */
export async function countUniqueSince(
  db: Kysely<Database>,
  codeIds: string[],
  since: number,
): Promise<Map<string, number>> {
  if (codeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('scans')
    .select(['qrcode_id', (eb) => eb.fn.count<number>('visitor_hash').distinct().as('unique')])
    .where('qrcode_id', 'in', codeIds)
    .where('at', '>=', since)
    .where('bot', '=', 0)
    .groupBy('qrcode_id')
    .execute();
  return new Map(rows.map((row) => [row.qrcode_id, Number(row.unique)]));
}

const SCAN_COLUMNS = [
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
  });
  sqliteWriters.set(sqlite, writer);
  return writer;
}

async function appendScansSqlite(db: Kysely<Database>, sqlite: SQLite.Database, scans: NewScanRow[]) {
  // Holding Kysely's connection keeps this out of any transaction Kysely has open on it.
  await db.connection().execute(async () => sqliteWriter(sqlite)(scans));
}
