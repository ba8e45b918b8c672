import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.js';

const limits = { runningPerWorkspace: 1, queuedPerWorkspace: 3, queuedTotal: 5 };

describe('FairQueue', () => {
  it("serves workspaces in turn, so one workspace's long line does not hold back another's job", () => {
    const queue = new FairQueue<string>(limits);
    for (const job of ['a1', 'a2', 'a3']) queue.add('a', job, 0);
    queue.add('b', 'b1', 1);
    expect(queue.take()).toEqual({ workspace: 'a', job: 'a1' });
    // a runs its one job: b's is next, although a's second came first.
    expect(queue.take()).toEqual({ workspace: 'b', job: 'b1' });
    expect(queue.take()).toBeUndefined();
    queue.finished('a');
    expect(queue.take()).toEqual({ workspace: 'a', job: 'a2' });
  });

  it('refuses past a workspace share, and past the server total, saying which', () => {
    const queue = new FairQueue<string>(limits);
    for (const job of ['a1', 'a2', 'a3']) expect(queue.add('a', job, 0)).toMatchObject({ admitted: true });
    expect(queue.add('a', 'a4', 0)).toEqual({ admitted: false, over: 'workspace' });
    queue.add('b', 'b1', 0);
    expect(queue.add('c', 'c1', 0)).toEqual({ admitted: true, position: 4 });
    expect(queue.add('d', 'd1', 0)).toEqual({ admitted: false, over: 'server' });
  });

  it('tells how long the oldest job has waited and how many run', () => {
    const queue = new FairQueue<string>(limits);
    queue.add('a', 'a1', 100);
    queue.add('b', 'b1', 250);
    expect(queue.oldestWait(400)).toBe(300);
    queue.take();
    expect(queue.runningCount).toBe(1);
    expect(queue.oldestWait(400)).toBe(150);
    expect(queue.size).toBe(1);
  });
});
