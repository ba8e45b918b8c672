#!/usr/bin/env node
// Scan ids (`rq_id`) random or in order: what each costs the scans table as it grows, where
// every scan's id is indexed (scans_scan_id). For each kind, the product's scans table (migrated,
// SQLite's page cache and WAL as the server opens them) receives BENCH_ID_ROWS scans (default
// 3,000,000, 10 days of them in time order) through the edge's own write path (SQLite: the raw
// append, 500 scans a transaction; PostgreSQL: insert, 500 a statement), timed per million; then
// 20,000 lookups of ids handed out in the last day, as a conversion looks its scan up
// (findScanById).
// - random: 96 random bits, the product's ids before this bench;
// - ordered: the product's ids (scan-id.ts): the second, a sequence, then 48 random bits, each
//   id sorting after the last.
// Flags: --db postgres (a database of its own, dropped at the end). Last line:
// `scan ids (<db>): appends at R scans/s random, T ordered over the last million; lookups M µs / N µs`.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { throwawayDatabase } from './lib/postgres.mjs';
import { benchScans } from './lib/scan-rows.mjs';

const dist = path.resolve(import.meta.dirname, '../server/dist');
const { createDatabase } = await import(path.join(dist, 'db/create-db.js'));
const { migrateDatabase } = await import(path.join(dist, 'db/migrate.js'));
const { appendScans, openScanWriter, findScanById } = await import(
  path.join(dist, 'modules/scans/scans.repository.js')
);
const { newScanId } = await import(path.join(dist, 'modules/scans/scan-id.js'));

const { values: flags } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' } } });
const ENGINE = flags.db === 'postgres' ? 'postgres' : 'sqlite';
const ROWS = Number(process.env.BENCH_ID_ROWS ?? 3_000_000);
const BATCH = 500;
const LOOKUPS = 20_000;
const DAY = 86_400_000;
const DAYS = 10;

/** The ids before the product's were in order: 96 random bits as 16 base64url characters. */
const randomId = () => randomBytes(12).toString('base64url');

/**
 * SQLite's raw append, as the edge's writer makes it: refused at once while the checkpointer holds
 * the lock (the server's writer then journals the group and replays it); here, tried again.
 */
async function appendRaw(handle, batch) {
  for (;;) {
    try {
      return await appendScans(handle, batch, { rollupsBehind: true });
    } catch (error) {
      if (error.code !== 'SQLITE_BUSY') throw error;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
}

const KINDS = { random: () => randomId(), ordered: (at) => newScanId(at) };

async function run(kind, makeId) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-scan-ids-'));
  const database =
    ENGINE === 'postgres'
      ? await throwawayDatabase(`rq_bench_scan_ids_${process.pid}_${kind.replace('-', '_')}`)
      : null;
  const handle = database
    ? createDatabase({ databaseUrl: database.url })
    : createDatabase({ sqliteFile: path.join(tmp, 'rq.sqlite') });
  try {
    await migrateDatabase(handle);
    // The raw appends alone (the edge's part): the rollups are a folder's, elsewhere.
    openScanWriter(handle, { foldElsewhere: true });
    const end = Date.now();
    const perMillion = [];
    const recent = [];
    let batch = [];
    let started = performance.now();
    let n = 0;
    for (const scan of benchScans(ROWS, {
      codes: ['qr_a', 'qr_b', 'qr_c'],
      workspaceId: 'acct_ids',
      from: end - DAYS * DAY,
      days: DAYS,
    })) {
      scan.scan_id = makeId(scan.at);
      scan.variant = null;
      batch.push(scan);
      if (scan.at > end - DAY && recent.length < LOOKUPS && n % 7 === 0) recent.push(scan.scan_id);
      if (batch.length === BATCH) {
        if (database) await handle.db.insertInto('scans').values(batch).execute();
        else await appendRaw(handle, batch);
        batch = [];
      }
      if (++n % 1_000_000 === 0) {
        perMillion.push(1_000_000 / ((performance.now() - started) / 1000));
        started = performance.now();
      }
    }
    const lookups = [];
    for (const id of recent) {
      const t0 = performance.now();
      const row = await findScanById(handle.db, id);
      lookups.push(performance.now() - t0);
      if (!row) throw new Error(`the scan ${id} was not found`);
    }
    lookups.sort((a, b) => a - b);
    const lookupUs = lookups[Math.floor(lookups.length / 2)] * 1000;
    console.log(
      `${ENGINE} ${kind}: appends per million ${perMillion.map((r) => `${Math.round(r / 1000)}k/s`).join(', ')}; lookup median ${lookupUs.toFixed(0)} µs`,
    );
    return { last: perMillion.at(-1), lookupUs };
  } finally {
    await handle.destroy();
    await database?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const results = {};
for (const [kind, makeId] of Object.entries(KINDS)) results[kind] = await run(kind, makeId);
const { random, ordered } = results;
console.log(
  `scan ids (${ENGINE}): appends at ${Math.round(random.last)} scans/s random, ${Math.round(ordered.last)} ordered over the last million; lookups ${random.lookupUs.toFixed(0)} µs / ${ordered.lookupUs.toFixed(0)} µs`,
);
