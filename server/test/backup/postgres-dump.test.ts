import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { expectRestored, makeCodes, startRestoredServer } from '../helpers/backup-fixture.js';
import { scanLoad, stopProcess } from '../helpers/scan-load.js';
import { processApi, processStorage, startServerProcess } from '../helpers/server-process.js';

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
  /** A new, empty database on the test server named `name` (cut to PostgreSQL's 63), dropped at the end. */
  const emptyDatabase = async (name: string) => {
    const database = name.slice(0, 63);
    const admin = new pg.Client(base);
    await admin.connect();
    await admin.query(`create database ${database}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    });
    return database;
  };

  it('dumps under a steady scan load; the restored database redirects every code and counts every scan answered before the dump began', async () => {
    const storage = await processStorage({ name: 'postgres' }, 'rq-pgdump-');
    cleanups.push(() => storage.remove());
    const schema = storage.database?.schema as string;
    const server = await startServerProcess(storage.env);
    cleanups.push(() => stopProcess(server.child));

    const codes = await makeCodes(server.base, 'dump', CODES, USER);

    const load = scanLoad(server.base, [...codes.ids.keys()]);
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
    const restoredDb = await emptyDatabase(`rq_restore_${schema}`);
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${urlOf(restoredDb)}`,
      dumpFile,
    ]);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-pgrestored-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await expectRestored(
      await startRestoredServer(dataDir, urlOf(restoredDb, schema)),
      codes,
      { before: answeredBefore, totalBefore, totalAfter: load.total },
      USER,
    );
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
    const restoredDb = await emptyDatabase(`rq_bad_${schema}`);
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
