import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/create-db.js';
import { readJournalFile } from './scan-journal.js';
import { ScanShipper, ShipmentRefused } from './scan-shipper.js';
import {
  appendScans,
  appendSpooledScans,
  openScanWriter,
  rollUpScansBehind,
  scansBehind,
} from './scans.repository.js';
import type { NewScanRow } from './scans.table.js';

/** Scans recorded in one tick: they are journaled together and share one promise. */
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

/** One journal file: the scans fsynced into it, shipped to the database together once sealed. */
interface Segment {
  name: string;
  file: string;
  fd: number;
  rows: NewScanRow[];
  /** Bytes written so far: where a failed write is cut back to. */
  size: number;
  /** With `sync`: the directory's entry for the new file is on disk (fsync of the directory). */
  listed: Promise<void>;
}

export interface ScanRecorderOptions {
  /**
   * Answer once a scan is in the journal, and ship to the database in bulk (the default on
   * PostgreSQL, where a commit is a round trip and an fsync on another server). Off (SQLite's
   * default), each group is its own local transaction, which is already a journal append (WAL),
   * and a journal file is written only while the database refuses scans.
   */
  journalFirst?: boolean;
  /** The journal's directory: one file per shipment, and what a crash or an outage left. */
  spoolDir: string;
  log: FastifyBaseLogger;
  /**
   * A journal file is shipped (or the rollups behind written) this long after its first scan, or
   * once it holds `MAX_BATCH` scans, whichever comes first.
   */
  shipAfterMs?: number;
  /** Told about each shipment once it is in the database (the live stream); never delays it. */
  onStored?: (scans: NewScanRow[]) => void;
  /**
   * Journal first on PostgreSQL: what ships the journal files from a thread of its own, with a
   * connection of its own; by default started by `resumeSpool`. Closed with the recorder. Without
   * one, or once it has stopped, the recorder ships on the event loop.
   */
  shipper?: ScanShipper;
}

// Scans journaled but not yet in the database that the recorder holds in memory: beyond this,
// answering waits for the database to catch up (it is slower than the edge), so memory is bounded.
const MAX_BACKLOG = 50_000;
// Scans in one shipment (or one write of the rollups behind).
const MAX_BATCH = 2000;

/**
 * Group commit for scans, in one of two forms (docs/adr/2026-11-23-analytics-rollups.md, "Journal
 * first"). Either way `record()` resolves once the scan is durable and the edge answers only then,
 * so an answered scan is never lost, and scans recorded in the same tick share one write.
 *
 * - Journal first (PostgreSQL's default): the group is appended to a local journal file (and
 *   fdatasynced), and a shipper writes each file's scans to the database in one transaction of up
 *   to `MAX_BATCH` scans with their rollups and counters, thousands at a time instead of the few
 *   dozen that would each wait on a commit. Reads that must see every scan this instance answered
 *   (analytics, totals, counts) call `settled()` first.
 * - Direct (SQLite's default): each group is its own transaction, which on SQLite is already a
 *   local append to the WAL; a journal file is written only while the database refuses scans.
 *
 * A file's name is marked in the transaction that writes its scans and the file is removed after
 * it commits, so a file reaches the database exactly once whatever crashes. When the database
 * refuses a file, it stays on disk and is replayed every 5 s until it is taken; at start, what a
 * killed process left is replayed.
 */
export class ScanRecorder {
  private pending: Group | null = null;
  /** The group being journaled, until its fdatasync returns. */
  private writingGroup: Group | null = null;
  private journaling: Promise<void> | null = null;
  private segment: Segment | null = null;
  private sealRequested = false;
  private sealWaiters: (() => void)[] = [];
  private shipTimer: NodeJS.Timeout | null = null;
  /** Shipments run one after another; this is the last one queued. */
  private shipping: Promise<void> = Promise.resolve();
  private backlog = 0;
  /** Files this process writes or is shipping: the replay leaves them alone. */
  private readonly live = new Set<string>();
  /** The last shipped file whose removal from disk succeeded: its mark can go. */
  private forgettable: string | undefined;
  private replayTimer: NodeJS.Timeout | null = null;
  private rollupTimer: NodeJS.Timeout | null = null;
  /** Rollups behind are written one transaction after another: the last one queued. */
  private rollingUp: Promise<void> = Promise.resolve();
  private readonly shipAfterMs: number;
  private readonly sync: boolean;
  private readonly journalFirst: boolean;
  private readonly rollupsBehind: boolean;
  private shipper: ScanShipper | undefined;
  /** Transactions written and scans in them, for metrics and to show the grouping works. */
  readonly stats = { batches: 0, scans: 0 };

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: ScanRecorderOptions,
  ) {
    this.shipAfterMs = options.shipAfterMs ?? 25;
    this.journalFirst = options.journalFirst ?? !database.sqlite;
    // fdatasync each group before answering on PostgreSQL: durable through a power loss, as its
    // commit is. SQLite's WAL commits with synchronous=NORMAL do not sync either, so there a
    // journaled scan survives the process being killed, not the machine losing power. Without the
    // journal first, a file is written only in an outage: always synced.
    this.sync = !database.sqlite || !this.journalFirst;
    // The direct form on SQLite commits a group's raw scans only; their counters and rollups follow
    // in bulk (after `MAX_BATCH` scans or `shipAfterMs`), far cheaper per scan than in every small
    // group. Reads wait for them in `settled()`.
    this.rollupsBehind = !this.journalFirst && Boolean(database.sqlite);
    this.shipper = options.shipper;
  }

  /** Resolves once the scan is durable: in the journal, or in the database if the journal failed. */
  record(scan: NewScanRow): Promise<void> {
    this.pending ??= newGroup();
    this.pending.rows.push(scan);
    this.journaling ??= this.journalLoop();
    return this.pending.durable;
  }

  /** Resolves once every scan recorded before the call is in the database (or, while it is down, on disk). */
  async settled(): Promise<void> {
    const unjournaled = this.pending ?? this.writingGroup;
    if (!unjournaled && !this.segment && this.backlog === 0 && scansBehind(this.database) === 0) return;
    if (unjournaled) await unjournaled.durable.catch(() => undefined);
    await this.sealAndShip();
    await this.rollUpNow();
  }

  private async journalLoop(): Promise<void> {
    // Let the requests that arrive in this tick join the first group.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let group = this.pending; group; group = this.pending) {
      this.pending = null;
      this.writingGroup = group;
      await (this.journalFirst ? this.journalGroup(group) : this.writeGroup(group));
      this.writingGroup = null;
      if (this.sealRequested || (this.segment?.rows.length ?? 0) >= MAX_BATCH) this.seal();
      else this.shipLater();
      // The database is behind: let it catch up before answering more.
      if (this.backlog > MAX_BACKLOG) await this.shipping;
    }
    this.journaling = null;
    if (this.sealRequested) this.seal();
  }

  private async journalGroup(group: Group): Promise<void> {
    try {
      await this.journal(group.rows);
      group.resolve();
    } catch (error) {
      // The journal's disk failed (full, read-only): write these scans to the database directly.
      this.options.log.error(
        { err: error, scans: group.rows.length },
        'scan journal failed; writing to the database',
      );
      await this.writeToDatabase(group).catch((databaseError: unknown) => group.reject(databaseError));
    }
  }

  private async writeToDatabase(group: Group): Promise<void> {
    await appendScans(this.database, group.rows, { rollupsBehind: this.rollupsBehind });
    this.shipped(group.rows);
    group.resolve();
    if (this.rollupsBehind) this.rollUpLater();
  }

  private rollUpLater(): void {
    if (scansBehind(this.database) >= MAX_BATCH) void this.rollUpNow();
    else this.rollupTimer ??= setTimeout(() => void this.rollUpNow(), this.shipAfterMs);
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
        this.rollupTimer ??= setTimeout(() => void this.rollUpNow(), this.shipAfterMs);
      }
    });
    return this.rollingUp;
  }

  /** Without the journal: the group's own transaction, or a journal file while the database refuses it. */
  private async writeGroup(group: Group): Promise<void> {
    try {
      await this.writeToDatabase(group);
    } catch (error) {
      this.options.log.error(
        { err: error, scans: group.rows.length },
        'scan batch refused; keeping it on disk',
      );
      try {
        await this.journal(group.rows);
        this.seal(); // its shipment fails while the database is away, and the replay retries it
        group.resolve();
      } catch (diskError) {
        group.reject(diskError);
      }
    }
  }

  /** Appends rows to the open journal file and fsyncs it; on failure the file is cut back to before them. */
  private async journal(rows: NewScanRow[]): Promise<void> {
    const segment = this.segment ?? this.openSegment();
    try {
      const lines = Buffer.from(`${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
      const written = fs.writeSync(segment.fd, lines);
      // A short write (the disk filled up) returns without an error; what it wrote is cut back below.
      if (written < lines.length) throw new Error(`journal write: ${written} of ${lines.length} bytes`);
      segment.size += written;
      if (this.sync) await Promise.all([syncData(segment.fd), segment.listed]);
    } catch (error) {
      // Whatever part of the group reached the file must not be replayed besides being written now.
      try {
        fs.ftruncateSync(segment.fd, segment.size);
      } finally {
        this.seal();
      }
      throw error;
    }
    for (const row of rows) segment.rows.push(row);
  }

  private openSegment(): Segment {
    fs.mkdirSync(this.options.spoolDir, { recursive: true });
    // Unique across processes and restarts, and in time order: the name is what marks it written.
    const name = `scans-${Date.now()}-${process.pid}-${randomUUID()}.jsonl`;
    const file = path.join(this.options.spoolDir, name);
    const listed = this.sync ? syncDirectory(this.options.spoolDir) : Promise.resolve();
    listed.catch(() => undefined); // awaited with the first group's fdatasync
    const segment = { name, file, fd: fs.openSync(file, 'a'), rows: [], size: 0, listed };
    this.live.add(name);
    this.segment = segment;
    return segment;
  }

  private shipLater(): void {
    if (this.shipTimer || !this.segment) return;
    this.shipTimer = setTimeout(() => {
      this.shipTimer = null;
      this.requestSeal();
    }, this.shipAfterMs);
  }

  /** Resolves once the journal file holding everything journaled so far is shipped. */
  private sealAndShip(): Promise<void> {
    return new Promise((resolve) => {
      this.sealWaiters.push(resolve);
      this.requestSeal();
    });
  }

  /** Seals now, or after the group being journaled (its rows must go with this file). */
  private requestSeal(): void {
    if (this.writingGroup) this.sealRequested = true;
    else this.seal();
  }

  /** Closes the open journal file and queues it for shipping. */
  private seal(): void {
    this.sealRequested = false;
    if (this.shipTimer) clearTimeout(this.shipTimer);
    this.shipTimer = null;
    const segment = this.segment;
    this.segment = null;
    if (segment) {
      fs.closeSync(segment.fd);
      if (segment.rows.length === 0) this.discard(segment);
      else {
        this.backlog += segment.rows.length;
        this.shipping = this.shipping.then(() => this.ship(segment));
      }
    }
    const waiters = this.sealWaiters;
    this.sealWaiters = [];
    if (waiters.length > 0)
      this.shipping.then(() => {
        for (const resolve of waiters) resolve();
      });
  }

  private discard(segment: Segment): void {
    this.live.delete(segment.name);
    fs.rm(segment.file, { force: true }, () => undefined);
  }

  /** Writes one journal file's scans to the database; never rejects (a refused file waits on disk). */
  private async ship(segment: Segment): Promise<void> {
    try {
      await this.shipFile(segment);
    } catch (error) {
      this.options.log.error(
        { err: error, scans: segment.rows.length },
        'the database refused scans; they wait in the journal on disk',
      );
      this.scheduleReplay();
      return;
    } finally {
      this.backlog -= segment.rows.length;
      this.live.delete(segment.name);
    }
    this.forgettable = undefined;
    this.shipped(segment.rows);
    // Off the event loop: removing a file of a thousand scans takes the file system a while.
    await new Promise<void>((resolve) =>
      fs.rm(segment.file, { force: true }, (error) => {
        if (error) {
          // Its mark stays, so the replay that meets the file removes it without adding it again.
          this.options.log.warn(
            { err: error, file: segment.file },
            'a shipped journal file could not be removed',
          );
          this.scheduleReplay();
        } else this.forgettable = segment.name;
        resolve();
      }),
    );
  }

  /** In the shipper's thread, or here when there is none or it failed (not the database). */
  private async shipFile(segment: Segment): Promise<void> {
    const request = { file: segment.file, spoolId: segment.name, forget: this.forgettable };
    if (this.shipper?.running) {
      try {
        await this.shipper.ship(request);
        return;
      } catch (error) {
        if (error instanceof ShipmentRefused) throw error;
        this.options.log.warn({ err: error }, 'the scan shipper failed; shipping on the event loop');
      }
    }
    // Marked by the file's name, so the rows are added once even if the thread got them in.
    await appendSpooledScans(this.database, segment.name, segment.rows, request.forget);
  }

  private shipped(rows: NewScanRow[]): void {
    this.stats.batches += 1;
    this.stats.scans += rows.length;
    try {
      this.options.onStored?.(rows);
    } catch (error) {
      this.options.log.warn({ err: error }, 'a listener of stored scans failed');
    }
  }

  /**
   * At start: replays what an earlier process left in the journal (it was killed, or stopped with
   * the database down), on SQLite rolls up the scans whose rollups it did not write, and starts the
   * shipper's thread. Resolves once the first replay is over, so an instance serves (and reads
   * analytics) only with every scan it answered before in the database; if the database refuses
   * them, it resolves anyway and the replay is tried again every 5 s.
   */
  async resumeSpool(): Promise<void> {
    if (this.rollupsBehind) openScanWriter(this.database);
    const { url, schema } = this.database;
    if (this.journalFirst && url) this.shipper ??= ScanShipper.start({ url, schema });
    if (this.spoolFiles().length === 0) return;
    try {
      await this.replaySpool();
    } catch (error) {
      this.options.log.warn({ err: error }, 'journal replay at start failed; will retry');
      this.scheduleReplay();
    }
  }

  private scheduleReplay(): void {
    if (this.replayTimer) return;
    this.replayTimer = setTimeout(() => {
      this.replayTimer = null;
      this.replaySpool().catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'journal replay failed; will retry');
        this.scheduleReplay();
      });
    }, 5000);
    this.replayTimer.unref();
  }

  /** Moves journal files no shipment holds into the database; a file is removed only after its rows commit. */
  async replaySpool(): Promise<number> {
    let replayed = 0;
    for (const file of this.spoolFiles()) {
      const rows = readJournalFile(file);
      // Another replayer may have taken the file already.
      if (rows === null) continue;
      const added = await appendSpooledScans(this.database, path.basename(file), rows);
      fs.rmSync(file, { force: true });
      if (!added) continue;
      this.shipped(rows);
      replayed += rows.length;
    }
    if (replayed > 0) this.options.log.info({ scans: replayed }, 'journaled scans replayed');
    return replayed;
  }

  private spoolFiles(): string[] {
    const dir = this.options.spoolDir;
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.jsonl') && !this.live.has(name))
      .sort()
      .map((name) => path.join(dir, name));
  }

  async close(): Promise<void> {
    while (this.journaling) await this.journaling;
    await this.sealAndShip();
    await this.rollUpNow();
    if (this.replayTimer) clearTimeout(this.replayTimer);
    this.replayTimer = null;
    await this.shipper?.close();
  }
}

function syncData(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));
}

function syncDirectory(dir: string): Promise<void> {
  return new Promise((resolve, reject) =>
    fs.open(dir, 'r', (openError, fd) => {
      if (openError) return reject(openError);
      fs.fsync(fd, (syncError) => fs.close(fd, () => (syncError ? reject(syncError) : resolve())));
    }),
  );
}
