import type SQLite from 'better-sqlite3';
import { BUSY_TIMEOUT_MS } from '../../db/sqlite-file.js';
import {
  type BatchRollups,
  countersOf,
  ROLLUP_TABLES,
  type RollupTable,
  rollupsOf,
  visitorKeyString,
  visitorKeysOf,
} from './scan-rollups.js';
import { type NewScanRow, SCAN_COLUMNS, SCAN_COMMON_COLUMNS, SCAN_SPARSE_COLUMNS } from './scans.table.js';

const SCANS_PER_STATEMENT = 64;
/** Scans rolled up per transaction when catching up after a crash. */
const RECOVERY_CHUNK = 5000;

/**
 * SQLite's scan writer: statements prepared once and run in synchronous transactions (building a
 * statement per batch cost more than the writes themselves).
 *
 * Raw scans and their rollups can be written apart (docs/adr/2026-11-26-cold-scans.md,
 * "The rollup fold thread"). `appendRaw` commits the scans alone, which is all answering a scan waits for;
 * `rollUp` later writes the counters and rollups of every scan appended since, in bulk, in a
 * transaction that also moves `scan_rollup_cursor` to the last of them. Rows past the cursor are
 * scans whose rollups never committed (the process died between the two): the writer rolls them
 * up from the table when it is created, before it appends anything, so each scan is rolled up
 * exactly once. Every write is synchronous, so the scans waiting here are always exactly the rows
 * past the cursor, in order.
 */
export class SqliteScanWriter {
  /** Appended, not rolled up yet: the rows after the cursor. */
  private unrolled: NewScanRow[] = [];
  /** The rowid of the last scan appended: where the cursor goes once everything is rolled up. */
  private lastRowid: number;
  private readonly rollUpRows: (scans: readonly NewScanRow[], throughRowid: number) => void;
  /** Inserts raw scans in a transaction; answers the last one's rowid. */
  private readonly insertRaw: (scans: readonly NewScanRow[]) => number;
  private readonly insertRolledUp: (scans: readonly NewScanRow[], behind: readonly NewScanRow[]) => number;
  private readonly insertSpooled: (
    spoolId: string,
    scans: readonly NewScanRow[],
    forget: string | undefined,
  ) => number | null;
  private readonly rollUpBehind: (behind: readonly NewScanRow[], throughRowid: number) => void;

  /**
   * With `foldElsewhere`, the scans' counters and rollups are folded by a `RollupFoldThread` (its own
   * thread and connection, reading the rows past the cursor from the table): this writer only
   * appends, keeps nothing behind in memory and rolls nothing up, not even at start.
   */
  private readonly foldElsewhere: boolean;

  /** Runs a write that must not wait for another connection's lock (see appendRaw). */
  private readonly withoutWaiting: <T>(write: () => T) => T;

  constructor(sqlite: SQLite.Database, options: { foldElsewhere?: boolean } = {}) {
    this.foldElsewhere = options.foldElsewhere ?? false;
    // Plucked: a row object's factory is compiled anew at every get (4.3 µs a pair against 1.6).
    const noWait = sqlite.prepare('pragma busy_timeout = 0').pluck();
    const wait = sqlite.prepare(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`).pluck();
    this.withoutWaiting = (write) => {
      noWait.get();
      try {
        return write();
      } finally {
        wait.get();
      }
    };
    const insertRows = rawInserter(sqlite);
    this.rollUpRows = rollupWriter(sqlite);
    const lastInsertRowid = sqlite.prepare('select last_insert_rowid()').pluck();
    const markSpool = sqlite.prepare(
      'insert into scan_spool_replays (id, replayed_at) values (?, ?) on conflict (id) do nothing',
    );
    const unmarkSpool = sqlite.prepare('delete from scan_spool_replays where id = ?');
    // An append-only rowid table gives a transaction's rows the next rowids, in order.
    const insert = (scans: readonly NewScanRow[]) => {
      if (scans.length === 0) return this.lastRowid;
      insertRows(scans);
      return Number(lastInsertRowid.get());
    };
    this.insertRaw = sqlite.transaction(insert);
    this.insertRolledUp = sqlite.transaction((scans, behind) => {
      const last = insert(scans);
      this.rollUpRows([...behind, ...scans], last);
      return last;
    });
    this.insertSpooled = sqlite.transaction((spoolId, scans, forget) => {
      if (markSpool.run(spoolId, Date.now()).changes === 0) return null;
      const last = insert(scans);
      if (forget !== undefined) unmarkSpool.run(forget);
      return last;
    });
    this.rollUpBehind = sqlite.transaction((behind, throughRowid) => this.rollUpRows(behind, throughRowid));
    this.lastRowid = this.foldElsewhere
      ? Number(sqlite.prepare('select coalesce(max(rowid), 0) from scans').pluck().get())
      : this.recover(sqlite);
  }

  /** The rowid of the last scan appended (what a fold must reach to cover every scan so far). */
  get lastScanRowid(): number {
    return this.lastRowid;
  }

  /** Scans appended whose counters and rollups are not written yet. */
  get behind(): number {
    return this.unrolled.length;
  }

  /**
   * Commits raw scans only; their counters and rollups wait for `rollUp`. It never waits for
   * another connection's write lock on the scans' file (the retention prune, a workspace's
   * erasure): waiting would stop the event loop that answers scans. Refused at once (SQLITE_BUSY), the group goes to the journal.
   */
  appendRaw(scans: readonly NewScanRow[]): void {
    if (scans.length === 0) return;
    this.fallBehind(
      scans,
      this.withoutWaiting(() => this.insertRaw(scans)),
    );
  }

  /** Commits scans with their counters and rollups, and those of every scan still behind. */
  append(scans: readonly NewScanRow[]): void {
    // The fold thread covers them (moving the cursor here would skip the scans it has not reached).
    if (this.foldElsewhere) {
      this.appendRaw(scans);
      return;
    }
    if (scans.length === 0 && this.unrolled.length === 0) return;
    this.lastRowid = this.insertRolledUp(scans, this.unrolled);
    this.unrolled = [];
  }

  /**
   * Commits a journal file's raw scans unless the file was written before (its id is marked in the
   * same transaction); `forget` is a mark to drop. Answers whether the scans were added; their
   * rollups follow with `rollUp`.
   */
  appendSpooled(spoolId: string, scans: readonly NewScanRow[], forget?: string): boolean {
    // As appendRaw, on the same thread: refused while busy, the file waits for the next replay.
    const last = this.withoutWaiting(() => this.insertSpooled(spoolId, scans, forget));
    if (last === null) return false;
    this.fallBehind(scans, last);
    return true;
  }

  /** Writes the counters and rollups of every scan behind, in one transaction; answers how many. */
  rollUp(): number {
    const behind = this.unrolled;
    if (behind.length === 0) return 0;
    this.rollUpBehind(behind, this.lastRowid);
    // Only once it committed: a failed transaction leaves the scans behind for the next try.
    this.unrolled = [];
    return behind.length;
  }

  /** Remembers committed raw scans as behind (only after the commit: a rolled-back one added none). */
  private fallBehind(scans: readonly NewScanRow[], lastRowid: number): void {
    if (!this.foldElsewhere) for (const scan of scans) this.unrolled.push(scan);
    this.lastRowid = lastRowid;
  }

  /** Rolls up the scans past the cursor (a crash left them); answers the last scan's rowid. */
  private recover(sqlite: SQLite.Database): number {
    const cursor = sqlite.prepare('select through_rowid from scan_rollup_cursor where id = 1').pluck();
    const after = sqlite.prepare(
      `select rowid, ${SCAN_COLUMNS.join(', ')} from scans where rowid > ? order by rowid limit ${RECOVERY_CHUNK}`,
    );
    // Pruning keeps the cursor's own scan, so no scan has a larger rowid than the last one rolled up.
    let through = Number(cursor.get() ?? 0);
    for (;;) {
      const rows = after.all(through) as (NewScanRow & { rowid: number })[];
      const last = rows.at(-1);
      if (!last) return through;
      through = Number(last.rowid);
      this.rollUpBehind(rows, through);
    }
  }
}

/**
 * Inserts raw scans, binding the common columns and only the sparse ones the group fills (a plain
 * code's scans none, a GS1 item's its three, an attributed code's its id); the rest default to
 * null. Binding all five more (nulls) made a plain scan's insert about 15% dearer on the thread
 * that answers scans: 4.3 µs against 3.7 before they existed, appendRaw in groups of 50 on a file
 * database.
 */
function rawInserter(sqlite: SQLite.Database): (scans: readonly NewScanRow[]) => void {
  // One per set of sparse columns a group fills (a bit each): at most 2^5, prepared on first use.
  const inserters = new Map<number, (scans: readonly NewScanRow[]) => void>();
  return (scans) => {
    const filled = filledSparseColumns(scans);
    let insert = inserters.get(filled);
    if (!insert) {
      const sparse = SCAN_SPARSE_COLUMNS.filter((_, bit) => filled & (1 << bit));
      insert = columnsInserter(sqlite, [...SCAN_COMMON_COLUMNS, ...sparse]);
      inserters.set(filled, insert);
    }
    insert(scans);
  };
}

/** The sparse columns any scan of the group fills, as bits in SCAN_SPARSE_COLUMNS' order. */
function filledSparseColumns(scans: readonly NewScanRow[]): number {
  let filled = 0;
  for (const scan of scans)
    for (let bit = 0; bit < SCAN_SPARSE_COLUMNS.length; bit++)
      if (scan[SCAN_SPARSE_COLUMNS[bit] as keyof NewScanRow] != null) filled |= 1 << bit;
  return filled;
}

/** One prepared multi-row insert per SCANS_PER_STATEMENT scans, the rest row by row. */
function columnsInserter(
  sqlite: SQLite.Database,
  columns: readonly (keyof NewScanRow)[],
): (scans: readonly NewScanRow[]) => void {
  const placeholders = `(${columns.map(() => '?').join(', ')})`;
  const insertOne = sqlite.prepare(`insert into scans (${columns.join(', ')}) values ${placeholders}`);
  const insertGroup = sqlite.prepare(
    `insert into scans (${columns.join(', ')}) values ${Array(SCANS_PER_STATEMENT).fill(placeholders).join(', ')}`,
  );
  const groupValues: unknown[] = new Array(SCANS_PER_STATEMENT * columns.length);
  const rowValues: unknown[] = new Array(columns.length);
  // Parameters are copied into two reused arrays: this runs for every scan.
  const fill = (target: unknown[], scan: NewScanRow, offset: number) => {
    for (let c = 0; c < columns.length; c++)
      target[offset + c] = scan[columns[c] as keyof NewScanRow] ?? null;
  };
  return (scans) => {
    let i = 0;
    for (; i + SCANS_PER_STATEMENT <= scans.length; i += SCANS_PER_STATEMENT) {
      for (let r = 0; r < SCANS_PER_STATEMENT; r++) {
        fill(groupValues, scans[i + r] as NewScanRow, r * columns.length);
      }
      insertGroup.run(groupValues);
    }
    for (; i < scans.length; i++) {
      fill(rowValues, scans[i] as NewScanRow, 0);
      insertOne.run(rowValues);
    }
  };
}

/** A prepared upsert of one rollup table, taking a row's values from its properties named as the columns. */
function upserter(
  { name, key, counts }: RollupTable,
  sqlite: SQLite.Database,
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

/**
 * Folds the scans past the cursor into the counters and rollups, `limit` at most, reading them
 * from the table, in one transaction that moves the cursor: what a `RollupFoldThread` runs, on its own
 * connection. The transaction starts deferred and writes only the rollups' file, so it never holds
 * the main file's write lock (BEGIN IMMEDIATE would take it on every attached file).
 */
export function sqliteRollupFold(
  sqlite: SQLite.Database,
): (limit: number) => { folded: number; through: number } {
  const cursor = sqlite.prepare('select through_rowid from scan_rollup_cursor where id = 1').pluck();
  const after = sqlite.prepare(
    `select rowid, ${SCAN_COLUMNS.join(', ')} from scans where rowid > ? order by rowid limit ?`,
  );
  const write = rollupWriter(sqlite);
  return sqlite.transaction((limit: number) => {
    const through = Number(cursor.get() ?? 0);
    const rows = after.all(through, limit) as (NewScanRow & { rowid: number })[];
    const last = rows.at(-1);
    if (!last) return { folded: 0, through };
    write(rows, Number(last.rowid));
    return { folded: rows.length, through: Number(last.rowid) };
  });
}

/**
 * Counters, first visits from the visitor set, the rollups' upserts, attributed scans' ids
 * (`scan_ids`) and the cursor: run inside a transaction.
 */
function rollupWriter(sqlite: SQLite.Database): (scans: readonly NewScanRow[], throughRowid: number) => void {
  const advanceCounter = sqlite.prepare(
    `insert into scan_counters (qrcode_id, total, bots, last_at) values (?, ?, ?, ?)
     on conflict (qrcode_id) do update set total = scan_counters.total + excluded.total,
       bots = scan_counters.bots + excluded.bots,
       last_at = case when excluded.last_at > scan_counters.last_at then excluded.last_at else scan_counters.last_at end`,
  );
  const insertVisitor = sqlite.prepare(
    'insert into scan_visitors (day, scope, visitor_hash) values (?, ?, ?) on conflict do nothing',
  );
  const moveCursor = sqlite.prepare('update scan_rollup_cursor set through_rowid = ? where id = 1');
  // Kept once: the migration that made the table may have written a scan the fold then reaches.
  const keepScanId = sqlite.prepare(
    'insert into scan_ids (scan_id, account_id, qrcode_id, at) values (?, ?, ?, ?) on conflict do nothing',
  );
  const upserts = (Object.keys(ROLLUP_TABLES) as (keyof BatchRollups)[]).map(
    (name) => [name, upserter(ROLLUP_TABLES[name], sqlite)] as const,
  );
  return (scans, throughRowid) => {
    for (const [code, c] of countersOf(scans)) advanceCounter.run(code, c.total, c.bots, c.last_at);
    for (const scan of scans)
      if (scan.scan_id != null) keepScanId.run(scan.scan_id, scan.account_id, scan.qrcode_id, scan.at);
    const added = new Set<string>();
    for (const key of visitorKeysOf(scans)) {
      if (insertVisitor.run(key.day, key.scope, key.visitor_hash).changes === 1)
        added.add(visitorKeyString(key));
    }
    const rollups = rollupsOf(scans, added);
    for (const [name, upsert] of upserts) upsert(rollups[name]);
    moveCursor.run(throughRowid);
  };
}
