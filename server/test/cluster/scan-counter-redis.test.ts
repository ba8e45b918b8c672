import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { redisScanCounter } from '../../src/modules/scans/scan-counter.redis.js';
import { clusterRedis } from './cluster-processes.js';

/** A logger that keeps the warnings, to see what an operator would read. */
function warnings() {
  const seen: string[] = [];
  const log = { warn: (_: unknown, message: string) => seen.push(message), info: () => {} };
  return { seen, log: log as unknown as FastifyBaseLogger };
}

/** The shared scan counter on a real Redis: seeding, catching up after an outage, falling back. */
describe('the shared scan counter on a real Redis', () => {
  let server: Awaited<ReturnType<typeof clusterRedis>>;
  let redis: Redis;
  const prefix = `rq-counter-${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    server = await clusterRedis();
    redis = new Redis(server.url, { maxRetriesPerRequest: 0 });
  }, 60_000);
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await server.close();
  });

  it('gives two instances one sequence, seeded from the database total', async () => {
    const { log } = warnings();
    const a = redisScanCounter(redis, prefix, log);
    const b = redisScanCounter(redis, prefix, log);
    // Both loaded the code when the database said 5 counted scans.
    const onA = { id: 'qr_seq', countedScans: 5 };
    const onB = { id: 'qr_seq', countedScans: 5 };
    const taken = await Promise.all([
      a.take(onA, true),
      b.take(onB, true),
      a.take(onA, true),
      b.take(onB, true),
    ]);
    expect([...taken].sort()).toEqual([5, 6, 7, 8]);
    // HEAD and bots read without taking a number.
    expect(await b.take(onB, false)).toBe(9);
    expect(await a.take(onA, true)).toBe(9);
  });

  it('catches up with what an instance counted while Redis was away, and never goes back', async () => {
    const { log } = warnings();
    const counter = redisScanCounter(redis, prefix, log);
    const code = { id: 'qr_catch_up', countedScans: 0 };
    expect(await counter.take(code, true)).toBe(0);
    // Redis lost the count (restarted without persistence) while this instance counted 3 more.
    await redis.del(`${prefix}scans:qr_catch_up`);
    code.countedScans += 3;
    expect(await counter.take(code, true)).toBe(4);
    // Another instance that loaded the code long ago (a lower total) gets the shared count.
    const stale = redisScanCounter(redis, prefix, log);
    expect(await stale.take({ id: 'qr_catch_up', countedScans: 1 }, true)).toBe(5);
  });

  it('counts in process, with one warning, when Redis does not answer', async () => {
    const { seen, log } = warnings();
    const away = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    away.on('error', () => {});
    const counter = redisScanCounter(away, prefix, log);
    const code = { id: 'qr_away', countedScans: 2 };
    expect(await counter.take(code, true)).toBe(2);
    expect(await counter.take(code, true)).toBe(3);
    expect(await counter.take(code, false)).toBe(4);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('Redis is away');
    away.disconnect();
  });
});
