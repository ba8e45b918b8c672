import { performance } from 'node:perf_hooks';

type Collector = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's collector, which the process has when started with `--expose-gc` (SERVER_NODE_FLAGS in
 * scripts/lib/server-process.mjs, the systemd units, `npm start` of server/). Worker threads take
 * the process's V8 flags, so they have it too. It is not turned on here at run time: Node
 * documents changing V8's flags after start as unpredictable. Without it the trims are skipped.
 */
function collector(): Collector | null {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? (gc as Collector) : null;
}

/** Whether this process can release freed heap (started with `--expose-gc`); the server warns if not. */
export function canReleaseFreedHeap(): boolean {
  return collector() !== null;
}

/**
 * Gives the operating system back the heap pages this thread's collections have freed.
 *
 * Node 24's V8 keeps every page a collection frees in a pool, still resident, for reuse, and
 * empties the pool only in a memory-reducing collection, which it starts on its own under memory
 * pressure or after 8 s of idleness, which a busy server's threads never have. So a thread keeps
 * the most heap it ever used in its RSS: after the edge code file's build or a load, hundreds of
 * MB that no object uses (docs/adr/2026-11-26-cold-scans.md, "Memory under load"); Node 20 returned
 * them. This runs that collection now: a full, blocking one (about 100 ms with 60 MB live), so it
 * is run only once a burst of garbage is over: when the thread turns idle (trimHeapWhenIdle), or
 * after a build of the edge code file large enough to cost more than the pause.
 */
export function releaseFreedHeap(): void {
  collector()?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

export interface IdleHeapTrimOptions {
  /** How often the thread's event loop is looked at. */
  everyMs?: number;
  /** A look that found the loop busier than this marks work done since the last trim. */
  busy?: number;
  /** A look that found it less busy than this, after work, trims. */
  idle?: number;
}

/**
 * Releases the thread's freed heap (releaseFreedHeap) once each time it turns idle after work: a
 * period whose event loop was busy, then a whole period that was not. Under a steady load it
 * never runs; the timer does not hold the process open. Answers a function that stops it.
 */
export function trimHeapWhenIdle(options: IdleHeapTrimOptions = {}): () => void {
  const { everyMs = 2_000, busy = 0.1, idle = 0.02 } = options;
  let last = performance.eventLoopUtilization();
  let worked = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    if (utilization > busy) worked = true;
    else if (worked && utilization < idle) {
      worked = false;
      releaseFreedHeap();
      // The collection itself is not work to trim after.
      last = performance.eventLoopUtilization();
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
