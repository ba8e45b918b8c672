import type { DatabaseHandle } from '../../db/create-db.js';
import { ScanJournal } from './scan-journal.js';
import type { ScanWriter, ScanWriterOptions } from './scan-writer.js';
import { MAX_BATCH } from './scan-writer.js';
import {
  appendScans,
  appendSpooledScans,
  openScanWriter,
  rollUpScansBehind,
  scansBehind,
} from './scans.repository.js';
import type { NewScanRow } from './scans.table.js';

/**
 * SQLite's default: each group is its own transaction, which on SQLite is already a local append
 * to the WAL, holding the raw scans only. Their counters and rollups follow in bulk (after
 * `MAX_BATCH` scans or `shipAfterMs`), far cheaper per scan than in every small group
 * (docs/adr/2026-11-23-analytics-rollups.md, "rollups behind"); `settled()` waits for them. A
 * journal file is written only while the database refuses a group, and always synced.
 */
export class DirectScanWriter implements ScanWriter {
  readonly journal: ScanJournal;
  /** Raw scans only, rollups after: on SQLite (PostgreSQL writes them together). */
  private readonly rollupsBehind: boolean;
  private rollupTimer: NodeJS.Timeout | null = null;
  /** Rollups behind are written one transaction after another: the last one queued. */
  private rollingUp: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: ScanWriterOptions,
  ) {
    this.rollupsBehind = Boolean(database.sqlite);
    this.journal = new ScanJournal({
      dir: options.spoolDir,
      sync: true,
      database,
      log: options.log,
      ship: ({ spoolId, rows, forget }) => appendSpooledScans(database, spoolId, rows, forget),
      stored: options.stored,
    });
  }

  get idle(): boolean {
    return this.journal.idle && scansBehind(this.database) === 0;
  }

  /** The group's own transaction, or a journal file while the database refuses it. */
  async write(rows: NewScanRow[]): Promise<void> {
    try {
      await appendScans(this.database, rows, { rollupsBehind: this.rollupsBehind });
    } catch (error) {
      this.options.log.error({ err: error, scans: rows.length }, 'scan batch refused; keeping it on disk');
      await this.journal.append(rows);
      // Its shipment fails while the database is away, and the replay retries it.
      void this.journal.seal();
      return;
    }
    this.options.stored(rows);
    if (this.rollupsBehind) this.rollUpLater();
  }

  async settled(): Promise<void> {
    await this.journal.drained();
    await this.rollUpNow();
  }

  /** Rolls up what a crash left behind (creating SQLite's writer does), then replays the journal. */
  async resume(): Promise<void> {
    if (this.rollupsBehind) openScanWriter(this.database);
    await this.journal.resume();
  }

  async close(): Promise<void> {
    await this.settled();
    this.journal.close();
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
        await rollUpScansBehind(this.database);
      } catch (error) {
        this.options.log.error({ err: error }, 'scan rollups failed; will retry');
        // After a pause, even with a full batch behind: retrying at once would spin while it fails.
        this.rollupTimer ??= setTimeout(() => void this.rollUpNow(), this.options.shipAfterMs);
      }
    });
    return this.rollingUp;
  }
}
