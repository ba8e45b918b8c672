#!/usr/bin/env node
// `npm run bench -- <name>... [--flag value]...`: builds, then runs bench/<name>.mjs (all benches
// without a name). Names are the arguments that are not flags; flags (`--db postgres`,
// `--codes=1000000`, or a lone `--flag`) are passed on to every selected bench, in their order.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { requireRuntime } from './lib/runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
requireRuntime(root);

/** Bench names and the flags (with their values) to pass through. */
function splitArguments(args) {
  const names = [];
  const flags = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) {
      names.push(arg);
      continue;
    }
    flags.push(arg);
    // `--flag value`: the next argument is the value, unless it is a flag itself.
    const next = args[i + 1];
    if (!arg.includes('=') && next !== undefined && !next.startsWith('--')) {
      flags.push(next);
      i++;
    }
  }
  return { names, flags };
}

const { names, flags } = splitArguments(process.argv.slice(2));
const available = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.replace(/\.mjs$/, ''));
const unknown = names.filter((n) => !available.includes(n));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
const selected = names.length > 0 ? names : available;
// The design tool's bench drives the built site in Chromium: it needs web/build too.
const targets = selected.includes('design-tool') ? ['server', 'web'] : ['server'];
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...targets], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
for (const name of selected) {
  const result = spawnSync(process.execPath, [path.join(root, 'bench', `${name}.mjs`), ...flags], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
