#!/usr/bin/env node
// `npm start`: builds what is stale, then serves the whole product (site, API, redirects) on
// http://localhost:8080 with the embedded defaults. Ctrl-C stops everything cleanly.
// Without FIREBASE_PROJECT_ID, sign-in runs on the Firebase Auth emulator, started here, whose
// accounts are kept in DATA_DIR/auth-emulator. `--no-build` serves the builds as they are.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { startFirebaseEmulator } from './lib/firebase-emulator.mjs';
import { freePort, portIsFree } from './lib/ports.mjs';
import { requireRuntime } from './lib/runtime.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './lib/server-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
requireRuntime(root);
const DEFAULT_EMULATOR_PORT = 9099;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = { ...SERVER_ENV, ...process.env };
let emulator;
if (!env.FIREBASE_PROJECT_ID?.trim()) {
  const port = (await portIsFree(DEFAULT_EMULATOR_PORT)) ? DEFAULT_EMULATOR_PORT : await freePort();
  // Resolved as the server resolves DATA_DIR (server/src/config.ts), from the same working folder.
  const accountsDir = path.join(
    path.resolve(env.DATA_DIR?.trim() || path.join(root, 'data')),
    'auth-emulator',
  );
  console.log(`starting the Firebase Auth emulator (project demo-rq) on 127.0.0.1:${port}...`);
  emulator = await startFirebaseEmulator({ port, projectId: 'demo-rq', accountsDir });
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  console.log(`Firebase Auth emulator ready on ${emulator.host}; its accounts are kept in ${accountsDir}`);
}

console.log(`serving RQ Codes on Node.js ${process.version}`);
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'server/dist/server.js')], {
  stdio: 'inherit',
  env,
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', async (code) => {
  await emulator?.stop();
  process.exit(code ?? 0);
});
