import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import {
  api,
  clusterDatabase,
  eventually,
  type Instance,
  OwnRedis,
  scan,
  scanLoad,
  sleep,
  startCluster,
} from './cluster-processes.js';

const readiness = async (instance: Instance) => {
  const response = await fetch(`${instance.base}/readyz`);
  return { code: response.status, body: (await response.json()) as { status: string; redis?: string } };
};

/**
 * Redis killed under load, with two real server processes on PostgreSQL and a Redis of this
 * test's own: redirects go on, every answered scan is recorded, readiness says degraded, caches
 * fall back to their short TTL; when Redis returns, everything is shared again.
 */
describe('two server processes on PostgreSQL when Redis dies', () => {
  let database: Awaited<ReturnType<typeof clusterDatabase>>;
  let redis: OwnRedis;
  let cluster: Awaited<ReturnType<typeof startCluster>>;

  beforeAll(async () => {
    database = await clusterDatabase();
    redis = await OwnRedis.create();
    cluster = await startCluster(2, { databaseUrl: database.url, redisUrl: redis.url });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await redis?.kill();
    await database?.close();
  }, 60_000);

  it('keeps redirecting and recording, says degraded, and shares again when Redis returns', async () => {
    const [first, second] = cluster.instances as [Instance, Instance];
    const code = await api(first.base, 'POST', '/qrcodes', {
      slug: 'redis-down',
      mode: 'redirect',
      target: 'https://example.com/one',
    });
    for (const instance of cluster.instances) {
      expect((await scan(instance.base, 'redis-down')).location).toBe('https://example.com/one');
      expect(await readiness(instance)).toEqual({
        code: 200,
        body: { status: 'ok', database: 'postgres', redis: 'ok' },
      });
    }

    const load = scanLoad([first.base, second.base], 'redis-down');
    await load.more(10);
    await redis.kill();
    for (const instance of cluster.instances) {
      const ready = await eventually(
        async () => {
          const answer = await readiness(instance);
          return answer.body.status === 'degraded' ? answer : undefined;
        },
        20_000,
        'readiness degraded',
      );
      expect(ready).toEqual({
        code: 200,
        body: { status: 'degraded', database: 'postgres', redis: 'unavailable' },
      });
    }
    // A write while Redis is away reaches the other instance through the short cache TTL.
    await api(first.base, 'PATCH', `/qrcodes/${code.id}`, { target: 'https://example.com/two' });
    await eventually(
      async () =>
        (await scan(second.base, 'redis-down', 'HEAD')).location === 'https://example.com/two'
          ? true
          : undefined,
      30_000,
      'the other instance serving the write made while Redis was away',
    );
    // The API still answers (its rate limits count per instance meanwhile, with a warning).
    expect((await api(second.base, 'GET', `/qrcodes/${code.id}`)).target).toBe('https://example.com/two');

    await redis.start();
    for (const instance of cluster.instances) {
      await eventually(
        async () => ((await readiness(instance)).body.status === 'ok' ? true : undefined),
        30_000,
        'readiness ok again',
      );
    }
    // Past the short TTL's grace after Redis returns, writes reach the other instance through it.
    await sleep(11_000);
    await load.stop();
    const answered = load.statuses.length + 2; // the load and the first two scans (HEAD is not counted)
    expect(load.statuses.filter((status) => status !== 302)).toEqual([]);
    expect(load.statuses.length).toBeGreaterThan(10);

    // Every answered scan is in the database, once.
    const total = await eventually(
      async () => {
        const read = await api(first.base, 'GET', `/qrcodes/${code.id}`);
        const counted = (read.scans as { total: number }).total;
        return counted >= answered ? counted : undefined;
      },
      30_000,
      `all ${answered} answered scans recorded`,
    );
    expect(total).toBe(answered);

    // Shared again: a write on one instance reaches the other within a second, through Redis.
    await api(second.base, 'PATCH', `/qrcodes/${code.id}`, { target: 'https://example.com/three' });
    await waitFor(
      async () => (await scan(first.base, 'redis-down', 'HEAD')).location === 'https://example.com/three',
      'the write served by the other instance within a second',
      { timeoutMs: 1000, everyMs: 20 },
    );
    // Rate limits went on per instance meanwhile, and said so.
    const logs = cluster.instances.map((instance) => instance.output).join('\n');
    expect(logs).toContain('counting rate limits on this instance');
  }, 240_000);
});
