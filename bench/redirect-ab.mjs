#!/usr/bin/env node
// Two builds of the server under the same load at the same time, to tell a small difference from
// the machine's own drift. On a shared virtual machine a bare node:http server's rate moves by
// tens of percent between rounds seconds apart, so two builds benchmarked one after the other
// differ by as much; loaded together, both see the same machine. Each build is seeded as
// bench/redirect.mjs seeds (five rules, the last matching; the account on the mega plan where the
// build has plans), then both get wrk (one thread, 50 connections, 10 s) at once, in rounds that
// alternate which starts first. A process's JIT state also differs from start to start, so the
// pair is started afresh several times. Checked with the same build on both sides: 1.008, and
// 0.994 (0.989, 0.983, 1.007) once both were started with SERVER_NODE_FLAGS.
//
// `node bench/redirect-ab.mjs --base /path/to/other/checkout [--head .] [--rounds 6] [--starts 3]`
// (each checkout built: `node scripts/build.mjs server`). Without --base it says so and stops.
// Last line: `redirect a/b: head/base median R over N rounds (per start: a, b, c)`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS, startServerProcess } from '../scripts/lib/server-process.mjs';
import { BENCH_TARGET, seedBenchCode, BROWSER_USER_AGENT as USER_AGENT } from './lib/bench-code.mjs';

const { values: flags } = parseArgs({
  options: {
    base: { type: 'string' },
    head: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    rounds: { type: 'string', default: '6' },
    starts: { type: 'string', default: '3' },
  },
});
if (!flags.base) {
  console.log('redirect a/b: needs --base <checkout> (and optionally --head); nothing to compare');
  process.exit(0);
}
const ROUNDS = Number(flags.rounds);
const SECRET = 'bench-ab-secret';
const STARTS = Number(flags.starts);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-ab-'));

const env = (name, port) => ({
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: path.join(tmp, name),
  LOG_LEVEL: 'warn',
  MARKETPLACE_PROXY_SECRET: SECRET,
  DEFAULT_PLAN: 'free',
  DATABASE_URL: '',
  REDIS_URL: '',
});

const start = (build, port) =>
  startServerProcess({
    port,
    // As production starts it (the systemd units, npm start): both builds alike.
    argv: [...SERVER_NODE_FLAGS, path.join(build.dir, 'server/dist/server.js')],
    env: env(build.name, port),
    readyPath: '/healthz',
    timeoutMs: 30_000,
    inheritOutput: true,
    name: `the ${build.name} server`,
  });

const stop = (server) => server.stop();

async function api(port, method, url, body) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'x-rapidapi-proxy-secret': SECRET,
      'x-rapidapi-user': 'bench-user',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A fresh data directory, seeded, with the server started on it. */
async function seeded(build, port) {
  fs.rmSync(path.join(tmp, build.name), { recursive: true, force: true });
  let server = await start(build, port);
  const owner = await api(port, 'GET', '/me');
  await seedBenchCode((method, url, body) => api(port, method, url, body));
  await stop(server);
  // The plans CLI moved from billing/ to plans/; a build from before either has none.
  const plans = ['plans', 'billing']
    .map((dir) => path.join(build.dir, `server/dist/modules/${dir}/plans-cli.js`))
    .find((file) => fs.existsSync(file));
  if (plans) {
    const granted = spawnSync(process.execPath, [plans, 'grant', owner.id, 'mega'], {
      env: env(build.name, port),
      encoding: 'utf8',
    });
    if (granted.status !== 0) throw new Error(`plans grant failed: ${granted.stderr}${granted.stdout}`);
  }
  server = await start(build, port);
  const check = await fetch(`http://127.0.0.1:${port}/r/bench`, {
    redirect: 'manual',
    headers: { 'user-agent': USER_AGENT },
  });
  if (check.headers.get('location') !== BENCH_TARGET)
    throw new Error(`${build.name}: the fifth rule did not match`);
  return server;
}

/** Requests wrk got answered from one server in `seconds`. */
function wrk(port, seconds) {
  return new Promise((resolve, reject) => {
    const args = ['-t', '1', '-c', '50', '-d', `${seconds}s`, '-H', `User-Agent: ${USER_AGENT}`];
    const child = spawn('wrk', [...args, `http://127.0.0.1:${port}/r/bench`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', () => {
      if (/Non-2xx or 3xx responses/.test(out)) reject(new Error(`failed responses:\n${out}`));
      else resolve(Number(/(\d+) requests in/.exec(out)?.[1]));
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const builds = [
  { name: 'base', dir: path.resolve(flags.base), port: 4801 },
  { name: 'head', dir: path.resolve(flags.head), port: 4802 },
];
const all = [];
const perStart = [];
try {
  for (let s = 1; s <= STARTS; s++) {
    const servers = [];
    for (const build of builds) servers.push(await seeded(build, build.port));
    try {
      await Promise.all(builds.map((build) => wrk(build.port, 3)));
      const ratios = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // Which wrk starts first alternates: neither build gets a head start every round.
        const order = round % 2 ? builds : [...builds].reverse();
        const [first, second] = await Promise.all(order.map((build) => wrk(build.port, 10)));
        const answered = round % 2 ? { base: first, head: second } : { base: second, head: first };
        const ratio = answered.head / answered.base;
        ratios.push(ratio);
        console.log(
          `start ${s} round ${round}: base ${answered.base}, head ${answered.head} answered in 10 s, head/base ${ratio.toFixed(3)}`,
        );
      }
      perStart.push(median(ratios));
      all.push(...ratios);
    } finally {
      await Promise.all(servers.map(stop));
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(
  `redirect a/b: head/base median ${median(all).toFixed(3)} over ${all.length} rounds (per start: ${perStart.map((r) => r.toFixed(3)).join(', ')})`,
);
