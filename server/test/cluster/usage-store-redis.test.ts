import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisUsageStore } from '../../src/modules/plans/usage-store.js';
import { clusterRedis } from './cluster-processes.js';

const quiet = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

/** A client that can lose its connection on demand, as an instance does when Redis is unreachable. */
function client(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true });
  redis.on('error', () => {});
  return redis;
}

/** The shared monthly usage on a real Redis, through an outage of one instance's connection. */
describe('monthly usage shared in Redis', () => {
  let server: Awaited<ReturnType<typeof clusterRedis>>;
  let a: Redis;
  let b: Redis;
  const prefix = `rq-usage-${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    server = await clusterRedis();
    a = client(server.url);
    b = client(server.url);
    await Promise.all([a.connect(), b.connect()]);
  }, 60_000);
  afterAll(async () => {
    const keys = await b.keys(`${prefix}*`);
    if (keys.length > 0) await b.del(...keys);
    a.disconnect();
    b.disconnect();
    await server.close();
  });

  it('puts back what an instance counted while Redis was away', async () => {
    // The database: every recorded scan of the account this month, whichever instance took it.
    let recorded = 5;
    const seed = async () => recorded;
    const onA = redisUsageStore(a, prefix, quiet);
    const onB = redisUsageStore(b, prefix, quiet);
    expect(await onA.current('acct_1', '2026-11', seed)).toBe(5);

    a.disconnect();
    for (let i = 0; i < 3; i++) {
      recorded++;
      await onA.increment('acct_1', '2026-11', seed);
    }
    for (let i = 0; i < 2; i++) {
      recorded++;
      await onB.increment('acct_1', '2026-11', seed);
    }
    // Without instance A's three, Redis says 7 while the database holds 10.
    expect(await onB.current('acct_1', '2026-11', seed)).toBe(7);

    await a.connect();
    recorded++;
    expect(await onA.increment('acct_1', '2026-11', seed)).toBe(11);
    expect(await onB.current('acct_1', '2026-11', seed)).toBe(11);
    recorded++;
    expect(await onB.increment('acct_1', '2026-11', seed)).toBe(12);
  });

  it('seeds a count Redis lost from the database at the next scan', async () => {
    let recorded = 40;
    const seed = async () => recorded;
    const store = redisUsageStore(b, prefix, quiet);
    expect(await store.current('acct_2', '2026-11', seed)).toBe(40);
    await b.del(`${prefix}usage:acct_2:2026-11`); // Redis restarted without persistence
    recorded++;
    expect(await store.increment('acct_2', '2026-11', seed)).toBe(41);
    recorded++;
    expect(await store.increment('acct_2', '2026-11', seed)).toBe(42);
  });

  /**
   * The usage increments (EVALs on this test's keys) the store sent through `b` while `run` ran,
   * read off the client's pipelines. (Redis's MONITOR saw the same, but ioredis can fail to enter
   * monitor mode while other suites' traffic flows: "Command queue state error".)
   */
  async function incrementsSentDuring(run: () => Promise<unknown>): Promise<unknown[][]> {
    const sent: unknown[][] = [];
    const pipeline = b.pipeline.bind(b);
    b.pipeline = ((...args: Parameters<Redis['pipeline']>) => {
      const started = pipeline(...args);
      const evaluate = started.eval.bind(started);
      started.eval = ((...evalArgs: unknown[]) => {
        sent.push(evalArgs);
        return (evaluate as (...all: unknown[]) => typeof started)(...evalArgs);
      }) as typeof started.eval;
      return started;
    }) as Redis['pipeline'];
    try {
      await run();
    } finally {
      b.pipeline = pipeline;
    }
    return sent.filter((args) => args.some((arg) => String(arg).startsWith(`${prefix}usage:acct_`)));
  }

  it('sends the scans of a tick as one increment per account, each scan answered with its own count', async () => {
    const seed = async () => 100;
    const store = redisUsageStore(b, prefix, quiet);
    expect(await store.current('acct_3', '2026-11', seed)).toBe(100);
    expect(await store.current('acct_4', '2026-11', seed)).toBe(100);
    let counts: number[] = [];
    const increments = await incrementsSentDuring(async () => {
      counts = await Promise.all([
        ...Array.from({ length: 25 }, () => store.increment('acct_3', '2026-11', seed)),
        ...Array.from({ length: 5 }, () => store.increment('acct_4', '2026-11', seed)),
      ]);
    });
    expect(counts.slice(0, 25)).toEqual(Array.from({ length: 25 }, (_, i) => 101 + i));
    expect(counts.slice(25)).toEqual([101, 102, 103, 104, 105]);
    expect(increments).toHaveLength(2); // one per account, not one per scan
    expect(await b.get(`${prefix}usage:acct_3:2026-11`)).toBe('125');
  });

  it('sends what it has not shared yet when flushed, as an instance does when it stops', async () => {
    const store = redisUsageStore(b, prefix, quiet);
    expect(await store.current('acct_6', '2026-11', async () => 10)).toBe(10);
    const counting = store.increment('acct_6', '2026-11', async () => 10);
    await store.flush?.();
    expect(await b.get(`${prefix}usage:acct_6:2026-11`)).toBe('11');
    expect(await counting).toBe(11);
  });

  it('sends scans counted over several ticks of a busy edge as one increment', async () => {
    const seed = async () => 0;
    const store = redisUsageStore(b, prefix, quiet);
    expect(await store.current('acct_5', '2026-11', seed)).toBe(0);
    const increments = await incrementsSentDuring(async () => {
      const counting: (number | Promise<number>)[] = [];
      // As on the edge under load: a group of scans answered per tick, tick after tick.
      for (let tick = 0; tick < 4; tick++) {
        counting.push(store.increment('acct_5', '2026-11', seed), store.increment('acct_5', '2026-11', seed));
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await Promise.all(counting)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });
    expect(increments).toHaveLength(1);
    expect(await b.get(`${prefix}usage:acct_5:2026-11`)).toBe('8');
  });
});
