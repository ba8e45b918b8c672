import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import {
  api,
  clusterDatabase,
  clusterRedis,
  eventually,
  type Instance,
  scan,
  scanLoad,
  startCaddy,
  startCluster,
} from './cluster-processes.js';

const WRITES = 100;

/**
 * The production shape, for real: two server processes on PostgreSQL and Redis behind Caddy
 * (deploy/Caddyfile.cluster, as `npm run cluster` runs it).
 */
describe('two server processes behind Caddy on PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof clusterDatabase>>;
  let redis: Awaited<ReturnType<typeof clusterRedis>>;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let caddy: Awaited<ReturnType<typeof startCaddy>>;

  beforeAll(async () => {
    [database, redis] = await Promise.all([clusterDatabase(), clusterRedis()]);
    cluster = await startCluster(2, {
      databaseUrl: database.url,
      redisUrl: redis.url,
      // A plan whose API budget (1,200 a minute) holds the hundred writes and their reads.
      env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'mega' },
    });
    caddy = await startCaddy(cluster.instances);
  }, 180_000);
  afterAll(async () => {
    await caddy?.stop();
    await cluster?.stop();
    await Promise.all([database?.close(), redis?.close()]);
  }, 60_000);

  it(`serves every PATCH on one instance from the other (${WRITES} writes, delays printed)`, async () => {
    const instances = cluster.instances as [Instance, Instance];
    const code = await api(caddy.base, 'POST', '/qrcodes', {
      slug: 'behind-caddy',
      mode: 'redirect',
      target: 'https://example.com/v0',
    });
    // Through Caddy, both instances answer (round robin) and cache the code.
    for (let i = 0; i < 4; i += 1) {
      expect(await scan(caddy.base, 'behind-caddy', 'HEAD')).toEqual({
        status: 302,
        location: 'https://example.com/v0',
      });
    }

    const delays: number[] = [];
    for (let i = 1; i <= WRITES; i += 1) {
      const writer = instances[i % 2] as Instance;
      const reader = instances[(i + 1) % 2] as Instance;
      const target = `https://example.com/v${i}`;
      await api(writer.base, 'PATCH', `/qrcodes/${code.id}`, { target });
      const written = performance.now();
      // Watch the other instance for up to 10 s: what matters is that the write arrives; how soon
      // is printed below (speed is measured, never asserted, in tests).
      await waitFor(
        async () => (await scan(reader.base, 'behind-caddy', 'HEAD')).location === target,
        target,
        {
          timeoutMs: 10_000,
          everyMs: 5,
        },
      );
      delays.push(performance.now() - written);
    }
    const sorted = [...delays].sort((a, b) => a - b);
    const at = (q: number) =>
      (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0).toFixed(1);
    console.log(
      `[cluster] a PATCH served by the other instance after: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${WRITES} writes)`,
    );

    // And through Caddy, whichever instance answers, the last write is what scanners get.
    for (let i = 0; i < 4; i += 1) {
      expect((await scan(caddy.base, 'behind-caddy')).location).toBe(`https://example.com/v${WRITES}`);
    }
    const total = await eventually(
      async () => {
        const counted = ((await api(caddy.base, 'GET', `/qrcodes/${code.id}`)).scans as { total: number })
          .total;
        return counted >= 4 ? counted : undefined;
      },
      30_000,
      'the four scans through Caddy recorded',
    );
    expect(total).toBe(4);
  }, 300_000);

  it('keeps serving through Caddy when one instance is killed, and takes it back when it returns', async () => {
    const [, second] = cluster.instances as [Instance, Instance];
    const code = await api(caddy.base, 'POST', '/qrcodes', {
      slug: 'instance-killed',
      mode: 'redirect',
      target: 'https://example.com/still-here',
    });
    const load = scanLoad([caddy.base, caddy.base, caddy.base], 'instance-killed');
    await load.more(20);
    await second.stop('SIGKILL');
    const atKill = load.statuses.length;
    // Caddy notices the dead instance by itself (a failed request, then its health checks).
    await load.more(150);
    await second.start();
    await load.more(150);
    await load.stop();

    // Only requests in flight on the killed instance may fail (one per load worker at most).
    const failed = load.statuses.filter((status) => status !== 302);
    expect(failed.length).toBeLessThanOrEqual(3);
    expect(load.statuses.length - atKill).toBeGreaterThan(10);
    expect(
      load.locations.filter((location) => location !== null && location !== 'https://example.com/still-here'),
    ).toEqual([]);
    // The restarted instance serves again, and every answered scan is in the database once.
    expect((await scan(second.base, 'instance-killed')).location).toBe('https://example.com/still-here');
    const answered = load.statuses.filter((status) => status === 302).length + 1;
    const total = await eventually(
      async () => {
        const counted = ((await api(caddy.base, 'GET', `/qrcodes/${code.id}`)).scans as { total: number })
          .total;
        return counted >= answered ? counted : undefined;
      },
      30_000,
      `all ${answered} answered scans recorded`,
    );
    // A scan the killed instance had recorded but not yet answered is in the database, and Caddy
    // may have sent that request on to the other instance, which recorded it too: at most one
    // such scan per load worker.
    expect(total - answered).toBeLessThanOrEqual(3);
    console.log(
      `[cluster] one of two instances killed under load: ${load.statuses.length} scans, ${failed.length} failed (${failed.join(', ') || 'none'}), ${total - answered} recorded but not answered`,
    );
  }, 300_000);
});
