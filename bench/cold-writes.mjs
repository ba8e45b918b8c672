#!/usr/bin/env node
// What recording a scan costs the event loop, warm (one code, one visitor) against cold (every scan
// a different code of a million and a visitor of its own), through the recorder as the edge uses it
// (groups of 50, as 50 connections give), on a SQLite file with its checkpointer and rollup folder
// threads (docs/adr/2026-11-26-cold-scans.md). The event loop's CPU is its thread's alone
// (process.threadCpuUsage); the rollups' lag is how long `settled()` then waits for the folder.
// BENCH_SCANS sets the scans per run (default 50,000).
// Last line: `cold writes: event loop W µs warm, C µs cold a scan (xR); rollups followed in A s / B s`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchScanRow } from './lib/bench-code.mjs';

const dist = path.resolve(import.meta.dirname, '../server/dist');
const { createDatabase } = await import(path.join(dist, 'db/create-db.js'));
const { migrateDatabase } = await import(path.join(dist, 'db/migrate.js'));
const { ScanRecorder } = await import(path.join(dist, 'modules/scans/scan-recorder.js'));

const SCANS = Number(process.env.BENCH_SCANS ?? 50_000);
const GROUP = 50;
const log = { error: console.error, warn: console.warn, info() {}, debug() {} };

const scanOf = (warm, at, i) =>
  warm
    ? benchScanRow({ at, visitor: 'visitor' })
    : benchScanRow({ at, code: `qr_${(i * 7919) % 1_000_000}`, visitor: `visitor-${i}` });

async function run(warm) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-cold-writes-'));
  const handle = createDatabase({ sqliteFile: path.join(dir, 'rq.sqlite') });
  try {
    await migrateDatabase(handle);
    const recorder = new ScanRecorder(handle, { spoolDir: path.join(dir, 'spool'), log });
    await recorder.resumeSpool();
    const now = Date.now();
    const before = process.threadCpuUsage();
    for (let i = 0; i < SCANS; i += GROUP) {
      const group = [];
      for (let j = i; j < Math.min(SCANS, i + GROUP); j++)
        group.push(recorder.record(scanOf(warm, now + j, j)));
      await Promise.all(group);
    }
    const cpu = process.threadCpuUsage(before);
    const recorded = performance.now();
    await recorder.settled();
    const lagSeconds = (performance.now() - recorded) / 1000;
    await recorder.close();
    const us = (cpu.user + cpu.system) / SCANS;
    console.log(
      `${warm ? 'warm' : 'cold'}: ${SCANS} scans, event loop ${us.toFixed(1)} µs CPU a scan, rollups followed ${lagSeconds.toFixed(1)} s after the last answer`,
    );
    return { us, lagSeconds };
  } finally {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const warm = await run(true);
const cold = await run(false);
console.log(
  `cold writes: event loop ${warm.us.toFixed(1)} µs warm, ${cold.us.toFixed(1)} µs cold a scan (x${(cold.us / warm.us).toFixed(2)}); rollups followed in ${warm.lagSeconds.toFixed(1)} s / ${cold.lagSeconds.toFixed(1)} s`,
);
