import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/**
 * Whether the edge is under load: over the last `windowMs` the event loop spent more than
 * `threshold` of its time running code, and more than `minRate` scans a second were recorded
 * (`count` answers the scans recorded so far). Background work that can wait (webhooks of scans)
 * asks before taking the loop from the edge, which answers scans on the same thread; busy with
 * itself alone (catching up once the load is gone), it is not held back.
 */
export class EdgeLoad {
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
