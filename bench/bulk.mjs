#!/usr/bin/env node
// Creating codes at volume: 10,000 codes through POST /qrcodes/bulk (10 calls of 1,000, one after
// the other) against 10,000 single POST /qrcodes (8 at a time, as a client doing its best) in the
// same run, on the same server, each batch into an account of its own. Then the redirect edge
// while a bulk import runs: wrk (1 thread, 50 keep-alive connections, 5 s) scans one code of ours
// and, in alternating rounds, a bare node:http server answering 302 (the peer), once with nothing
// else running and once while another account sends bulk calls of 1,000 codes back to back.
// Every code each way must be in the database at the end.
//
// Flags (`npm run bench -- bulk --db postgres`):
// --db postgres   runs the server on PostgreSQL (a database of its own for the run, from
//                 BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test,
//                 dropped at the end) instead of SQLite.
// --codes N       codes each way (default 10,000; a multiple of 1,000).
//
// Last lines: `bulk create on <db>: B codes/s in bulk calls, S codes/s as single POSTs, xR` and
// `manager's first page of N codes on <db>: P ms (...)` and
// `edge while bulk imports on <db>: xE of bare node:http (without: xE0, D%), bulk K codes/s meanwhile`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../scripts/lib/server-process.mjs';
import { api, MARKETPLACE_SECRET as SECRET } from './lib/marketplace.mjs';
import { throwawayDatabase } from './lib/postgres.mjs';
import { bareServer } from './lib/processes.mjs';
import { requireWrk, runWrk as wrk } from './lib/wrk.mjs';

const PER_CALL = 1_000;
const SINGLE_CONCURRENCY = 8;
const WRK_DURATION = process.env.BENCH_DURATION ?? '5s';
const ROUNDS = 2;

const { values: flags } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' }, codes: { type: 'string', default: '10000' } },
});
if (flags.db !== 'sqlite' && flags.db !== 'postgres') {
  console.error(`--db takes sqlite or postgres, not ${flags.db}`);
  process.exit(2);
}
const CODES = Number(flags.codes);
if (!Number.isSafeInteger(CODES) || CODES < PER_CALL || CODES % PER_CALL !== 0) {
  console.error(`--codes takes a multiple of ${PER_CALL}, not ${flags.codes}`);
  process.exit(2);
}
requireWrk();

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-bulk-'));
const runId = `${process.pid}_${Date.now().toString(36)}`;
let database;
const cleanups = [];

/** Item `n` of a batch: what a packaging run would send (a serial in the title and a tag). */
const itemOf = (batch, n) => ({
  mode: 'redirect',
  target: `https://example.com/p/${batch}/${n}`,
  title: `Box ${n}`,
  tags: [batch],
});

/** One bulk call of PER_CALL codes; throws unless every item was created. */
async function bulkCall(base, user, batch, from) {
  const items = Array.from({ length: PER_CALL }, (_, i) => itemOf(batch, from + i));
  const { data } = await api(base, 'POST', '/qrcodes/bulk', { items }, user);
  const failed = data.filter((r) => r.status !== 201);
  if (failed.length > 0) throw new Error(`bulk: ${failed.length} failed, e.g. ${JSON.stringify(failed[0])}`);
}

async function createInBulk(base, user) {
  const started = performance.now();
  for (let from = 0; from < CODES; from += PER_CALL) await bulkCall(base, user, 'bulk', from);
  return CODES / ((performance.now() - started) / 1000);
}

async function createOneByOne(base, user) {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < CODES) {
      const n = next++;
      await api(base, 'POST', '/qrcodes', itemOf('single', n), user);
    }
  };
  await Promise.all(Array.from({ length: SINGLE_CONCURRENCY }, worker));
  return CODES / ((performance.now() - started) / 1000);
}

/** The rate wrk's load was answered at (the benches' wrk: 1 thread, 50 connections). */
async function runWrk(url) {
  return (await wrk(url, { duration: WRK_DURATION })).rps;
}

/**
 * What /codes waits for before it shows its table: the first page of 20 and the count, asked
 * together as the site does; the median of 21 tries, in ms, after one untimed.
 */
async function managerFirstPage(base, user) {
  const once = () =>
    Promise.all([
      api(base, 'GET', '/qrcodes?limit=20', undefined, user),
      api(base, 'GET', '/qrcodes/count', undefined, user),
    ]);
  await once();
  const times = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Bulk calls back to back until `stop()`; answers the codes a second they created. */
function importInBackground(base, user) {
  let running = true;
  let created = 0;
  const started = performance.now();
  const done = (async () => {
    while (running) {
      await bulkCall(base, user, 'background', created);
      created += PER_CALL;
    }
  })();
  return async () => {
    running = false;
    await done;
    return { created, perSecond: created / ((performance.now() - started) / 1000) };
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ratio = (value) => `x${value.toFixed(2)}`;

let failed = false;
try {
  let databaseUrl = '';
  if (flags.db === 'postgres') {
    database = await throwawayDatabase(`rq_bench_bulk_${runId}`);
    databaseUrl = database.url;
  }
  const server = await startServerProcess({
    env: {
      DATA_DIR: tmp,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      MARKETPLACE_PROXY_SECRET: SECRET,
      // The single POSTs are the comparison, not the rate limit: neither way is held back here.
      API_RATE_LIMIT: '1000000',
      SESSION_RATE_LIMIT: '1000000',
    },
    readyPath: '/healthz',
    timeoutMs: 60_000,
    inheritOutput: true,
    name: `the ${flags.db} server`,
  });
  cleanups.push(() => server.stop());
  const { base } = server;

  // A warm-up in accounts of their own: the first calls compile and fill caches.
  await api(base, 'POST', '/qrcodes', itemOf('warm', 0), 'bench-warm');
  await bulkCall(base, 'bench-warm', 'warm', 1);

  const bulkRate = await createInBulk(base, 'bench-bulk');
  console.log(`bulk: ${CODES} codes in ${CODES / PER_CALL} calls, ${bulkRate.toFixed(0)} codes/s`);
  const singleRate = await createOneByOne(base, 'bench-single');
  console.log(`single: ${CODES} codes, ${SINGLE_CONCURRENCY} at a time, ${singleRate.toFixed(0)} codes/s`);
  for (const user of ['bench-bulk', 'bench-single']) {
    const tagged = user === 'bench-bulk' ? 'bulk' : 'single';
    let count = 0;
    let cursor = null;
    do {
      const page = await api(
        base,
        'GET',
        `/qrcodes?tag=${tagged}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        user,
      );
      count += page.data.length;
      cursor = page.nextCursor;
    } while (cursor);
    if (count !== CODES) throw new Error(`${user} holds ${count} codes, not ${CODES}`);
  }

  // The edge: one code of ours and the bare peer, without and with a bulk import running.
  await api(
    base,
    'POST',
    '/qrcodes',
    { mode: 'redirect', slug: 'bench', target: 'https://example.com/desktop' },
    'bench-edge',
  );
  const firstPage = await managerFirstPage(base, 'bench-bulk');
  const onePage = await managerFirstPage(base, 'bench-edge');
  const bare = await bareServer();
  cleanups.push(() => bare.close());
  await runWrk(`${base}/r/bench`);
  const quiet = [];
  const busy = [];
  let importRate = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const peer = await runWrk(bare.url);
    quiet.push((await runWrk(`${base}/r/bench`)) / peer);
    const stop = importInBackground(base, 'bench-import');
    const ours = await runWrk(`${base}/r/bench`);
    const imported = await stop();
    busy.push(ours / peer);
    importRate = imported.perSecond;
    console.log(
      `round ${round + 1}: bare ${peer.toFixed(0)} rps; ours ${ratio(quiet.at(-1))} quiet, ${ratio(busy.at(-1))} while bulk imports ${imported.perSecond.toFixed(0)} codes/s`,
    );
  }
  const q = median(quiet);
  const b = median(busy);
  console.log(
    `bulk create on ${flags.db}: ${bulkRate.toFixed(0)} codes/s in bulk calls, ${singleRate.toFixed(0)} codes/s as single POSTs, ${ratio(bulkRate / singleRate)}`,
  );
  console.log(
    `manager's first page of ${CODES} codes on ${flags.db}: ${firstPage.toFixed(1)} ms (newest first, ${ratio(firstPage / onePage)} of an account with one code: ${onePage.toFixed(1)} ms)`,
  );
  console.log(
    `edge while bulk imports on ${flags.db}: ${ratio(b)} of bare node:http (without: ${ratio(q)}, ${(((b - q) / q) * 100).toFixed(0)}%), bulk ${importRate.toFixed(0)} codes/s meanwhile`,
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
