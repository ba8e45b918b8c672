#!/usr/bin/env node
// The redirect edge under load, against a bare node:http server answering 302 in the same run.
// All get the same load: wrk, 50 keep-alive connections, 10 s, a browser user agent, in three
// alternating rounds after a warm-up. Our code has 5 rules and only the last one matches, so every
// scan evaluates all five. The same code is scanned on the primary host (`/r/bench`) and, as a
// second code, on a custom hostname verified against a real DNS server (dnsmasq), sent by Host.
// The account holds the mega plan (granted by the operator's command; usage counting is on for
// every scan), and a second account on the free plan, already over its monthly limit, has the
// same code: its scans go to the default target, rules skipped (the over-limit row).
// Every scan answered (warm-up included) must be in the database. Then the TLS allow endpoint's
// latency as Caddy sees it: one connection asking about a verified name, one request at a time.
// Last line, from the median rounds: `redirect: N rps, xR of bare node:http, p99 P ms,
// custom hostname M rps, xH (D% vs /r/), allow median L ms, answered A, recorded S`.
import { spawn, spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
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
const OWNER = 'bench-user';
const OVER_LIMIT_OWNER = 'bench-over';
const FREE_MONTHLY_LIMIT = 1_000;
const DNSMASQ = '/usr/sbin/dnsmasq';
const HOSTNAME = 'qr.bench.example';
const EDGE = 'edge.bench.example';
/** Stops the bench's dnsmasq, once seed has started it. */
let stopDns;

if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk is not installed: apt-get install -y wrk');
  process.exit(1);
}
if (!fs.existsSync(DNSMASQ)) {
  console.error('dnsmasq is not installed: apt-get install -y dnsmasq-base');
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

/** A UDP port on 127.0.0.1 that nothing listens on right now. */
function freeUdpPort() {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/**
 * wrk's summary: the rate of requests answered and their median and 99th percentile latency.
 * `host` sends the request to that name (a custom hostname) instead of the URL's.
 */
function runWrk(url, { duration = DURATION, connections = CONNECTIONS, host } = {}) {
  const result = spawnSync(
    'wrk',
    [
      '-t',
      '1',
      '-c',
      String(connections),
      '-d',
      duration,
      '--latency',
      '-H',
      `User-Agent: ${USER_AGENT}`,
      ...(host ? ['-H', `Host: ${host}`] : []),
      url,
    ],
    { encoding: 'utf8' },
  );
  const out = result.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const latency = (percent) => {
    const match = new RegExp(`${percent}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return match ? Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2]] : Number.NaN;
  };
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`wrk saw ${errors[1]} failed responses:\n${out}`);
  return { rps, p50ms: latency(50), p99ms: latency(99) };
}

/**
 * Debian's dnsmasq on a loopback port, serving exactly `records` for the bench's names (the
 * approach of server/test/helpers/dnsmasq.ts): the server verifies the custom hostname against it.
 */
async function startDnsmasq(port, records) {
  const child = spawn(
    DNSMASQ,
    [
      '--no-daemon',
      `--port=${port}`,
      '--listen-address=127.0.0.1',
      '--bind-interfaces',
      '--no-resolv',
      '--no-hosts',
      '--conf-file=/dev/null',
      '--pid-file=',
      '--local=/bench.example/',
      ...records,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const resolver = new Resolver({ timeout: 200, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`dnsmasq exited (${child.exitCode}): ${stderr}`);
    try {
      await resolver.resolveTxt(`_rq-challenge.${HOSTNAME}`);
      break;
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
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
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function ourServer(dataDir, dnsPort) {
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
      DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
      EDGE_HOSTNAME: EDGE,
      // Every account holds a plan and usage is counted on every scan, as on a selling instance.
      DEFAULT_PLAN: 'free',
      REDIS_URL: '',
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
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { base, stop };
}

async function api(base, method, url, body, user = OWNER) {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-rapidapi-proxy-secret': SECRET,
      'x-rapidapi-user': user,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Five rules; a desktop Chrome scanner fails the first four and matches the fifth. */
async function seed(base, dnsPort) {
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

  // The over-limit account: the same code, scanned up to its free plan's monthly limit.
  const overIds = [];
  for (const rule of rules) overIds.push((await api(base, 'POST', '/rules', rule, OVER_LIMIT_OWNER)).id);
  await api(
    base,
    'POST',
    '/qrcodes',
    { slug: 'bench-over', mode: 'redirect', target: 'https://example.com/default', rules: overIds },
    OVER_LIMIT_OWNER,
  );
  const agent = new http.Agent({ keepAlive: true });
  for (let n = 0; n < FREE_MONTHLY_LIMIT; n++) await scanOnce(`${base}/r/bench-over`, agent);
  agent.destroy();

  // The custom hostname: claimed, its two records published in DNS, verified; then the same code
  // (slug, target and rules) bound to it.
  const host = await api(base, 'POST', '/hostnames', { hostname: HOSTNAME });
  stopDns = await startDnsmasq(dnsPort, [
    `--host-record=${EDGE},127.0.0.1`,
    `--txt-record=${host.verification.name},${host.verification.value}`,
    `--cname=${HOSTNAME},${EDGE}`,
  ]);
  const verified = await api(base, 'POST', `/hostnames/${host.id}/verify`);
  if (verified.status !== 'verified')
    throw new Error(`${HOSTNAME} did not verify: ${JSON.stringify(verified)}`);
  await api(base, 'POST', '/qrcodes', {
    slug: 'bench',
    mode: 'redirect',
    target: 'https://example.com/default',
    hostname: HOSTNAME,
    rules: ids,
  });
}

/** Before the load: each code answers as its account's plans and usage say. */
async function expectAnswers(base) {
  await expectLocation(`${base}/r/bench`, 'https://example.com/desktop');
  await expectLocation(`${base}/bench`, 'https://example.com/desktop', HOSTNAME);
  await expectLocation(`${base}/r/bench-over`, 'https://example.com/default');
}

/** One scan as a desktop browser; answers where it was sent (one row more in the database). */
async function scanOnce(url, agent, host) {
  const response = await new Promise((resolve, reject) => {
    const headers = { 'user-agent': USER_AGENT, ...(host ? { host } : {}) };
    http.get(url, { headers, agent }, resolve).on('error', reject);
  });
  response.resume();
  return response.headers.location;
}

/** The seed scans: the fifth rule matches, or (over the limit) the default target. */
async function expectLocation(url, expected, host) {
  const location = await scanOnce(url, undefined, host);
  if (location !== expected) throw new Error(`${host ?? url} went to ${location}, not ${expected}`);
}

/** The operator's command, as on a self-hosted instance: `npm run plans -- grant <who> <plan>`. */
function grantPlan(dataDir, accountId, plan) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'server/dist/modules/billing/plans-cli.js'), 'grant', accountId, plan],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`plans grant failed: ${result.stderr}${result.stdout}`);
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
const dnsPort = await freeUdpPort();
const bare = await bareServer();
let ours = await ourServer(dataDir, dnsPort);
try {
  // The operator grants the bench account its plans (mega redirects, custom hostnames) with the
  // plans command; the server starts again to read them.
  const owner = await api(ours.base, 'GET', '/me');
  await ours.stop();
  grantPlan(dataDir, owner.id, 'mega');
  grantPlan(dataDir, owner.id, 'hostnames');
  ours = await ourServer(dataDir, dnsPort);
  await seed(ours.base, dnsPort);
  await expectAnswers(ours.base);
  const primaryUrl = `${ours.base}/r/bench`;
  const hostUrl = `${ours.base}/bench`;
  const overUrl = `${ours.base}/r/bench-over`;
  const before = await metric(ours.base, 'rq_redirects_answered_total');
  // Every side warms up (JIT, caches) before anything counts.
  runWrk(bare.url, { duration: WARM_UP });
  runWrk(primaryUrl, { duration: WARM_UP });
  runWrk(hostUrl, { duration: WARM_UP, host: HOSTNAME });
  runWrk(overUrl, { duration: WARM_UP });
  // This machine's speed drifts by a tenth from one minute to the next: alternating rounds put
  // every side through the same drift, and the median round is the one reported.
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const peer = runWrk(bare.url);
    const us = runWrk(primaryUrl);
    const onHost = runWrk(hostUrl, { host: HOSTNAME });
    const over = runWrk(overUrl);
    rounds.push({
      peer,
      us,
      onHost,
      over,
      ratio: us.rps / peer.rps,
      hostRatio: onHost.rps / peer.rps,
      overRatio: over.rps / peer.rps,
    });
    console.log(
      `round ${round}: bare node:http ${peer.rps.toFixed(0)} rps (p99 ${peer.p99ms.toFixed(2)} ms), rq-codes /r/ ${us.rps.toFixed(0)} rps (p99 ${us.p99ms.toFixed(2)} ms) x${(us.rps / peer.rps).toFixed(2)}, custom hostname ${onHost.rps.toFixed(0)} rps (p99 ${onHost.p99ms.toFixed(2)} ms) x${(onHost.rps / peer.rps).toFixed(2)}, over-limit account ${over.rps.toFixed(0)} rps (p99 ${over.p99ms.toFixed(2)} ms) x${(over.rps / peer.rps).toFixed(2)}`,
    );
  }
  await bare.close();
  // Let the last in-flight scans finish before counting (wrk may stop with some unread).
  await new Promise((r) => setTimeout(r, 500));
  const answered = (await metric(ours.base, 'rq_redirects_answered_total')) - before;

  // Caddy asks before each new certificate, one request at a time: one connection, 5 s.
  const allowUrl = `${ours.base}/internal/tls/allow?domain=${HOSTNAME}`;
  const allowed = await fetch(allowUrl);
  if (allowed.status !== 200)
    throw new Error(`the allow endpoint answered ${allowed.status} for ${HOSTNAME}`);
  const allow = runWrk(allowUrl, { duration: '5s', connections: 1 });

  await ours.stop();
  const db = new Database(path.join(dataDir, 'rq.sqlite'), { readonly: true });
  // Minus the seed scans: the over-limit account's, and the three checks of expectAnswers.
  const recorded = db.prepare('select count(*) as n from scans').get().n - FREE_MONTHLY_LIMIT - 3;
  db.close();
  const middleRatio = median(rounds.map((r) => r.ratio));
  const middle = rounds.find((r) => r.ratio === middleRatio);
  const middleHostRatio = median(rounds.map((r) => r.hostRatio));
  const middleHost = rounds.find((r) => r.hostRatio === middleHostRatio);
  // Within each round, custom hostname against /r/ (same drift); the median round's difference.
  const difference = median(rounds.map((r) => (r.onHost.rps / r.us.rps - 1) * 100));
  const percent = `${difference >= 0 ? '+' : ''}${difference.toFixed(1)}%`;
  console.log(
    `custom hostname: ${middleHost.onHost.rps.toFixed(0)} rps, x${middleHostRatio.toFixed(2)} of bare node:http (/r/: x${middleRatio.toFixed(2)}), ${percent} vs /r/, p99 ${median(rounds.map((r) => r.onHost.p99ms)).toFixed(2)} ms`,
  );
  const middleOverRatio = median(rounds.map((r) => r.overRatio));
  const middleOver = rounds.find((r) => r.overRatio === middleOverRatio);
  console.log(
    `over-limit account: ${middleOver.over.rps.toFixed(0)} rps, x${middleOverRatio.toFixed(2)} of bare node:http (default target, rules skipped, still recorded and counted)`,
  );
  console.log(
    `tls allow endpoint: median ${allow.p50ms.toFixed(3)} ms, p99 ${allow.p99ms.toFixed(3)} ms (${allow.rps.toFixed(0)} asks/s on one connection)`,
  );
  console.log(
    `redirect: ${middle.us.rps.toFixed(0)} rps, x${middleRatio.toFixed(2)} of bare node:http, p99 ${median(rounds.map((r) => r.us.p99ms)).toFixed(2)} ms, custom hostname ${middleHost.onHost.rps.toFixed(0)} rps, x${middleHostRatio.toFixed(2)} (${percent} vs /r/), allow median ${allow.p50ms.toFixed(3)} ms, answered ${answered}, recorded ${recorded}`,
  );
} finally {
  await Promise.all([bare.close(), ours.stop(), stopDns?.()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
