import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from '../../shared/background-work.js';
import type { JobThreads } from './job-threads.js';

export interface JobLanesOptions {
  /** The heavy jobs' threads: none runs until a heavy job comes, each ends after `idleMs` without one. */
  heavy: JobThreads;
  /** A new lane of one writes thread at the normal priority, started at once; it runs the background loops. */
  openWrites(): JobThreads;
  /** The server's own background loops, which stop while the writes thread runs its own. */
  serverLoops: BackgroundWork;
  /** How long every job thread stays idle before the server takes the writes and the loops back. */
  idleMs: number;
  /** Told when job threads start running (true) and when the last has ended (false). */
  onJobThreads(running: boolean): void;
  log: FastifyBaseLogger;
}

/**
 * Where single-code writes and the background loops run (docs/adr/2026-11-28-job-threads.md).
 *
 * While no job thread runs, the server runs them itself: an instance that only answers scans
 * holds no job thread's app (each some 70 MB), and a write waits for no thread to start. No other
 * connection of the instance writes the main database file then, so a write here never waits for
 * a lock.
 *
 * A heavy job changes that: its thread's transactions hold SQLite's write lock for seconds, and a
 * write or a loop's poll on this thread would wait them out with the edge stopped. So before the
 * first heavy job runs, the server stops its loops and starts the writes thread, which takes the
 * writes and runs the loops, until the heavy threads have ended and the writes thread has been
 * idle for `idleMs`. Then it closes (what its loops had in flight is written) and the server
 * takes both back.
 *
 * A write the server began just before a heavy job cannot meet that job's lock: a job thread takes
 * a second or more to build its app before it can run anything.
 */
export class JobLanes {
  private writesLane: JobThreads | undefined;
  private switching: Promise<void> | undefined;
  private closed = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: JobLanesOptions) {
    this.timer = setInterval(() => this.handBackWhenIdle(), Math.min(options.idleMs, 5_000));
    this.timer.unref();
  }

  /** The writes thread's lane while it runs. */
  get writes(): JobThreads | undefined {
    return this.writesLane;
  }

  /** The heavy jobs' lane, once the writes and the loops have left this thread. */
  async forHeavyJob(): Promise<JobThreads> {
    await this.toThreads();
    return this.options.heavy;
  }

  /** The lane a single-code write runs on, or undefined: run it here. */
  async forWrite(): Promise<JobThreads | undefined> {
    while (this.switching) await this.switching;
    return this.writesLane;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    while (this.switching) await this.switching;
    await Promise.all([this.options.heavy.close(), this.writesLane?.close()]);
  }

  private async toThreads(): Promise<void> {
    while (this.switching) await this.switching;
    if (this.writesLane || this.closed) return;
    const { serverLoops, log, onJobThreads, openWrites } = this.options;
    onJobThreads(true);
    const lane = openWrites();
    this.switching = serverLoops
      .stop()
      .catch((error: unknown) => log.warn({ err: error }, 'the background loops did not stop cleanly'))
      .then(() => {
        this.writesLane = lane;
      })
      .finally(() => {
        this.switching = undefined;
      });
    await this.switching;
  }

  private handBackWhenIdle(): void {
    const lane = this.writesLane;
    const { heavy, idleMs, serverLoops, log, onJobThreads } = this.options;
    if (!lane || this.switching || this.closed) return;
    if (heavy.threads.length > 0 || heavy.idleMs() === 0 || lane.idleMs() < idleMs) return;
    this.switching = lane
      .close()
      .catch((error: unknown) => log.warn({ err: error }, 'the writes thread did not close cleanly'))
      .then(() => {
        this.writesLane = undefined;
        onJobThreads(false);
        if (!this.closed) return serverLoops.start();
      })
      .catch((error: unknown) => log.warn({ err: error }, 'the background loops did not start again'))
      .finally(() => {
        this.switching = undefined;
      });
  }
}
