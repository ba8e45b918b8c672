import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/create-db.js';
import { appendScans, appendSpooledScans } from './scans.repository.js';
import type { NewScanRow } from './scans.table.js';

/** Scans waiting to be written together; every scan in it shares one promise. */
interface Batch {
  rows: NewScanRow[];
  durable: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const durable = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { rows: [], durable, resolve, reject };
}

export interface ScanRecorderOptions {
  /** Where batches go when the database refuses them, to be replayed later. */
  spoolDir: string;
  log: FastifyBaseLogger;
  /** Most scans in one transaction; more wait for the next one. */
  maxBatch?: number;
  /** Told about each batch once it is in the database (the live stream); never delays the batch. */
  onStored?: (scans: NewScanRow[]) => void;
}

/**
 * Group commit for scans. Scans recorded while a batch is being written gather into the next
 * batch, so N concurrent scans cost one transaction, not N. `record()` resolves once the scan's
 * batch is durable, and the edge answers only then: an answered scan is never lost.
 *
 * If the database refuses a batch, the batch is appended to a spool file (fsynced) instead, and
 * the spool is replayed into the database later (every 5 s until it takes them, and at start for
 * what a killed process left); only if that also fails does `record()` reject. A file is replayed
 * exactly once: its name is marked in the transaction that writes its scans.
 */
export class ScanRecorder {
  private batches: Batch[] = [];
  private writing: Promise<void> | null = null;
  private readonly maxBatch: number;
  private replayTimer: NodeJS.Timeout | null = null;
  /** Transactions written and scans in them, for metrics and to show the grouping works. */
  readonly stats = { batches: 0, scans: 0 };

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: ScanRecorderOptions,
  ) {
    this.maxBatch = options.maxBatch ?? 2000;
  }

  record(scan: NewScanRow): Promise<void> {
    let batch = this.batches.at(-1);
    if (!batch || batch.rows.length >= this.maxBatch) {
      batch = newBatch();
      this.batches.push(batch);
    }
    batch.rows.push(scan);
    if (!this.writing) this.writing = this.writeLoop();
    return batch.durable;
  }

  /** Resolves when everything recorded so far is durable. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async writeLoop(): Promise<void> {
    // Let the requests that arrive in this tick join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let batch = this.batches.shift(); batch; batch = this.batches.shift()) {
      try {
        await this.writeDurably(batch.rows);
        batch.resolve();
      } catch (error) {
        batch.reject(error);
      }
    }
    this.writing = null;
  }

  private async writeDurably(batch: NewScanRow[]): Promise<void> {
    try {
      await appendScans(this.database, batch);
      this.stats.batches += 1;
      this.stats.scans += batch.length;
      this.stored(batch);
    } catch (error) {
      this.options.log.error({ err: error, scans: batch.length }, 'scan batch refused; spooling it to disk');
      spoolBatch(this.options.spoolDir, batch);
      this.scheduleReplay();
    }
  }

  /** Replays what an earlier process left in the spool (it was killed, or stopped with the database down). */
  resumeSpool(): void {
    if (spoolFiles(this.options.spoolDir).length === 0) return;
    this.replaySpool().catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'spool replay at start failed; will retry');
      this.scheduleReplay();
    });
  }

  private scheduleReplay(): void {
    if (this.replayTimer) return;
    this.replayTimer = setTimeout(() => {
      this.replayTimer = null;
      this.replaySpool().catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'spool replay failed; will retry');
        this.scheduleReplay();
      });
    }, 5000);
    this.replayTimer.unref();
  }

  /** Moves spooled scans into the database; a file is removed only after its rows commit. */
  async replaySpool(): Promise<number> {
    let replayed = 0;
    for (const file of spoolFiles(this.options.spoolDir)) {
      const rows = readSpoolFile(file);
      // Another instance sharing the spool may have taken the file already.
      if (rows === null) continue;
      const added = await appendSpooledScans(this.database, path.basename(file), rows);
      fs.rmSync(file, { force: true });
      if (!added) continue;
      this.stored(rows);
      replayed += rows.length;
    }
    if (replayed > 0) this.options.log.info({ scans: replayed }, 'spooled scans replayed');
    return replayed;
  }

  private stored(rows: NewScanRow[]): void {
    try {
      this.options.onStored?.(rows);
    } catch (error) {
      this.options.log.warn({ err: error }, 'a listener of stored scans failed');
    }
  }

  async close(): Promise<void> {
    await this.flush();
    if (this.replayTimer) clearTimeout(this.replayTimer);
  }
}

function spoolFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** The scans of a spool file; null when it is gone. */
function readSpoolFile(file: string): NewScanRow[] | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as NewScanRow];
      } catch {
        return []; // a torn last line from a crash mid-append: its scan was never answered
      }
    });
}

function spoolBatch(dir: string, batch: NewScanRow[]): void {
  fs.mkdirSync(dir, { recursive: true });
  // Unique across processes and restarts: the name is what marks the file replayed.
  const file = path.join(dir, `scans-${Date.now()}-${process.pid}-${randomUUID()}.jsonl`);
  const fd = fs.openSync(file, 'a');
  try {
    fs.writeSync(fd, `${batch.map((row) => JSON.stringify(row)).join('\n')}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
