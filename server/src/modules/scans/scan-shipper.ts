import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { startWorker, stopWorker } from '../../shared/worker-thread.js';

/** What the recorder and its shipper thread share. */
export interface ShipperSettings {
  url: string;
  schema?: string | undefined;
}

/** To the thread: write this journal file's scans (appendSpooledScans), marked as `spoolId`. */
export interface ShipRequest {
  id: number;
  file: string;
  spoolId: string;
  forget?: string | undefined;
}

/** From the thread. `refused`: the database said no (the file waits for a replay), not the thread. */
export type ShipResponse = { id: number; added: boolean } | { id: number; error: string; refused: boolean };

/** The database refused a shipment: the journal file stays on disk for a replay. */
export class ShipmentRefused extends Error {}

/**
 * Ships the recorder's sealed journal files to PostgreSQL from a thread of its own, with its own
 * connection. A shipment (its rollups worked out, thousands of values encoded into array
 * parameters, the transaction) was a fifth of a warm scan's time on the event loop; the thread
 * takes it to the other core, and reads the scans from the journal file itself, so nothing is
 * copied between threads but a file's name.
 */
export class ScanShipper {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(added: boolean): void; reject(error: Error): void }>();
  private stopped: Error | null = null;
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
    if ('error' in response) {
      const ErrorType = response.refused ? ShipmentRefused : Error;
      waiter.reject(new ErrorType(response.error));
    } else waiter.resolve(response.added);
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const waiter of this.waiting.values()) waiter.reject(reason);
    this.waiting.clear();
  }
}
