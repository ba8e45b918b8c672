import { type EventLoopUtilization, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';

/**
 * How busy each thread of the process is, for /metrics: event-loop utilisation, the 99th
 * percentile of event-loop delay (lag), and V8 heap in use, per thread. Each worker thread
 * measures itself and posts to one channel every few seconds; the main thread measures itself
 * when scraped and keeps the latest of the others.
 */
export interface ThreadStats {
  thread: string;
  /** Share of the window the event loop ran code, 0..1. */
  utilization: number;
  lagP99Seconds: number;
  heapUsedBytes: number;
  at: number;
  /** Counts the thread keeps for the main thread's metrics (the background thread's webhook attempts). */
  counters?: Record<string, number>;
}

const CHANNEL = 'rq:thread-stats';
const REPORT_EVERY_MS = 2_000;
/** A thread not heard of for this long has ended: it leaves the metrics. */
const FORGET_AFTER_MS = 10_000;

/** Measures this thread over successive windows: each `read()` covers the time since the last. */
class ThreadMeter {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private readonly delay = monitorEventLoopDelay({ resolution: 10 });

  constructor(private readonly thread: string) {
    this.delay.enable();
  }

  read(): ThreadStats {
    const now = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(now, this.last).utilization;
    this.last = now;
    // The histogram's floor is its resolution: a loop that is never late reads about 10 ms.
    const lag = Math.max(0, this.delay.percentile(99) / 1e9 - 0.01);
    this.delay.reset();
    return {
      thread: this.thread,
      utilization,
      lagP99Seconds: lag,
      heapUsedBytes: process.memoryUsage().heapUsed,
      at: Date.now(),
    };
  }

  stop(): void {
    this.delay.disable();
  }
}

/**
 * In a worker thread: reports its stats every few seconds, with `counters()` when given, until
 * the answered function is called.
 */
export function startThreadStats(thread: string, counters?: () => Record<string, number>): () => void {
  const meter = new ThreadMeter(thread);
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  const timer = setInterval(
    () => channel.postMessage({ ...meter.read(), ...(counters ? { counters: counters() } : {}) }),
    REPORT_EVERY_MS,
  );
  timer.unref();
  return () => {
    clearInterval(timer);
    meter.stop();
    channel.close();
  };
}

/** In the main thread: its own stats, measured at each read, and the latest each other thread sent. */
export class ThreadStatsCollector {
  // Tests run the app inside a worker of their own: that thread is the app's main.
  private readonly main = new ThreadMeter(isMainThread ? 'main' : `main-${threadId}`);
  private readonly others = new Map<string, ThreadStats>();
  private readonly channel = new BroadcastChannel(CHANNEL);

  constructor() {
    this.channel.unref();
    this.channel.onmessage = (event) => {
      const stats = (event as { data: ThreadStats }).data;
      this.others.set(stats.thread, stats);
    };
  }

  read(): ThreadStats[] {
    const now = Date.now();
    for (const [thread, stats] of this.others) {
      if (now - stats.at > FORGET_AFTER_MS) this.others.delete(thread);
    }
    return [this.main.read(), ...this.others.values()];
  }

  /** The sum of a counter over the other threads' latest reports. */
  counter(name: string): number {
    let total = 0;
    for (const stats of this.others.values()) total += stats.counters?.[name] ?? 0;
    return total;
  }

  close(): void {
    this.main.stop();
    this.channel.close();
  }
}
