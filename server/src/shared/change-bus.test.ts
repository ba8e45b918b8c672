import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ChangeBus } from './change-bus.js';

declare module './change-bus.js' {
  interface ChangeEvents {
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
