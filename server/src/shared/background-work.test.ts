import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BackgroundLoop, BackgroundWork, sweeperLoop } from './background-work.js';

/** A loop whose stop resolves when the test says: what it had in flight is written then. */
function heldLoop() {
  const events: string[] = [];
  let release: () => void = () => undefined;
  const loop: BackgroundLoop = {
    start: () => events.push('start'),
    stop: () => {
      events.push('stop');
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
  return { loop, events, release: () => release() };
}

describe('BackgroundWork', () => {
  it('starts the loops again only once their stop has let go of what they held', async () => {
    const work = new BackgroundWork();
    const held = heldLoop();
    work.add('deliveries', held.loop);
    await work.start();
    const stopped = work.stop();
    const started = work.start();
    await Promise.resolve();
    expect(held.events).toEqual(['start', 'stop']);
    expect(work.running).toBe(true);
    held.release();
    await Promise.all([stopped, started]);
    expect(held.events).toEqual(['start', 'stop', 'start']);
  });

  it('names the loop that did not stop, and still starts the loops again', async () => {
    const work = new BackgroundWork();
    let starts = 0;
    work.add('hostname checks', {
      start: () => {
        starts++;
      },
      stop: () => Promise.reject(new Error('socket closed')),
    });
    await work.start();
    await expect(work.stop()).rejects.toThrow('the background loop "hostname checks" did not stop cleanly');
    await work.start();
    expect(starts).toBe(2);
  });

  it('starts a loop added while the loops run', async () => {
    const work = new BackgroundWork();
    await work.start();
    const held = heldLoop();
    work.add('late', held.loop);
    expect(held.events).toEqual(['start']);
  });
});

describe('sweeperLoop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps half a minute after it starts, then every period, and not after it stops', async () => {
    vi.useFakeTimers();
    const sweep = vi.fn(() => Promise.resolve());
    const loop = sweeperLoop(3_600_000, sweep);
    loop.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sweep).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(sweep).toHaveBeenCalledTimes(2);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(10 * 3_600_000);
    expect(sweep).toHaveBeenCalledTimes(2);
  });
});
