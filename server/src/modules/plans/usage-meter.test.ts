import { describe, expect, it } from 'vitest';
import { inProcessUsageStore, monthOf, UsageMeter } from './usage-meter.js';

const NOV_30_LATE = Date.UTC(2026, 10, 30, 23, 59, 30);
const DEC_1 = Date.UTC(2026, 11, 1, 0, 0, 5);

/** A meter over a durable history of `recorded` scans (what the database holds) and a fixed limit. */
function meterAt(now: { value: number }, recorded: Map<string, number>, limit: number) {
  const seeds: string[] = [];
  const meter = new UsageMeter({
    recorded: async (workspaceId, from, to) => {
      seeds.push(`${workspaceId} ${new Date(from).toISOString()}..${new Date(to).toISOString()}`);
      return recorded.get(`${workspaceId} ${monthOf(from).key}`) ?? 0;
    },
    limit: async () => limit,
    store: inProcessUsageStore(),
    clock: { now: () => now.value },
  });
  return { meter, seeds };
}

describe('monthly usage', () => {
  it('is the calendar month in UTC', () => {
    expect(monthOf(NOV_30_LATE)).toEqual({
      key: '2026-11',
      start: Date.UTC(2026, 10, 1),
      end: Date.UTC(2026, 11, 1),
    });
    expect(monthOf(DEC_1).key).toBe('2026-12');
  });

  it('starts from what the database recorded this month, then counts each scan, once seeded', async () => {
    const now = { value: NOV_30_LATE };
    const { meter, seeds } = meterAt(now, new Map([['acc 2026-11', 8]]), 10);
    expect(await meter.isOverLimit('acc')).toBe(false);
    await meter.counted('acc');
    expect(meter.isOverLimit('acc')).toBe(false); // 9 of 10, answered from memory
    await meter.counted('acc');
    expect(meter.isOverLimit('acc')).toBe(true); // 10 of 10: the next scan goes to the default
    expect((await meter.usageOf('acc')).redirectsThisMonth).toBe(10);
    expect(seeds).toEqual(['acc 2026-11-01T00:00:00.000Z..2026-12-01T00:00:00.000Z']);
  });

  it('starts a new month at what that month recorded, and says its bounds', async () => {
    const now = { value: NOV_30_LATE };
    const { meter } = meterAt(now, new Map([['acc 2026-11', 10]]), 10);
    expect(await meter.isOverLimit('acc')).toBe(true);
    now.value = DEC_1;
    expect(await meter.isOverLimit('acc')).toBe(false);
    expect(await meter.usageOf('acc')).toEqual({
      redirectsThisMonth: 0,
      periodStart: '2026-12-01T00:00:00.000Z',
      periodEnd: '2027-01-01T00:00:00.000Z',
    });
  });

  it('seeds an account once however many scans arrive while it loads', async () => {
    const now = { value: NOV_30_LATE };
    const { meter, seeds } = meterAt(now, new Map([['acc 2026-11', 3]]), 100);
    await Promise.all([
      meter.counted('acc'),
      meter.counted('acc'),
      meter.isOverLimit('acc'),
      meter.counted('acc'),
    ]);
    expect((await meter.usageOf('acc')).redirectsThisMonth).toBe(6);
    expect(seeds).toHaveLength(1);
  });

  it('reads the limit again when the plans change, keeping the count', async () => {
    let limit = 2;
    const meter = new UsageMeter({
      recorded: async () => 2,
      limit: async () => limit,
      store: inProcessUsageStore(),
    });
    expect(await meter.isOverLimit('acc')).toBe(true);
    limit = 100;
    meter.forgetLimit('acc');
    expect(await meter.isOverLimit('acc')).toBe(false);
    await meter.counted('acc');
    expect((await meter.usageOf('acc')).redirectsThisMonth).toBe(3);
  });

  it("goes over the limit at this instance's own scan, before the shared count answers", async () => {
    // A shared count that answers late, as Redis does a few milliseconds after a scan.
    const shared = inProcessUsageStore();
    const answers: (() => void)[] = [];
    const reached: number[] = [];
    const meter = new UsageMeter({
      recorded: async () => 8,
      limit: async () => 10,
      store: {
        current: shared.current,
        increment: (workspaceId, month) =>
          new Promise((resolve) => answers.push(() => resolve(shared.increment(workspaceId, month)))),
      },
      reachedLimit: (_workspaceId, count) => reached.push(count),
    });
    expect(await meter.isOverLimit('acc')).toBe(false);
    const counting = [meter.counted('acc'), meter.counted('acc')];
    expect(meter.isOverLimit('acc')).toBe(true); // 10 of 10, though the store has answered neither
    expect(reached).toEqual([10]);
    for (const answer of answers) answer();
    await Promise.all(counting);
    expect((await meter.usageOf('acc')).redirectsThisMonth).toBe(10);
    expect(reached).toEqual([10]); // told once
  });
});
