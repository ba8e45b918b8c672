#!/usr/bin/env node
// `npm run cluster -- N`: N instances of the server behind Caddy as the load balancer, on one
// PostgreSQL (DATABASE_URL, required) and one Redis (REDIS_URL, default redis://127.0.0.1:6379),
// for trying a scaled-out installation locally (web/docs/self-hosting/scale-out.md). Caddy listens
// on http://localhost:8080 (CLUSTER_PORT), the instances on the next N ports, each with a data
// folder of its own under DATA_DIR (default data/cluster): its scan spool. Ctrl-C stops them all.
// SIGHUP (`kill -HUP <pid>`) restarts the instances one at a time from the build on disk, the
// rolling upgrade of web/docs/self-hosting/upgrades.md: each stops gracefully (its in-flight answers
// and journaled scans finish; Caddy sends new scans to the others), starts again, and the next
// waits until Caddy takes it back. `--no-build` serves the builds as they are.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startFirebaseEmulator } from './lib/firebase-emulator.mjs';
import { freePort } from './lib/ports.mjs';
import { requireRuntime } from './lib/runtime.mjs';
import { SERVER_ENTRY, startServerProcess } from './lib/server-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
requireRuntime(root);
const args = process.argv.slice(2);
const count = Number(args.find((arg) => !arg.startsWith('--')) ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 32) {
  console.error('usage: npm run cluster -- N   (N instances, 1 to 32)');
  process.exit(2);
}
if (!process.env.DATABASE_URL?.startsWith('postgres')) {
  console.error(
    'npm run cluster needs PostgreSQL, which every instance shares: set DATABASE_URL=postgres://...',
  );
  process.exit(2);
}
const caddyPort = Number(process.env.CLUSTER_PORT ?? 8080);
const dataRoot = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data/cluster'));

if (!args.includes('--no-build')) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = {
  ...process.env,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${caddyPort}`,
  // The instances see Caddy's connection: the scanner's address is in X-Forwarded-For.
  TRUST_PROXY: 'true',
  HOST: '127.0.0.1',
};

// One migration before the instances start, rather than N at once.
const migrate = spawnSync(process.execPath, [path.join(root, 'server/dist/db/migrate-cli.js')], {
  stdio: 'inherit',
  env,
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

let emulator;
if (!env.FIREBASE_PROJECT_ID?.trim()) {
  const port = await freePort();
  emulator = await startFirebaseEmulator({ port, projectId: 'demo-rq' });
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  console.log(`Firebase Auth emulator (project demo-rq) on ${emulator.host}`);
}

const children = [];
/** Instances stopped on purpose by a rolling restart: their exit does not stop the cluster. */
const rolledOut = new Set();
let stopping = false;
let resolveAllStopped;
const allStopped = new Promise((resolve) => {
  resolveAllStopped = resolve;
});
const checkAllStopped = () => {
  if (stopping && children.every((child) => child.exitCode !== null || child.signalCode !== null))
    resolveAllStopped();
};
const stopAll = (signal = 'SIGTERM') => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  checkAllStopped();
};
const started = (name, child) => {
  children.push(child);
  child.on('exit', (code, signal) => {
    checkAllStopped();
    if (!stopping && !rolledOut.has(child)) {
      console.error(`${name} stopped (${signal ?? code}); stopping the cluster`);
      process.exitCode = 1;
      stopAll();
    }
  });
  return child;
};

const upstreams = [];
const instances = [];
/** Starts instance `i` (1-based) on its port and data folder; a failure stops the cluster. */
async function startInstance(i) {
  const port = caddyPort + i;
  const dataDir = path.join(dataRoot, `instance-${i}`);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const instance = await startServerProcess({
      port,
      env: { ...env, DATA_DIR: dataDir },
      inheritOutput: true,
      name: `instance ${i}`,
    });
    started(`instance ${i}`, instance.child);
    instances[i - 1] = instance;
  } catch (error) {
    console.error(String(error));
    stopAll();
    await emulator?.stop();
    process.exit(1);
  }
}
for (let i = 1; i <= count; i += 1) {
  upstreams.push(`127.0.0.1:${caddyPort + i}`);
  await startInstance(i);
}
started(
  'caddy',
  spawn('caddy', ['run', '--config', path.join(root, 'deploy/Caddyfile.cluster'), '--adapter', 'caddyfile'], {
    stdio: 'inherit',
    env: { ...process.env, RQ_PORT: String(caddyPort), RQ_UPSTREAMS: upstreams.join(' ') },
  }),
);
console.log(
  `${count} instance(s) on ${upstreams.join(', ')} behind Caddy on http://localhost:${caddyPort} (Ctrl-C stops them)`,
);

// Caddy marks an instance that refused a connection as down for its fail_duration (10 s in
// deploy/Caddyfile.cluster) and checks health every 2 s: a restarted instance is back in rotation
// after both, and only then may the next one stop, so one instance always answers.
const BACK_IN_ROTATION_MS = 12_000;
let rolling = false;
async function rollingRestart() {
  if (rolling || stopping) return;
  rolling = true;
  console.log(`rolling restart of ${count} instance(s) from ${path.relative(root, SERVER_ENTRY)}`);
  for (let i = 1; i <= count && !stopping; i += 1) {
    const old = instances[i - 1];
    rolledOut.add(old.child);
    // SIGTERM: in-flight answers finish and every journaled scan reaches the database first.
    await old.stop('SIGTERM', 60_000);
    if (stopping) break;
    await startInstance(i);
    console.log(`rolling restart: instance ${i} of ${count} restarted`);
    if (i < count) await new Promise((resolve) => setTimeout(resolve, BACK_IN_ROTATION_MS));
  }
  rolling = false;
  if (!stopping) console.log('rolling restart done');
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll('SIGTERM'));
process.on('SIGHUP', () => {
  rollingRestart().catch((error) => {
    console.error(`rolling restart failed: ${error}`);
    stopAll();
  });
});
// The children change with a rolling restart: the cluster ends once it is stopping and all are gone.
await allStopped;
await emulator?.stop();
