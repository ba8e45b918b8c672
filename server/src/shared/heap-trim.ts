import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

type Collector = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collector: Collector | null | undefined;

/**
 * V8's collector (what `--expose-gc` gives), taken from a new context of this thread's. The flag
 * is process-wide and stays set: turning it off again could race another thread taking its own.
 * Null if V8 did not give it (the trims are then skipped, never an error).
 */
function collectorOf(): Collector | null {
  if (collector === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collector = vm.runInNewContext('gc') as Collector;
    } catch {
      collector = null;
    }
  }
  return collector;
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
  collectorOf()?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
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
