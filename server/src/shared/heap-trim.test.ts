import { describe, expect, it, vi } from 'vitest';
import { releaseFreedHeap, trimHeapWhenIdle } from './heap-trim.js';

const rssMb = () => process.memoryUsage.rss() / 2 ** 20;

/** About 200 MB of small objects, dropped: the heap pages they took stay in the thread's RSS. */
function churn(): number {
  let garbage: { n: number; s: string; a: number[] }[] | null = [];
  for (let n = 0; n < 2_000_000; n++) garbage.push({ n, s: `s${n}`, a: [n] });
  const length = garbage.length;
  garbage = null;
  return length;
}

describe('heap trim', () => {
  it('gives the pages of collected garbage back to the operating system', () => {
    churn();
    const held = rssMb();
    releaseFreedHeap();
    expect(rssMb()).toBeLessThan(held - 100);
  });

  it('releases them by itself once the thread turns idle after work', async () => {
    const stop = trimHeapWhenIdle({ everyMs: 100 });
    try {
      churn();
      const held = rssMb();
      // Sooner than V8's own memory reducer, which waits 8 s of idleness (and left a loaded server's alone).
      await vi.waitFor(() => expect(rssMb()).toBeLessThan(held - 100), { timeout: 4_000, interval: 100 });
    } finally {
      stop();
    }
  });
});
