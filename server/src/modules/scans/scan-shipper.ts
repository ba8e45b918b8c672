import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { startWorker, stopWorker } from '../../shared/worker-thread.js';
import type { FoldSource } from './rollup-fold-thread.js';

/** The database the shipper thread opens a connection of its own to: as the fold thread's. */
export type ShipperSettings = FoldSource;

/** To the thread: write this journal file's scans (appendSpooledScans), marked as `spoolId`. */
export interface ShipRequest {
  id: number;
  file: string;
  spoolId: string;
  forget?: string | undefined;
}

/** From the thread. `refused`: the database said no (the file waits for a replay), not the thread. */
export type ShipResponse =
  | { id: number; added: boolean; lastRowid: number }
  | { id: number; error: string; refused: boolean; code?: string | undefined };

/** The database refused a shipment: the journal file stays on disk for a replay. */
export class ShipmentRefused extends Error {
  /** The driver's code (SQLITE_BUSY: a job held the write lock past the thread's wait). */
  code: string | undefined;
}

/**
 * Ships sealed journal files to the database from a thread of its own, with its own connection,
 * and reads the scans from the file itself, so nothing is copied between threads but a file's name.
 * On PostgreSQL every group goes this way: a shipment (thousands of values encoded into array
 * parameters, the transaction) was a fifth of a warm scan's time on the event loop. On SQLite only
 * what the database refused while a job held its write lock: replayed on the event loop, a file
 * of a thousand scans held it for about 8 ms, and here the thread may wait for the lock instead.
 */
export class ScanShipper {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(added: boolean): void; reject(error: Error): void }>();
  private stopped: Error | null = null;
  /** SQLite: the rowid of the last scan the thread appended (0 on PostgreSQL). */
  lastRowid = 0;
  private readonly exited: Promise<unknown>;

  private constructor(private readonly worker: Worker) {
    this.exited = once(worker, 'exit');
    worker.on('message', (response: ShipResponse) => this.answer(response));
    worker.on('error', (error) => this.stop(error));
    worker.once('exit', () => this.stop(new Error('the scan shipper thread exited')));
    // Only a shipment in flight holds the process open.
    worker.unref();
  }

  static start(settings: ShipperSettings): ScanShipper {
    return new ScanShipper(startWorker(new URL('./scan-shipper.worker.js', import.meta.url), settings));
  }

  /** False once the thread is gone: the recorder then ships on its own connection. */
  get running(): boolean {
    return this.stopped === null;
  }

  /**
   * Resolves with whether the file's scans were added (false: it was shipped before); rejects
   * with ShipmentRefused when the database refused them, or another error when the thread failed.
   */
  ship(request: Omit<ShipRequest, 'id'>): Promise<boolean> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } satisfies ShipRequest);
    });
  }

  /** Ends the thread once it has closed its connection. */
  async close(): Promise<void> {
    if (this.running) await stopWorker(this.worker, this.exited);
    else await this.exited;
  }

  private answer(response: ShipResponse): void {
    const waiter = this.waiting.get(response.id);
    if (!waiter) return;
    this.waiting.delete(response.id);
    if (this.waiting.size === 0) this.worker.unref();
    if ('error' in response) waiter.reject(shipmentError(response));
    else {
      this.lastRowid = Math.max(this.lastRowid, response.lastRowid);
      waiter.resolve(response.added);
    }
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const waiter of this.waiting.values()) waiter.reject(reason);
    this.waiting.clear();
  }
}

function shipmentError(response: Extract<ShipResponse, { error: string }>): Error {
  if (!response.refused) return new Error(response.error);
  const refused = new ShipmentRefused(response.error);
  refused.code = response.code;
  return refused;
}
