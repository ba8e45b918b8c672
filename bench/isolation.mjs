#!/usr/bin/env node
// The redirect edge while heavy admin work runs on the same server: wrk (1 thread, 50 keep-alive
// connections, BENCH_DURATION, default 5 s, a browser user agent) scans one code (the five rules of
// lib/bench-code.mjs) alone and while one job runs back to back, in alternating rounds per job
// (bare node:http peer, edge alone, edge with the job; --rounds, default 2), each job's workspace
// its own:
//   bulk-import    POST /qrcodes/import?format=csv, 10,000 rows a call (one import's most)
//   print-sheet    POST /qrcodes/sheet.pdf over 10,000 codes (made with bulk calls beforehand),
//                  A4, 4 x 5 codes of 40 mm with their slugs (500 pages), read to its end
//   png-downloads  GET /qrcodes/{id}/image.png?size=1024, 16 in flight, each on another code
//                  (cycling through the 10,000; the renderer's cache keeps 64), so none is cached
//   csv-export     GET /analytics/export.csv of 1,000,000 scans (range=30d, bots=true), read to
//                  its end; the scans are written straight into the database with the server
//                  stopped (raw rows only: the export reads them, and on SQLite the rollup cursor is
//                  moved past them so the folder has nothing to fold during the rounds)
// The import's CSV (mode, target, title, tags; about 0.6 MB) fits the import route's own body
// limit (32 MiB), so BODY_LIMIT_BYTES stays as it is.
// A job starts 0.5 s before wrk; what it got done counts from wrk's start to its end (codes in the
// database, PDF pages and CSV bytes received, PNGs answered); once wrk is done no new unit starts
// and the one in flight is read to its end before the next round. wrk's p99 is of the scans it saw
// answered: one still waiting when wrk stops is not in it, and with none answered in the window
// the p99 is printed as `>` the window's length. Each round also gives the share of answers the
// server itself timed (rq_edge_answer_duration_seconds, from routing to the answer) over 10 and
// 25 ms: wrk's times add what waited in the socket before the event loop read it. Every job
// answer must be a 2xx (a 429, the server saying the job is over its share, is allowed: counted,
// printed, retried after its Retry-After, at most 1 s); a 5xx, any other status, a stall of 30 s
// or a request over 3 minutes fails the bench (exit 1), as do an incomplete PDF or CSV, an import
// row not created, imported codes missing from the database at the end, or an answered scan not
// recorded.
//
// Flags (`npm run bench -- isolation --db postgres`):
// --db postgres   runs the server on PostgreSQL (a database of its own for the run, from
//                 BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test,
//                 dropped at the end) instead of SQLite.
// --rounds N      rounds per job (default 2, at least 2); the lines take the medians.
// --jobs a,b      only these jobs (their names as above, e.g. --jobs bulk-import); all by default.
//
// Last lines, one per job: `isolation <job> on <db>: xR of the edge alone, p99 P ms (alone Q ms)`
// (R: the median edge rps with the job over the median alone; P, Q: the median p99s), then
// `physical limit: ...` with os.cpus().length.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServerProcess } from '../scripts/lib/server-process.mjs';
import { BENCH_TARGET, BROWSER_USER_AGENT, seedBenchCode } from './lib/bench-code.mjs';
import { api, MARKETPLACE_SECRET, marketplaceHeaders } from './lib/marketplace.mjs';
import { throwawayDatabase } from './lib/postgres.mjs';
import { bareServer } from './lib/processes.mjs';
import { benchScans } from './lib/scan-rows.mjs';
import { edgeAnswerTimes, metric, slowerShares } from './lib/server-metrics.mjs';
import { openServerSqlite } from './lib/sqlite.mjs';
import { median } from './lib/stats.mjs';
import { requireWrk, runWrk } from './lib/wrk.mjs';

const DURATION = process.env.BENCH_DURATION ?? '5s';
/** wrk gives up on a request after this: long enough that a stalled edge shows in the p99. */
const WRK_TIMEOUT = '10s';
/** Rows of an import call and codes on the sheet (one import's and one print's most). */
const CODES = 10_000;
const BULK_CALL = 1_000;
const EXPORT_SCANS = 1_000_000;
const PNG_CONCURRENCY = 16;
const PNG_SIZE = 1024;
const SHEET = { paper: 'A4', columns: 4, rows: 5, sizeMm: 40, caption: 'slug' };
const SHEET_PAGES = Math.ceil(CODES / (SHEET.columns * SHEET.rows));
/** How long a job runs before wrk starts. */
const LEAD_MS = 500;
/** A job request that sends nothing for this long, or takes longer than the cap, is a timeout. */
const STALL_MS = 30_000;
const REQUEST_CAP_MS = 180_000;
const DAY = 86_400_000;
const USERS = {
  edge: 'bench-edge',
  import: 'bench-import',
  print: 'bench-print',
  export: 'bench-export',
  warm: 'bench-warm',
};

const { values: flags } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    rounds: { type: 'string', default: '2' },
    jobs: { type: 'string', default: '' },
  },
});
if (flags.db !== 'sqlite' && flags.db !== 'postgres') {
  console.error(`--db takes sqlite or postgres, not ${flags.db}`);
  process.exit(2);
}
const ROUNDS = Number(flags.rounds);
if (!Number.isSafeInteger(ROUNDS) || ROUNDS < 2) {
  console.error(`--rounds takes a whole number of at least 2, not ${flags.rounds}`);
  process.exit(2);
}
requireWrk();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The middle value; of an even count, the mean of the two middle ones. */
const seconds = (since) => (performance.now() - since) / 1000;
/** A wrk side's p99 in ms; `>` when nothing was answered (then it is the window's length). */
const p99 = (side) => `${side.requests === 0 ? '>' : ''}${side.p99ms.toFixed(1)}`;

// ---------------------------------------------------------------------------------------------
// The server's database, read (and seeded) beside it: better-sqlite3 on its files, pg on PostgreSQL.

/** `query(text, params)` with $1-style parameters on either dialect; answers the rows. */
async function openDatabase({ databaseUrl, dataDir }) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      dialect: 'postgres',
      query: async (text, params = []) => (await client.query(text, params)).rows,
      close: () => client.end(),
    };
  }
  const db = openServerSqlite(dataDir);
  return {
    dialect: 'sqlite',
    sqlite: db,
    query: async (text, params = []) => {
      const statement = db.prepare(text.replace(/\$\d+/g, '?'));
      return statement.reader ? statement.all(...params) : [statement.run(...params)];
    },
    close: async () => db.close(),
  };
}

const count = async (db, text, params) => Number((await db.query(text, params))[0].n);

// The raw scan row's columns, as the built server defines them (`npm run bench` builds it first).
const { SCAN_COLUMNS } = await import(
  pathToFileURL(path.resolve(import.meta.dirname, '../server/dist/modules/scans/scans.table.js')).href
);
const PG_TYPES = { at: 'bigint', bot: 'integer', variant: 'integer' };

/**
 * EXPORT_SCANS scans of one code over the last 25 days (up to an hour ago), written with the server
 * stopped: on SQLite multi-row inserts, 50,000 scans a transaction, then the rollup cursor past the
 * last one; on PostgreSQL 20,000 scans a statement (unnest of one array per column), then VACUUM
 * ANALYZE, as on a database whose scans came in over weeks. Answers the seconds it took.
 */
async function seedScans(db, code, workspaceId) {
  const started = performance.now();
  const from = Date.now() - 25 * DAY - 3_600_000;
  const rows = benchScans(EXPORT_SCANS, { codes: [code], workspaceId, from, days: 25 });
  if (db.dialect === 'sqlite') {
    const { sqlite } = db;
    const PER_STATEMENT = 100;
    const one = `(${SCAN_COLUMNS.map(() => '?').join(', ')})`;
    const insert = (n) =>
      sqlite.prepare(
        `insert into scans (${SCAN_COLUMNS.join(', ')}) values ${Array(n).fill(one).join(', ')}`,
      );
    const many = insert(PER_STATEMENT);
    const single = insert(1);
    const write = sqlite.transaction((batch) => {
      let i = 0;
      for (; i + PER_STATEMENT <= batch.length; i += PER_STATEMENT) {
        many.run(batch.slice(i, i + PER_STATEMENT).flatMap((row) => SCAN_COLUMNS.map((c) => row[c])));
      }
      for (; i < batch.length; i++) single.run(SCAN_COLUMNS.map((c) => batch[i][c]));
    });
    let batch = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length === 50_000) {
        write(batch);
        batch = [];
      }
    }
    write(batch);
    sqlite
      .prepare(
        'update rollups.scan_rollup_cursor set through_rowid = (select max(rowid) from scans) where id = 1',
      )
      .run();
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } else {
    const PER_STATEMENT = 20_000;
    const text = `insert into scans (${SCAN_COLUMNS.join(', ')}) select * from unnest(${SCAN_COLUMNS.map(
      (c, i) => `$${i + 1}::${PG_TYPES[c] ?? 'text'}[]`,
    ).join(', ')})`;
    let columns = SCAN_COLUMNS.map(() => []);
    const flush = async () => {
      if (columns[0].length > 0) await db.query(text, columns);
      columns = SCAN_COLUMNS.map(() => []);
    };
    for (const row of rows) {
      for (let i = 0; i < SCAN_COLUMNS.length; i++) columns[i].push(row[SCAN_COLUMNS[i]]);
      if (columns[0].length === PER_STATEMENT) await flush();
    }
    await flush();
    await db.query('vacuum (analyze) scans');
  }
  return seconds(started);
}

// ---------------------------------------------------------------------------------------------
// The jobs: each a unit of work repeated back to back, and a measure of what got done.

class JobFailure extends Error {}

/**
 * One request of a job, its body handed to `onChunk` as it arrives (Buffers). Answers the status (a 429
 * with its Retry-After in ms); throws a JobFailure on any other status outside 2xx, on a stall of
 * STALL_MS without an answer or a byte, or when the whole takes more than REQUEST_CAP_MS.
 */
async function jobRequest(what, url, init, onChunk) {
  const controller = new AbortController();
  let stall;
  const arm = () => {
    clearTimeout(stall);
    stall = setTimeout(
      () => controller.abort(new JobFailure(`${what}: timeout (nothing for ${STALL_MS / 1000} s)`)),
      STALL_MS,
    );
  };
  const cap = setTimeout(
    () => controller.abort(new JobFailure(`${what}: timeout (over ${REQUEST_CAP_MS / 1000} s)`)),
    REQUEST_CAP_MS,
  );
  arm();
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (response.status === 429) {
      await response.body?.cancel();
      const after = Number(response.headers.get('retry-after'));
      return { status: 429, retryAfterMs: Number.isFinite(after) && after > 0 ? after * 1000 : 100 };
    }
    if (response.status < 200 || response.status > 299) {
      const text = await response.text();
      throw new JobFailure(`${what}: ${response.status} ${text.slice(0, 300)}`);
    }
    for await (const bytes of response.body) {
      arm();
      onChunk(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    }
    return { status: response.status, headers: response.headers };
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    if (error instanceof JobFailure) throw error;
    throw new JobFailure(
      `${what}: ${error.message}${error.cause ? ` (${error.cause.message ?? error.cause})` : ''}`,
    );
  } finally {
    clearTimeout(stall);
    clearTimeout(cap);
  }
}

/**
 * Runs `job.unit()` back to back on `job.concurrency` workers until stopped; a 429 waits its
 * Retry-After (at most 1 s) and goes on. `stop()` waits for the units in flight and answers the
 * tally: units done, 429s, failures.
 */
function startJob(job) {
  const tally = { units: 0, tooMany: 0, failures: [] };
  let running = true;
  const worker = async () => {
    while (running && tally.failures.length === 0) {
      try {
        const result = await job.unit();
        if (result?.status === 429) {
          tally.tooMany += 1;
          await sleep(Math.min(result.retryAfterMs, 1000));
        } else tally.units += 1;
      } catch (error) {
        tally.failures.push(error instanceof JobFailure ? error.message : String(error?.stack ?? error));
      }
    }
  };
  const workers = Promise.all(Array.from({ length: job.concurrency ?? 1 }, worker));
  return async () => {
    running = false;
    const started = performance.now();
    await workers;
    return { ...tally, tailSeconds: seconds(started) };
  };
}

/** Counts `\n` in a chunk. */
function newlines(chunk) {
  let n = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) n++;
  return n;
}

/** (a) Imports of CODES rows, each call's targets its own, into the import workspace. */
function importJob({ base, db, workspaceId }) {
  let calls = 0;
  const job = {
    name: 'bulk-import',
    created: 0,
    csv(call) {
      const lines = ['mode,target,title,tags'];
      for (let n = 0; n < CODES; n++)
        lines.push(`redirect,https://example.com/i/${call}/${n},Box ${n},import`);
      return `${lines.join('\n')}\n`;
    },
    async unit() {
      const call = calls++;
      const chunks = [];
      const answer = await jobRequest(
        'import',
        `${base}/api/v1/qrcodes/import?format=csv`,
        {
          method: 'POST',
          headers: { 'content-type': 'text/csv', ...marketplaceHeaders(USERS.import) },
          body: job.csv(call),
        },
        (chunk) => chunks.push(chunk),
      );
      if (answer.status === 429) return answer;
      const report = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      job.created += report.created;
      if (report.created !== CODES || report.errors.length > 0) {
        throw new JobFailure(
          `import: ${report.created} of ${CODES} rows created, ${report.errors.length} errors, e.g. ${JSON.stringify(report.errors[0])}`,
        );
      }
      return answer;
    },
    /** Codes in the import workspace's table (bulk create commits 1,000 at a time). */
    progress: () => count(db, 'select count(*) as n from qrcodes where account_id = $1', [workspaceId]),
    rate: (amount, s) => `${(amount / s).toFixed(0)} codes imported/s`,
    unitName: 'calls',
  };
  return job;
}

/** (b) The print sheet of the print workspace's CODES codes, read to its end, its pages counted. */
function sheetJob({ base }) {
  // A page object's dictionary (pdfkit writes each page once the next begins), not the /Pages tree.
  const PAGE = /\/Type \/Page[^s]/g;
  const job = {
    name: 'print-sheet',
    pages: 0,
    async unit() {
      let tail = '';
      let pages = 0;
      let end = '';
      const answer = await jobRequest(
        'sheet.pdf',
        `${base}/api/v1/qrcodes/sheet.pdf`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...marketplaceHeaders(USERS.print) },
          body: JSON.stringify({ filter: { tag: 'sheet' }, ...SHEET }),
        },
        (chunk) => {
          const text = tail + chunk.toString('latin1');
          const found = text.match(PAGE)?.length ?? 0;
          pages += found;
          job.pages += found;
          // Shorter than a match: a page is counted in the chunk where its match ends, once.
          tail = text.slice(-11);
          end = (end + text).slice(-32);
        },
      );
      if (answer.status === 429) return answer;
      if (pages !== SHEET_PAGES || !end.includes('%%EOF')) {
        throw new JobFailure(
          `sheet.pdf: ${pages} pages of ${SHEET_PAGES}, ${end.includes('%%EOF') ? '' : 'no %%EOF at its end'}`,
        );
      }
      return answer;
    },
    progress: async () => job.pages,
    rate: (amount, s) => `${(amount / s).toFixed(1)} pages/s`,
    unitName: 'sheets',
  };
  return job;
}

/** (c) PNGs of 1,024 px, PNG_CONCURRENCY in flight, each of the next code in turn. */
function pngJob({ base, ids }) {
  let next = 0;
  const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const job = {
    name: 'png-downloads',
    concurrency: PNG_CONCURRENCY,
    pngs: 0,
    async unit() {
      const id = ids[next++ % ids.length];
      const chunks = [];
      const answer = await jobRequest(
        'image.png',
        `${base}/api/v1/qrcodes/${id}/image.png?size=${PNG_SIZE}`,
        { headers: marketplaceHeaders(USERS.print) },
        (chunk) => chunks.push(chunk),
      );
      if (answer.status === 429) return answer;
      const png = Buffer.concat(chunks);
      if (!png.subarray(0, 8).equals(SIGNATURE)) throw new JobFailure(`image.png of ${id}: not a PNG`);
      job.pngs += 1;
      return answer;
    },
    progress: async () => job.pngs,
    rate: (amount, s) => `${(amount / s).toFixed(1)} PNGs/s`,
    unitName: 'PNGs',
  };
  return job;
}

/** (d) The export workspace's scans as CSV, read to its end, its lines counted. */
function exportJob({ base }) {
  const job = {
    name: 'csv-export',
    bytes: 0,
    async unit() {
      let lines = 0;
      const answer = await jobRequest(
        'export.csv',
        `${base}/api/v1/analytics/export.csv?range=30d&bots=true`,
        { headers: marketplaceHeaders(USERS.export) },
        (chunk) => {
          job.bytes += chunk.length;
          lines += newlines(chunk);
        },
      );
      if (answer.status === 429) return answer;
      if (lines !== EXPORT_SCANS + 1) {
        throw new JobFailure(`export.csv: ${lines} lines, not a header and ${EXPORT_SCANS} scans`);
      }
      return answer;
    },
    progress: async () => job.bytes,
    rate: (amount, s) => `${(amount / s / 1e6).toFixed(1)} MB/s of CSV`,
    unitName: 'exports',
  };
  return job;
}

// ---------------------------------------------------------------------------------------------
// The run.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-isolation-'));
const runId = `${process.pid}_${Date.now().toString(36)}`;
const cleanups = [];
let database;
/** The server's database as this bench reads it (open while set). */
let db;
let failed = false;

async function startServer(env) {
  const server = await startServerProcess({
    env,
    readyPath: '/healthz',
    timeoutMs: 120_000,
    inheritOutput: true,
    name: `the ${flags.db} server`,
  });
  return server;
}

/** Waits until the edge's code file holds `codes` codes, as it does a moment after a start. */
async function edgeCodeFileBuilt(base, codes) {
  const started = performance.now();
  for (;;) {
    const size = await metric(base, 'rq_edge_code_file_codes');
    if (!(size < codes)) return;
    if (seconds(started) > 120)
      throw new Error(`the edge code file holds ${size} codes, not ${codes}, after 2 minutes`);
    await sleep(200);
  }
}

/** One scan of the edge's code as wrk's browser: it must be sent to the fifth rule's target. */
async function expectEdgeAnswer(url) {
  const response = await fetch(url, { redirect: 'manual', headers: { 'user-agent': BROWSER_USER_AGENT } });
  const location = response.headers.get('location');
  if (response.status !== 302 || location !== BENCH_TARGET)
    throw new Error(`${url} answered ${response.status} to ${location}, not 302 to ${BENCH_TARGET}`);
}

/** Reads a warm-up request of a job to its end; throws unless it is a 2xx. */
async function warmUp(what, url, init) {
  const answer = await jobRequest(`warm-up ${what}`, url, init, () => {});
  if (answer.status === 429) throw new Error(`warm-up ${what}: 429 with nothing else running`);
}

try {
  let databaseUrl = '';
  if (flags.db === 'postgres') {
    database = await throwawayDatabase(`rq_bench_isolation_${runId}`);
    databaseUrl = database.url;
  }
  const env = {
    DATA_DIR: tmp,
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    MARKETPLACE_PROXY_SECRET: MARKETPLACE_SECRET,
    // The jobs are the load here, not the request budget: neither is held back by it.
    API_RATE_LIMIT: '1000000',
    SESSION_RATE_LIMIT: '1000000',
  };

  // First start: the workspaces and their codes, through the API.
  const setupStarted = performance.now();
  let server = await startServer(env);
  cleanups.push(() => server.stop());
  let { base } = server;
  await seedBenchCode((method, url, body) => api(base, method, url, body, USERS.edge));
  const exportCode = await api(
    base,
    'POST',
    '/qrcodes',
    { mode: 'redirect', slug: 'export', target: 'https://example.com/export' },
    USERS.export,
  );
  const ids = [];
  for (let from = 0; from < CODES; from += BULK_CALL) {
    const items = Array.from({ length: BULK_CALL }, (_, i) => ({
      mode: 'redirect',
      target: `https://example.com/s/${from + i}`,
      title: `Label ${from + i}`,
      tags: ['sheet'],
    }));
    const { data } = await api(base, 'POST', '/qrcodes/bulk', { items }, USERS.print);
    const made = data.filter((r) => r.status === 201);
    if (made.length !== BULK_CALL)
      throw new Error(
        `bulk: ${BULK_CALL - made.length} failed, e.g. ${JSON.stringify(data.find((r) => r.status !== 201))}`,
      );
    ids.push(...made.map((r) => r.qrcode.id));
  }
  const accounts = {};
  for (const key of ['edge', 'import', 'export'])
    accounts[key] = (await api(base, 'GET', '/me', undefined, USERS[key])).id;
  await server.stop();

  // The export's scans, straight into the database with the server stopped.
  cleanups.push(async () => {
    await db?.close();
    db = undefined;
  });
  db = await openDatabase({ databaseUrl, dataDir: tmp });
  const seedSeconds = await seedScans(db, exportCode.id, accounts.export);
  const codesInAll = await count(db, 'select count(*) as n from qrcodes');
  await db.close();
  db = undefined;
  console.log(
    `seed: ${EXPORT_SCANS} scans of one code into ${flags.db} in ${seedSeconds.toFixed(1)} s (the server stopped; ${CODES} codes for the sheet made with ${CODES / BULK_CALL} bulk calls)`,
  );

  // Second start: the rounds' server.
  server = await startServer(env);
  base = server.base;
  await edgeCodeFileBuilt(base, codesInAll);
  db = await openDatabase({ databaseUrl, dataDir: tmp });
  const edgeUrl = `${base}/r/bench`;
  await expectEdgeAnswer(edgeUrl);
  const bare = await bareServer();
  cleanups.push(() => bare.close());

  // Warm-ups: the edge, and each job once on a small scale (first calls compile and load).
  const wrkOptions = { duration: DURATION, timeout: WRK_TIMEOUT };
  await runWrk(edgeUrl, { ...wrkOptions, duration: '2s' });
  await runWrk(bare.url, { ...wrkOptions, duration: '1s' });
  await warmUp('import', `${base}/api/v1/qrcodes/import?format=csv`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', ...marketplaceHeaders(USERS.warm) },
    body: 'mode,target,title,tags\nredirect,https://example.com/w,Warm,warm\n',
  });
  await warmUp('sheet.pdf', `${base}/api/v1/qrcodes/sheet.pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...marketplaceHeaders(USERS.print) },
    body: JSON.stringify({ ids: ids.slice(0, 20), ...SHEET }),
  });
  for (const id of ids.slice(0, 2))
    await warmUp('image.png', `${base}/api/v1/qrcodes/${id}/image.png?size=${PNG_SIZE}`, {
      headers: marketplaceHeaders(USERS.print),
    });
  await warmUp('export.csv', `${base}/api/v1/analytics/export.csv?range=24h&bots=true`, {
    headers: marketplaceHeaders(USERS.export),
  });
  console.log(`setup: ${seconds(setupStarted).toFixed(0)} s (two starts, codes, seed, warm-ups)`);

  const importing = importJob({ base, db, workspaceId: accounts.import });
  const jobs = [
    importing,
    sheetJob({ base }),
    pngJob({ base, ids: ids.slice(2) }),
    exportJob({ base }),
  ].filter((job) => !flags.jobs || flags.jobs.split(',').includes(job.name));
  const results = [];
  for (const job of jobs) {
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const peer = await runWrk(bare.url, wrkOptions);
      const timesBefore = await edgeAnswerTimes(base);
      const alone = await runWrk(edgeUrl, wrkOptions);
      const timesAlone = await edgeAnswerTimes(base);
      const stop = startJob(job);
      await sleep(LEAD_MS);
      const before = await job.progress();
      const windowStarted = performance.now();
      const busy = await runWrk(edgeUrl, wrkOptions);
      const window = seconds(windowStarted);
      const timesBusy = await edgeAnswerTimes(base);
      const done = (await job.progress()) - before;
      const tally = await stop();
      // wrk times only what was answered: with no answer in the window, each wait was longer than it.
      if (busy.requests === 0) busy.p99ms = window * 1000;
      rounds.push({ peer, alone, busy });
      const edge = (r) =>
        `${r.rps.toFixed(0)} rps (x${(r.rps / peer.rps).toFixed(2)} of bare, p99 ${p99(r)} ms${r.timeouts > 0 ? `, ${r.timeouts} wrk timeouts` : ''})`;
      console.log(
        `${job.name} round ${round}: bare node:http ${peer.rps.toFixed(0)} rps; edge alone ${edge(alone)}, with the job ${edge(busy)}; job in the ${window.toFixed(1)} s window: ${job.rate(done, window)} (${tally.units} ${job.unitName} done in the round, the last ${tally.tailSeconds.toFixed(1)} s after the window; ${tally.tooMany} answered 429); the server's own answer times: ${slowerShares(timesAlone, timesBusy)} (alone ${slowerShares(timesBefore, timesAlone)})`,
      );
      if (tally.failures.length > 0) {
        failed = true;
        for (const failure of tally.failures) console.log(`${job.name} round ${round}: FAILED ${failure}`);
      }
    }
    const aloneRps = median(rounds.map((r) => r.alone.rps));
    const busyRps = median(rounds.map((r) => r.busy.rps));
    const middle = (key) => {
      const sides = rounds.map((r) => r[key]);
      return p99({
        p99ms: median(sides.map((r) => r.p99ms)),
        requests: Math.min(...sides.map((r) => r.requests)),
      });
    };
    results.push({
      job,
      line: `isolation ${job.name} on ${flags.db}: x${(busyRps / aloneRps).toFixed(2)} of the edge alone, p99 ${middle('busy')} ms (alone ${middle('alone')} ms)`,
    });
  }

  // Correctness at the end: every imported code and every answered scan in the database. Scans
  // wrk sent just before its end may still be queued in the server: read the count once it is still.
  let answered = await metric(base, 'rq_redirects_answered_total');
  for (const settling = performance.now(); seconds(settling) < 60; ) {
    await sleep(1000);
    const now = await metric(base, 'rq_redirects_answered_total');
    if (now === answered) break;
    answered = now;
  }
  await server.stop();
  const [imported] = await db.query(
    'select count(*) as n, count(distinct target) as targets from qrcodes where account_id = $1',
    [accounts.import],
  );
  const recorded = await count(db, 'select count(*) as n from scans where account_id = $1', [accounts.edge]);
  console.log(
    `imports: ${importing.created} codes created by the calls, ${Number(imported.n)} in the database (${Number(imported.targets)} distinct targets); edge: answered ${answered}, recorded ${recorded}`,
  );
  if (Number(imported.n) !== importing.created || Number(imported.targets) !== importing.created) {
    failed = true;
    console.log('FAILED: the imported codes are not all in the database');
  }
  if (answered !== recorded) {
    failed = true;
    console.log('FAILED: every answered scan must be in the database');
  }

  for (const { line } of results) console.log(line);
  const cores = os.cpus().length;
  console.log(
    `physical limit: os.cpus().length = ${cores}: wrk, the server's edge thread and the job's work (with this bench's client reading it${flags.db === 'postgres' ? ', and PostgreSQL' : ''}) share these ${cores} cores; a job that keeps one core busy leaves the edge and wrk about ${Math.min(1, cores / 3).toFixed(2)} of what they had alone even when perfectly isolated, so ~x${Math.min(1, cores / 3).toFixed(2)}, not x1.00, is the ceiling on this machine`,
  );
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await database?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
