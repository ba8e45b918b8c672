import type { MetricObjectWithValues, MetricValueWithName, Registry } from 'prom-client';

/**
 * A Prometheus histogram for the hot path: prom-client's `observe` builds a key from the label
 * object on every call, which costs the edge about as much as a quarter of a scan's own work.
 * Here each label combination is a slot fixed up front (`slot()` once, then `observe(slot, s)`),
 * and an observation is a bucket search and three additions. prom-client's registry reads it
 * through `get()` like any other metric.
 */
export class FastHistogram<L extends string> {
  readonly name: string;
  readonly help: string;
  private readonly bounds: readonly number[];
  private readonly slots: Array<{
    labels: Record<L, string>;
    buckets: Float64Array;
    sum: number;
    count: number;
  }> = [];

  constructor(options: { name: string; help: string; buckets: readonly number[]; registers: Registry[] }) {
    this.name = options.name;
    this.help = options.help;
    this.bounds = [...options.buckets].sort((a, b) => a - b);
    for (const registry of options.registers) registry.registerMetric(this as never);
  }

  /** The slot of one label combination; keep it and pass it to `observe`. */
  slot(labels: Record<L, string>): number {
    this.slots.push({ labels, buckets: new Float64Array(this.bounds.length), sum: 0, count: 0 });
    return this.slots.length - 1;
  }

  observe(slot: number, seconds: number): void {
    const entry = this.slots[slot];
    if (!entry) return;
    let i = 0;
    while (i < this.bounds.length && seconds > (this.bounds[i] as number)) i++;
    if (i < this.bounds.length) (entry.buckets[i] as number)++;
    entry.sum += seconds;
    entry.count++;
  }

  get(): Omit<MetricObjectWithValues<MetricValueWithName<string>>, 'collect'> {
    const values: MetricValueWithName<string>[] = [];
    for (const { labels, buckets, sum, count } of this.slots) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += buckets[i] as number;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { ...labels, le: bound },
          value: cumulative,
        });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: 'histogram' as never, values, aggregator: 'sum' };
  }

  reset(): void {
    for (const entry of this.slots) {
      entry.buckets.fill(0);
      entry.sum = 0;
      entry.count = 0;
    }
  }
}
