#!/usr/bin/env node
// The edge's cold code read: a code found by (host, slug) among a million, as the redirect cache
// loads it on a miss (docs/adr/2026-11-26-cold-code-read.md). Builds a SQLite database with the
// server's migrations, inserts N codes (BENCH_CODES, default 1,000,000; copies of one code, slugs
// m0000000...), builds the edge's code file from it as the server does at its start
// (edge-code-file.ts), then reads codes at random, one at a time, as the edge does (the file,
// else the database), and for comparison through the database's own read (`sqliteRedirectReader`
// or PostgreSQL's batching reader), the query builder's (`findRedirectRow`) and SQLite's floor (a
// row by rowid, every page in SQLite's own cache), and times them: the median of 5 runs of
// 100,000 lookups. With `--db postgres` the same on a PostgreSQL database of its own (from
// BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; dropped at
// the end). Each line gives the main thread's CPU a lookup too.
// Last line: `code read over N codes: L µs a lookup (main-thread CPU C µs)` (` on postgres`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';

const dist = path.resolve(import.meta.dirname, '../server/dist');
const { createDatabase } = await import(path.join(dist, 'db/create-db.js'));
const { migrateDatabase } = await import(path.join(dist, 'db/migrate.js'));
const { edgeCodeRows, findRedirectRow, postgresRedirectReader, sqliteRedirectReader } = await import(
  path.join(dist, 'modules/qrcodes/edge-code.repository.js')
);
const { EdgeCodeFile } = await import(path.join(dist, 'modules/qrcodes/edge-code-file.js'));

const { values: flags } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' }, codes: { type: 'string' } },
});
const ON_POSTGRES = flags.db === 'postgres';
const CODES = Number(flags.codes ?? process.env.BENCH_CODES ?? 1_000_000);
const LOOKUPS = 100_000;
const RUNS = 5;
const DIGITS = Math.max(7, String(CODES - 1).length);
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const slugOf = (n) => `m${String(n).padStart(DIGITS, '0')}`;
const cpuUs = () => {
  const { user, system } = process.threadCpuUsage();
  return user + system;
};

/** N codes in the `qrcodes` table, as the redirect bench makes them (one statement). */
async function insertCodes(handle) {
  const now = Date.now();
  const columns =
    'account_id, host_key, mode, target, data_json, exec_json, style_json, title, tags_json, enabled, created_at, updated_at';
  const template = `'acct_bench', '', 'redirect', 'https://example.com/default', null, null, '{}', null, '[]', 1, ${now}, ${now}`;
  if (handle.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    await client.query(
      `insert into qrcodes (id, slug, ${columns})
       select 'qr_' || lpad(to_hex(g), 16, '0'), 'm' || lpad(g::text, ${DIGITS}, '0'), ${template}
       from generate_series(0, $1::int - 1) g`,
      [CODES],
    );
    await client.query('vacuum (analyze) qrcodes');
    await client.end();
  } else {
    handle.sqlite
      .prepare(
        `with recursive g(n) as (select 0 union all select n + 1 from g where n < ? - 1)
         insert into qrcodes (id, slug, ${columns})
         select printf('qr_%016x', g.n), printf('m%0${DIGITS}d', g.n), ${template} from g`,
      )
      .run(CODES);
  }
}

/**
 * What no SQLite read of one code among N can beat here: the row by its rowid (no index), on a
 * connection whose page cache holds the whole file (after the warm-up), so without a system call.
 * Codes were inserted in slug order, so m0000041 is rowid 42.
 */
function rowByRowid(connection) {
  connection.pragma('cache_size = -4000000');
  const statement = connection.prepare('select id, account_id, slug, target from qrcodes where rowid = ?');
  return (_hostKey, slug) => statement.get(Number(slug.slice(1)) + 1);
}

/**
 * The edge's file of every code, as the server builds it at its start (edge-code-file.ts), in
 * the run's temporary folder (made here on PostgreSQL; removed at the end).
 */
function edgeCodeFile(handle) {
  const log = { info() {}, warn: (details, message) => console.error(message, details) };
  tmp ??= fs.mkdtempSync(path.join(os.tmpdir(), 'rq-code-read-'));
  const dir = tmp;
  return new EdgeCodeFile(edgeCodeRows(handle.db, handle.dialect), { dir, log });
}

/** Lookups at random, one at a time: µs each (wall) and µs of this thread's CPU each. */
async function run(read) {
  const slugs = Array.from({ length: LOOKUPS }, () => slugOf(Math.floor(Math.random() * CODES)));
  const cpu = cpuUs();
  const started = process.hrtime.bigint();
  for (const slug of slugs) {
    const row = await read('', slug);
    if (row?.slug !== slug) throw new Error(`${slug} read ${row?.slug}`);
  }
  const wall = Number(process.hrtime.bigint() - started) / 1000;
  return { us: wall / LOOKUPS, cpu: (cpuUs() - cpu) / LOOKUPS };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let tmp;
let admin;
let dbName;
let handle;
let floorConnection;
let codeFile;
try {
  if (ON_POSTGRES) {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    dbName = `rq_bench_read_${process.pid}`;
    await admin.query(`create database "${dbName}"`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    handle = createDatabase({ databaseUrl: url.href });
  } else {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-code-read-'));
    handle = createDatabase({ sqliteFile: path.join(tmp, 'rq.sqlite') });
  }
  await migrateDatabase(handle);
  const started = Date.now();
  await insertCodes(handle);
  console.log(`${CODES} codes inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The edge's read (its code file, else the database), the database's own, the query builder's
  // and on SQLite the floor: runs alternate, so all see the same machine.
  const database = handle.sqlite
    ? sqliteRedirectReader(handle.sqlite)
    : postgresRedirectReader(handle.pgPool);
  codeFile = edgeCodeFile(handle);
  const building = Date.now();
  await codeFile.build();
  console.log(`edge code file: ${codeFile.size} codes in ${((Date.now() - building) / 1000).toFixed(1)} s`);
  const reads = {
    'query builder': (hostKey, slug) => findRedirectRow(handle.db, handle.dialect, hostKey, slug),
    database,
    edge: (hostKey, slug) => codeFile.get(hostKey, slug) ?? database(hostKey, slug),
  };
  if (handle.sqlite) {
    floorConnection = new Database(path.join(tmp, 'rq.sqlite'), { readonly: true });
    reads.floor = rowByRowid(floorConnection);
  }
  const runs = Object.fromEntries(Object.keys(reads).map((name) => [name, []]));
  for (const read of Object.values(reads)) await run(read); // warm-up: JIT, statements, page cache
  for (let i = 0; i < RUNS; i++) {
    for (const [name, read] of Object.entries(reads)) {
      const r = await run(read);
      runs[name].push(r);
      console.log(
        `run ${i + 1} ${name}: ${r.us.toFixed(2)} µs a lookup, main-thread CPU ${r.cpu.toFixed(2)} µs`,
      );
    }
  }
  const on = ON_POSTGRES ? ' on postgres' : '';
  const summary = (name) =>
    `${median(runs[name].map((r) => r.us)).toFixed(2)} µs a lookup (main-thread CPU ${median(runs[name].map((r) => r.cpu)).toFixed(2)} µs)`;
  console.log(`query builder: ${summary('query builder')}`);
  console.log(
    `the database's own read (${handle.sqlite ? 'prepared statement' : 'batched, prepared'}): ${summary('database')}`,
  );
  if (handle.sqlite)
    console.log(`floor, a row by rowid with every page in SQLite's cache: ${summary('floor')}`);
  console.log(`code read over ${CODES} codes${on}: ${summary('edge')}`);
} finally {
  codeFile?.close();
  floorConnection?.close();
  await handle?.destroy();
  if (admin) {
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}
