import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { EdgeLoad } from '../../shared/event-loop-load.js';
import { startWorker, stopWorker } from '../../shared/worker-thread.js';

/**
 * Where the scans to fold are: a SQLite file (the rollups' file is attached beside it), or a
 * PostgreSQL database, whose shipments queue their scans (`scan_fold_queue`).
 */
export type FoldSource = { file: string } | { url: string; schema?: string | undefined };

/** What the fold thread is started with. */
export interface FoldThreadSettings {
  source: FoldSource;
  /** Scans folded per transaction at most. */
  batch: number;
  /** How long the thread waits, once caught up, before it looks for new scans. */
  idleMs: number;
  /**
   * Two Int32s: [0] is 1 while the edge asks the thread to hold its folds (see `RollupFoldThread.hold`);
   * [1] counts the turns the thread held back (`RollupFoldThread.heldTurns`).
   */
  held: SharedArrayBuffer;
}

/** To the thread: fold everything stored now; `ask` is echoed once a fold started after it caught up. */
export interface FoldRequest {
  ask: number;
}

/**
 * From the thread: after a fold, SQLite's cursor (`through`, a rowid) or on PostgreSQL the scans it
 * folded since it started; with `caughtUp`, the last request it had received when the fold that
 * found nothing more to fold began.
 */
export type FoldReport = { through: number; caughtUp: number | null } | { error: string };

/**
 * Scans folded per transaction: large enough that a burst over many codes shares pages, small
 * enough that a fold's rows stay a few MB of the thread's heap (10,000 cost no less CPU a scan
 * and held about 100 MB more under a cold burst; the cold-scans ADR's numbers).
 */
export const FOLD_BATCH = 2_000;

/** Scans left unfolded, at most, while the edge is under load (about 230 B each on disk). */
const MAX_HELD_BACKLOG = 1_000_000;

/**
 * The thread's V8 heap bounds. Unbounded, V8 let a folding thread's heap grow to about 100 MB
 * under a cold burst before collecting (its live data is a fold's rows); bounded, it collects
 * sooner. On Node 24 the most heap the thread ever took stays resident until the thread is idle
 * (heap-trim.ts), and the fold thread catches up after a load at full speed, so these bounds are its
 * share of the instance's RSS under load: 4 and 32 MB kept a million-code run at 239 MB, where
 * 8 and 48 reached 252 to 262 (docs/adr/2026-11-26-cold-scans.md, "Memory under load"). Should a
 * fold ever need more, the thread ends with an out-of-memory error and the event loop folds
 * instead (as when the thread is gone for any reason).
 */
const FOLD_THREAD_HEAP = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 };

/**
 * The rollup fold thread (docs/adr/2026-11-26-cold-scans.md): a thread with its own connection that
 * folds stored scans into the counters, visitor sets and rollups, `FOLD_BATCH` at a time, each
 * batch in one transaction that also marks it folded (exactly once, whatever is killed when).
 * On SQLite it folds the scans past `scan_rollup_cursor`; the rollups live in their own attached
 * file, so a fold holds that file's write lock only and the edge's raw appends to the main file
 * never wait for it. On PostgreSQL it folds the scans shipments queued (`foldQueuedScans`).
 * Either way the event loop does none of the work, however many distinct codes a burst touches.
 */
export class RollupFoldThread {
  private readonly exited: Promise<unknown>;
  private stopped: Error | null = null;
  /** The cursor as last reported. */
  private through = 0;
  private asks = 0;
  private waiters: { rowid: number; ask: number; resolve(): void; reject(error: Error): void }[] = [];
  private readonly held: Int32Array;
  private loadWatch: NodeJS.Timeout | null = null;

  private constructor(
    private readonly worker: Worker,
    held: SharedArrayBuffer,
  ) {
    this.held = new Int32Array(held);
    this.exited = once(worker, 'exit');
    worker.on('message', (report: FoldReport) => this.report(report));
    worker.on('error', (error) => this.stop(error));
    worker.once('exit', () => this.stop(new Error('the rollup fold thread exited')));
    worker.unref();
  }

  static start(
    source: FoldSource,
    options: Partial<Omit<FoldThreadSettings, 'source'>> = {},
  ): RollupFoldThread {
    const settings: FoldThreadSettings = {
      source,
      batch: options.batch ?? FOLD_BATCH,
      // Looking costs PostgreSQL a query: four times less often there.
      idleMs: options.idleMs ?? ('url' in source ? 100 : 25),
      held: new SharedArrayBuffer(8),
    };
    const worker = startWorker(
      new URL('./rollup-fold-thread.worker.js', import.meta.url),
      settings,
      FOLD_THREAD_HEAP,
    );
    return new RollupFoldThread(worker, settings.held);
  }

  /**
   * While the edge is under load, the thread folds only for a read that waits (`folded`): its
   * work (about 13 rows a cold scan) would take the second core and the memory bandwidth from the
   * answers. The scans wait on disk, past the cursor, and are folded once the load is gone.
   */
  hold(holding: boolean): void {
    Atomics.store(this.held, 0, holding ? 1 : 0);
  }

  /** How many times the thread looked and held back: a test sees it had its chance to fold. */
  get heldTurns(): number {
    return Atomics.load(this.held, 1);
  }

  /**
   * Holds the thread while the event loop is busy answering scans (the webhooks' rule,
   * `EdgeLoad`, checked every quarter second), unless its backlog passed `MAX_HELD_BACKLOG`: a
   * load that never ends must not defer the analytics without bound (the thread, at the lowest
   * priority, then folds what the cores leave it). `stored` counts the scans stored so far (the
   * edge's rate); `last` is what `behind` takes; `busyAbove` is the event loop's share of time
   * that counts as busy (EdgeLoad's 75 % by default).
   */
  holdWhileBusy(stored: () => number, last: () => number, busyAbove?: number): void {
    const load = new EdgeLoad(stored, { threshold: busyAbove });
    this.loadWatch ??= setInterval(() => {
      this.hold(load.busy() && this.behind(last()) < MAX_HELD_BACKLOG);
    }, 250);
    this.loadWatch.unref();
  }

  /**
   * Scans stored through `rowid` that the thread has not folded yet, as last reported (on
   * PostgreSQL, `rowid` counts the scans shipped; other instances' scans that it folded make
   * this an underestimate, which only the hold's limit reads).
   */
  behind(rowid: number): number {
    return Math.max(0, rowid - this.through);
  }

  get running(): boolean {
    return this.stopped === null;
  }

  /** Whether every scan through `rowid` is folded, as last reported. */
  covers(rowid: number): boolean {
    return this.through >= rowid;
  }

  /**
   * Resolves once every scan through `rowid` (or, if that scan is gone, everything stored before
   * the call) is folded; rejects if the thread stops first. On PostgreSQL pass `Infinity`: only
   * the thread's answer to the request tells that every scan stored before it is folded.
   */
  folded(rowid: number): Promise<void> {
    if (this.through >= rowid) return Promise.resolve();
    if (this.stopped) return Promise.reject(this.stopped);
    const ask = ++this.asks;
    if (this.waiters.length === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiters.push({ rowid, ask, resolve, reject });
      this.worker.postMessage({ ask } satisfies FoldRequest);
    });
  }

  async close(): Promise<void> {
    if (this.loadWatch) clearInterval(this.loadWatch);
    if (this.running) await stopWorker(this.worker, this.exited);
    else await this.exited;
  }

  private report(report: FoldReport): void {
    if ('error' in report) return; // the thread retries; a waiter waits on
    this.through = Math.max(this.through, report.through);
    const caughtUp = report.caughtUp ?? 0;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.rowid <= this.through || waiter.ask <= caughtUp) waiter.resolve();
      else this.waiters.push(waiter);
    }
    if (this.waiters.length === 0 && waiting.length > 0) this.worker.unref();
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const waiter of this.waiters) waiter.reject(reason);
    this.waiters = [];
  }
}
