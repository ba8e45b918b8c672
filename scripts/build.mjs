#!/usr/bin/env node
// Builds what is stale: the TypeScript packages (incremental) and the site (when its sources
// are newer than its build). `node scripts/build.mjs [server] [web] [--force]`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { requireRuntime } from './lib/runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
requireRuntime(root);
const args = process.argv.slice(2);
const force = args.includes('--force');
const targets = args.filter((a) => !a.startsWith('--'));
const wants = (name) => targets.length === 0 || targets.includes(name);

function run(command, commandArgs, cwd = root) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build failed: ${command} ${commandArgs.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

/** The newest modification time under a folder, skipping generated folders. */
function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'build', '.docusaurus', 'dist'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

if (wants('server'))
  run(path.join(root, 'node_modules/.bin/tsc'), [
    '-b',
    'packages/qr',
    'packages/client',
    'packages/cli',
    'server',
  ]);

/**
 * The design tool's decoder: zxing's WebAssembly, served by the site itself (never a CDN), copied from
 * node_modules so it always matches the zxing-wasm the bundle holds. Copied only when it differs, so an
 * unchanged file does not make the site look stale.
 */
function copyZxingWasm(webDir) {
  const source = createRequire(path.join(root, 'package.json')).resolve(
    'zxing-wasm/reader/zxing_reader.wasm',
  );
  const target = path.join(webDir, 'static/zxing/zxing_reader.wasm');
  const bytes = fs.readFileSync(source);
  if (fs.existsSync(target) && fs.readFileSync(target).equals(bytes)) return;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, bytes);
}

if (wants('web') && fs.existsSync(path.join(root, 'web/docusaurus.config.ts'))) {
  const webDir = path.join(root, 'web');
  copyZxingWasm(webDir);
  const stamp = path.join(webDir, 'build/index.html');
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sourcesAt = Math.max(newest(webDir), newest(path.join(root, 'packages/qr/src')));
  if (force || sourcesAt > builtAt) {
    console.log('building the site (web/build)...');
    run('npm', ['run', 'build', '--silent'], webDir);
  } else {
    console.log('site build is up to date');
  }
}
