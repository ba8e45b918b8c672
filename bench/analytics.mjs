#!/usr/bin/env node
// The analytics dashboard over 10M scans and 500k conversions, as the site asks for it. One
// workspace's scans over the 90 days before the seed (2,000 codes, a realistic spread of countries,
// devices, OS, browsers, languages, referrers, hostnames and rules, 30 % returning visitors, 3 %
// bots; lib/scan-rows.mjs), every scan handed an rq_id, every 20th converting (a third of them
// sales in one of three currencies). The rows are what the product stores, written in bulk
// (lib/analytics-seed.mjs: the rollups from the product's own functions, a UTC day at a time), and
// a 20,000-scan sample is first seeded both that way and through the product's write path
// (appendScans, insertConversions) and every table compared.
//
// The seeded database is kept in a cache keyed by the seed's parameters and the code that makes
// its rows (migrations added since are applied to it by the server, as to any database) (SQLite: $TMPDIR/rq-bench-analytics/; PostgreSQL: the database
// rq_bench_analytics_<key>), reused for 24 hours (the dashboard's "last 30 days" end now), so a
// second run starts at once. Making a new one removes the older ones.
//
// The built server then runs on it, and the bench calls its API as the /analytics page does for
// "Last 30 days" (range=30d, timeZone=Europe/Berlin): GET /analytics/dashboard with the page's
// breakdowns (its SHOWN list; the one call a view costs), and each part on its own (/analytics/summary,
// /timeseries?interval=day, /breakdown?by=... limit=10), 20 rounds after a warm-up; median and p95
// per call. Every dashboard answer's totals are checked against the seed's own counts.
//
// Flags: --db postgres (BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test's
// cluster; a database of its own); SQLite by default. --seed-only makes the cache and stops (seeding
// is heavy but needs no quiet machine; the timed part does). BENCH_SCANS sets the number of scans.
// Last line: `analytics[ (postgres)]: 30-day dashboard over 10M scans and 500k conversions in N ms
// (median of 20, p95 P ms; bar 50 ms)`.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServerProcess } from '../scripts/lib/server-process.mjs';
import {
  checkSeedAgainstProduct,
  Expected,
  SEED_DAYS,
  seedBatches,
  writeSeed,
} from './lib/analytics-seed.mjs';
import { postgresWriter, sqliteWriter } from './lib/analytics-seed-writers.mjs';
import { api, MARKETPLACE_SECRET, marketplaceHeaders } from './lib/marketplace.mjs';
import { BENCH_PG_URL } from './lib/postgres.mjs';

const dist = path.resolve(import.meta.dirname, '../server/dist');
const { createDatabase } = await import(path.join(dist, 'db/create-db.js'));
const { migrations } = await import(path.join(dist, 'db/migrations/index.js'));

const { values: flags } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' }, 'seed-only': { type: 'boolean', default: false } },
});
if (flags.db !== 'sqlite' && flags.db !== 'postgres') {
  console.error(`--db takes sqlite or postgres, not ${flags.db}`);
  process.exit(2);
}
const ENGINE = flags.db;
const COUNT = Number(process.env.BENCH_SCANS ?? 10_000_000);
const CONVERT_EVERY = 20;
const SAMPLE_SCANS = 20_000;
const DAY = 86_400_000;
const CACHE_HOURS = 24;
const BENCH_USER = 'bench-analytics';
const ROUNDS = 20;
const BAR_MS = 50;
/** The breakdowns the /analytics page shows, in its order: read from the page's own list (SHOWN). */
const SHOWN = (() => {
  const source = fs.readFileSync(
    path.resolve(import.meta.dirname, '../web/src/features/analytics/hooks/useDashboardData.ts'),
    'utf8',
  );
  const list = /export const SHOWN[^=]*=\s*\[([^\]]*)\]/.exec(source)?.[1];
  if (!list) throw new Error('the /analytics page no longer lists its breakdowns as SHOWN');
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
})();
const QUERY = 'range=30d&timeZone=Europe%2FBerlin';
const CALLS = {
  dashboard: `/analytics/dashboard?${QUERY}&interval=day&${SHOWN.map((by) => `by=${by}`).join('&')}&limit=10`,
  summary: `/analytics/summary?${QUERY}`,
  timeseries: `/analytics/timeseries?${QUERY}&interval=day`,
  ...Object.fromEntries(
    SHOWN.map((by) => [`breakdown ${by}`, `/analytics/breakdown?${QUERY}&by=${by}&limit=10`]),
  ),
};

const label = (n) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${Math.round(n / 1000)}k` : String(n);
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/**
 * The seed's identity: its parameters and the code that makes its rows. Not the migrations: the
 * server applies the ones added since to the cached rows at start, as it would to a workspace's.
 */
function cacheKey() {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ count: COUNT, convertEvery: CONVERT_EVERY, days: SEED_DAYS }));
  for (const file of [
    path.join(dist, 'modules/scans/scan-rollups.js'),
    path.join(dist, 'modules/conversions/conversions.rollups.js'),
    path.join(dist, 'modules/scans/scan-id.js'),
    path.join(import.meta.dirname, 'lib/scan-rows.mjs'),
    path.join(import.meta.dirname, 'lib/analytics-seed.mjs'),
  ])
    hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/** A seed of the last CACHE_HOURS whose migrations this build still has (it refuses a newer database). */
const fresh = (seed) =>
  seed &&
  Date.now() - seed.end < CACHE_HOURS * 3_600_000 &&
  seed.migrations.every((name) => name in migrations);

/** SQLite: the cache's folder (the server's DATA_DIR inside it) and its seed record, if made. */
function sqliteCache(key) {
  const root = path.join(os.tmpdir(), 'rq-bench-analytics');
  const dir = path.join(root, `${COUNT}-${key}`);
  const record = path.join(dir, 'seed.json');
  return {
    dataDir: path.join(dir, 'data'),
    databaseUrl: '',
    read: async () => (fs.existsSync(record) ? JSON.parse(fs.readFileSync(record, 'utf8')) : undefined),
    /** Removes every cached seed (this one's unfinished or stale one included) and makes the folder anew. */
    reset: async () => {
      fs.rmSync(root, { recursive: true, force: true });
      fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
    },
    write: async (seed) => fs.writeFileSync(record, JSON.stringify(seed)),
    open: () => createDatabase({ sqliteFile: path.join(dir, 'data', 'rq.sqlite'), jobThread: true }),
    sample: () => ({
      bulk: createDatabase({ sqliteFile: ':memory:' }),
      product: createDatabase({ sqliteFile: ':memory:' }),
      drop: async () => undefined,
    }),
    writer: (handle) => sqliteWriter(handle.sqlite),
  };
}

/** PostgreSQL: the cache is a database of its own; its seed record a table in it. */
function postgresCache(key) {
  const name = `rq_bench_analytics_${COUNT}_${key}`;
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const admin = async (run) => {
    const client = new pg.Client({ connectionString: BENCH_PG_URL });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  const inBench = async (run) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  return {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-analytics-pg-')),
    databaseUrl,
    read: async () => {
      const exists = await admin((c) => c.query('select 1 from pg_database where datname = $1', [name]));
      if (exists.rowCount === 0) return undefined;
      return inBench(async (c) => {
        const table = await c.query("select to_regclass('public.bench_seed') as t");
        if (!table.rows[0].t) return undefined;
        return (await c.query('select seed from bench_seed')).rows[0]?.seed;
      });
    },
    reset: () =>
      admin(async (c) => {
        const { rows } = await c.query(
          "select datname from pg_database where datname like 'rq_bench_analytics_%'",
        );
        for (const row of rows) await c.query(`drop database "${row.datname}" with (force)`);
        await c.query(`create database "${name}"`);
      }),
    write: (seed) =>
      inBench(async (c) => {
        await c.query('create table bench_seed (seed jsonb not null)');
        await c.query('insert into bench_seed (seed) values ($1)', [JSON.stringify(seed)]);
      }),
    open: () => createDatabase({ databaseUrl }),
    sample: () => {
      const handles = ['bench_check_bulk', 'bench_check_product'].map((schema) =>
        createDatabase({ databaseUrl, pgSchema: schema }),
      );
      return {
        bulk: handles[0],
        product: handles[1],
        create: () =>
          Promise.all(handles.map((h) => h.db.schema.createSchema(h.schema).ifNotExists().execute())),
        drop: () =>
          Promise.all(handles.map((h) => h.db.schema.dropSchema(h.schema).ifExists().cascade().execute())),
      };
    },
    writer: (handle) => postgresWriter(handle),
  };
}

/** The built server on the cache's database, as the bench user's marketplace proxy calls it. */
function startServer(cache) {
  return startServerProcess({
    env: {
      DATA_DIR: cache.dataDir,
      DATABASE_URL: cache.databaseUrl,
      LOG_LEVEL: 'warn',
      MARKETPLACE_PROXY_SECRET: MARKETPLACE_SECRET,
      API_RATE_LIMIT: '1000000',
      SESSION_RATE_LIMIT: '1000000',
      // The seed's oldest scans are 90 days old: kept, so the cache stays whole.
      SCAN_RETENTION_DAYS: 'forever',
    },
    timeoutMs: 120_000,
    name: `the server on ${ENGINE}`,
  });
}

/** Makes the cache: the workspace (the server's, at the bench user's first call), the check, the seed. */
async function seed(cache) {
  await cache.reset();
  const server = await startServer(cache);
  let workspaceId;
  try {
    workspaceId = (await api(server.base, 'GET', '/me', undefined, BENCH_USER)).id;
  } finally {
    await server.stop();
  }
  const end = Math.floor(Date.now() / 60_000) * 60_000;

  const sample = cache.sample();
  try {
    await sample.create?.();
    const rows = await checkSeedAgainstProduct({
      bulk: sample.bulk,
      product: sample.product,
      makeWriter: cache.writer,
      count: SAMPLE_SCANS,
      end,
      workspaceId,
    });
    console.log(
      `${ENGINE}: a ${label(SAMPLE_SCANS)}-scan sample seeded in bulk equals the product's write path (${rows} rows compared)`,
    );
  } finally {
    await sample.drop();
    await sample.bulk.destroy();
    await sample.product.destroy();
  }

  const started = Date.now();
  const handle = cache.open();
  let result;
  try {
    let done = 0;
    result = await writeSeed(
      await cache.writer(handle),
      seedBatches({ count: COUNT, workspaceId, end, convertEvery: CONVERT_EVERY }),
      {
        keepVisitorsFrom: Math.floor(end / DAY) * DAY - DAY,
        start: end - SEED_DAYS * DAY,
        onBatch: ({ scans }) => {
          done += scans.length;
          console.log(`${ENGINE}: seeding, ${label(done)} scans written (${seconds(Date.now() - started)})`);
        },
      },
    );
  } finally {
    await handle.destroy();
  }
  const record = {
    workspaceId,
    end,
    scans: COUNT,
    conversions: result.conversions,
    seedMs: Date.now() - started,
    migrations: Object.keys(migrations),
    expected: result.expected.toJSON(),
  };
  await cache.write(record);
  return record;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];

/** One call, timed from the request to the parsed answer; throws unless it is a 200. */
async function timed(base, url) {
  const started = performance.now();
  const response = await fetch(`${base}/api/v1${url}`, { headers: marketplaceHeaders(BENCH_USER) });
  const body = await response.json();
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

/** The dashboard's totals must be the seed's own counts of the range it answers for. */
function checkAnswer(seed, dashboard) {
  const { summary } = dashboard;
  const want = Expected.within(seed.expected, Date.parse(summary.from), Date.parse(summary.to));
  if (summary.total !== want.total || summary.conversions !== want.conversions || want.total === 0)
    throw new Error(
      `the dashboard answered ${summary.total} scans and ${summary.conversions} conversions; the seed holds ${want.total} and ${want.conversions}`,
    );
  const byCode = dashboard.breakdowns.qrcode?.rows ?? [];
  if (byCode.length !== 10) throw new Error(`the breakdown by code answered ${byCode.length} rows, not 10`);
}

async function measure(cache, seed) {
  const server = await startServer(cache);
  try {
    for (let i = 0; i < 3; i++) checkAnswer(seed, (await timed(server.base, CALLS.dashboard)).body);
    const times = Object.fromEntries(Object.keys(CALLS).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url] of Object.entries(CALLS)) {
        const { ms, body } = await timed(server.base, url);
        if (name === 'dashboard') checkAnswer(seed, body);
        times[name].push(ms);
      }
    }
    return Object.fromEntries(
      Object.entries(times).map(([name, list]) => [name, list.sort((a, b) => a - b)]),
    );
  } finally {
    await server.stop();
  }
}

/** Times the dashboard on the seeded cache and prints the lines. */
async function report(cache, record) {
  const times = await measure(cache, record);
  const ms = (n) => `${n.toFixed(1)} ms`;
  for (const [name, sorted] of Object.entries(times))
    console.log(
      `${ENGINE}: ${name.padEnd(20)} median ${ms(sorted[Math.floor(sorted.length / 2)]).padStart(9)}, p95 ${ms(percentile(sorted, 95)).padStart(9)}`,
    );
  const parts = Object.entries(times)
    .filter(([name]) => name !== 'dashboard')
    .reduce((sum, [, sorted]) => sum + sorted[Math.floor(sorted.length / 2)], 0);
  const dashboard = times.dashboard;
  const median = dashboard[Math.floor(dashboard.length / 2)];
  console.log(
    `${ENGINE}: the ${SHOWN.length + 2} parts called one by one: ${ms(parts)} (sum of their medians)`,
  );
  console.log(
    `analytics${ENGINE === 'sqlite' ? '' : ` (${ENGINE})`}: 30-day dashboard over ${label(COUNT)} scans and ${label(record.conversions)} conversions in ${median.toFixed(0)} ms (median of ${ROUNDS}, p95 ${percentile(dashboard, 95).toFixed(0)} ms; bar ${BAR_MS} ms${median > BAR_MS ? ': over' : ''})`,
  );
}

const cache = ENGINE === 'postgres' ? postgresCache(cacheKey()) : sqliteCache(cacheKey());
try {
  let record = await cache.read();
  if (fresh(record)) {
    console.log(
      `${ENGINE}: ${COUNT} scans and ${record.conversions} conversions from the cache, seeded ${new Date(record.end).toISOString().slice(0, 16)}Z in ${seconds(record.seedMs)}`,
    );
  } else {
    record = await seed(cache);
    console.log(
      `${ENGINE}: ${COUNT} scans and ${record.conversions} conversions seeded in ${seconds(record.seedMs)}`,
    );
  }
  if (!flags['seed-only']) await report(cache, record);
} finally {
  if (ENGINE === 'postgres') fs.rmSync(cache.dataDir, { recursive: true, force: true });
}
