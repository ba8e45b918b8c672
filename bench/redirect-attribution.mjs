#!/usr/bin/env node
// What handing the target the scan id costs the edge (issue 47: within 3 % of a plain code). One
// server (SQLite, no plan limits) serves two codes with the same five rules (bench-code.mjs: every
// scan evaluates all five): `plain`, and `attributed`, whose scans get a scan id, keep it in their
// journal row and send it on as `rq_id`. wrk (one thread, 50 connections) scans one, then the
// other, in rounds that alternate which goes first, so both see the same machine; the ratio is
// attributed/plain per round, and the median is the result. Before each run the server is left to
// finish what the last one left it (the analytics fold, held while scans come, and the WAL's
// checkpoint: the process idle for a second), which otherwise ran beside the next run. Each run's
// main-thread CPU (/proc, clock ticks) over the scans it answered is the edge's cost per scan,
// whose ratio the line gives too: unlike the rate, it does not move with what else the machine
// does.
// `npm run bench -- redirect-attribution [--rounds 6] [--seconds 5]`.
// Last line: `redirect attribution: rq_id on/off median R over N rounds (each: ...); main-thread
// CPU a scan on/off median C`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../scripts/lib/server-process.mjs';
import { BENCH_TARGET, BROWSER_USER_AGENT, seedBenchCode } from './lib/bench-code.mjs';
import { api, MARKETPLACE_SECRET } from './lib/marketplace.mjs';
import { cpuTicks } from './lib/processes.mjs';
import { metric } from './lib/server-metrics.mjs';
import { median } from './lib/stats.mjs';
import { requireWrk, runWrk } from './lib/wrk.mjs';

const { values: flags } = parseArgs({
  options: { rounds: { type: 'string', default: '6' }, seconds: { type: 'string', default: '5' } },
});
requireWrk();
const ROUNDS = Number(flags.rounds);
/** Clock ticks (USER_HZ, 100 a second on Linux) of µs each. */
const TICK_US = 10_000;
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
  const pid = server.child.pid;
  const ratios = [];
  const costRatios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['plain', 'attributed'] : ['attributed', 'plain'];
    const runs = {};
    for (const slug of order) {
      await idle(pid);
      const [ticks, answered] = [
        cpuTicks(pid, { mainThread: true }),
        await metric(base, 'rq_redirects_answered_total'),
      ];
      const { rps } = await runWrk(`${base}/r/${slug}`, { duration: `${SECONDS}s` });
      const scans = (await metric(base, 'rq_redirects_answered_total')) - answered;
      runs[slug] = { rps, usPerScan: ((cpuTicks(pid, { mainThread: true }) - ticks) * TICK_US) / scans };
    }
    const { plain, attributed } = runs;
    ratios.push(attributed.rps / plain.rps);
    costRatios.push(attributed.usPerScan / plain.usPerScan);
    console.log(
      `round ${round + 1}: plain ${plain.rps.toFixed(0)}/s (${plain.usPerScan.toFixed(1)} µs a scan on the main thread), attributed ${attributed.rps.toFixed(0)}/s (${attributed.usPerScan.toFixed(1)} µs), ratio ${(attributed.rps / plain.rps).toFixed(3)}`,
    );
  }
  console.log(
    `redirect attribution: rq_id on/off median ${median(ratios).toFixed(3)} over ${ROUNDS} rounds (each: ${ratios.map((r) => r.toFixed(3)).join(', ')}); main-thread CPU a scan on/off median ${median(costRatios).toFixed(3)}`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Waits until the whole process took at most a tick in each quarter second of a second (60 s at most). */
async function idle(pid) {
  const started = Date.now();
  let last = cpuTicks(pid);
  for (let quiet = 0; quiet < 4 && Date.now() - started < 60_000; ) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuTicks(pid);
    quiet = now - last <= 1 ? quiet + 1 : 0;
    last = now;
  }
}
