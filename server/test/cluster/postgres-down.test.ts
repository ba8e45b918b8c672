import fs from 'node:fs';
import path from 'node:path';
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

/** The scans an instance holds on disk until the database takes them. */
function spoolFiles(instance: Instance): string[] {
  const dir = path.join(instance.dataDir, 'spool');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.jsonl')) : [];
}

/**
 * PostgreSQL stopped under load, with two real server processes on a PostgreSQL of this test's
 * own and the shared Redis: cached codes keep redirecting, their scans go to each instance's
 * spool, readiness fails, API writes answer 503; when it returns every answered scan is in the
 * database exactly once, also from an instance killed with a full spool and started again.
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

    const loadFirst = scanLoad([first.base], 'postgres-down');
    const loadSecond = scanLoad([second.base], 'postgres-down');
    await Promise.all([loadFirst.more(10), loadSecond.more(10)]);
    await postgres.stop();
    for (const instance of cluster.instances) {
      await eventually(
        async () => ((await fetch(`${instance.base}/readyz`)).status === 503 ? true : undefined),
        20_000,
        'readiness failing',
      );
    }
    // An API write has nowhere to go: a 503 problem the client can retry, and nothing of it is
    // applied later.
    const write = await fetch(`${first.base}/api/v1/qrcodes/${code.id}`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-rapidapi-proxy-secret': CLUSTER_SECRET,
        'x-rapidapi-user': 'cluster-test',
      },
      body: JSON.stringify({ target: 'https://example.com/not-now' }),
    });
    expect(write.status).toBe(503);
    expect(write.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(write.headers.get('retry-after')).toBe('5');
    expect(((await write.json()) as { code: string }).code).toBe('unavailable');
    await Promise.all([loadFirst.more(20), loadSecond.more(20)]);
    const duringOutage = loadFirst.statuses.length + loadSecond.statuses.length;

    // The first instance dies with its spool full; it replays the spool when it starts again.
    expect(spoolFiles(first).length).toBeGreaterThan(0);
    await first.stop('SIGKILL');
    await loadFirst.stop();
    await postgres.start();
    await eventually(
      async () => ((await fetch(`${second.base}/readyz`)).ok ? true : undefined),
      30_000,
      'readiness back',
    );
    await first.start();
    await eventually(
      async () => (spoolFiles(first).length === 0 ? true : undefined),
      30_000,
      'the restarted instance replays its spool',
    );
    await loadSecond.more(20);
    await loadSecond.stop();

    expect(loadSecond.statuses.filter((status) => status !== 302)).toEqual([]);
    // Only the request in flight when the first instance was killed goes unanswered.
    const unanswered = loadFirst.statuses.filter((status) => status !== 302);
    expect(unanswered.length).toBeLessThanOrEqual(1);
    expect(duringOutage).toBeGreaterThan(10);
    expect(new Set([...loadFirst.locations, ...loadSecond.locations].filter(Boolean))).toEqual(
      new Set(['https://example.com/cached']),
    );
    const answered =
      loadFirst.statuses.filter((status) => status === 302).length + loadSecond.statuses.length + 2;
    // Both spools are replayed (the second's every 5 s while the database refuses): each scan once.
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
    expect(after).toBe(total);
    // A scan spooled by the killed instance but never answered is recorded too: at most that one.
    expect(after - answered).toBeGreaterThanOrEqual(0);
    expect(after - answered).toBeLessThanOrEqual(unanswered.length);
    console.log(
      `[cluster] PostgreSQL stopped, one instance killed with a full spool: ${answered} answered, ${after} recorded`,
    );
  }, 300_000);
});
