import type { DatabaseHandle } from '../../db/create-db.js';
import { ScanJournal, type Shipment } from './scan-journal.js';
import { ScanShipper, ShipmentRefused } from './scan-shipper.js';
import type { ScanWriter, ScanWriterOptions } from './scan-writer.js';
import { MAX_BATCH } from './scan-writer.js';
import { appendScans, appendSpooledScans } from './scans.repository.js';
import type { NewScanRow } from './scans.table.js';

/**
 * PostgreSQL's default, where a commit is a round trip and an fsync on another server: a group is
 * appended to the journal's open file and answered, and the file is sealed after `MAX_BATCH`
 * scans or `shipAfterMs` and shipped in one transaction with the scans' rollups and counters,
 * thousands at a time (docs/adr/2026-11-22-scans-group-commit.md). The shipment runs on the
 * shipper's thread (`ScanShipper`), or on the event loop without one.
 *
 * On PostgreSQL each append is fdatasynced before answering: durable through a power loss, as its
 * commit is. On SQLite (only when asked for) it is not, as SQLite's own WAL commits with
 * synchronous=NORMAL are not: a journaled scan survives the process being killed.
 */
export class JournalFirstScanWriter implements ScanWriter {
  readonly journal: ScanJournal;
  /** An append is under way: sealing waits for it (its rows must go with the open file). */
  private appending = false;
  private sealRequested = false;
  private sealWaiters: (() => void)[] = [];
  private shipTimer: NodeJS.Timeout | null = null;
  private shipper: ScanShipper | undefined;

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
      sync: !database.sqlite,
      database,
      log: options.log,
      ship: (shipment) => this.ship(shipment),
      stored: options.stored,
    });
  }

  get idle(): boolean {
    return this.journal.idle;
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

  /** Resolves once the journal file holding everything journaled so far is shipped. */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      this.sealWaiters.push(resolve);
      this.requestSeal();
    });
  }

  /** Starts the shipper's thread (PostgreSQL) and replays what an earlier process left. */
  async resume(): Promise<void> {
    const { url, schema } = this.database;
    if (url) this.shipper ??= ScanShipper.start({ url, schema });
    await this.journal.resume();
  }

  async close(): Promise<void> {
    await this.settled();
    this.journal.close();
    await this.shipper?.close();
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
        await this.shipper.ship({ file, spoolId, forget });
        return;
      } catch (error) {
        if (error instanceof ShipmentRefused) throw error;
        this.options.log.warn({ err: error }, 'the scan shipper failed; shipping on the event loop');
      }
    }
    // Marked by the file's name, so the rows are added once even if the thread got them in.
    await appendSpooledScans(this.database, spoolId, rows, forget);
  }
}
