import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../scripts/lib/server-process.mjs';
import { describeMigration } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { engines, testSchemaName } from '../helpers/engines.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * Databases made by the released v1 (commit 451d6f7) through its own API: see
 * fixtures/v1/README.md and make-fixture.mjs, which rebuilds them from that commit.
 */
const fixtureDir = path.resolve(import.meta.dirname, '../fixtures/v1');
const serverDir = path.resolve(import.meta.dirname, '../..');

interface Expected {
  schema: string;
  sqlite: FixtureRun;
  postgres: FixtureRun;
}
interface FixtureRun {
  hostname: { id: string; hostname: string };
  rules: string[];
  keys: { id: string; name: string; scopes: string[]; key: string; revoked: boolean }[];
  codes: { id: string; slug: string; mode: string; scans: number }[];
  redirects: { slug: string; headers: Record<string, string>; location: string }[];
  summary: { total: number; unique: number; bots: number };
}
const expected = JSON.parse(fs.readFileSync(path.join(fixtureDir, 'expected.json'), 'utf8')) as Expected;
/** v1's last migration, and the ones this version adds after it, which the start must say. */
const V1_SCHEMA = '2026_11_29_0100_scan_fold_queue';
const v1Migrations = (() => {
  const db = new SQLite(path.join(fixtureDir, 'sqlite/rq.sqlite'), { readonly: true });
  try {
    return (db.prepare('select name from kysely_migration').all() as { name: string }[]).map(
      (row) => row.name,
    );
  } finally {
    db.close();
  }
})();
const sinceV1 = Object.keys(migrations).filter((name) => !v1Migrations.includes(name));
const latest = sinceV1.at(-1) as string;

/** The environment of a server on the fixture's database, for `engine`; made fresh each call. */
async function fixtureDatabase(
  engine: 'sqlite' | 'postgres',
  dataDir: string,
): Promise<Record<string, string>> {
  if (engine === 'sqlite') {
    for (const name of ['rq.sqlite', 'rq.rollups.sqlite'])
      fs.copyFileSync(path.join(fixtureDir, 'sqlite', name), path.join(dataDir, name));
    return { DATABASE_URL: '' };
  }
  const schema = testSchemaName(); // dropped with the run's others (global-setup.ts)
  const dump = fs
    .readFileSync(path.join(fixtureDir, 'postgres.sql'), 'utf8')
    .replaceAll(expected.schema, schema);
  const client = new pg.Client(process.env.TEST_DATABASE_URL);
  await client.connect();
  try {
    await client.query(dump);
  } finally {
    await client.end();
  }
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { DATABASE_URL: url.toString() };
}

async function startCurrent(env: Record<string, string>) {
  return startServerProcess({
    cwd: serverDir,
    env: { ...env, LOG_LEVEL: 'info' },
  });
}

/** The process's output once it holds `text` (within a minute). */
function outputWith(server: { output(): string }, text: string): Promise<string> {
  return waitFor(() => server.output().includes(text) && server.output(), `the server to say "${text}"`, {
    timeoutMs: 60_000,
  });
}

async function get(base: string, url: string, key: string) {
  const response = await fetch(`${base}/api/v1${url}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(engines)('a database made by v1 (451d6f7) on $name', ({ name: engine }) => {
  const run = expected[engine];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rq-v1-upgrade-${engine}-`));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('upgrades at start, saying what it does: every code redirects, every key authenticates, every scan is counted', async () => {
    const env = { DATA_DIR: dataDir, WEB_DIR: dataDir, ...(await fixtureDatabase(engine, dataDir)) };
    const server = await startCurrent(env);
    try {
      // Said before the server is ready; the pipe may hand the lines over a little later.
      const log = await outputWith(server, 'database migrated: ');
      expect(log).toContain(
        `upgrading the database from ${V1_SCHEMA}: ${sinceV1.length} migration(s) to apply`,
      );
      for (const name of sinceV1) expect(log).toContain(`migration ${describeMigration(name)}`);
      expect(log).toContain(`database migrated: ${sinceV1.length} applied, schema now at ${latest}`);

      const [everything, analyticsOnly, revoked] = run.keys;
      if (!everything || !analyticsOnly || !revoked) throw new Error('the fixture has three keys');
      // Every scan v1 counted is counted (read before any scan of this test).
      for (const code of run.codes) {
        const read = await get(server.base, `/qrcodes/${code.id}`, everything.key);
        expect(read.status, code.slug).toBe(200);
        expect(read.body).toMatchObject({ slug: code.slug, mode: code.mode, scans: { total: code.scans } });
      }
      const summary = await get(
        server.base,
        '/analytics/summary?from=2020-01-01T00:00:00Z',
        analyticsOnly.key,
      );
      expect(summary.status).toBe(200);
      expect(summary.body).toMatchObject({
        total: run.summary.total,
        unique: run.summary.unique,
        bots: run.summary.bots,
      });

      // Every key authenticates with the scopes it was given; the revoked one stays refused.
      const list = await get(server.base, '/qrcodes?limit=100', everything.key);
      expect(list.status).toBe(200);
      expect((list.body.data as { id: string }[]).map((item) => item.id).sort()).toEqual(
        run.codes.map((code) => code.id).sort(),
      );
      expect((await get(server.base, '/qrcodes', analyticsOnly.key)).status).toBe(403);
      const refused = await get(server.base, '/qrcodes', revoked.key);
      expect(refused.status).toBe(401);
      expect(JSON.stringify(refused.body)).toContain('revoked');

      // The rules, their order and the custom hostname are there.
      const menu = run.codes.find((code) => code.slug === 'v1-menu');
      const rules = await get(server.base, `/qrcodes/${menu?.id}/rules`, everything.key);
      expect(rules.body.rules).toEqual(run.rules);
      const hostnames = await get(server.base, '/hostnames', everything.key);
      expect(JSON.stringify(hostnames.body)).toContain(run.hostname.hostname);

      // Every code redirects as it did under v1, rules included, and the new scans count on top.
      for (const redirect of run.redirects) {
        const response = await fetch(`${server.base}/r/${redirect.slug}`, {
          redirect: 'manual',
          headers: redirect.headers,
        });
        expect(response.status, redirect.slug).toBeGreaterThanOrEqual(301);
        expect(response.headers.get('location'), redirect.slug).toBe(redirect.location);
      }
      const after = await get(server.base, '/analytics/summary?from=2020-01-01T00:00:00Z', analyticsOnly.key);
      expect(after.body).toMatchObject({ total: run.summary.total + run.redirects.length });
    } finally {
      await server.stop();
    }

    // Started again, the server finds nothing to do and says so.
    const again = await startCurrent(env);
    await again.stop();
    expect(await outputWith(again, 'database schema is up to date')).toContain(
      `database schema is up to date (${latest})`,
    );
  }, 240_000);

  it('refuses, with a message and no stack trace, a database a newer version has migrated (a downgrade)', async () => {
    const dir = fs.mkdtempSync(path.join(dataDir, 'newer-'));
    const env: Record<string, string> = {
      DATA_DIR: dir,
      WEB_DIR: dir,
      ...(await fixtureDatabase(engine, dir)),
    };
    if (engine === 'sqlite') {
      const db = new SQLite(path.join(dir, 'rq.sqlite'));
      db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
        '2099_01_01_0000_from_a_newer_version',
        new Date().toISOString(),
      );
      db.close();
    } else {
      const client = new pg.Client(env.DATABASE_URL);
      await client.connect();
      await client.query('insert into kysely_migration (name, timestamp) values ($1, $2)', [
        '2099_01_01_0000_from_a_newer_version',
        new Date().toISOString(),
      ]);
      await client.end();
    }
    const refused = await startCurrent(env).catch((error: unknown) => error as Error);
    expect(refused).toBeInstanceOf(Error);
    const message = (refused as Error).message;
    expect(message).toContain('exited (1)');
    expect(message).toContain(
      'RQ Codes could not start: this database was upgraded by a newer RQ Codes: it has 1 migration(s) this version does not know (2099_01_01_0000_from_a_newer_version). Downgrading is refused',
    );
    expect(message).not.toMatch(/\n\s+at /);
  }, 240_000);
});
