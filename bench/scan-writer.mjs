#!/usr/bin/env node
// What the recorder's write costs per scan as its batches grow, against a peer in the same run: a
// bare multi-row insert of the same rows into a table shaped like `scans` with no index, counters
// or rollups. One hot code, every scan the same shape (the redirect bench's load), on a SQLite
// file in WAL mode with its checkpointer thread, as the server runs it. Batches of 44 are what
// 50 connections give the group commit today (the redirect bench prints its scans per
// transaction); larger batches are what a writer decoupled from the answer would write.
// CPU is the process's (every thread: the checkpointer's too) per scan, after a warm-up.
// Last line: `scan writer: batch 44 X µs CPU/scan (xR of a bare insert), batch 2000 Y µs (xS)`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchScanRow } from './lib/bench-code.mjs';

const dist = path.resolve(import.meta.dirname, '../server/dist');
const { createDatabase } = await import(path.join(dist, 'db/create-db.js'));
const { migrateDatabase } = await import(path.join(dist, 'db/migrate.js'));
const { appendScans } = await import(path.join(dist, 'modules/scans/scans.repository.js'));
const { SCAN_COLUMNS: COLUMNS } = await import(path.join(dist, 'modules/scans/scans.table.js'));

const BATCHES = [44, 500, 2000];
const SCANS_PER_SIZE = 66_000;

const scan = () => benchScanRow();

/** µs of process CPU per scan for `write` over batches of `size`, after a warm-up. */
async function cpuPerScan(write, size) {
  const batches = Math.max(20, Math.round(SCANS_PER_SIZE / size));
  for (let i = 0; i < batches / 5; i++) await write(Array.from({ length: size }, scan));
  const before = process.cpuUsage();
  for (let i = 0; i < batches; i++) await write(Array.from({ length: size }, scan));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / (batches * size);
}

/** The peer: one prepared multi-row insert per batch (64 rows a statement), one transaction. */
function bareInsert(sqlite) {
  sqlite.exec(`create table bare_scans (${COLUMNS.join(', ')})`);
  const values = `(${COLUMNS.map(() => '?').join(', ')})`;
  const group = sqlite.prepare(`insert into bare_scans values ${Array(64).fill(values).join(', ')}`);
  const one = sqlite.prepare(`insert into bare_scans values ${values}`);
  const write = sqlite.transaction((rows) => {
    let i = 0;
    for (; i + 64 <= rows.length; i += 64)
      group.run(rows.slice(i, i + 64).flatMap((row) => COLUMNS.map((c) => row[c])));
    for (; i < rows.length; i++) one.run(COLUMNS.map((c) => rows[i][c]));
  });
  return async (rows) => write(rows);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-writer-'));
const results = [];
try {
  for (const size of BATCHES) {
    const ours = createDatabase({ sqliteFile: path.join(dir, `ours-${size}.sqlite`) });
    const peer = createDatabase({ sqliteFile: path.join(dir, `peer-${size}.sqlite`) });
    await migrateDatabase(ours);
    const oursUs = await cpuPerScan((rows) => appendScans(ours, rows), size);
    const peerUs = await cpuPerScan(bareInsert(peer.sqlite), size);
    await ours.destroy();
    await peer.destroy();
    results.push({ size, oursUs, peerUs });
    console.log(
      `batch ${size}: appendScans ${oursUs.toFixed(2)} µs CPU/scan, bare insert ${peerUs.toFixed(2)} µs, x${(oursUs / peerUs).toFixed(2)}`,
    );
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const first = results[0];
const last = results.at(-1);
console.log(
  `scan writer: batch ${first.size} ${first.oursUs.toFixed(2)} µs CPU/scan (x${(first.oursUs / first.peerUs).toFixed(2)} of a bare insert), batch ${last.size} ${last.oursUs.toFixed(2)} µs (x${(last.oursUs / last.peerUs).toFixed(2)})`,
);
