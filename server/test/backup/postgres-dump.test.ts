import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { codeTotals, scanLoad, stopProcess } from '../helpers/scan-load.js';
import { PROCESS_SECRET, processApi, processStorage, startServerProcess } from '../helpers/server-process.js';

const run = promisify(execFile);
const USER = 'pg-dump-test';
const CODES = 12;
const base = process.env.TEST_DATABASE_URL;

/** The URL of `database` on the test server, with `schema` first on the search path. */
function urlOf(database: string, schema?: string): string {
  const url = new URL(base as string);
  url.pathname = `/${database}`;
  if (schema) url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

describe.runIf(base)('pg_dump and pg_restore of a live PostgreSQL installation', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('dumps under a steady scan load; the restored database redirects every code and counts every scan answered before the dump began', async () => {
    const storage = await processStorage({ name: 'postgres' }, 'rq-pgdump-');
    cleanups.push(() => storage.remove());
    const schema = storage.database?.schema as string;
    const server = await startServerProcess(storage.env);
    cleanups.push(() => stopProcess(server.child));

    const ids = new Map<string, string>();
    const targets = new Map<string, string>();
    for (let i = 0; i < CODES; i++) {
      const slug = `dump-${i}`;
      const target = `https://example.com/dump/${i}`;
      const code = (await processApi(
        server.base,
        'POST',
        '/qrcodes',
        { slug, mode: 'redirect', target },
        USER,
      )) as {
        id: string;
      };
      ids.set(slug, code.id);
      targets.set(slug, target);
    }

    const load = scanLoad(server.base, [...ids.keys()]);
    await load.more(300);
    const answeredBefore = new Map(load.answered);
    const totalBefore = load.total;
    // On PostgreSQL an answered scan is in the instance's journal and reaches the database a
    // moment later; an analytics read waits for that (the docs say so). The dump begins after it.
    await processApi(server.base, 'GET', '/analytics/summary?from=2020-01-01T00:00:00Z', undefined, USER);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-pgdump-out-'));
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
    const dumpFile = path.join(work, 'rq.dump');
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--schema=${schema}`,
      `--file=${dumpFile}`,
      `--dbname=${urlOf(new URL(base as string).pathname.slice(1))}`,
    ]);
    await load.more(100);
    await load.stop();
    expect(load.refused).toEqual([]);
    await stopProcess(server.child);

    // Restored into a new, empty database, as after losing the old one.
    const restoredDb = `rq_restore_${schema}`.slice(0, 63);
    const admin = new pg.Client(base);
    await admin.connect();
    await admin.query(`create database ${restoredDb}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${restoredDb} with (force)`);
      await admin.end();
    });
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${urlOf(restoredDb)}`,
      dumpFile,
    ]);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-pgrestored-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const restored = await startServerProcess({
      DATA_DIR: dataDir,
      WEB_DIR: dataDir,
      DATABASE_URL: urlOf(restoredDb, schema),
      MARKETPLACE_PROXY_SECRET: PROCESS_SECRET,
    });
    try {
      const totals = await codeTotals(restored.base, ids, USER);
      let restoredTotal = 0;
      for (const [slug, before] of answeredBefore) {
        expect(totals.get(slug), slug).toBeGreaterThanOrEqual(before);
        restoredTotal += totals.get(slug) ?? 0;
      }
      expect(restoredTotal).toBeGreaterThanOrEqual(totalBefore);
      expect(restoredTotal).toBeLessThanOrEqual(load.total);
      const summary = (await processApi(
        restored.base,
        'GET',
        '/analytics/summary?from=2020-01-01T00:00:00Z',
        undefined,
        USER,
      )) as { total: number };
      expect(summary.total).toBe(restoredTotal);
      for (const [slug, target] of targets) {
        const response = await fetch(`${restored.base}/r/${slug}`, { redirect: 'manual' });
        expect(response.status, slug).toBe(302);
        expect(response.headers.get('location')).toBe(target);
      }
    } finally {
      await stopProcess(restored.child);
    }
  }, 240_000);

  it('pg_restore refuses a corrupt dump with its own message, and nothing is half restored', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-pgdump-bad-'));
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
    const storage = await processStorage({ name: 'postgres' }, 'rq-pgdump-bad-');
    cleanups.push(() => storage.remove());
    const schema = storage.database?.schema as string;
    const dumpFile = path.join(work, 'rq.dump');
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--schema=${schema}`,
      `--file=${dumpFile}`,
      `--dbname=${base}`,
    ]);
    const bytes = fs.readFileSync(dumpFile);
    fs.writeFileSync(dumpFile, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const restoredDb = `rq_bad_${schema}`.slice(0, 63);
    const admin = new pg.Client(base);
    await admin.connect();
    await admin.query(`create database ${restoredDb}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${restoredDb} with (force)`);
      await admin.end();
    });
    // --single-transaction: a dump that fails half way leaves the new database as it was.
    const refused = await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${urlOf(restoredDb)}`,
      dumpFile,
    ]).catch((error: { code: number; stderr: string }) => error);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toMatch(/pg_restore: error: /);
    const client = new pg.Client(urlOf(restoredDb));
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from pg_namespace where nspname = $1', [
      schema,
    ]);
    await client.end();
    expect(rows[0].n).toBe(0);
  }, 240_000);
});
