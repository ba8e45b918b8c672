#!/usr/bin/env node
// The analytics dashboard as scans grow. Seeds one account's scans over 90 days (2,000 codes, a
// realistic spread of countries, devices, OS, browsers, languages, referrers, hostnames and rules,
// 30 % returning visitors) through the recorder's own write path (appendScans: raw scans, counters
// and rollups in one transaction, 5,000 scans a batch), then times a 30-day dashboard in
// Europe/Berlin: summary + day series + 4 breakdowns (country, device, os, qrcode), the median of
// 15 runs. BENCH_SCANS sets the sizes (default 1000000,10000000; the last is the headline).
// Last line: `analytics: 30-day dashboard over 10M scans in N ms (1M: M ms)`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchScans } from './lib/scan-rows.mjs';

const dist = path.resolve(import.meta.dirname, '../server/dist');
const { createDatabase } = await import(path.join(dist, 'db/create-db.js'));
const { migrateDatabase } = await import(path.join(dist, 'db/migrate.js'));
const { appendScans } = await import(path.join(dist, 'modules/scans/scans.repository.js'));
const { AnalyticsService } = await import(path.join(dist, 'modules/analytics/analytics.service.js'));
const { ScansService } = await import(path.join(dist, 'modules/scans/scans.service.js'));
const { pino } = await import('pino');

const SIZES = (process.env.BENCH_SCANS ?? '1000000,10000000').split(',').map(Number);
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 23, 10, 7);
const START = END - 90 * DAY;
const CODES = Array.from({ length: 2000 }, (_, i) => `qr_bench${String(i).padStart(5, '0')}`);
const ACCOUNT = 'acct_bench';

/** The seeded scans: over the 2,000 codes, the first ones most scanned, across the 90 days. */
const scans = (count) => benchScans(count, { codes: CODES, accountId: ACCOUNT, from: START, days: 90 });

async function seed(handle, count) {
  let batch = [];
  let batches = 0;
  const started = Date.now();
  for (const scan of scans(count)) {
    batch.push(scan);
    if (batch.length === 5000) {
      await appendScans(handle, batch);
      batch = [];
      // Unbroken writes leave the checkpointer thread's passive checkpoints no pause to catch up
      // with: without this, the rollups' WAL grew to tens of GB over 10M scans.
      if (++batches % 20 === 0) handle.sqlite?.pragma('rollups.wal_checkpoint(TRUNCATE)');
    }
  }
  if (batch.length > 0) await appendScans(handle, batch);
  return Date.now() - started;
}

async function dashboard(service) {
  const query = {
    from: new Date(END - 30 * DAY).toISOString().slice(0, 10),
    to: new Date(END).toISOString(),
    timeZone: 'Europe/Berlin',
  };
  await service.summary(ACCOUNT, query);
  await service.timeseries(ACCOUNT, { ...query, interval: 'day' });
  for (const by of ['country', 'device', 'os', 'qrcode']) await service.breakdown(ACCOUNT, { ...query, by });
}

async function measure(engine, count) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-analytics-'));
  let scans;
  const handle =
    engine === 'postgres'
      ? createDatabase({
          databaseUrl: process.env.BENCH_DATABASE_URL,
          pgSchema: `bench_${process.pid}_${count}`,
        })
      : createDatabase({ sqliteFile: path.join(dir, 'rq.sqlite') });
  try {
    if (engine === 'postgres') await handle.db.schema.createSchema(`bench_${process.pid}_${count}`).execute();
    await migrateDatabase(handle);
    const seedMs = await seed(handle, count);
    const codes = { get: async (_a, id) => ({ id }), list: async () => ({ data: [], nextCursor: null }) };
    // The dashboard reads through the scans service, as the server's does (made after the seed,
    // which wrote the rollups itself: nothing is left to fold).
    scans = new ScansService(handle, { dataDir: dir, log: pino({ level: 'silent' }) });
    const rules = { getManyForAccount: async () => [] };
    const service = new AnalyticsService({ codes, rules, scans, clock: { now: () => END } });
    await dashboard(service); // warm-up
    const times = [];
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      await dashboard(service);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const ms = times[Math.floor(times.length / 2)];
    console.log(
      `${engine}: ${count} scans seeded in ${(seedMs / 1000).toFixed(0)} s; 30-day dashboard median ${ms.toFixed(1)} ms`,
    );
    return ms;
  } finally {
    await scans?.recorder.close();
    if (engine === 'postgres')
      await handle.db.schema.dropSchema(`bench_${process.pid}_${count}`).ifExists().cascade().execute();
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const label = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : String(n));
const engines = ['sqlite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])];
for (const engine of engines) {
  const results = [];
  for (const count of SIZES) results.push([count, await measure(engine, count)]);
  const [last, lastMs] = results.at(-1);
  const others = results
    .slice(0, -1)
    .map(([n, ms]) => `${label(n)}: ${ms.toFixed(0)} ms`)
    .join(', ');
  const ratio =
    results.length > 1 ? `, x${(lastMs / results[0][1]).toFixed(2)} of ${label(results[0][0])}` : '';
  console.log(
    `analytics${engine === 'sqlite' ? '' : ` (${engine})`}: 30-day dashboard over ${label(last)} scans in ${lastMs.toFixed(0)} ms${others ? ` (${others})` : ''}${ratio}`,
  );
}
