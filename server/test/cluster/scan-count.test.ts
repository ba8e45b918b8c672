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
 * `scans: { lt: 3 }` and `maxScans` across real server processes: the count the rule and the cap
 * read is one count for the whole cluster (Redis), so the first three scans go early, and a code
 * capped at five sends exactly five scanners on, whichever instance answers them.
 */
describe('counted scans across two server processes on PostgreSQL and Redis', () => {
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

  it('sends exactly three scans early when twenty arrive at once on both instances', async () => {
    const [first, second] = instances as [Instance, Instance];
    const code = await api(first.base, 'POST', '/qrcodes', {
      slug: 'cluster-first-three',
      mode: 'redirect',
      target: 'https://example.com/late',
    });
    const early = await api(first.base, 'POST', '/rules', {
      name: 'Early birds',
      when: { scans: { lt: 3 } },
      then: { redirect: 'https://example.com/early' },
    });
    await api(first.base, 'PUT', `/qrcodes/${code.id}/rules`, { rules: [early.id] });
    // Both instances have the code cached before the rush (HEAD is answered, never counted).
    for (const instance of instances) {
      await eventually(
        async () =>
          (await scan(instance.base, 'cluster-first-three', 'HEAD')).location === 'https://example.com/early'
            ? true
            : undefined,
        10_000,
        'the rule served by every instance',
      );
    }

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => scan((i % 2 ? second : first).base, 'cluster-first-three')),
    );
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    expect(answers.filter((answer) => answer.location === 'https://example.com/early')).toHaveLength(3);
    expect(answers.filter((answer) => answer.location === 'https://example.com/late')).toHaveLength(17);

    // Later scans on either instance go late, and every answered scan is recorded once.
    expect((await scan(second.base, 'cluster-first-three')).location).toBe('https://example.com/late');
    expect((await scan(first.base, 'cluster-first-three')).location).toBe('https://example.com/late');
    const total = await eventually(
      async () => {
        const read = await api(second.base, 'GET', `/qrcodes/${code.id}`);
        const counted = (read.scans as { total: number }).total;
        return counted >= 22 ? counted : undefined;
      },
      30_000,
      'all 22 scans recorded',
    );
    expect(total).toBe(22);
  }, 120_000);

  it('keeps counting on from the recorded total when a code is edited', async () => {
    const [first, second] = instances as [Instance, Instance];
    const code = await api(first.base, 'POST', '/qrcodes', {
      slug: 'cluster-edit-count',
      mode: 'redirect',
      target: 'https://example.com/late',
    });
    const early = await api(first.base, 'POST', '/rules', {
      name: 'First two',
      when: { scans: { lt: 2 } },
      then: { redirect: 'https://example.com/early' },
    });
    await api(first.base, 'PUT', `/qrcodes/${code.id}/rules`, { rules: [early.id] });
    expect((await scan(second.base, 'cluster-edit-count')).location).toBe('https://example.com/early');
    // An edit reloads the code everywhere; the one scan already taken stays taken.
    await api(first.base, 'PATCH', `/qrcodes/${code.id}`, { target: 'https://example.com/later' });
    const afterEdit = await eventually(
      async () => {
        const answer = await scan(first.base, 'cluster-edit-count', 'HEAD');
        return answer.location === 'https://example.com/early' ? answer : undefined;
      },
      10_000,
      'the edited code served',
    );
    expect(afterEdit.status).toBe(302);
    const next = await Promise.all([
      scan(first.base, 'cluster-edit-count'),
      scan(second.base, 'cluster-edit-count'),
    ]);
    expect(next.map((answer) => answer.location).sort()).toEqual([
      'https://example.com/early',
      'https://example.com/later',
    ]);
  }, 120_000);

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
