import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  clusterDatabase,
  clusterRedis,
  eventually,
  type Instance,
  scan,
  startCluster,
} from './cluster-processes.js';

/**
 * `maxScans` across real server processes sharing PostgreSQL and Redis: the cap counts one
 * sequence for the whole cluster (the shared scan counter), so a code capped at five sends
 * exactly five scanners on however the rush is spread over the instances.
 */
describe('maxScans across two server processes on PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof clusterDatabase>>;
  let redis: Awaited<ReturnType<typeof clusterRedis>>;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let instances: Instance[];

  beforeAll(async () => {
    [database, redis] = await Promise.all([clusterDatabase(), clusterRedis()]);
    cluster = await startCluster(2, { databaseUrl: database.url, redisUrl: redis.url });
    instances = cluster.instances;
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await Promise.all([database?.close(), redis?.close()]);
  }, 60_000);

  it('sends exactly five of twenty simultaneous scans on, and the other fifteen to expiredTarget', async () => {
    const [first, second] = instances as [Instance, Instance];
    const code = await api(first.base, 'POST', '/qrcodes', {
      slug: 'cluster-capped',
      mode: 'redirect',
      target: 'https://example.com/prize',
      maxScans: 5,
      expiredTarget: 'https://example.com/all-gone',
      utm: { source: 'qr' },
    });
    // Both instances have the code cached before the rush (HEAD is answered, never counted).
    for (const instance of instances) {
      await eventually(
        async () => ((await scan(instance.base, 'cluster-capped', 'HEAD')).status === 302 ? true : undefined),
        10_000,
        'the code served by every instance',
      );
    }

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => scan((i % 2 ? second : first).base, 'cluster-capped')),
    );
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    const locations = answers.map((answer) => answer.location);
    expect(locations.filter((l) => l === 'https://example.com/prize?utm_source=qr')).toHaveLength(5);
    expect(locations.filter((l) => l === 'https://example.com/all-gone')).toHaveLength(15);
    expect((await scan(second.base, 'cluster-capped')).location).toBe('https://example.com/all-gone');

    // Without expiredTarget a used-up code answers the 410 page on every instance.
    await api(first.base, 'PATCH', `/qrcodes/${code.id}`, { expiredTarget: null });
    for (const instance of instances) {
      const gone = await eventually(
        async () => {
          const answer = await scan(instance.base, 'cluster-capped', 'HEAD');
          return answer.status === 410 ? answer : undefined;
        },
        10_000,
        'the used-up page on every instance',
      );
      expect(gone.status).toBe(410);
    }
  }, 120_000);
});
