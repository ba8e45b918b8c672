#!/usr/bin/env node
// The analytics dashboard as scans grow. Seeds one account's scans over 90 days (2,000 codes, a
// realistic spread of countries, devices, OS, browsers, languages, referrers, hostnames and rules,
// 30 % returning visitors) through the recorder's own write path (appendScans: raw scans, counters
// and rollups in one transaction, 5,000 scans a batch), then times a 30-day dashboard in
// Europe/Berlin: summary + day series + 4 breakdowns (country, device, os, qrcode), the median of
// 15 runs. BENCH_SCANS sets the sizes (default 1000000,10000000; the last is the headline).
// Every 20th scan converts (500k conversions over 10M scans, a third with a sale in one of three
// currencies), stored through the conversions' own write path (the rows and their rollups, 5,000
// a transaction), so the dashboard reads conversions, rates and revenue beside the scans as the
// server's does.
// Last line: `analytics: 30-day dashboard over 10M scans and 500k conversions in N ms (1M: M ms)`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchScans } from './lib/scan-rows.mjs';

const dist = path.resolve(import.meta.dirname, '../server/dist');
const { createDatabase } = await import(path.join(dist, 'db/create-db.js'));
const { migrateDatabase } = await import(path.join(dist, 'db/migrate.js'));
const { appendScans } = await import(path.join(dist, 'modules/scans/scans.repository.js'));
const { insertConversions } = await import(path.join(dist, 'modules/conversions/conversions.repository.js'));
const { ConversionsService } = await import(path.join(dist, 'modules/conversions/conversions.service.js'));
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

const CONVERT_EVERY = 20;
const CURRENCIES = ['EUR', 'USD', 'GBP'];

/** The conversion of the n-th converting scan: a lead, or (one in three) a sale. */
function conversionOf(scan, n) {
  const sale = n % 3 === 0;
  return {
    id: `cnv_bench${String(n).padStart(19, '0')}`,
    account_id: scan.account_id,
    external_id: `order-${n}`,
    scan_id: `bench${String(n).padStart(11, '0')}`,
    qrcode_id: scan.qrcode_id,
    rule_id: scan.rule_id,
    variant: null,
    hostname: scan.hostname,
    country: scan.country,
    region: scan.region,
    device: scan.device,
    os: scan.os,
    browser: scan.browser,
    language: scan.language,
    referrer_host: scan.referrer_host,
    scan_at: scan.at,
    occurred_at: scan.at + 600_000,
    type: sale ? 'sale' : 'lead',
    amount: sale ? 500 + (n % 97) * 100 : null,
    currency: sale ? CURRENCIES[Math.floor(n / 3) % CURRENCIES.length] : null,
    customer_hash: null,
    body_hash: 'bench',
    created_at: scan.at + 600_000,
  };
}

async function seed(handle, count) {
  let batch = [];
  let sold = [];
  let converted = 0;
  let batches = 0;
  let seen = 0;
  const started = Date.now();
  const storeConversions = async () => {
    await handle.db.transaction().execute((trx) => insertConversions(trx, sold));
    sold = [];
  };
  for (const scan of scans(count)) {
    batch.push(scan);
    // One in CONVERT_EVERY scans converts, always a human's (the next one after a bot's turn).
    if (!scan.bot && converted < Math.floor(++seen / CONVERT_EVERY))
      sold.push(conversionOf(scan, converted++));
    else if (scan.bot) seen++;
    if (batch.length === 5000) {
      await appendScans(handle, batch);
      batch = [];
      // Unbroken writes leave the checkpointer thread's passive checkpoints no pause to catch up
      // with: without this, the rollups' WAL grew to tens of GB over 10M scans.
      if (++batches % 20 === 0) handle.sqlite?.pragma('rollups.wal_checkpoint(TRUNCATE)');
    }
    if (sold.length === 5000) await storeConversions();
  }
  if (batch.length > 0) await appendScans(handle, batch);
  if (sold.length > 0) await storeConversions();
  return { seedMs: Date.now() - started, converted };
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
    const { seedMs, converted } = await seed(handle, count);
    const codes = { get: async (_a, id) => ({ id }), list: async () => ({ data: [], nextCursor: null }) };
    // The dashboard reads through the scans service, as the server's does (made after the seed,
    // which wrote the rollups itself: nothing is left to fold).
    scans = new ScansService(handle, { dataDir: dir, log: pino({ level: 'silent' }) });
    const rules = { getManyForAccount: async () => [] };
    // Analytics reads only the conversions' counts: the service's other parts are not called here.
    const conversions = new ConversionsService(handle.db, {
      scans,
      events: null,
      changes: null,
      serverSecret: 'bench',
    });
    const service = new AnalyticsService({ codes, rules, scans, conversions, clock: { now: () => END } });
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
      `${engine}: ${count} scans and ${converted} conversions seeded in ${(seedMs / 1000).toFixed(0)} s; 30-day dashboard median ${ms.toFixed(1)} ms`,
    );
    return { ms, converted };
  } finally {
    await scans?.recorder.close();
    if (engine === 'postgres')
      await handle.db.schema.dropSchema(`bench_${process.pid}_${count}`).ifExists().cascade().execute();
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const label = (n) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${Math.round(n / 1000)}k` : String(n);
const engines = ['sqlite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])];
for (const engine of engines) {
  const results = [];
  const sold = [];
  for (const count of SIZES) {
    const { ms, converted } = await measure(engine, count);
    results.push([count, ms]);
    sold.push(converted);
  }
  const [last, lastMs] = results.at(-1);
  const others = results
    .slice(0, -1)
    .map(([n, ms]) => `${label(n)}: ${ms.toFixed(0)} ms`)
    .join(', ');
  const ratio =
    results.length > 1 ? `, x${(lastMs / results[0][1]).toFixed(2)} of ${label(results[0][0])}` : '';
  console.log(
    `analytics${engine === 'sqlite' ? '' : ` (${engine})`}: 30-day dashboard over ${label(last)} scans and ${label(sold.at(-1))} conversions in ${lastMs.toFixed(0)} ms${others ? ` (${others})` : ''}${ratio}`,
  );
}
