#!/usr/bin/env node
// What handing the target the scan id costs the edge (issue 47: within 3 % of a plain code). One
// server (SQLite, no plan limits) serves two codes with the same five rules (bench-code.mjs: every
// scan evaluates all five): `plain`, and `attributed`, whose scans get a scan id, keep it in their
// journal row and send it on as `rq_id`. wrk (one thread, 50 connections) scans one, then the
// other, in rounds that alternate which goes first, so both see the same machine; the ratio is
// attributed/plain per round, and the median is the result.
// `npm run bench -- redirect-attribution [--rounds 6] [--seconds 5]`.
// Last line: `redirect attribution: rq_id on/off median R over N rounds (each: ...)`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../scripts/lib/server-process.mjs';
import { BENCH_TARGET, BROWSER_USER_AGENT, seedBenchCode } from './lib/bench-code.mjs';
import { api, MARKETPLACE_SECRET } from './lib/marketplace.mjs';
import { requireWrk, runWrk } from './lib/wrk.mjs';

const { values: flags } = parseArgs({
  options: { rounds: { type: 'string', default: '6' }, seconds: { type: 'string', default: '5' } },
});
requireWrk();
const ROUNDS = Number(flags.rounds);
const SECONDS = Number(flags.seconds);
const USER = 'bench-attribution';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-attribution-'));

const server = await startServerProcess({
  env: {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MARKETPLACE_PROXY_SECRET: MARKETPLACE_SECRET,
    DATABASE_URL: '',
    REDIS_URL: '',
    DEFAULT_PLAN: '',
  },
  readyPath: '/healthz',
  name: 'the server',
});
try {
  const { base } = server;
  const call = (method, url, body) => api(base, method, url, body, USER);
  await seedBenchCode(call, 'plain');
  await seedBenchCode(call, 'attributed');
  const codes = await call('GET', '/qrcodes?q=attributed');
  const attributed = codes.data.find((code) => code.slug === 'attributed');
  await call('PATCH', `/qrcodes/${attributed.id}`, { attribution: { enabled: true } });
  for (const slug of ['plain', 'attributed']) {
    const answer = await fetch(`${base}/r/${slug}`, {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER_USER_AGENT },
    });
    const location = new URL(answer.headers.get('location'));
    if (`${location.origin}${location.pathname}` !== BENCH_TARGET)
      throw new Error(`${slug}: the fifth rule did not match`);
    if (location.searchParams.has('rq_id') !== (slug === 'attributed'))
      throw new Error(`${slug}: rq_id ${location.searchParams.has('rq_id') ? 'sent' : 'missing'}`);
  }
  const ratios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['plain', 'attributed'] : ['attributed', 'plain'];
    const rates = {};
    for (const slug of order)
      rates[slug] = (await runWrk(`${base}/r/${slug}`, { duration: `${SECONDS}s` })).rps;
    ratios.push(rates.attributed / rates.plain);
    console.log(
      `round ${round + 1}: plain ${rates.plain.toFixed(0)}/s, attributed ${rates.attributed.toFixed(0)}/s, ratio ${(rates.attributed / rates.plain).toFixed(3)}`,
    );
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const median =
    (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
  console.log(
    `redirect attribution: rq_id on/off median ${median.toFixed(3)} over ${ROUNDS} rounds (each: ${ratios.map((r) => r.toFixed(3)).join(', ')})`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
