#!/usr/bin/env node
// The redirect edge under load, against a bare node:http server answering 302 in the same run.
// Both get the same load: wrk, 50 keep-alive connections, 10 s, a browser user agent, in three
// alternating rounds after a warm-up. Our code has 5 rules and only the last one matches, so every
// scan evaluates all five. Every scan answered (warm-up included) must be in the database.
// Last line, from the median round: `redirect: N rps, xR of bare node:http, p99 P ms, answered A, recorded S`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = process.env.BENCH_DURATION ?? '10s';
const WARM_UP = '3s';
const ROUNDS = 3;
const CONNECTIONS = 50;
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SECRET = 'bench-marketplace-secret';

if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk is not installed: apt-get install -y wrk');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve) => {
    const server = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** wrk's summary: the rate of requests answered and their 99th percentile latency. */
function runWrk(url, duration = DURATION) {
  const result = spawnSync(
    'wrk',
    [
      '-t',
      '1',
      '-c',
      String(CONNECTIONS),
      '-d',
      duration,
      '--latency',
      '-H',
      `User-Agent: ${USER_AGENT}`,
      url,
    ],
    { encoding: 'utf8' },
  );
  const out = result.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : Number.NaN;
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`wrk saw ${errors[1]} failed responses:\n${out}`);
  return { rps, p99ms };
}

/** The peer: a bare node:http server in its own process, answering every request with a 302. */
async function bareServer() {
  const port = await freePort();
  const source = `require('node:http').createServer((q, s) => {
    s.writeHead(302, { location: 'https://example.com/desktop', 'cache-control': 'no-store, private' });
    s.end();
  }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return {
    url: `http://127.0.0.1:${port}/r/bench`,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function ourServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'server/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      MARKETPLACE_PROXY_SECRET: SECRET,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { base, stop };
}

async function api(base, method, url, body) {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-rapidapi-proxy-secret': SECRET,
      'x-rapidapi-user': 'bench-user',
    },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Five rules; a desktop Chrome scanner fails the first four and matches the fifth. */
async function seed(base) {
  const rules = [
    { name: 'China', when: { country: ['CN'] }, then: { redirect: 'https://example.com/cn' } },
    { name: 'Android', when: { os: ['android'] }, then: { redirect: 'https://example.com/android' } },
    { name: 'Japanese', when: { language: ['ja'] }, then: { redirect: 'https://example.com/ja' } },
    {
      name: 'Campaign',
      when: { all: [{ query: { name: 'utm_campaign', equals: 'spring' } }, { device: ['mobile'] }] },
      then: { redirect: 'https://example.com/spring' },
    },
    {
      name: 'Desktop',
      when: { device: ['desktop'] },
      then: { redirect: 'https://example.com/desktop', status: 302 },
    },
  ];
  const ids = [];
  for (const rule of rules) ids.push((await api(base, 'POST', '/rules', rule)).id);
  const code = await api(base, 'POST', '/qrcodes', {
    slug: 'bench',
    mode: 'redirect',
    target: 'https://example.com/default',
  });
  await api(base, 'PUT', `/qrcodes/${code.id}/rules`, { rules: ids });
  const check = await fetch(`${base}/r/bench`, { redirect: 'manual', headers: { 'user-agent': USER_AGENT } });
  if (check.headers.get('location') !== 'https://example.com/desktop') {
    throw new Error(`the fifth rule did not match: ${check.status} ${check.headers.get('location')}`);
  }
  return code.id;
}

async function metric(base, name) {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);
}

/** The middle value: with three rounds, one slow or fast round moves nothing. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-'));
const bare = await bareServer();
const ours = await ourServer(dataDir);
try {
  await seed(ours.base);
  const before = await metric(ours.base, 'rq_redirects_answered_total');
  // Both sides warm up (JIT, caches) before anything counts.
  runWrk(bare.url, WARM_UP);
  runWrk(`${ours.base}/r/bench`, WARM_UP);
  // This machine's speed drifts by a tenth from one minute to the next: alternating rounds put
  // both sides through the same drift, and the median round is the one reported.
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const peer = runWrk(bare.url);
    const us = runWrk(`${ours.base}/r/bench`);
    rounds.push({ peer, us, ratio: us.rps / peer.rps });
    console.log(
      `round ${round}: bare node:http ${peer.rps.toFixed(0)} rps (p99 ${peer.p99ms.toFixed(2)} ms), rq-codes ${us.rps.toFixed(0)} rps (p99 ${us.p99ms.toFixed(2)} ms), x${(us.rps / peer.rps).toFixed(2)}`,
    );
  }
  await bare.close();
  // Let the last in-flight scans finish before counting (wrk may stop with some unread).
  await new Promise((r) => setTimeout(r, 500));
  const answered = (await metric(ours.base, 'rq_redirects_answered_total')) - before;
  await ours.stop();
  const db = new Database(path.join(dataDir, 'rq.sqlite'), { readonly: true });
  const recorded = db.prepare('select count(*) as n from scans').get().n - 1; // minus the seed check
  db.close();
  const middleRatio = median(rounds.map((r) => r.ratio));
  const middle = rounds.find((r) => r.ratio === middleRatio);
  console.log(
    `redirect: ${middle.us.rps.toFixed(0)} rps, x${middle.ratio.toFixed(2)} of bare node:http, p99 ${median(rounds.map((r) => r.us.p99ms)).toFixed(2)} ms, answered ${answered}, recorded ${recorded}`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
