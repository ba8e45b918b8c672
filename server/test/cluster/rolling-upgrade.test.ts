import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { scanLoad } from '../helpers/scan-load.js';
import { waitFor } from '../helpers/wait-for.js';
import { api, CLUSTER_SECRET, clusterDatabase, clusterRedis, eventually } from './cluster-processes.js';

const root = path.resolve(import.meta.dirname, '../../..');
const CODES = 8;

/** `npm run cluster -- 2` as an operator runs it (with the build as it is), its output kept. */
function startNpmCluster(env: Record<string, string>) {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'scripts/cluster.mjs'), '2', '--no-build'],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    /** Resolves once the output holds `text`; throws if the cluster ends first. */
    async said(text: string, ms: number) {
      const saidIt = () => {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`npm run cluster ended before saying "${text}":\n${output.slice(-3000)}`);
        return output.includes(text);
      };
      await waitFor(saidIt, `npm run cluster to say "${text}"`, { timeoutMs: ms, everyMs: 100 }).catch(
        (error: Error) => {
          throw new Error(`${error.message}:\n${output.slice(-3000)}`);
        },
      );
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('a rolling restart of npm run cluster (PostgreSQL, Redis, Caddy)', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 90_000);

  it('answers every scan during the roll, and records exactly the scans it answered', async () => {
    const [database, redis] = await Promise.all([clusterDatabase(), clusterRedis()]);
    cleanups.push(() => Promise.all([database.close(), redis.close()]));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-rolling-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const cluster = startNpmCluster({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `rq-rolling-${randomBytes(6).toString('hex')}:`,
      CLUSTER_PORT: String(port),
      DATA_DIR: dataDir,
      MARKETPLACE_PROXY_SECRET: CLUSTER_SECRET,
      // Real sign-in settings: no Auth emulator is started (no test here signs in).
      FIREBASE_PROJECT_ID: 'demo-rq-rolling',
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => cluster.stop());
    await cluster.said('behind Caddy on', 120_000);
    const caddy = `http://127.0.0.1:${port}`;
    await eventually(async () => ((await fetch(`${caddy}/healthz`)).ok ? true : undefined), 30_000, 'Caddy');

    const ids = new Map<string, string>();
    for (let i = 0; i < CODES; i++) {
      const code = await api(caddy, 'POST', '/qrcodes', {
        slug: `rolling-${i}`,
        mode: 'redirect',
        target: `https://example.com/rolling/${i}`,
      });
      ids.set(`rolling-${i}`, code.id);
    }

    const load = scanLoad(caddy, [...ids.keys()]);
    await load.more(200);
    cluster.child.kill('SIGHUP');
    await cluster.said('rolling restart done', 180_000);
    await load.more(200);
    await load.stop();

    // Both instances were replaced while the scanners ran, and every scan got its redirect.
    expect(cluster.output()).toContain('rolling restart: instance 1 of 2 restarted');
    expect(cluster.output()).toContain('rolling restart: instance 2 of 2 restarted');
    expect(load.refused).toEqual([]);
    expect(load.total).toBeGreaterThanOrEqual(400);

    // Answered = recorded, code by code (a read settles the instance that answers it; the other
    // instance's journal reaches the database moments later).
    const recorded = async () => {
      const totals = new Map<string, number>();
      for (const [slug, id] of ids)
        totals.set(slug, ((await api(caddy, 'GET', `/qrcodes/${id}`)).scans as { total: number }).total);
      return totals;
    };
    const totals = await eventually(
      async () => {
        const read = await recorded();
        return [...ids.keys()].every((slug) => (read.get(slug) ?? 0) >= (load.answered.get(slug) ?? 0))
          ? read
          : undefined;
      },
      30_000,
      'every answered scan recorded',
    );
    expect(Object.fromEntries(totals)).toEqual(Object.fromEntries(load.answered));
  }, 420_000);
});
