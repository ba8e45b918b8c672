import type { DatabaseHandle } from '../../db/create-db.js';
import { RollupFoldThread } from './rollup-fold-thread.js';
import { ScanJournal, type Shipment } from './scan-journal.js';
import { ScanShipper, ShipmentRefused } from './scan-shipper.js';
import type { ScanWriter, ScanWriterOptions } from './scan-writer.js';
import { MAX_BATCH } from './scan-writer.js';
import { appendScans, appendSpooledScans, foldQueuedScans } from './scans.repository.js';
import type { NewScanRow } from './scans.table.js';

/**
 * On PostgreSQL an instance's cold scans are bound by the database (its code reads, and a fold's
 * upserts beside them) before its event loop: measured at a million codes, the loop was about
 * half busy at the instance's most. So the edge counts as under load, and the fold thread is held,
 * from 40 % of the loop's time (with over 200 scans a second, EdgeLoad's other condition).
 */
const POSTGRES_BUSY_LOOP = 0.4;

/**
 * PostgreSQL's default, where a commit is a round trip and an fsync on another server: a group is
 * appended to the journal's open file and answered, and the file is sealed after `MAX_BATCH`
 * scans or `shipAfterMs` and shipped in one transaction, thousands at a time
 * (docs/adr/2026-11-22-scans-group-commit.md). The shipment runs on the shipper's thread
 * (`ScanShipper`), or on the event loop without one. On PostgreSQL a shipment holds the raw scans
 * and queues them; a `RollupFoldThread` writes their counters and rollups later, held while the
 * edge is under load (docs/adr/2026-11-26-cold-scans.md); `settled()` waits for both.
 *
 * An append is in the operating system's cache when its group is answered: the scan survives the
 * process being killed, as SQLite's own WAL commits with synchronous=NORMAL do, and the file is
 * in the database, committed by its fsync, within `shipAfterMs`. With `sync` (SCAN_JOURNAL_SYNC)
 * each append is also fdatasynced before answering, durable through a power loss; every group
 * then waits for the disk (docs/adr/2026-11-22-scans-group-commit.md, "The journal's sync").
 */
export class JournalFirstScanWriter implements ScanWriter {
  readonly journal: ScanJournal;
  /** An append is under way: sealing waits for it (its rows must go with the open file). */
  private appending = false;
  private sealRequested = false;
  private sealWaiters: (() => void)[] = [];
  private shipTimer: NodeJS.Timeout | null = null;
  private shipper: ScanShipper | undefined;
  /** PostgreSQL's fold thread for the shipped scans' rollups, started by `resume()`. */
  private foldThread: RollupFoldThread | undefined;
  /** Scans this writer shipped: the edge's rate, for holding the fold thread under load. */
  private shippedScans = 0;
  /** Every group goes to the journal first: none is refused. */
  readonly refusedGroups = 0;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: ScanWriterOptions & {
      /** Ships from a thread of its own; by default started by `resume()` on PostgreSQL. */
      shipper?: ScanShipper | undefined;
    },
  ) {
    this.shipper = options.shipper;
    this.journal = new ScanJournal({
      dir: options.spoolDir,
      sync: options.journalSync,
      database,
      log: options.log,
      ship: (shipment) => this.ship(shipment),
      stored: options.stored,
    });
  }

  /**
   * On PostgreSQL never: any instance's shipment (or one killed before its scans were folded)
   * may have left scans queued, which only a fold can tell.
   */
  /** What the fold thread has not reached of this instance's shipped scans (other instances' it folds too). */
  get foldLag(): number {
    return this.foldThread?.behind(this.shippedScans) ?? 0;
  }

  get idle(): boolean {
    return this.journal.idle && this.database.dialect !== 'postgres';
  }

  async write(rows: NewScanRow[]): Promise<void> {
    this.appending = true;
    try {
      await this.journalOrDatabase(rows);
    } finally {
      this.appending = false;
      if (this.sealRequested || this.journal.openScans >= MAX_BATCH) this.seal();
      else this.shipLater();
    }
  }

  /** Resolves once everything journaled so far is shipped, and on PostgreSQL folded too. */
  async settled(): Promise<void> {
    await this.shipped();
    if (this.database.dialect === 'postgres') await this.foldShipped();
  }

  /**
   * Starts the shipper's and the fold threads (PostgreSQL) and replays what an earlier
   * process left; the fold thread folds what it left queued while the instance already serves.
   */
  async resume(): Promise<void> {
    const { url, schema } = this.database;
    if (url) {
      this.shipper ??= ScanShipper.start({ url, schema });
      if (!this.foldThread) {
        this.foldThread = RollupFoldThread.start({ url, schema });
        this.foldThread.holdWhileBusy(
          () => this.shippedScans,
          () => this.shippedScans,
          POSTGRES_BUSY_LOOP,
        );
      }
    }
    await this.journal.resume();
  }

  /** Ships what is journaled; what is queued for folding stays queued for the next fold. */
  async close(): Promise<void> {
    await this.shipped();
    await this.journal.close();
    await this.shipper?.close();
    await this.foldThread?.close();
  }

  /** Resolves once the journal file holding everything journaled so far is shipped. */
  private shipped(): Promise<void> {
    return new Promise((resolve) => {
      this.sealWaiters.push(resolve);
      this.requestSeal();
    });
  }

  /** Folds every scan queued so far (by any instance), in the fold thread or, without it, here. */
  private async foldShipped(): Promise<void> {
    if (this.foldThread?.running) {
      try {
        await this.foldThread.folded(Number.POSITIVE_INFINITY);
        return;
      } catch (error) {
        this.options.log.warn({ err: error }, 'the rollup fold thread stopped; folding on the event loop');
      }
    }
    const { db } = this.database;
    while ((await foldQueuedScans(db, MAX_BATCH, { waitForOthers: true })) === MAX_BATCH);
  }

  private async journalOrDatabase(rows: NewScanRow[]): Promise<void> {
    try {
      await this.journal.append(rows);
    } catch (error) {
      // The journal's disk failed (full, read-only): write these scans to the database directly.
      this.options.log.error(
        { err: error, scans: rows.length },
        'scan journal failed; writing to the database',
      );
      await appendScans(this.database, rows);
      this.options.stored(rows);
    }
  }

  private shipLater(): void {
    if (this.shipTimer || !this.journal.hasOpenFile) return;
    this.shipTimer = setTimeout(() => {
      this.shipTimer = null;
      this.requestSeal();
    }, this.options.shipAfterMs);
  }

  /** Seals now, or after the append under way. */
  private requestSeal(): void {
    if (this.appending) this.sealRequested = true;
    else this.seal();
  }

  private seal(): void {
    this.sealRequested = false;
    if (this.shipTimer) clearTimeout(this.shipTimer);
    this.shipTimer = null;
    const shipped = this.journal.seal();
    const waiters = this.sealWaiters;
    this.sealWaiters = [];
    if (waiters.length > 0)
      shipped.then(() => {
        for (const resolve of waiters) resolve();
      });
  }

  /** In the shipper's thread, or here when there is none or it failed (not the database). */
  private async ship({ file, spoolId, rows, forget }: Shipment): Promise<void> {
    if (this.shipper?.running) {
      try {
        if (await this.shipper.ship({ file, spoolId, forget })) this.shippedScans += rows.length;
        return;
      } catch (error) {
        if (error instanceof ShipmentRefused) throw error;
        this.options.log.warn({ err: error }, 'the scan shipper failed; shipping on the event loop');
      }
    }
    // Marked by the file's name, so the rows are added once even if the thread got them in.
    if (await appendSpooledScans(this.database, spoolId, rows, forget)) this.shippedScans += rows.length;
  }
}
