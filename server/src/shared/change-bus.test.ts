import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ChangeBus } from './change-bus.js';

declare module './change-bus.js' {
  interface ChangeTopics {
    'test.event': { n: number };
  }
}

const log = pino({ level: 'silent' });

describe('the change bus in one process', () => {
  it('delivers to every subscriber until it unsubscribes, awaiting them', async () => {
    const bus = new ChangeBus({ channel: 'c', log });
    const seen: string[] = [];
    const stop = bus.subscribe('test.event', async ({ n }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`a${n}`);
    });
    bus.subscribe('test.event', ({ n }) => {
      seen.push(`b${n}`);
    });
    await bus.publish('test.event', { n: 1 });
    expect(seen).toEqual(['a1', 'b1']);
    stop();
    await bus.publish('test.event', { n: 2 }, { acrossInstances: false });
    expect(seen).toEqual(['a1', 'b1', 'b2']);
  });

  it('runs every subscriber, then gives the publisher the first failure', async () => {
    const bus = new ChangeBus({ channel: 'c', log });
    const seen: number[] = [];
    bus.subscribe('test.event', () => {
      throw new Error('listener failed');
    });
    bus.subscribe('test.event', ({ n }) => {
      seen.push(n);
    });
    await expect(bus.publish('test.event', { n: 3 })).rejects.toThrow('listener failed');
    expect(seen).toEqual([3]);
  });
});

describe('the change bus between the threads of a process', () => {
  it("hands a turn's changes to the others together, and says when one has heard them all", async () => {
    const jobThread = new ChangeBus({ channel: 'c', log });
    const server = new ChangeBus({ channel: 'c', log, threadChannel: jobThread.threadChannel });
    const seen: number[] = [];
    server.subscribe('test.event', ({ n }) => {
      seen.push(n);
    });
    for (let n = 1; n <= 1_000; n++) await jobThread.publish('test.event', { n });
    await jobThread.publish('test.event', { n: 0 }, { acrossInstances: false });
    const mark = jobThread.sent();
    expect(mark.seq).toBe(1_000);
    await server.heard(mark);
    expect(seen).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
    // Heard already: at once. Never sent (the other end away): after a short wait, not forever.
    await server.heard(mark);
    await server.heard({ ...mark, seq: 1_001 });
    expect(seen).toHaveLength(1_000);
    await Promise.all([jobThread.close(), server.close()]);
  });

  it("delivers another thread's thousands of changes in order, a slice a turn, so other work runs between", async () => {
    const jobThread = new ChangeBus({ channel: 'c', log });
    const server = new ChangeBus({ channel: 'c', log, threadChannel: jobThread.threadChannel });
    const seen: number[] = [];
    /** How many changes had been delivered each time another task got the event loop meanwhile. */
    const turns: number[] = [];
    server.subscribe('test.event', ({ n }) => {
      seen.push(n);
      // Each delivery costs the thread a little, as the edge's listeners do.
      const until = performance.now() + 0.01;
      while (performance.now() < until) {}
    });
    const otherWork = setInterval(() => turns.push(seen.length), 0);
    for (let n = 1; n <= 5_000; n++) await jobThread.publish('test.event', { n });
    await server.heard(jobThread.sent());
    clearInterval(otherWork);
    expect(seen).toEqual(Array.from({ length: 5_000 }, (_, i) => i + 1));
    expect(turns.filter((delivered) => delivered > 0 && delivered < 5_000).length).toBeGreaterThan(5);
    await Promise.all([jobThread.close(), server.close()]);
  });
});
