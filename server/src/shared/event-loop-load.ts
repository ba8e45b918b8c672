import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/** Whether the edge is under load now: background work asks before it takes a core or a lock. */
export interface LoadSignal {
  busy(): boolean;
}

/**
 * Whether the edge is under load: over the last `windowMs` the event loop spent more than
 * `threshold` of its time running code, and more than `minRate` scans a second were recorded
 * (`count` answers the scans recorded so far). Background work that can wait (webhooks of scans)
 * asks before taking the loop from the edge, which answers scans on the same thread; busy with
 * itself alone (catching up once the load is gone), it is not held back.
 */
export class EdgeLoad implements LoadSignal {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private lastAt = performance.now();
  private lastCount: number;
  private loaded = false;

  constructor(
    private readonly count: () => number,
    private readonly options: { threshold?: number; minRate?: number; windowMs?: number } = {},
  ) {
    this.lastCount = count();
  }

  busy(): boolean {
    const { threshold = 0.75, minRate = 200, windowMs = 250 } = this.options;
    const now = performance.now();
    if (now - this.lastAt < windowMs) return this.loaded;
    const current = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(current, this.last).utilization;
    const count = this.count();
    const rate = ((count - this.lastCount) * 1000) / (now - this.lastAt);
    this.loaded = utilization > threshold && rate > minRate;
    this.last = current;
    this.lastAt = now;
    this.lastCount = count;
    return this.loaded;
  }
}

/**
 * The main thread's EdgeLoad, published for the job threads (a flag in shared memory, refreshed
 * each `intervalMs`): the background loops run on the writes thread, whose own event loop and
 * recorder say nothing of the edge's load, and their transactions take SQLite's write lock,
 * which the edge's scan groups need too.
 */
export function publishEdgeLoad(
  load: LoadSignal,
  intervalMs = 250,
): { buffer: SharedArrayBuffer; stop(): void } {
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const flag = new Int32Array(buffer);
  const timer = setInterval(() => Atomics.store(flag, 0, load.busy() ? 1 : 0), intervalMs);
  timer.unref();
  return { buffer, stop: () => clearInterval(timer) };
}

/** A job thread's view of the edge's load: what the main thread published last (never busy without it). */
export function publishedEdgeLoad(buffer: SharedArrayBuffer | undefined): LoadSignal {
  if (!buffer) return { busy: () => false };
  const flag = new Int32Array(buffer);
  return { busy: () => Atomics.load(flag, 0) === 1 };
}
