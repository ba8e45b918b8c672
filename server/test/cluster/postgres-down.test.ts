import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  CLUSTER_SECRET,
  clusterRedis,
  eventually,
  type Instance,
  migrateOwn,
  OwnPostgres,
  scan,
  scanLoad,
  sleep,
  startCluster,
} from './cluster-processes.js';

/**
 * PostgreSQL stopped under load, with two real server processes on a PostgreSQL of this test's
 * own and the shared Redis: cached codes keep redirecting, their scans go to each instance's
 * spool, readiness fails, API writes answer 503; when it returns every answered scan is in the
 * database exactly once.
 */
describe('two server processes when PostgreSQL stops', () => {
  let postgres: OwnPostgres;
  let redis: Awaited<ReturnType<typeof clusterRedis>>;
  let cluster: Awaited<ReturnType<typeof startCluster>>;

  beforeAll(async () => {
    postgres = await OwnPostgres.create();
    await migrateOwn(postgres.url);
    redis = await clusterRedis();
    cluster = await startCluster(2, { databaseUrl: postgres.url, redisUrl: redis.url });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    await postgres?.remove();
    await redis?.close();
  }, 60_000);

  it('redirects cached codes, spools their scans and replays each exactly once', async () => {
    const [first, second] = cluster.instances as [Instance, Instance];
    const code = await api(first.base, 'POST', '/qrcodes', {
      slug: 'postgres-down',
      mode: 'redirect',
      target: 'https://example.com/cached',
    });
    for (const instance of cluster.instances) {
      expect((await scan(instance.base, 'postgres-down')).location).toBe('https://example.com/cached');
    }

    const load = scanLoad([first.base, second.base], 'postgres-down');
    await sleep(300);
    await postgres.stop();
    for (const instance of cluster.instances) {
      await eventually(
        async () => ((await fetch(`${instance.base}/readyz`)).status === 503 ? true : undefined),
        20_000,
        'readiness failing',
      );
    }
    // An API write has nowhere to go and is refused (today a 500: mapping database connection
    // errors to a 503 problem belongs to the errors plugin); nothing of it is applied later.
    const write = await fetch(`${first.base}/api/v1/qrcodes/${code.id}`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-rapidapi-proxy-secret': CLUSTER_SECRET,
        'x-rapidapi-user': 'cluster-test',
      },
      body: JSON.stringify({ target: 'https://example.com/not-now' }),
    });
    expect(write.ok).toBe(false);
    console.log(`[cluster] an API write with PostgreSQL stopped: ${write.status} ${await write.text()}`);
    await sleep(2000);
    const duringOutage = load.statuses.length;

    await postgres.start();
    for (const instance of cluster.instances) {
      await eventually(
        async () => ((await fetch(`${instance.base}/readyz`)).ok ? true : undefined),
        30_000,
        'readiness back',
      );
    }
    await sleep(500);
    await load.stop();

    expect(load.statuses.filter((status) => status !== 302)).toEqual([]);
    expect(duringOutage).toBeGreaterThan(10);
    expect(new Set(load.locations)).toEqual(new Set(['https://example.com/cached']));
    const answered = load.statuses.length + 2;
    // The spools are replayed (every 5 s while the database refuses): each scan once.
    const total = await eventually(
      async () => {
        const counted = ((await api(second.base, 'GET', `/qrcodes/${code.id}`)).scans as { total: number })
          .total;
        return counted >= answered ? counted : undefined;
      },
      60_000,
      `all ${answered} answered scans recorded`,
    );
    await sleep(6000); // one more replay period: nothing is added twice
    const after = ((await api(second.base, 'GET', `/qrcodes/${code.id}`)).scans as { total: number }).total;
    expect([total, after]).toEqual([answered, answered]);
  }, 300_000);
});
