#!/usr/bin/env node
// `npm run bench -- <name>`: builds, then runs bench/<name>.mjs (all benches without a name).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const names = process.argv.slice(2);
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
  const result = spawnSync(process.execPath, [path.join(root, 'bench', `${name}.mjs`)], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
