#!/usr/bin/env node
// The audit log as it grows: GET /api/v1/events over 1,000,000 events. Fills five workspaces'
// logs (the benched one holds 400,000 events; 16 types over 6 kinds of resource, 40 users, 6 API
// keys and 3 parts of the system, times spread over the 400 days the log keeps), 3,000 rows an
// insert, then asks the real app (inject, signed in with an `events:read` API key) for filtered
// pages of 50: unfiltered, by type, by resource type, by resource, by actor, by from/to, a filter
// and a time range together, and a page 300,000 events deep (its cursor). Each is asked 300
// times after a warm-up; p50 and p99 are printed per filter. SQLite by default; PostgreSQL when
// DATABASE_URL is set (a schema of the run's, dropped at the end). BENCH_EVENTS sets the size.
// Last line: `GET /events over 1M events, filtered page: p99 X ms (bar 50 ms)` (the worst p99).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../server/dist');
const { createDatabase } = await import(path.join(dist, 'db/create-db.js'));
const { migrateDatabase } = await import(path.join(dist, 'db/migrate.js'));
const { buildApp } = await import(path.join(dist, 'app.js'));
const { loadConfig } = await import(path.join(dist, 'config.js'));
const { newId } = await import(path.join(dist, 'shared/ids.js'));
const { sql } = await import('kysely');

const TOTAL = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const DAY = 86_400_000;
const END = Date.now() - 60_000;
const START = END - 399 * DAY;
const WORKSPACES = 5;
const BATCH = 3_000; // 30,000 parameters: under SQLite's 32,766
const RUNS = 300;
const DEEP = 300_000;

/** A deterministic pseudo-random sequence (mulberry32), so every run fills the same log. */
function random(seed) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** Picks from a list, the first values most often (Zipf-like). */
const skewed = (next, list) => list[Math.floor(list.length * next() ** 2.5)];

// What changes most often comes first: codes are edited far more than keys are made.
const KINDS = [
  ['qrcode', ['qrcode.updated', 'qrcode.created', 'qrcode.deleted'], 'qr', 20_000],
  ['rule', ['rule.updated', 'rule.created', 'rule.deleted'], 'rule', 2_000],
  ['design', ['design.updated', 'design.created'], 'dsn', 500],
  [
    'hostname',
    ['hostname.verified', 'hostname.verification_failed', 'hostname.created', 'hostname.updated'],
    'host',
    50,
  ],
  ['api_key', ['api_key.created', 'api_key.revoked'], 'key', 100],
  ['subscription', ['subscription.updated', 'subscription.created'], 'sub', 10],
];
const USERS = Array.from({ length: 40 }, (_, i) => ({
  type: 'user',
  id: `uid-bench-${i}`,
  email: `user${i}@example.com`,
}));
const KEYS = Array.from({ length: 6 }, (_, i) => ({ type: 'apiKey', id: `key_bench${i}`, email: null }));
const SYSTEM = ['hostname-checker', 'paypal', 'usage-meter'].map((id) => ({
  type: 'system',
  id,
  email: null,
}));
const ACTORS = [...USERS, ...KEYS, ...SYSTEM];

function* events(workspaces) {
  const next = random(TOTAL);
  for (let i = 0; i < TOTAL; i++) {
    const at = START + Math.floor((i / TOTAL) * (END - START));
    // The benched workspace (the first) holds 40 %, the other four 15 % each.
    const pick = next();
    const workspace = pick < 0.4 ? workspaces[0] : workspaces[1 + Math.floor((pick - 0.4) / 0.15)];
    const [resourceType, types, prefix, count] = skewed(next, KINDS);
    const actor = skewed(next, ACTORS);
    yield {
      id: newId('evt', at),
      workspace_id: workspace,
      type: skewed(next, types),
      at,
      actor_type: actor.type,
      actor_id: actor.id,
      actor_email: actor.email,
      resource_type: resourceType,
      resource_id: `${prefix}_bench${Math.floor(count * next() ** 2)}`,
      data_json: JSON.stringify({ changes: { name: ['before', 'after'] } }),
    };
  }
}

async function fill(handle, workspaces) {
  const started = Date.now();
  let batch = [];
  let batches = [];
  // 30 inserts (90,000 rows) a transaction: one commit each, not one per insert.
  const commit = async () => {
    const rows = batches;
    batches = [];
    await handle.db.transaction().execute(async (trx) => {
      for (const values of rows) await trx.insertInto('events').values(values).execute();
    });
  };
  for (const event of events(workspaces)) {
    batch.push(event);
    if (batch.length < BATCH) continue;
    batches.push(batch);
    batch = [];
    if (batches.length === 30) await commit();
  }
  if (batch.length > 0) batches.push(batch);
  if (batches.length > 0) await commit();
  return Date.now() - started;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function time(app, headers, url) {
  const ask = async () => {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  };
  for (let i = 0; i < 10; i++) await ask();
  const times = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    rows = (await ask()).data.length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), rows };
}

async function main() {
  const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-events-'));
  const schema = `bench_events_${process.pid}`;
  const handle =
    engine === 'postgres'
      ? createDatabase({ databaseUrl: process.env.DATABASE_URL, pgSchema: schema })
      : createDatabase({ sqliteFile: path.join(dir, 'rq.sqlite') });
  let app;
  try {
    if (engine === 'postgres') await handle.db.schema.createSchema(schema).execute();
    await migrateDatabase(handle);
    // The bench asks far more than a key's rate allows; the rate limit is not what it measures.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      REDIS_URL: '',
      API_RATE_LIMIT: '1000000',
    });
    app = await buildApp(config, { database: handle, migrate: false, serveWeb: false });
    await app.ready();

    const owner = await app.accounts.ensureForFirebase({ uid: 'bench-owner', email: 'owner@example.com' });
    const others = await Promise.all(
      Array.from({ length: WORKSPACES - 1 }, (_, i) =>
        app.accounts.ensureForFirebase({ uid: `bench-other-${i}` }),
      ),
    );
    const workspaces = [owner.id, ...others.map((a) => a.id)];
    const access = {
      workspaceId: owner.id,
      role: 'owner',
      actor: { type: 'user', id: 'bench-owner', email: null },
    };
    const { key } = await app.apiKeys.create(access, { name: 'bench', scopes: ['events:read'] });
    const headers = { authorization: `Bearer ${key}` };

    const fillMs = await fill(handle, workspaces);
    console.log(
      `${engine}: ${TOTAL} events in ${WORKSPACES} workspaces filled in ${(fillMs / 1000).toFixed(1)} s`,
    );
    // A production PostgreSQL's autovacuum analyzes a table that grew this much; a test cluster
    // may run without it, and a planner without statistics takes a common type for a rare one
    // (a bitmap scan and a sort of 100,000 rows instead of the first 51 of the index).
    if (engine === 'postgres') await sql`analyze events`.execute(handle.db);

    const deepRow = await handle.db
      .selectFrom('events')
      .select('id')
      .where('workspace_id', '=', owner.id)
      .orderBy('id', 'desc')
      .offset(DEEP)
      .limit(1)
      .executeTakeFirst();
    const deepCursor = Buffer.from(deepRow?.id ?? '', 'utf8').toString('base64url');
    const day = (daysAgo) => new Date(END - daysAgo * DAY).toISOString();
    const filters = [
      ['unfiltered', ''],
      ['type (common)', '?type=qrcode.updated'],
      ['type (rare)', '?type=subscription.created'],
      ['resourceType', '?resourceType=hostname'],
      ['resource', '?resource=qr_bench0'],
      ['resource (rare)', '?resource=rule_bench1999'],
      ['actor (user)', '?actor=uid-bench-0'],
      ['actor (key)', '?actor=key_bench5'],
      ['from/to (10 days)', `?from=${day(100)}&to=${day(90)}`],
      ['type + from/to', `?type=hostname.verified&from=${day(200)}&to=${day(100)}`],
      [`deep cursor (${DEEP / 1000}k)`, `?cursor=${deepCursor}`],
      ['actor + deep cursor', `?actor=uid-bench-0&cursor=${deepCursor}`],
    ];
    let worst = 0;
    for (const [name, query] of filters) {
      const { p50, p99, rows } = await time(
        app,
        headers,
        `/api/v1/events${query}${query ? '&' : '?'}limit=50`,
      );
      worst = Math.max(worst, p99);
      console.log(
        `  ${name.padEnd(22)} p50 ${p50.toFixed(2).padStart(7)} ms   p99 ${p99.toFixed(2).padStart(7)} ms   (${rows} rows)`,
      );
    }
    const label = TOTAL >= 1_000_000 ? `${TOTAL / 1_000_000}M` : String(TOTAL);
    console.log(
      `GET /events over ${label} events${engine === 'sqlite' ? '' : ` (${engine})`}, filtered page: p99 ${worst.toFixed(1)} ms (bar 50 ms)`,
    );
  } finally {
    await app?.close();
    if (engine === 'postgres') await handle.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
