import type { DatabaseHandle } from '../../db/create-db.js';
import { isSqliteBusy } from '../../db/sqlite-file.js';
import { RollupFoldThread } from './rollup-fold-thread.js';
import { ScanJournal } from './scan-journal.js';
import type { ScanWriter, ScanWriterOptions } from './scan-writer.js';
import { MAX_BATCH } from './scan-writer.js';
import {
  appendScans,
  appendSpooledScans,
  foldScansHere,
  lastScanRowid,
  openScanWriter,
  rollUpScansBehind,
  scansBehind,
} from './scans.repository.js';
import type { NewScanRow } from './scans.table.js';

/** How long refused groups go to one journal file after the first refusal, before it is shipped. */
const REFUSED_GROUPS_MS = 200;

/**
 * The most scans one such file holds: a file is shipped (or replayed) in one transaction on the
 * event loop that answers scans. At 45k scans a second a 200 ms window held about 9,000, whose
 * replay held the loop for up to 71 ms while a bulk import kept the write lock (the edge's p99
 * 31 ms against 3 alone, `npm run bench -- isolation --jobs bulk-import`).
 */
const REFUSED_FILE_MAX_SCANS = 1000;

/**
 * SQLite's default: each group is its own transaction, which on SQLite is already a local append
 * to the WAL, holding the raw scans only. Their counters and rollups follow in bulk, in a
 * transaction that moves the rollup cursor; `settled()` waits for them.
 *
 * On a database file they are folded by a `RollupFoldThread`, a thread of its own writing the rollups'
 * own file, thousands of scans a transaction (docs/adr/2026-11-26-cold-scans.md): nothing of it runs
 * on the event loop, and a group's commit never waits for it. Should the thread stop, the event loop
 * folds instead. In memory (tests) there is no second connection: the scans' rollups are written
 * on the event loop after `MAX_BATCH` scans or `shipAfterMs` (docs/adr/2026-11-23-analytics-rollups.md).
 *
 * A journal file is written only while the database refuses a group; synced with SCAN_JOURNAL_SYNC.
 */
export class DirectScanWriter implements ScanWriter {
  readonly journal: ScanJournal;
  /** Raw scans only, rollups after: on SQLite (PostgreSQL writes them together). */
  private readonly rollupsBehind: boolean;
  /** The fold thread, on a SQLite file. */
  private readonly foldThread: RollupFoldThread | undefined;
  private rollupTimer: NodeJS.Timeout | null = null;
  /** Scans this writer stored: the edge's rate, for `EdgeLoad`. */
  private storedScans = 0;
  refusedGroups = 0;
  /** While groups go to the journal (the database refused one): the last append queued. */
  private journalTurn: Promise<void> | null = null;
  private sealTimer: NodeJS.Timeout | null = null;
  /** Rollups behind are written one transaction after another: the last one queued. */
  private rollingUp: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: ScanWriterOptions,
  ) {
    this.rollupsBehind = Boolean(database.sqlite);
    const file = database.sqliteFile;
    if (database.sqlite && file && file !== ':memory:') {
      // Before anything is appended: the writer then keeps nothing behind for the event loop.
      openScanWriter(database, { foldElsewhere: true });
      this.foldThread = RollupFoldThread.start({ file });
      this.foldThread.holdWhileBusy(
        () => this.storedScans,
        () => lastScanRowid(database),
      );
    }
    this.journal = new ScanJournal({
      dir: options.spoolDir,
      // As durable as the SQLite commits it stands in for (synchronous=NORMAL), unless asked for more:
      // a synced append waited on a disk busy with the job's own commit (tens of ms).
      sync: options.journalSync,
      database,
      log: options.log,
      ship: ({ spoolId, rows, forget }) => appendSpooledScans(database, spoolId, rows, forget),
      stored: options.stored,
    });
  }

  get foldLag(): number {
    return this.foldThread?.running
      ? this.foldThread.behind(lastScanRowid(this.database))
      : scansBehind(this.database);
  }

  get idle(): boolean {
    if (!this.journal.idle) return false;
    return this.foldThread
      ? this.foldThread.covers(lastScanRowid(this.database))
      : scansBehind(this.database) === 0;
  }

  /**
   * The group's own transaction, or the open journal file while the database refuses it. Each
   * group tries the database first: most refusals are a checkpoint's few milliseconds (RESTART
   * holds the write lock), and a group sent to the journal costs the event loop its rows written
   * as JSON, read back and inserted later; a refused attempt costs one thrown error.
   */
  async write(rows: NewScanRow[]): Promise<void> {
    try {
      await appendScans(this.database, rows, { rollupsBehind: this.rollupsBehind });
    } catch (error) {
      // Busy: another connection (a job thread) holds the write lock for a moment; anything else is trouble.
      const busy = isSqliteBusy(error);
      this.refusedGroups += 1;
      // Once a window: while it is open the refusals are the same one.
      if (!this.journalTurn)
        this.options.log[busy ? 'debug' : 'error'](
          { err: error, scans: rows.length },
          busy ? 'database busy; scan batch kept in the journal' : 'scan batch refused; keeping it on disk',
        );
      return this.appendToJournal(rows);
    }
    this.storedScans += rows.length;
    this.options.stored(rows);
    // The fold thread finds them by itself.
    if (this.rollupsBehind && !this.foldThread?.running) this.rollUpLater();
  }

  /**
   * Appends to the open journal file; the first append opens a window of REFUSED_GROUPS_MS after
   * which the file is sealed and shipped (its shipment fails while the database is away, and the
   * replay retries it), or sooner once it holds REFUSED_FILE_MAX_SCANS. Appends and the seal run one
   * after another.
   */
  private appendToJournal(rows: NewScanRow[]): Promise<void> {
    // A full file is sealed, and the next file's appends wait until it is.
    if (this.journalTurn && this.journal.openScans >= REFUSED_FILE_MAX_SCANS)
      this.openJournalWindow(this.sealJournal());
    const turn = this.journalTurn ?? this.openJournalWindow(Promise.resolve());
    const appended = turn.then(() => this.journal.append(rows));
    this.journalTurn = appended.catch(() => undefined);
    return appended;
  }

  /** Opens a window for the next file's appends, once `after` (the last file's seal) is done. */
  private openJournalWindow(after: Promise<void>): Promise<void> {
    this.journalTurn = after.catch(() => undefined);
    this.sealTimer = setTimeout(() => void this.sealJournal(), REFUSED_GROUPS_MS);
    return this.journalTurn;
  }

  private async sealJournal(): Promise<void> {
    const turn = this.journalTurn;
    if (!turn) return;
    if (this.sealTimer) clearTimeout(this.sealTimer);
    this.sealTimer = null;
    this.journalTurn = null;
    await turn;
    void this.journal.seal();
  }

  async settled(): Promise<void> {
    await this.sealJournal();
    await this.journal.drained();
    if (this.foldThread?.running) {
      try {
        await this.foldThread.folded(lastScanRowid(this.database));
        return;
      } catch (error) {
        this.options.log.warn({ err: error }, 'the rollup fold thread stopped; folding on the event loop');
      }
    }
    await this.rollUpNow();
  }

  /** Rolls up what a crash left behind (creating SQLite's writer does), then replays the journal. */
  async resume(): Promise<void> {
    // With a fold thread, it folds what a crash left, while the instance already serves.
    if (this.rollupsBehind && !this.foldThread) openScanWriter(this.database);
    await this.journal.resume();
  }

  /** Stores what is waiting; the fold thread's cursor keeps what it has not folded for the next start. */
  async close(): Promise<void> {
    await this.sealJournal();
    await this.journal.drained();
    // Replays what a busy database refused, before the last roll-up counts it.
    await this.journal.close();
    if (!this.foldThread) await this.settled();
    await this.foldThread?.close();
    if (this.rollupTimer) clearTimeout(this.rollupTimer);
    this.rollupTimer = null;
  }

  private rollUpLater(): void {
    if (scansBehind(this.database) >= MAX_BATCH) void this.rollUpNow();
    else this.rollupTimer ??= setTimeout(() => void this.rollUpNow(), this.options.shipAfterMs);
  }

  /** Writes the rollups of every scan behind; never rejects (they stay behind, covered by the cursor). */
  private rollUpNow(): Promise<void> {
    if (this.rollupTimer) clearTimeout(this.rollupTimer);
    this.rollupTimer = null;
    if (!this.rollupsBehind) return Promise.resolve();
    this.rollingUp = this.rollingUp.then(async () => {
      try {
        if (this.foldThread) await this.foldHere();
        else await rollUpScansBehind(this.database);
      } catch (error) {
        this.options.log.error({ err: error }, 'scan rollups failed; will retry');
        // After a pause, even with a full batch behind: retrying at once would spin while it fails.
        this.rollupTimer ??= setTimeout(() => void this.rollUpNow(), this.options.shipAfterMs);
      }
    });
    return this.rollingUp;
  }

  /** The fold thread is gone: folds on the event loop, `MAX_BATCH` a transaction, yielding between. */
  private async foldHere(): Promise<void> {
    while ((await foldScansHere(this.database, MAX_BATCH)) === MAX_BATCH)
      await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
