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
//
// Flags (`npm run bench -- redirect --db postgres --codes 1000000`):
// --db postgres   also runs the server on PostgreSQL, twice: alone, and with Redis (the shape of
//                 several instances), each on a database of its own created for the run from
//                 BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test
//                 (the server migrates it on start, as in production; dropped at the end), Redis
//                 from BENCH_REDIS_URL or redis://127.0.0.1:6379 under a key prefix of the run's.
//                 The SQLite server runs in the same rounds, against the same bare peer.
// --codes N       instead of one hot code: N codes (bulk-inserted with SQL into the `qrcodes`
//                 table the migrations create, copies of one code made through the API), scanned
//                 at random by wrk (a Lua script picks a slug per request), so most scans miss the
//                 edge's memory cache (EDGE_CACHE_CODES) and read the code from the server's edge
//                 code file, which the bench waits for after each start (`edge code file built N s
//                 after the start`; edge-code-file.ts). Each round
//                 also scans one of those codes alone (warm: always cached) on every server, and
//                 the end prints `cold/warm: C µs / W µs main-thread CPU a scan, xR` (R = C / W;
//                 `cold/warm on postgres: ...` per PostgreSQL server): the server's main thread's
//                 CPU (process.threadCpuUsage through /bench/stats) over every round of the run,
//                 counted until the thread is idle after the load, divided by the scans answered.
//                 The cost lines stay the cold runs' alone.
// --controls      also scans a second code of the same account with link controls set (activeFrom,
//                 expiresAt, maxScans far away, UTM tags, iOS and Android app targets; wrk's desktop
//                 scanner passes them all and the fifth rule decides, its target with the UTM tags),
//                 in the same rounds, and prints `controls: plain xP, controlled xC of bare
//                 node:http, D% vs plain` (D within each round, the median round's).
// --gs1          also scans a GS1 Digital Link of the same account (a GTIN's lot, its link chosen by
//                 Accept-Language among the lot level's languages: `/01/09506000134376/10/LOT42` with
//                 `Accept-Language: fr-CH,fr;q=0.9,en;q=0.8`) and a plain code (no rules, no controls),
//                 in the same rounds, and prints `gs1/plain: G rps / P rps, xR` (R = G / P within each
//                 round, the median round's). Every GS1 scan answered is recorded like a code's.
// --webhook      also runs a second SQLite server whose account has a `scan.created` webhook
//                 endpoint, subscribed to a local receiver (a process of its own that answers 204
//                 and verifies every call with the standardwebhooks library), scanned in the same
//                 rounds; after the rounds it waits for every scan to be delivered and prints the
//                 ratio to bare node:http with and without the endpoint, and answered, recorded and
//                 delivered.
// For every server it prints the cost per scan: the process's CPU (utime + stime from /proc) per
// scan answered and its main thread's alone, the recorder's write transactions per scan, on
// PostgreSQL the database's own CPU (and its CPU while the load ran, before the folds it left for
// later), transactions, rows and WAL per scan, with Redis its round trips (commands the server
// sent), commands (INFO, script steps included) and CPU per scan; the
// server's RSS (sampled from /proc/<pid>/status during and after the load, with its V8 heap
// after); and the bytes a scan adds on disk (raw scan row, rollup rows). The server runs with a
// launcher that only adds `/bench/stats` (the recorder's batch counts, the Redis commands sent and
// process.memoryUsage()), which /metrics does not show. BENCH_SERVER_NODE_ARGS passes flags to the
// servers' node (`--cpu-prof --cpu-prof-dir=/tmp/prof` to see where time goes).
//
// Last lines, from the median rounds: with --db postgres, `redirect on postgres: N rps, xR of bare
// node:http, p99 P ms, answered A, recorded S` (and `on postgres+redis`); then, for SQLite,
// `redirect: N rps, xR of bare node:http, p99 P ms, custom hostname M rps, xH (D% vs /r/), allow
// median L ms, answered A, recorded S`. With --codes N the last is `redirect --codes N: N rps, xR of
// bare node:http, p99 P ms, RSS max M MB (after A MB), answered A, recorded S`. With --webhook, before
// the last: `redirect with a scan.created endpoint: N rps, xR of bare node:http (without: xR0, D%),
// p99 P ms, answered A, recorded S, delivered D`.
import { spawn, spawnSync } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../scripts/lib/ports.mjs';
import { SERVER_NODE_FLAGS, startServerProcess } from '../scripts/lib/server-process.mjs';
import { seedBenchCode, BROWSER_USER_AGENT as USER_AGENT } from './lib/bench-code.mjs';
import { bareServer, cpuTicks, stopChild } from './lib/processes.mjs';
import { metric } from './lib/server-metrics.mjs';
import { openServerSqlite } from './lib/sqlite.mjs';
import { runWrk as wrk } from './lib/wrk.mjs';

const root = path.resolve(import.meta.dirname, '..');
// BENCH_SERVER_ROOT: another checkout's built server under this same bench (load, peer, rounds),
// for a before/after that differs only in the server.
const serverRoot = process.env.BENCH_SERVER_ROOT ? path.resolve(process.env.BENCH_SERVER_ROOT) : root;
const DURATION = process.env.BENCH_DURATION ?? '10s';
const WARM_UP = '3s';
// BENCH_ROUNDS: more alternating rounds for a finer median (3 by default).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const SECRET = 'bench-marketplace-secret';
const OWNER = 'bench-user';
const OVER_LIMIT_OWNER = 'bench-over';
const FREE_MONTHLY_LIMIT = 1_000;
const DNSMASQ = '/usr/sbin/dnsmasq';
const HOSTNAME = 'qr.bench.example';
const EDGE = 'edge.bench.example';
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * Tables a recorded scan writes besides its raw row (docs/adr/2026-11-23-analytics-rollups.md):
 * the rollups from the measured server's own list, then its visitor sets and counters.
 */
const ROLLUP_TABLES = [
  ...Object.values(
    (await import(pathToFileURL(path.join(serverRoot, 'server/dist/modules/scans/scan-rollups.js')).href))
      .ROLLUP_TABLES,
  ).map((table) => table.name),
  'scan_visitors',
  'scan_counters',
];
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

const { values: flags } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    codes: { type: 'string', default: '0' },
    controls: { type: 'boolean', default: false },
    gs1: { type: 'boolean', default: false },
    webhook: { type: 'boolean', default: false },
  },
});
if (flags.db !== 'sqlite' && flags.db !== 'postgres') {
  console.error(`--db takes sqlite or postgres, not ${flags.db}`);
  process.exit(2);
}
const ON_POSTGRES = flags.db === 'postgres';
const CODES = Number(flags.codes);
if (!Number.isSafeInteger(CODES) || CODES < 0) {
  console.error(`--codes takes a number of codes, not ${flags.codes}`);
  process.exit(2);
}
const WITH_CONTROLS = flags.controls === true;
if (WITH_CONTROLS && CODES > 0) {
  console.error('--controls compares one hot code with its controlled copy: leave out --codes');
  process.exit(2);
}
const WITH_GS1 = flags.gs1 === true;
if (WITH_GS1 && CODES > 0) {
  console.error('--gs1 compares a GS1 Digital Link with one plain code: leave out --codes');
  process.exit(2);
}
/** --gs1: a GTIN's lot, answered by the lot level's French link for a Swiss French phone. */
const GS1_PATH = '/01/09506000134376/10/LOT42';
const GS1_LANGUAGE = 'fr-CH,fr;q=0.9,en;q=0.8';
const GS1_TARGET = 'https://example.com/fr/lot/LOT42';
const GS1_ITEM = {
  primaryKey: { ai: '01', value: '09506000134376' },
  itemDescription: 'Bench compound',
  defaultLinkType: 'gs1:pip',
  links: [
    { linkType: 'gs1:pip', href: 'https://example.com/en', title: 'Product', hreflang: ['en'] },
    { linkType: 'gs1:pip', href: 'https://example.com/de', title: 'Produkt', hreflang: ['de'] },
  ],
  levels: [
    {
      qualifiers: [{ ai: '10', value: '{lotnumber}' }],
      defaultLinkType: 'gs1:pip',
      links: [
        {
          linkType: 'gs1:pip',
          href: 'https://example.com/en/lot/{lotnumber}',
          title: 'Lot',
          hreflang: ['en'],
        },
        {
          linkType: 'gs1:pip',
          href: 'https://example.com/fr/lot/{lotnumber}',
          title: 'Lot',
          hreflang: ['fr'],
        },
        {
          linkType: 'gs1:pip',
          href: 'https://example.com/de/lot/{lotnumber}',
          title: 'Los',
          hreflang: ['de'],
        },
      ],
    },
  ],
};
const HOUR_MS = 3_600_000;
/** The controlled code's settings: every control that costs at the edge, none that stops the scan. */
const CONTROLS = {
  activeFrom: new Date(Date.now() - HOUR_MS).toISOString(),
  expiresAt: new Date(Date.now() + 24 * HOUR_MS).toISOString(),
  maxScans: 1_000_000_000,
  expiredTarget: 'https://example.com/over',
  utm: { source: 'qr', medium: 'print', campaign: 'bench' },
  apps: { ios: 'https://apps.example.com/ios', android: 'https://apps.example.com/android' },
};
const CONTROLLED_TARGET = 'https://example.com/desktop?utm_source=qr&utm_medium=print&utm_campaign=bench';

const WITH_WEBHOOK = flags.webhook;
if (WITH_WEBHOOK && CODES > 0) {
  console.error('--webhook runs with the hot code only, not with --codes');
  process.exit(2);
}
/** Digits of the bulk codes' slugs: m0000000 to m0999999 for a million. */
const SLUG_DIGITS = Math.max(7, String(Math.max(CODES - 1, 0)).length);

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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** wrk's summary (lib/wrk.mjs), by default with the rounds' duration and connections. */
const runWrk = (url, options = {}) => wrk(url, { duration: DURATION, connections: CONNECTIONS, ...options });

/** The Lua script of --codes: every request scans one of the bulk codes, chosen at random. */
function randomSlugScript(dir) {
  const file = path.join(dir, 'random-slug.lua');
  fs.writeFileSync(
    file,
    `math.randomseed(os.time())
local codes = ${CODES}
local format = "/r/m%0${SLUG_DIGITS}d"
request = function()
  return wrk.format(nil, string.format(format, math.random(0, codes - 1)))
end
`,
  );
  return file;
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
      await sleep(100);
    }
  }
  return () => stopChild(child);
}

/**
 * --webhook's receiver: a process of its own on `port`, verifying each call with the
 * standardwebhooks library under `secret` and answering 204; GET /count answers the distinct
 * `scan.created` webhook-ids received and the calls that failed verification.
 */
async function webhookReceiver(port, secret) {
  const source = `const { Webhook } = require('standardwebhooks');
  const webhook = new Webhook(${JSON.stringify(secret)});
  const ids = new Set();
  let calls = 0;
  let refused = 0;
  require('node:http').createServer((q, s) => {
    if (q.method === 'GET') {
      s.writeHead(200, { 'content-type': 'application/json' });
      s.end(JSON.stringify({ delivered: ids.size, calls, refused }));
      return;
    }
    const chunks = [];
    q.on('data', (c) => chunks.push(c));
    q.on('end', () => {
      calls += 1;
      try {
        const event = webhook.verify(Buffer.concat(chunks).toString('utf8'), q.headers);
        if (event.type === 'scan.created') ids.add(q.headers['webhook-id']);
        s.writeHead(204).end();
      } catch {
        refused += 1;
        s.writeHead(400).end();
      }
    });
  }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'], cwd: root });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return {
    pid: child.pid,
    counts: async () => (await fetch(`http://127.0.0.1:${port}/`)).json(),
    close: () => stopChild(child),
  };
}

/**
 * The server as `node server/dist/server.js` runs it (runServer with the environment's config),
 * plus one route for the bench: the recorder's transactions and scans, and the Redis commands the
 * server sent (each one round trip: the server sends no pipelines).
 */
const LAUNCHER = `
import { loadConfigOrExit, runServer } from ${JSON.stringify(pathToFileURL(path.join(serverRoot, 'server/dist/server.js')).href)};
const { closed } = await runServer(loadConfigOrExit(), (app) => {
  let redisCommands = 0;
  if (app.redis) {
    const send = app.redis.sendCommand.bind(app.redis);
    app.redis.sendCommand = (...args) => {
      redisCommands += 1;
      return send(...args);
    };
  }
  app.get('/bench/stats', { logLevel: 'warn' }, async () => ({
    ...app.scans.recorder.stats,
    refusedGroups: app.scans.recorder.refusedGroups,
    redisCommands,
    memory: process.memoryUsage(),
    // The event loop's thread alone, in µs (Node 24): what a scan costs where requests are answered.
    mainThreadCpu: process.threadCpuUsage(),
  }));
});
process.exit(await closed);
`;

/**
 * One of our servers. `backend` is { name, databaseUrl?, redisPrefix? }: SQLite in `dataDir`
 * without a URL; with a Redis prefix, on Redis too.
 */
function serverEnv(backend, dataDir, dnsPort) {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: backend.databaseUrl ?? '',
    REDIS_URL: backend.redisPrefix ? REDIS_URL : '',
    REDIS_KEY_PREFIX: backend.redisPrefix ?? 'rq:',
    LOG_LEVEL: 'warn',
    MARKETPLACE_PROXY_SECRET: SECRET,
    DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
    EDGE_HOSTNAME: EDGE,
    // Every account holds a plan and usage is counted on every scan, as on a selling instance.
    DEFAULT_PLAN: 'free',
    // --webhook's receiver listens on loopback; 16 attempts at once to it (4 by default).
    SSRF_ALLOW: '127.0.0.1',
    ...(backend.webhook ? { WEBHOOK_ENDPOINT_CONCURRENCY: '16' } : {}),
  };
}

async function ourServer(backend, dataDir, dnsPort) {
  const launcher = path.join(tmp, 'launcher.mjs');
  if (!fs.existsSync(launcher)) fs.writeFileSync(launcher, LAUNCHER);
  const server = await startServerProcess({
    argv: [...SERVER_NODE_FLAGS, ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ') ?? []), launcher],
    env: serverEnv(backend, dataDir, dnsPort),
    readyPath: '/healthz',
    // Generous: on a shared, loaded machine a start (migrations, geolocation tables) takes its time.
    timeoutMs: 120_000,
    inheritOutput: true,
    name: `the ${backend.name} server`,
  });
  return { base: server.base, pid: server.child.pid, stop: () => server.stop() };
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

/** The hot code, the over-limit account's copy and the custom hostname's (the SQLite server). */
async function seed(base, dnsPort) {
  const ids = await seedBenchCode((method, url, body) => api(base, method, url, body));
  if (WITH_CONTROLS) {
    await api(base, 'POST', '/qrcodes', {
      slug: 'bench-controls',
      mode: 'redirect',
      target: 'https://example.com/default',
      rules: ids,
      ...CONTROLS,
    });
  }

  if (WITH_GS1) {
    await api(base, 'POST', '/qrcodes', {
      slug: 'bench-plain',
      mode: 'redirect',
      target: 'https://example.com/plain',
    });
    await api(base, 'POST', '/gs1/items', GS1_ITEM);
  }

  // The over-limit account: the same code, scanned up to its free plan's monthly limit.
  await seedBenchCode((method, url, body) => api(base, method, url, body, OVER_LIMIT_OWNER), 'bench-over');
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
  if (WITH_CONTROLS) await expectLocation(`${base}/r/bench-controls`, CONTROLLED_TARGET);
  if (WITH_GS1) {
    await expectLocation(`${base}/r/bench-plain`, 'https://example.com/plain');
    const location = await new Promise((resolve, reject) => {
      const headers = { 'user-agent': USER_AGENT, 'accept-language': GS1_LANGUAGE };
      http
        .get(`${base}${GS1_PATH}`, { headers }, (response) => {
          response.resume();
          resolve(response.headers.location);
        })
        .on('error', reject);
    });
    if (location !== GS1_TARGET) throw new Error(`${GS1_PATH} went to ${location}, not ${GS1_TARGET}`);
  }
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
function grantPlan(backend, dataDir, workspaceId, plan) {
  const result = spawnSync(
    process.execPath,
    [path.join(serverRoot, 'server/dist/modules/plans/plans-cli.js'), 'grant', workspaceId, plan],
    { env: serverEnv(backend, dataDir, dnsPort), encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`plans grant failed: ${result.stderr}${result.stdout}`);
}

/**
 * Waits until the server's edge code file holds the bulk codes, as it does a few seconds after
 * a start (edge-code-file.ts): the load then measures the instance as it runs, not its build.
 */
async function edgeCodeFileBuilt(server) {
  const started = Date.now();
  while ((await metric(server.base, 'rq_edge_code_file_codes')) < CODES) {
    if (Date.now() - started > 300_000)
      throw new Error(`${server.label}: the edge code file was not built in 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(
    `${server.label}: edge code file built ${((Date.now() - started) / 1000).toFixed(1)} s after the start`,
  );
}

/** The middle value: with three rounds, one slow or fast round moves nothing. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// ---------------------------------------------------------------------------------------------
// What a process costs: CPU and memory from /proc, PostgreSQL's and Redis's own counters.

/** A line of /proc/<pid>/status in MB (VmRSS: resident now; VmHWM: the most it ever was). */
function statusMb(pid, field) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** CPU ticks of every PostgreSQL process on this machine (backends, WAL writer, checkpointer). */
function postgresTicks() {
  const ticks = new Map();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const t = cpuTicks(pid);
    if (t !== undefined) ticks.set(pid, t);
  }
  return ticks;
}

/** Ticks spent between two snapshots by the processes alive at the second (new ones in full). */
function ticksBetween(before, after) {
  let total = 0;
  for (const [pid, t] of after) total += t - (before.get(pid) ?? 0);
  return total;
}

async function redisCounters(redis) {
  const info = await redis.info();
  const field = (name) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1]);
  return {
    commands: field('total_commands_processed'),
    cpuSeconds: field('used_cpu_user') + field('used_cpu_sys'),
  };
}

/** Samples every server's RSS while the load runs: the largest seen per server. */
function rssSampler(servers) {
  const timer = setInterval(() => {
    for (const server of servers) {
      const mb = statusMb(server.pid, 'VmRSS');
      if (mb > server.rssMax) server.rssMax = mb;
    }
  }, 100);
  return () => clearInterval(timer);
}

// ---------------------------------------------------------------------------------------------
// The servers of the run: SQLite always, PostgreSQL alone and with Redis on --db postgres.

const runId = `${process.pid}_${Date.now().toString(36)}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-'));
const admin = ON_POSTGRES ? new pg.Client({ connectionString: PG_URL }) : undefined;
const redis = ON_POSTGRES ? new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined;
const createdDatabases = [];
const redisPrefix = `rq-bench-${runId}:`;

function databaseUrl(name) {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.href;
}

/** A database of its own for one server; the server migrates it on start, as in production. */
async function createDatabase(suffix) {
  const name = `rq_bench_${runId}_${suffix}`;
  await admin.query(`create database "${name}"`);
  createdDatabases.push(name);
  return name;
}

/** Runs `fn` on a server's database: better-sqlite3 on its file, pg on its PostgreSQL database. */
async function withDatabase(server, fn) {
  if (server.backend.dbName) {
    const client = new pg.Client({ connectionString: server.backend.databaseUrl });
    await client.connect();
    try {
      return await fn({
        dialect: 'postgres',
        query: async (text, params) => (await client.query(text, params)).rows,
      });
    } finally {
      await client.end();
    }
  }
  const db = openServerSqlite(server.dataDir);
  try {
    return await fn({
      dialect: 'sqlite',
      query: async (text, params = []) => {
        const statement = db.prepare(text);
        return statement.reader ? statement.all(...params) : [statement.run(...params)];
      },
    });
  } finally {
    db.close();
  }
}

async function scanRows(server) {
  return withDatabase(server, async (db) => {
    const [row] = await db.query('select count(*) as n from scans');
    return Number(row.n);
  });
}

/**
 * --codes: `CODES` copies of the code `mtemplate` (made through the API, so every column is as the
 * server writes it), slugs m0000000, m0000001, ... Direct SQL into the `qrcodes` table of the
 * migrations, with the server stopped: ids keep the template's `qr_` and time part, then the
 * number in hex (ids are opaque; they sort by creation within one account).
 */
async function bulkInsertCodes(server) {
  const columns =
    'account_id, host_key, mode, target, data_json, exec_json, style_json, title, tags_json, enabled, created_at, updated_at';
  const started = Date.now();
  await withDatabase(server, async (db) => {
    if (db.dialect === 'postgres') {
      await db.query(
        `insert into qrcodes (id, slug, ${columns})
         select substr(t.id, 1, 13) || lpad(to_hex(g), 16, '0'), 'm' || lpad(g::text, ${SLUG_DIGITS}, '0'), ${columns}
         from qrcodes t, generate_series(0, $1::int - 1) g where t.host_key = '' and t.slug = 'mtemplate'`,
        [CODES],
      );
      // As on a database whose codes were made long ago: autovacuum must not run during the load.
      await db.query('vacuum (analyze) qrcodes');
    } else {
      await db.query(
        `with recursive g(n) as (select 0 union all select n + 1 from g where n < ? - 1)
         insert into qrcodes (id, slug, ${columns})
         select substr(t.id, 1, 13) || printf('%016x', g.n), printf('m%0${SLUG_DIGITS}d', g.n), ${columns}
         from g, qrcodes t where t.host_key = '' and t.slug = 'mtemplate'`,
        [CODES],
      );
    }
  });
  console.log(`${server.label}: ${CODES} codes inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Bytes and rows of the scans, the rollups and the codes on a server's database. */
async function storageOf(server) {
  const tables = ['scans', ...ROLLUP_TABLES, 'qrcodes'];
  return withDatabase(server, async (db) => {
    const result = {};
    for (const table of tables) {
      const [count] = await db.query(`select count(*) as n from ${table}`);
      let bytes;
      if (db.dialect === 'postgres') {
        const [size] = await db.query('select pg_total_relation_size($1::regclass) as bytes', [table]);
        bytes = Number(size.bytes);
      } else {
        // The table and its indexes (SQLite's dbstat virtual table: pages per b-tree), in the
        // file that holds it (the rollups' own, the raw scans' own, or the main one).
        let schema = 'main';
        for (const side of ['rollups', 'scan_log']) {
          const [home] = await db.query(`select count(*) as n from ${side}.sqlite_master where name = ?`, [
            table,
          ]);
          if (Number(home.n) > 0) schema = side;
        }
        const [size] = await db.query(
          `select coalesce(sum(pgsize), 0) as bytes from dbstat(?) where name = ? or name in
             (select name from ${schema}.sqlite_master where type = 'index' and tbl_name = ?)`,
          [schema, table, table],
        );
        bytes = Number(size.bytes);
      }
      result[table] = { rows: Number(count.n), bytes };
    }
    return result;
  });
}

async function pgDatabaseCounters(dbName) {
  const { rows } = await admin.query(
    `select xact_commit, tup_inserted, tup_updated, tup_deleted
     from pg_stat_database where datname = $1`,
    [dbName],
  );
  const row = rows[0];
  return {
    commits: Number(row.xact_commit),
    rowsWritten: Number(row.tup_inserted) + Number(row.tup_updated) + Number(row.tup_deleted),
  };
}

/** WAL written by the whole PostgreSQL cluster (pg_stat_wal has no per-database figure). */
async function pgWalBytes() {
  return Number((await admin.query('select wal_bytes from pg_stat_wal')).rows[0].wal_bytes);
}

/**
 * Starts a server on `backend`, creates its account (and through `prepare`, what it needs before
 * the operator's grants), restarts it with the mega plan granted, as an operator would.
 */
async function startServer(backend, dnsPort, prepare) {
  const dataDir = fs.mkdtempSync(path.join(tmp, `${backend.name}-`));
  let handle = await ourServer(backend, dataDir, dnsPort);
  const server = {
    backend,
    label: backend.label,
    dataDir,
    ...handle,
    rssMax: 0,
    cost: {
      answered: 0,
      ticks: 0,
      mainTicks: 0,
      batches: 0,
      refused: 0,
      written: 0,
      redisCommands: 0,
      redisSent: 0,
      redisCpu: 0,
      pgTicks: 0,
      pgLoadTicks: 0,
    },
  };
  try {
    const owner = await api(server.base, 'GET', '/me');
    if (CODES > 0) {
      await api(server.base, 'POST', '/qrcodes', {
        slug: 'mtemplate',
        mode: 'redirect',
        target: 'https://example.com/default',
      });
    }
    await handle.stop();
    grantPlan(backend, dataDir, owner.id, 'mega');
    if (prepare) await prepare(server, owner.id);
    if (CODES > 0) await bulkInsertCodes(server);
    handle = await ourServer(backend, dataDir, dnsPort);
    Object.assign(server, handle);
    if (CODES > 0) await edgeCodeFileBuilt(server);
    // Measured as a server in service is, after its start: the job threads build their apps at
    // start (seconds of CPU each, at the lowest priority), which would otherwise run under the
    // first rounds' load and count against the edge.
    await settled(server);
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return server;
}

async function snapshot(server) {
  const stats = await (await fetch(`${server.base}/bench/stats`)).json();
  return {
    mainUs: stats.mainThreadCpu.user + stats.mainThreadCpu.system,
    ticks: cpuTicks(server.pid),
    mainTicks: cpuTicks(server.pid, { mainThread: true }),
    answered: await metric(server.base, 'rq_redirects_answered_total'),
    batches: stats.batches,
    refused: stats.refusedGroups,
    written: stats.scans,
    redisSent: stats.redisCommands,
    redis: server.backend.redisPrefix ? await redisCounters(redis) : undefined,
    pg: server.backend.dbName ? postgresTicks() : undefined,
  };
}

/**
 * After a load: waits until the server is idle for a whole second, its main thread (under 2% of a
 * core over each quarter of a second) and its other threads too (under one clock tick of the
 * whole process), and on PostgreSQL the database's processes too (two ticks: the folds of the
 * analytics run in PostgreSQL while the thread that asked for them waits), 120 s at most. A
 * second, because deferred work starts a moment after the load ends (a held folder looks again
 * every 400 ms on PostgreSQL): a single quiet quarter came before it. Work a scan leaves for
 * later (batched writes on the main thread, the analytics folded once the load has passed) then
 * counts in the run that caused it, and never runs beside the next side's load, the bare peer's
 * included.
 */
async function settled(server) {
  const onPostgres = Boolean(server.backend.dbName);
  const cpu = async () => {
    const { mainThreadCpu } = await (await fetch(`${server.base}/bench/stats`)).json();
    return {
      main: mainThreadCpu.user + mainThreadCpu.system,
      ticks: cpuTicks(server.pid),
      pg: onPostgres ? postgresTicks() : undefined,
    };
  };
  const started = Date.now();
  let last = await cpu();
  let quiet = 0;
  while (Date.now() - started < 120_000) {
    await sleep(250);
    const now = await cpu();
    const postgresIdle = !onPostgres || ticksBetween(last.pg, now.pg) <= 2;
    quiet = now.main - last.main < 5_000 && now.ticks - last.ticks <= 1 && postgresIdle ? quiet + 1 : 0;
    if (quiet === 4) return;
    last = now;
  }
}

/**
 * One wrk run on one of our servers, its costs added to the server's. The result also has the
 * run's scans answered and main-thread CPU (µs); with `settle`, the CPU until the thread is idle.
 */
async function measured(server, url, options, { settle = false, countCost = true } = {}) {
  const before = await snapshot(server);
  const result = await runWrk(url, options);
  // PostgreSQL's CPU while the scans were answered, before the work they left for later.
  const loadEnd = before.pg ? postgresTicks() : undefined;
  // Let the last in-flight scans finish (wrk may stop with some unread).
  await sleep(300);
  if (settle) await settled(server);
  const after = await snapshot(server);
  result.answered = after.answered - before.answered;
  result.mainUs = after.mainUs - before.mainUs;
  if (!countCost) return result;
  const cost = server.cost;
  cost.answered += after.answered - before.answered;
  cost.ticks += after.ticks - before.ticks;
  cost.mainTicks += after.mainTicks - before.mainTicks;
  cost.batches += after.batches - before.batches;
  cost.refused += after.refused - before.refused;
  cost.written += after.written - before.written;
  cost.redisSent += after.redisSent - before.redisSent;
  if (before.redis) {
    // Minus the INFO of the first snapshot, which the second one counts.
    cost.redisCommands += after.redis.commands - before.redis.commands - 1;
    cost.redisCpu += after.redis.cpuSeconds - before.redis.cpuSeconds;
  }
  if (before.pg) {
    cost.pgTicks += ticksBetween(before.pg, after.pg);
    cost.pgLoadTicks += ticksBetween(before.pg, loadEnd);
  }
  return result;
}

/** The bare peer's run, with its CPU per request. */
async function measuredBare(bare, url, options) {
  const before = cpuTicks(bare.pid);
  const result = await runWrk(url, options);
  bare.ticks += cpuTicks(bare.pid) - before;
  bare.requests += result.requests;
  return result;
}

const us = (ticks, n) => ((ticks / CLOCK_TICKS) * 1e6) / n;
const fixed = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const mb = (value) => `${fixed(value, 0)} MB`;

/** What the RSS after the load holds, as the process sees it (process.memoryUsage()). */
const heapOf = (memory) =>
  `main V8 heap ${mb(memory.heapTotal / 2 ** 20)} of which ${mb(memory.heapUsed / 2 ** 20)} used, buffers ${mb(memory.arrayBuffers / 2 ** 20)}`;

function costLine(server, bare, span) {
  const c = server.cost;
  const parts = [
    `${fixed(us(c.ticks, c.answered), 1)} µs CPU/scan in the server, ${fixed(us(c.mainTicks, c.answered), 1)} on its main thread (bare node:http ${fixed(us(bare.ticks, bare.requests), 1)} µs/request)`,
    `${fixed(c.batches / c.answered, 4)} write transactions/scan (${fixed(c.written / Math.max(c.batches, 1), 1)} scans per transaction, ${c.refused} groups refused by a busy database and journaled)`,
  ];
  if (server.backend.dbName) {
    parts.push(
      `PostgreSQL ${fixed(us(c.pgTicks, c.answered), 1)} µs CPU/scan (${fixed(us(c.pgLoadTicks, c.answered), 1)} during the load)`,
      `${fixed(span.commits / span.answered, 4)} transactions committed/scan (pg_stat_database, reads included)`,
      `${fixed(span.rowsWritten / span.answered, 2)} rows written/scan`,
      `WAL ${fixed(span.walBytes / span.walScans, 0)} B/scan (pg_stat_wal: the cluster, over both PostgreSQL servers' scans)`,
    );
  }
  if (server.backend.redisPrefix) {
    parts.push(
      `Redis ${fixed(c.redisSent / c.answered, 3)} round trips/scan (${fixed(c.redisCommands / c.answered, 3)} commands with script steps, INFO), ${fixed((c.redisCpu * 1e6) / c.answered, 1)} µs Redis CPU/scan`,
    );
  }
  parts.push(
    `RSS max ${mb(server.rssMax)} under load, ${mb(server.rssAfter)} after (${heapOf(server.memoryAfter)}), peak ${mb(server.rssPeak)}`,
  );
  return `cost on ${server.label}: ${parts.join(', ')}`;
}

function storageLine(server, storage, scans) {
  const raw = storage.scans;
  const rollupRows = ROLLUP_TABLES.reduce((sum, t) => sum + storage[t].rows, 0);
  const rollupBytes = ROLLUP_TABLES.reduce((sum, t) => sum + storage[t].bytes, 0);
  const tables = ROLLUP_TABLES.map(
    (t) => `${t} ${storage[t].rows} rows ${fixed(storage[t].bytes / 1024, 0)} kB`,
  );
  const codes =
    CODES > 0
      ? `; codes ${storage.qrcodes.rows} rows, ${fixed(storage.qrcodes.bytes / storage.qrcodes.rows, 0)} B/code with indexes`
      : '';
  return `storage on ${server.label}: raw scans ${raw.rows} rows, ${fixed(raw.bytes / raw.rows, 0)} B/scan with indexes; rollups ${fixed(rollupRows / scans, 4)} rows/scan, ${fixed(rollupBytes / scans, 1)} B/scan (${tables.join(', ')})${codes}`;
}

const dnsPort = await freePort();
const bare = { ...(await bareServer()), ticks: 0, requests: 0 };
const servers = [];
/** --webhook's receiver, once its endpoint exists. */
let receiver;
let failed = false;
try {
  if (ON_POSTGRES) {
    await admin.connect();
    await redis.connect();
  }
  // The SQLite server: in the hot mode it also has the custom hostname and the over-limit account.
  const backends = [{ name: 'sqlite', label: 'sqlite' }];
  if (WITH_WEBHOOK) backends.push({ name: 'sqlite', label: 'sqlite+webhook', webhook: true });
  if (ON_POSTGRES) {
    const plain = await createDatabase('pg');
    const withRedis = await createDatabase('pg_redis');
    backends.push(
      { name: 'postgres', label: 'postgres', dbName: plain, databaseUrl: databaseUrl(plain) },
      {
        name: 'postgres-redis',
        label: 'postgres+redis',
        dbName: withRedis,
        databaseUrl: databaseUrl(withRedis),
        redisPrefix,
      },
    );
  }
  for (const backend of backends) {
    const hot = CODES === 0;
    const server = await startServer(backend, dnsPort, async (s, ownerId) => {
      if (hot && backend.name === 'sqlite') grantPlan(backend, s.dataDir, ownerId, 'hostnames');
    });
    servers.push(server);
    if (backend.webhook) {
      await seedBenchCode((method, url, body) => api(server.base, method, url, body));
      const port = await freePort();
      const endpoint = await api(server.base, 'POST', '/webhooks', {
        url: `http://127.0.0.1:${port}/hooks`,
        description: 'bench receiver',
        events: ['scan.created'],
      });
      receiver = await webhookReceiver(port, endpoint.secret);
      await expectLocation(`${server.base}/r/bench`, 'https://example.com/desktop');
      server.seedScans = 1;
    } else if (hot && backend.name === 'sqlite') {
      await seed(server.base, dnsPort);
      await expectAnswers(server.base);
      // The over-limit account's scans, and the three checks of expectAnswers.
      server.seedScans = FREE_MONTHLY_LIMIT + (WITH_CONTROLS ? 4 : 3) + (WITH_GS1 ? 2 : 0);
    } else if (hot) {
      await seedBenchCode((method, url, body) => api(server.base, method, url, body));
      await expectLocation(`${server.base}/r/bench`, 'https://example.com/desktop');
      server.seedScans = 1;
    } else {
      const last = `m${String(CODES - 1).padStart(SLUG_DIGITS, '0')}`;
      await expectLocation(
        `${server.base}/r/m${'0'.padStart(SLUG_DIGITS, '0')}`,
        'https://example.com/default',
      );
      await expectLocation(`${server.base}/r/${last}`, 'https://example.com/default');
      server.seedScans = 2;
    }
    server.before = await metric(server.base, 'rq_redirects_answered_total');
  }
  const hooked = servers.find((server) => server.backend.webhook);
  const [sqlite, ...others] = servers.filter((server) => server !== hooked);
  const script = CODES > 0 ? randomSlugScript(tmp) : undefined;
  const peerUrl = script ? bare.origin : bare.url;
  /** What each round runs on our side: a name and how to run it. */
  const sides =
    CODES > 0
      ? servers.flatMap((server) => [
          { name: server.label, key: 'cold', server, url: `${server.base}/`, options: { script } },
          // The warm run of the cold/warm line: one code of the million, always in the cache.
          {
            name: `${server.label} one code`,
            key: 'warm',
            server,
            url: `${server.base}/r/m${'0'.padStart(SLUG_DIGITS, '0')}`,
            options: {},
          },
        ])
      : [
          { name: 'rq-codes /r/', key: 'us', server: sqlite, url: `${sqlite.base}/r/bench`, options: {} },
          ...(hooked
            ? [
                {
                  name: 'rq-codes /r/ with a scan.created endpoint',
                  key: 'hooked',
                  server: hooked,
                  url: `${hooked.base}/r/bench`,
                  options: {},
                },
              ]
            : []),
          {
            name: 'custom hostname',
            key: 'onHost',
            server: sqlite,
            url: `${sqlite.base}/bench`,
            options: { host: HOSTNAME },
          },
          {
            name: 'over-limit account',
            key: 'over',
            server: sqlite,
            url: `${sqlite.base}/r/bench-over`,
            options: {},
          },
          ...(WITH_CONTROLS
            ? [
                {
                  name: 'controlled code',
                  key: 'controls',
                  server: sqlite,
                  url: `${sqlite.base}/r/bench-controls`,
                  options: {},
                },
              ]
            : []),
          ...(WITH_GS1
            ? [
                {
                  name: 'plain code',
                  key: 'plain',
                  server: sqlite,
                  url: `${sqlite.base}/r/bench-plain`,
                  options: {},
                },
                {
                  name: 'GS1 Digital Link',
                  key: 'gs1',
                  server: sqlite,
                  url: `${sqlite.base}${GS1_PATH}`,
                  options: { headers: { 'Accept-Language': GS1_LANGUAGE } },
                },
              ]
            : []),
          ...others.map((server) => ({
            name: `${server.label} /r/`,
            server,
            url: `${server.base}/r/bench`,
            options: {},
          })),
        ];

  // Every side warms up (JIT, caches) before anything counts.
  await runWrk(peerUrl, { duration: WARM_UP, script });
  for (const side of sides) {
    await runWrk(side.url, { ...side.options, duration: WARM_UP });
    if (side.key === 'hooked') await drained(hooked);
  }

  // PostgreSQL's statistics arrive within a second of a backend going idle.
  const pgSpan = async () => {
    if (others.length === 0) return {};
    await sleep(2000);
    const out = { walBytes: await pgWalBytes() };
    for (const server of others) out[server.label] = await pgDatabaseCounters(server.backend.dbName);
    return out;
  };
  const spanAnswered = async () =>
    Object.fromEntries(
      await Promise.all(
        others.map(async (s) => [s.label, await metric(s.base, 'rq_redirects_answered_total')]),
      ),
    );
  const pgBefore = await pgSpan();
  const answeredBefore = await spanAnswered();

  // This machine's speed drifts by a tenth from one minute to the next: alternating rounds put
  // every side through the same drift, and the median round is the one reported.
  const stopSampling = rssSampler(servers);
  const rounds = [];
  /** Seconds each round's hooked scans took to be delivered after its load ended. */
  const drains = [];
  /** Waits (`maxMs` at most) until every scan `server` answered, the seed's included, is delivered. */
  async function drained(server, maxMs = 240_000) {
    const expected =
      (await metric(server.base, 'rq_redirects_answered_total')) - server.before + server.seedScans;
    const started = Date.now();
    let counts = await receiver.counts();
    while (counts.delivered < expected && Date.now() - started < maxMs) {
      await sleep(250);
      counts = await receiver.counts();
    }
    return { ...counts, expected, drainSeconds: (Date.now() - started) / 1000 };
  }
  for (let round = 1; round <= ROUNDS; round++) {
    const peer = await measuredBare(bare, peerUrl, { script });
    const results = [];
    for (const side of sides) {
      results.push(
        await measured(side.server, side.url, side.options, {
          settle: CODES > 0,
          // The server's cost lines stay the cold run's alone.
          countCost: side.key !== 'warm',
        }),
      );
      // The hooked server's deliveries go out once its load has passed: wait for them, so they
      // do not run under the next side's load.
      if (side.key === 'hooked') drains.push((await drained(hooked)).drainSeconds);
    }
    rounds.push({ peer, results });
    const described = sides.map((side, i) => {
      const r = results[i];
      return `${side.name} ${r.rps.toFixed(0)} rps (p99 ${r.p99ms.toFixed(2)} ms) x${(r.rps / peer.rps).toFixed(2)}`;
    });
    console.log(
      `round ${round}: bare node:http ${peer.rps.toFixed(0)} rps (p99 ${peer.p99ms.toFixed(2)} ms), ${described.join(', ')}`,
    );
  }
  stopSampling();
  await bare.close();
  const pgAfter = await pgSpan();
  const answeredAfter = await spanAnswered();
  for (const server of servers) {
    server.rssAfter = statusMb(server.pid, 'VmRSS');
    server.rssPeak = statusMb(server.pid, 'VmHWM');
    server.memoryAfter = (await (await fetch(`${server.base}/bench/stats`)).json()).memory;
    server.answered = (await metric(server.base, 'rq_redirects_answered_total')) - server.before;
  }

  /** The median round of one side: its ratio to the bare peer of the same round. */
  const middleOf = (index) => {
    const ratios = rounds.map((r) => r.results[index].rps / r.peer.rps);
    const ratio = median(ratios);
    const round = rounds[ratios.indexOf(ratio)];
    return {
      ratio,
      rps: round.results[index].rps,
      p99ms: median(rounds.map((r) => r.results[index].p99ms)),
    };
  };

  let allow;
  if (CODES === 0) {
    // Caddy asks before each new certificate, one request at a time: one connection, 5 s.
    const allowUrl = `${sqlite.base}/internal/tls/allow?domain=${HOSTNAME}`;
    const allowed = await fetch(allowUrl);
    if (allowed.status !== 200)
      throw new Error(`the allow endpoint answered ${allowed.status} for ${HOSTNAME}`);
    allow = await runWrk(allowUrl, { duration: '5s', connections: 1 });
  }

  const delivered = hooked ? await drained(hooked, 600_000) : undefined;

  for (const server of servers) await server.stop();
  // pg_stat_wal is the whole cluster's: both PostgreSQL servers' scans share it.
  const walScans = others.reduce((sum, s) => sum + answeredAfter[s.label] - answeredBefore[s.label], 0);
  for (const server of servers) {
    server.recorded = (await scanRows(server)) - server.seedScans;
    const storage = await storageOf(server);
    let span;
    if (server.backend.dbName) {
      const b = pgBefore[server.label];
      const a = pgAfter[server.label];
      span = {
        answered: answeredAfter[server.label] - answeredBefore[server.label],
        commits: a.commits - b.commits,
        rowsWritten: a.rowsWritten - b.rowsWritten,
        walBytes: pgAfter.walBytes - pgBefore.walBytes,
        walScans,
      };
    }
    console.log(costLine(server, bare, span));
    console.log(storageLine(server, storage, storage.scans.rows));
    if (server.recorded !== server.answered) {
      failed = true;
      console.log(
        `${server.label}: ${server.answered} scans answered but ${server.recorded} recorded: every answered scan must be in the database`,
      );
    }
  }

  const countsOf = (server) => `answered ${server.answered}, recorded ${server.recorded}`;
  if (CODES > 0) {
    const describe = (server, index) => {
      const middle = middleOf(index);
      return `${middle.rps.toFixed(0)} rps, x${middle.ratio.toFixed(2)} of bare node:http, p99 ${middle.p99ms.toFixed(2)} ms, RSS max ${mb(server.rssMax)} (after ${mb(server.rssAfter)}), ${countsOf(server)}`;
    };
    const sideOf = (server, key) => sides.findIndex((side) => side.server === server && side.key === key);
    /** Main-thread CPU a scan answered (µs) over every round of one side. */
    const mainUsPerScan = (index) =>
      rounds.reduce((sum, r) => sum + r.results[index].mainUs, 0) /
      rounds.reduce((sum, r) => sum + r.results[index].answered, 0);
    const coldWarm = (server) => {
      const cold = mainUsPerScan(sideOf(server, 'cold'));
      const warm = mainUsPerScan(sideOf(server, 'warm'));
      return `${fixed(cold, 1)} µs / ${fixed(warm, 1)} µs main-thread CPU a scan, x${fixed(cold / warm, 2)}`;
    };
    for (const server of servers) {
      if (server === sqlite) continue;
      console.log(`cold/warm on ${server.label}: ${coldWarm(server)}`);
      console.log(
        `redirect --codes ${CODES} on ${server.label}: ${describe(server, sideOf(server, 'cold'))}`,
      );
    }
    console.log(`cold/warm: ${coldWarm(sqlite)}`);
    console.log(`redirect --codes ${CODES}: ${describe(sqlite, sideOf(sqlite, 'cold'))}`);
  } else {
    const keyed = (key) => sides.findIndex((side) => side.key === key);
    const primary = middleOf(keyed('us'));
    if (hooked) {
      const withHook = middleOf(keyed('hooked'));
      // Within each round, with the endpoint against without (same drift); the median round's.
      const change = median(
        rounds.map((r) => (r.results[keyed('hooked')].rps / r.results[keyed('us')].rps - 1) * 100),
      );
      const deliveredCount = delivered.delivered - hooked.seedScans;
      console.log(
        `redirect with a scan.created endpoint: ${withHook.rps.toFixed(0)} rps, x${withHook.ratio.toFixed(2)} of bare node:http (without: x${primary.ratio.toFixed(2)}, ${change >= 0 ? '+' : ''}${change.toFixed(1)}%), p99 ${withHook.p99ms.toFixed(2)} ms, ${countsOf(hooked)}, delivered ${deliveredCount} (each round's delivered ${drains.map((d) => d.toFixed(0)).join(', ')} s after its load; ${delivered.refused} calls failed verification)`,
      );
      if (deliveredCount !== hooked.answered || delivered.refused > 0) {
        failed = true;
        console.log(`sqlite+webhook: ${hooked.answered} scans answered but ${deliveredCount} delivered`);
      }
    }
    const onHost = middleOf(keyed('onHost'));
    const over = middleOf(keyed('over'));
    // Within each round, custom hostname against /r/ (same drift); the median round's difference.
    const difference = median(
      rounds.map((r) => (r.results[keyed('onHost')].rps / r.results[keyed('us')].rps - 1) * 100),
    );
    const percent = `${difference >= 0 ? '+' : ''}${difference.toFixed(1)}%`;
    console.log(
      `custom hostname: ${onHost.rps.toFixed(0)} rps, x${onHost.ratio.toFixed(2)} of bare node:http (/r/: x${primary.ratio.toFixed(2)}), ${percent} vs /r/, p99 ${onHost.p99ms.toFixed(2)} ms`,
    );
    console.log(
      `over-limit account: ${over.rps.toFixed(0)} rps, x${over.ratio.toFixed(2)} of bare node:http (default target, rules skipped, still recorded and counted)`,
    );
    console.log(
      `tls allow endpoint: median ${allow.p50ms.toFixed(3)} ms, p99 ${allow.p99ms.toFixed(3)} ms (${allow.rps.toFixed(0)} asks/s on one connection)`,
    );
    if (WITH_CONTROLS) {
      const controlled = middleOf(keyed('controls'));
      // Within each round, the controlled code against the plain one (same drift); the median round's.
      const cost = median(
        rounds.map((r) => (r.results[keyed('controls')].rps / r.results[keyed('us')].rps - 1) * 100),
      );
      console.log(
        `controls: plain x${primary.ratio.toFixed(2)}, controlled x${controlled.ratio.toFixed(2)} of bare node:http, ${cost >= 0 ? '+' : ''}${cost.toFixed(1)}% vs plain (${controlled.rps.toFixed(0)} rps, p99 ${controlled.p99ms.toFixed(2)} ms; activeFrom, expiresAt, maxScans, UTM, apps)`,
      );
    }
    if (WITH_GS1) {
      // Within each round, the GS1 link against the plain code (same drift); the median round's.
      const ratios = rounds.map((r) => r.results[keyed('gs1')].rps / r.results[keyed('plain')].rps);
      const ratio = median(ratios);
      const round = rounds[ratios.indexOf(ratio)];
      const gs1 = round.results[keyed('gs1')].rps;
      const plain = round.results[keyed('plain')].rps;
      console.log(`gs1/plain: ${gs1.toFixed(0)} rps / ${plain.toFixed(0)} rps, x${ratio.toFixed(2)}`);
    }
    for (const server of others) {
      const middle = middleOf(sides.findIndex((side) => side.server === server));
      console.log(
        `redirect on ${server.label}: ${middle.rps.toFixed(0)} rps, x${middle.ratio.toFixed(2)} of bare node:http, p99 ${middle.p99ms.toFixed(2)} ms, ${countsOf(server)}`,
      );
    }
    console.log(
      `redirect: ${primary.rps.toFixed(0)} rps, x${primary.ratio.toFixed(2)} of bare node:http, p99 ${primary.p99ms.toFixed(2)} ms, custom hostname ${onHost.rps.toFixed(0)} rps, x${onHost.ratio.toFixed(2)} (${percent} vs /r/), allow median ${allow.p50ms.toFixed(3)} ms, ${countsOf(sqlite)}`,
    );
  }
} finally {
  await Promise.all([bare.close(), ...servers.map((s) => s.stop()), stopDns?.(), receiver?.close()]);
  if (redis) {
    if (redis.status === 'ready') {
      const keys = [];
      for await (const batch of redis.scanStream({ match: `${redisPrefix}*`, count: 1000 }))
        keys.push(...batch);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    } else redis.disconnect();
  }
  if (admin) {
    for (const name of createdDatabases) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
