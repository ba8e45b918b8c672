import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/create-db.js';
import type { ScanShipper } from './scan-shipper.js';
import { DirectScanWriter } from './scan-writer.direct.js';
import { JournalFirstScanWriter } from './scan-writer.journal-first.js';
import type { ScanWriter } from './scan-writer.js';
import type { NewScanRow } from './scans.table.js';

/** Scans recorded in one tick: they are written together and share one promise. */
interface Group {
  rows: NewScanRow[];
  durable: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newGroup(): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const durable = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A group nobody awaits (the edge always does) must not become an unhandled rejection.
  durable.catch(() => undefined);
  return { rows: [], durable, resolve, reject };
}

export interface ScanRecorderOptions {
  /**
   * Answer once a scan is in the journal, and ship to the database in bulk
   * (`JournalFirstScanWriter`, the default on PostgreSQL). Off (`DirectScanWriter`, SQLite's
   * default), each group is its own transaction.
   */
  journalFirst?: boolean;
  /** The journal's directory: one file per shipment, and what a crash or an outage left. */
  spoolDir: string;
  log: FastifyBaseLogger;
  /** What waits for the database (a journal file, the rollups behind) is written this long after its first scan. */
  shipAfterMs?: number;
  /** Told about scans once they are in the database (the live stream); never delays them. */
  onStored?: (scans: NewScanRow[]) => void;
  /**
   * Journal first: fdatasync each append before answering, so an answered scan survives a power
   * loss; without it (the default), it survives the process being killed, as SQLite's commits do.
   */
  journalSync?: boolean;
  /** Journal first: ships from a thread of its own (by default started by `resumeSpool` on PostgreSQL). */
  shipper?: ScanShipper;
}

// Scans journaled but not yet in the database: beyond this, answering waits for the database to
// catch up (it is slower than the edge), so memory is bounded.
const MAX_BACKLOG = 50_000;

/**
 * Group commit for scans (docs/adr/2026-11-22-scans-group-commit.md): the scans recorded in one
 * tick form a group, which the writer makes durable at once, and `record()` resolves only then,
 * so an answered scan is never lost. How a group becomes durable is the writer's business
 * (`scan-writer.ts`). Reads that must see every scan this instance answered (analytics, totals,
 * counts) call `settled()` first.
 */
export class ScanRecorder {
  private pending: Group | null = null;
  /** The group being written, until it is durable. */
  private writing: Group | null = null;
  private writingLoop: Promise<void> | null = null;
  private readonly writer: ScanWriter;
  /** Transactions written and scans in them, for metrics and to show the grouping works. */
  readonly stats = { batches: 0, scans: 0 };
  /** Scans recorded so far: their sequence numbers. */
  private recorded = 0;
  /** Each workspace's last scan recorded since the last full settle, by sequence number. */
  private readonly lastScanOf = new Map<string, number>();
  /** Every scan up to this sequence number is stored and counted (-1: not since the start). */
  private settledThrough = -1;

  /** Groups the database refused and the journal kept: a job holding SQLite's write lock, or an outage. */
  get refusedGroups(): number {
    return this.writer.refusedGroups;
  }

  /** Scans answered and journaled but not in the database yet, and stored but not folded yet. */
  get backlog(): { journal: number; fold: number } {
    return { journal: this.writer.journal.backlog, fold: this.writer.foldLag };
  }

  constructor(
    database: DatabaseHandle,
    private readonly options: ScanRecorderOptions,
  ) {
    const writerOptions = {
      spoolDir: options.spoolDir,
      log: options.log,
      shipAfterMs: options.shipAfterMs ?? 25,
      stored: (rows: NewScanRow[]) => this.stored(rows),
      journalSync: options.journalSync ?? false,
    };
    this.writer =
      (options.journalFirst ?? !database.sqlite)
        ? new JournalFirstScanWriter(database, {
            ...writerOptions,
            shipper: options.shipper,
          })
        : new DirectScanWriter(database, writerOptions);
  }

  /** Resolves once the scan is durable: in the journal, or in the database. */
  record(scan: NewScanRow): Promise<void> {
    this.pending ??= newGroup();
    this.pending.rows.push(scan);
    this.lastScanOf.set(scan.account_id, ++this.recorded);
    this.writingLoop ??= this.writeGroups();
    return this.pending.durable;
  }

  /**
   * Resolves once every scan recorded before the call is in the database (or, while it is down, on
   * disk), and counted. Given a workspace, at once when none of its scans came since the last time
   * everything was: under a saturated edge, catching up takes seconds, and a workspace whose
   * codes nobody scans meanwhile (an API caller's) need not wait for another's.
   */
  async settled(workspaceId?: string): Promise<void> {
    if (workspaceId !== undefined && this.settledThrough >= 0) {
      const last = this.lastScanOf.get(workspaceId);
      if (last === undefined || last <= this.settledThrough) return;
    }
    const through = this.recorded;
    const unwritten = this.pending ?? this.writing;
    if (unwritten || !this.writer.idle) {
      if (unwritten) await unwritten.durable.catch(() => undefined);
      await this.writer.settled();
    }
    this.settledAt(through);
  }

  private settledAt(through: number): void {
    if (through <= this.settledThrough) return;
    this.settledThrough = through;
    // Workspaces scanned before it need no entry: the map holds only those scanned since.
    for (const [workspaceId, last] of this.lastScanOf)
      if (last <= through) this.lastScanOf.delete(workspaceId);
  }

  private async writeGroups(): Promise<void> {
    // Let the requests that arrive in this tick join the first group.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let group = this.pending; group; group = this.pending) {
      this.pending = null;
      this.writing = group;
      await this.writer.write(group.rows).then(group.resolve, group.reject);
      this.writing = null;
      // The database is behind: let it catch up before answering more.
      if (this.writer.journal.backlog > MAX_BACKLOG) await this.writer.journal.drained();
    }
    this.writingLoop = null;
  }

  private stored(rows: NewScanRow[]): void {
    this.stats.batches += 1;
    this.stats.scans += rows.length;
    try {
      this.options.onStored?.(rows);
    } catch (error) {
      this.options.log.warn({ err: error }, 'a listener of stored scans failed');
    }
  }

  /**
   * At start: replays what an earlier process left in the journal, on SQLite rolls up the scans
   * whose rollups it did not write, and starts the shipper's thread. Resolves once the first
   * replay is over, so an instance serves (and reads analytics) only with every scan it answered
   * before in the database; if the database refuses them, it resolves anyway and the replay is
   * tried again every 5 s.
   */
  resumeSpool(): Promise<void> {
    return this.writer.resume();
  }

  /** Moves journal files no shipment holds into the database; answers how many scans it added. */
  replaySpool(): Promise<number> {
    return this.writer.journal.replay();
  }

  async close(): Promise<void> {
    while (this.writingLoop) await this.writingLoop;
    await this.writer.close();
  }
}
